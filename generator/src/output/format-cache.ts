/**
 * Prettier's output kept on disk between runs, as `prettier --cache` and ESLint's cache do.
 *
 * Formatting was the largest share of a generator run (a third of `pnpm generate --check`'s CPU),
 * and almost every file a run formats is text an earlier run formatted: a spec edit changes a few
 * of a package's files, and `--check` regenerates every file only to compare it. An entry is named
 * by a hash of everything prettier's output depends on (its version, the resolved options with the
 * file's path, the text), so it is never stale: another prettier, setting or text is another entry.
 *
 * Where: SWITCHYARD_GENERATOR_CACHE (a folder; empty turns the cache off), else
 * `node_modules/.cache/@switchyard/generator/format` of the package the working directory is in
 * (the nearest folder up with a `package.json`, when it has a `node_modules`: where find-cache-dir
 * puts babel's, nyc's and ava's caches), else none.
 * The cache only ever saves work: a folder that cannot be read or written is the same as none, and
 * an entry is written to a temporary name and renamed into place, so a reader, even one running at
 * the same moment in another process, sees a whole entry or none. A hit refreshes the entry's time;
 * entries unused for PRUNE_AFTER_MS are removed, at most once a day.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeDirectories } from '@switchyard/runtime/internal';

export const FORMAT_CACHE_ENV = 'SWITCHYARD_GENERATOR_CACHE';
/** Below the package's `node_modules`, by the convention of find-cache-dir. */
const DEFAULT_SUBDIR = join('.cache', '@switchyard', 'generator', 'format');
/** An entry not used for this long is removed. */
const PRUNE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** How often a run looks for such entries (the marker file's time says when it last did). */
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
const PRUNED_MARKER = '.pruned';

/** The cache's folder, or undefined when there is none (see the module's comment). */
export function formatCacheDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const chosen = env[FORMAT_CACHE_ENV];
  if (chosen !== undefined) return chosen === '' ? undefined : chosen;
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      return existsSync(join(dir, 'node_modules')) ? join(dir, 'node_modules', DEFAULT_SUBDIR) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The name of the entry for these inputs: a hash of each, length-prefixed so no two inputs share one. */
export function formatCacheKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex');
}

export class FormatCache {
  readonly #dir: string;
  #pruneChecked = false;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** The formatted text kept under `key`, or undefined. */
  get(key: string): string | undefined {
    const file = join(this.#dir, key);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // A read-only cache still answers.
    }
    return text;
  }

  /** Keeps `text` under `key`; a cache that cannot be written is skipped. */
  set(key: string, text: string): void {
    try {
      makeDirectories(this.#dir);
      const temporary = join(this.#dir, `.${key}.${process.pid}.${Math.random().toString(36).slice(2)}`);
      writeFileSync(temporary, text);
      renameSync(temporary, join(this.#dir, key));
      this.#pruneOnceADay();
    } catch {
      // No cache this time; the text was formatted all the same.
    }
  }

  #pruneOnceADay(): void {
    if (this.#pruneChecked) return;
    this.#pruneChecked = true;
    const marker = join(this.#dir, PRUNED_MARKER);
    const now = Date.now();
    try {
      if (now - statSync(marker).mtimeMs < PRUNE_EVERY_MS) return;
    } catch {
      // Never pruned: now.
    }
    writeFileSync(marker, '');
    for (const name of readdirSync(this.#dir)) {
      if (name === PRUNED_MARKER) continue;
      const file = join(this.#dir, name);
      try {
        if (now - statSync(file).mtimeMs > PRUNE_AFTER_MS) unlinkSync(file);
      } catch {
        // Removed by another run meanwhile.
      }
    }
  }
}
