/** Formats generated text with the repository's prettier config, in-process. */
import * as prettier from 'prettier';

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

export async function formatFile(path: string, text: string, configFile: string): Promise<string> {
  // `config` reads exactly this file: no search from its folder, so a copy shipped with the built
  // generator (dist/assets) formats as the repository's does wherever the generator is installed.
  const options = { ...((await prettier.resolveConfig(configFile, { config: configFile })) ?? {}), filepath: path };
  const key = `${JSON.stringify(options)}\0${text}`;
  const known = FORMATTED.get(key);
  if (known) return known;
  if (FORMATTED.size >= MAX_FORMATTED) FORMATTED.clear();
  const formatted = prettier.format(text, options);
  FORMATTED.set(key, formatted);
  formatted.catch(() => FORMATTED.delete(key));
  return formatted;
}
