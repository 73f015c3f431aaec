/**
 * Formats generated text with the repository's prettier config, in-process: each text once per
 * process (the memo below), and once across runs while its inputs are unchanged (the on-disk
 * cache, format-cache.ts).
 */
import * as prettier from 'prettier';
import { FormatCache, formatCacheDir, formatCacheKey } from './format-cache.js';

/**
 * Formatted text by options, path and input. A process that runs the generator more than once
 * (the repository's suites, a dozen runs per test worker; a watcher) formats the same unchanged
 * files again, and prettier was the largest share of a run: about 40 % of the formatting in the
 * generator's suites was text already formatted in the same worker. Prettier's output depends
 * only on those three, so an entry is never stale; a failure is not kept.
 */
const FORMATTED = new Map<string, Promise<string>>();
/** Entries kept before the memo starts again (a generator run formats a few dozen files per family). */
const MAX_FORMATTED = 2_000;

/** The on-disk caches between runs (format-cache.ts) by folder: the folder is looked up at each format. */
const DISK_CACHES = new Map<string, FormatCache>();
function onDisk(): FormatCache | undefined {
  const dir = formatCacheDir();
  if (dir === undefined) return undefined;
  let cache = DISK_CACHES.get(dir);
  if (!cache) DISK_CACHES.set(dir, (cache = new FormatCache(dir)));
  return cache;
}

/** The name of the on-disk entry for this text formatted with these options (prettier's own version included). */
export function formatCacheEntry(options: prettier.Options, text: string): string {
  return formatCacheKey([prettier.version, JSON.stringify(options), text]);
}

export async function formatFile(path: string, text: string, configFile: string): Promise<string> {
  // `config` reads exactly this file: no search from its folder, so a copy shipped with the built
  // generator (dist/assets) formats as the repository's does wherever the generator is installed.
  const options = { ...((await prettier.resolveConfig(configFile, { config: configFile })) ?? {}), filepath: path };
  const key = `${JSON.stringify(options)}\0${text}`;
  const known = FORMATTED.get(key);
  if (known) return known;
  if (FORMATTED.size >= MAX_FORMATTED) FORMATTED.clear();
  const formatted = formatOrReuse(options, text);
  FORMATTED.set(key, formatted);
  formatted.catch(() => FORMATTED.delete(key));
  return formatted;
}

async function formatOrReuse(options: prettier.Options, text: string): Promise<string> {
  const cache = onDisk();
  const key = cache ? formatCacheEntry(options, text) : '';
  const kept = cache?.get(key);
  if (kept !== undefined) return kept;
  const formatted = await prettier.format(text, options);
  cache?.set(key, formatted);
  return formatted;
}
