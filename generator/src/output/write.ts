/**
 * Writes generated files only when their content changed (so mtimes and incremental builds stay
 * quiet), removes files the generator no longer produces, and in check mode reports drift instead.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { makeDirectories } from '@switchyard/runtime/internal';

export interface Drift {
  file: string;
  reason: 'changed' | 'missing' | 'stale';
}

/** Generated files live in these folders of a package; anything else there that we did not produce is stale. */
const OWNED_DIRS = ['src'];

export function syncPackage(
  packageDir: string,
  files: Map<string, string>,
  check: boolean,
  root: string,
): { written: string[]; drift: Drift[] } {
  const written: string[] = [];
  const drift: Drift[] = [];
  for (const [relativePath, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const result = syncFile(join(packageDir, relativePath), content, check, root);
    if (result.written) written.push(result.written);
    if (result.drift) drift.push(result.drift);
  }
  for (const dir of OWNED_DIRS) {
    for (const existing of listFiles(join(packageDir, dir))) {
      const rel = relative(packageDir, existing);
      if (files.has(rel)) continue;
      const shown = relative(root, existing);
      if (check) drift.push({ file: shown, reason: 'stale' });
      else {
        rmSync(existing);
        written.push(`${shown} (removed)`);
      }
    }
  }
  return { written, drift };
}

/** One generated file: written when its content differs, or reported as drift in check mode. */
export function syncFile(target: string, content: string, check: boolean, root: string): { written?: string; drift?: Drift } {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  if (current === content) return {};
  const shown = relative(root, target);
  if (check) return { drift: { file: shown, reason: current === undefined ? 'missing' : 'changed' } };
  makeDirectories(dirname(target));
  writeFileSync(target, content);
  return { written: shown };
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
