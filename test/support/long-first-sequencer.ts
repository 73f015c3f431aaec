/**
 * The order vitest hands test files to its workers: files that declare themselves long
 * (`// @module-tag long`, anywhere in the file) first, then the rest in vitest's own order (failed
 * first, then the longest of the last run, by file size when there is no last run).
 *
 * With several workers the run lasts at least as long as its longest file plus whatever ran before
 * it on the same worker, so the longest files must start first. Vitest orders by the durations it
 * cached from the last run, which a fresh clone (CI, a new worktree) does not have: there it orders
 * by file size, which put the add-a-connector check (minutes) near the end. The tag keeps the order
 * right without a last run, and selects the long files too: `--tags-filter '!long'` runs the rest.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONG_TAG = {
  name: 'long',
  description: 'Files that take tens of seconds or more: they start first (test/support/long-first-sequencer.ts).',
};

/** vitest's own syntax for a file's tags, as test/support/example-connectors.ts reads them. */
const DECLARES_LONG = /(?:\/\/|\*)\s*@module-tag\s+long(?![\w\-/])/;

export function declaresLong(source: string): boolean {
  return DECLARES_LONG.test(source);
}

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = new Set(sorted.filter((spec) => declaresLong(readFileSync(spec.moduleId, 'utf8'))));
    return [...sorted.filter((spec) => long.has(spec)), ...sorted.filter((spec) => !long.has(spec))];
  }
}
