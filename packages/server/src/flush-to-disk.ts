/**
 * Flushing what the service writes into its data directory outside PostgreSQL to the disk: the
 * directory a first start unpacks (store/shipped-template.ts) and the master key file
 * (crypto/key-file.ts), with the same rule for directories as the store's own filesystem
 * (store/durable-node-fs.ts). A store whose commits survive an OS crash is only as good as the key
 * that decrypts its credentials and the files it started from.
 */
import { closeSync, fsyncSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether a directory is flushed too (PostgreSQL flushes one after creating or renaming a file in
 * it, so the new entry survives a crash). Not on Windows, where a directory is not flushed the POSIX
 * way: PostgreSQL's own Windows build cannot open one and skips it (fd.c, fsync_fname_ext), while
 * NODEFS has a descriptor for it and a refused flush would stop PostgreSQL (a failed flush is a
 * PANIC).
 */
export function flushesDirectories(platform: NodeJS.Platform): boolean {
  return platform !== 'win32';
}

/** Flushes every file below `dir`, then each directory after what it holds. */
export function flushTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) flushTree(path);
    else if (entry.isFile()) flushPath(path, 'r+');
  }
  flushDirectory(dir);
}

/** Flushes a directory's entries (a file created or removed in it), where the OS can. */
export function flushDirectory(dir: string): void {
  if (flushesDirectories(process.platform)) flushPath(dir, 'r');
}

/**
 * A file is opened for writing (without truncating it): Windows flushes only a handle with write
 * access. A directory cannot be opened so, and is flushed where the OS allows it through a read one.
 */
function flushPath(path: string, flags: 'r' | 'r+'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` to a new file (failing if one exists) with `mode`, and flushes it before closing.
 * Synchronous, as the rest of this module: a key file is a few hundred bytes, written once.
 */
export function writeNewFileFlushed(path: string, text: string, mode: number): void {
  const fd = openSync(path, 'wx', mode);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
