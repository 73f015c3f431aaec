/**
 * The suites outside ISOLATED_SUITES run with `isolate: false` (vitest.config.ts): a worker keeps the
 * modules the files before it loaded. That is safe only for a suite that leaves no process-wide
 * change behind it: no module mocks (a mock does not reach a module another file has already
 * loaded, and leaks into the files after it), no global HTTP dispatcher, no assignment to
 * `process.env` or a prototype (`vi.stubEnv` and `vi.stubGlobal` are fine: the project undoes them
 * after every test). Such a suite belongs in an isolated
 * folder (test/support/suites.ts); this check names the file and the line. Nor may it leave a
 * library cache that big behind: fast-check's `unit: 'binary'` keeps a table of every code point
 * (85 MB, a million objects) for the worker's life, and every full GC after it marks them all
 * (a store's open, which makes several, cost a third more in that worker; CONTRIBUTING.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteFiles } from './catalog-dependents.js';
import { REPO_ROOT } from './connectors.js';
import { ISOLATED_SUITES, SUITE_INCLUDE } from './suites.js';

/** What a suite sharing its worker's modules must not do, each with the reason shown on failure. */
const PROCESS_WIDE = [
  { pattern: /\bvi\.(?:mock|doMock|unmock|doUnmock)\(/, why: 'mocks a module' },
  { pattern: /\bsetGlobalDispatcher\(/, why: "replaces undici's global dispatcher" },
  { pattern: /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)/, why: 'assigns to process.env' },
  { pattern: /\bdelete\s+process\.env\b/, why: 'deletes from process.env' },
  { pattern: /\.prototype\.\w+\s*=(?!=)/, why: 'assigns to a prototype' },
  { pattern: /\bunit:\s*['"]binary['"]/, why: "uses fast-check's unit 'binary' (a code point table kept for the worker's life)" },
];

/** The lines of `source` that do something on the list above, as `line N: why`. */
function processWideChanges(source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    if (/^\s*(?:\/\/|\*)/.test(line)) return []; // comments may name what they avoid
    return PROCESS_WIDE.filter(({ pattern }) => pattern.test(line)).map(({ why }) => `line ${index + 1}: ${why}`);
  });
}

describe('suites that share their worker’s modules', () => {
  it('the check finds each kind of process-wide change, and not its mention in a comment', () => {
    // Written as code from parts, so this file's own source holds none of what it looks for.
    const code = (...parts: string[]) => parts.join('');
    expect(processWideChanges(code('vi', ".mock('graphql', async () => ({}));"))).toEqual(['line 1: mocks a module']);
    // vi.stubEnv and vi.stubGlobal are undone after every test (the project's unstubEnvs, unstubGlobals).
    expect(processWideChanges(code('\nvi', ".stubEnv('TZ', 'UTC');"))).toEqual([]);
    expect(processWideChanges(code('setGlobal', 'Dispatcher(new MockAgent());'))).toEqual(["line 1: replaces undici's global dispatcher"]);
    expect(processWideChanges(code('process.env', "['SWITCHYARD_X'] = '1';"))).toEqual(['line 1: assigns to process.env']);
    expect(processWideChanges(code('process.env', '.HOME = dir;'))).toEqual(['line 1: assigns to process.env']);
    expect(processWideChanges(code('delete process', ".env['X'];"))).toEqual(['line 1: deletes from process.env']);
    expect(processWideChanges(code('Agent.prototype', '.dispatch = wrapped;'))).toEqual(['line 1: assigns to a prototype']);
    expect(processWideChanges(code('fc.string({ unit', ": 'binary', maxLength: 4 })"))).toEqual([
      "line 1: uses fast-check's unit 'binary' (a code point table kept for the worker's life)",
    ]);
    expect(processWideChanges(code('fc.string({ unit', ": 'binary-ascii' })"))).toEqual([]);
    expect(processWideChanges(code('if (process.env', "['CI'] === 'true') run();"))).toEqual([]);
    expect(processWideChanges(code(' * a suite that calls vi', '.mock( belongs elsewhere'))).toEqual([]);
  });

  it('leave no process-wide change behind (or move to a folder of ISOLATED_SUITES)', () => {
    const shared = new Set(suiteFiles(REPO_ROOT, SUITE_INCLUDE));
    for (const file of suiteFiles(REPO_ROOT, ISOLATED_SUITES)) shared.delete(file);
    expect(shared.size).toBeGreaterThan(0);
    const found = [...shared].flatMap((file) =>
      processWideChanges(readFileSync(join(REPO_ROOT, file), 'utf8')).map((change) => `${file} ${change}`),
    );
    expect(found).toEqual([]);
  });
});
