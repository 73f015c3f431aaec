/**
 * `mkdir -p` that always ends. Node's own (`mkdir(path, { recursive: true })`, sync or async)
 * never returns when a parent exists but cannot hold the child, on Node 20 and 22 alike: under
 * /proc the kernel answers ENOENT for the child, Node takes that to mean the parent is missing,
 * makes the parent (EEXIST: there it is) and tries the child again, at 100 % CPU for ever; a
 * dangling symbolic link on the way (a data directory on a disk that is not mounted) does the same.
 * A service started with such a `--data-dir` spun and ignored Ctrl-C.
 *
 * This walk finds the deepest directory that exists, then makes each missing one below it once,
 * so a child that cannot be made fails with its own error. Startup paths only (sync on purpose:
 * a handful of system calls, one code path for every caller).
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Makes `path` and every missing directory above it (with `mode`, before the umask); fine when it exists. */
export function makeDirectories(path: string, mode = 0o777): void {
  const target = resolve(path);
  const missing: string[] = [];
  for (let dir = target; ; dir = dirname(dir)) {
    const kind = kindOf(dir);
    if (kind === 'directory') break;
    if (kind === 'other') throw inTheWay(dir, target);
    missing.push(dir);
    // A root that does not exist (a Windows drive that is not there): mkdir says why below.
    if (dirname(dir) === dir) break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, { mode });
    } catch (error) {
      // Made meanwhile by someone else is as good as made here; anything else in its place is not.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (kindOf(dir) !== 'directory') throw inTheWay(dir, target);
    }
  }
}

/** What is at `dir`, links followed; missing too when something above it is not a directory (the walk goes on up to it). */
function kindOf(dir: string): 'directory' | 'other' | 'missing' {
  try {
    return statSync(dir).isDirectory() ? 'directory' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** The error for an entry where a directory must be: a file, or a symbolic link to nothing. */
function inTheWay(dir: string, target: string): NodeJS.ErrnoException {
  const message = `ENOTDIR: cannot make ${target}: ${dir} exists and is not a directory (a file, or a symbolic link to nothing)`;
  return Object.assign(new Error(message), { code: 'ENOTDIR', syscall: 'mkdir', path: dir });
}
