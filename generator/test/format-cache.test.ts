/**
 * Prettier's output kept on disk between generator runs (src/output/format-cache.ts): where the
 * cache is, that an entry's name covers every input, that entries are whole or absent, that old
 * ones are pruned, and that formatFile reads the cache before it formats and fills it after.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import * as prettier from 'prettier';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { FORMAT_CACHE_ENV, FormatCache, formatCacheDir, formatCacheKey } from '../src/output/format-cache.js';
import { formatCacheEntry, formatFile } from '../src/output/format.js';

const CONFIG = join(import.meta.dirname, '..', '..', '.prettierrc.json');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Temporary folders of this file, removed after it. */
const made: string[] = [];
const scratch = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `switchyard-format-cache-${label}-`));
  made.push(dir);
  return dir;
};
/** The entries of a cache folder: its files but the prune marker and temporary files. */
const entries = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith('.'));
const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
};

afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('where the formatting cache is', () => {
  it('the environment variable names the folder, and empty turns the cache off', () => {
    expect(formatCacheDir({ [FORMAT_CACHE_ENV]: '/somewhere/else' }, '/any')).toBe('/somewhere/else');
    expect(formatCacheDir({ [FORMAT_CACHE_ENV]: '' }, '/any')).toBeUndefined();
  });

  it('else node_modules/.cache of the package the working directory is in, when it has a node_modules', () => {
    const project = scratch('where');
    writeFileSync(join(project, 'package.json'), '{}');
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    // A package without node_modules: no cache (nothing is created beside the user's files).
    expect(formatCacheDir({}, join(project, 'src', 'deep'))).toBeUndefined();
    mkdirSync(join(project, 'node_modules'));
    expect(formatCacheDir({}, join(project, 'src', 'deep'))).toBe(
      join(project, 'node_modules', '.cache', '@switchyard', 'generator', 'format'),
    );
    // The nearest package.json decides, not a node_modules further up.
    const nested = join(project, 'src', 'deep');
    writeFileSync(join(nested, 'package.json'), '{}');
    expect(formatCacheDir({}, nested)).toBeUndefined();
  });

  it('outside any package there is none', () => {
    expect(formatCacheDir({}, '/')).toBeUndefined();
  });
});

describe('the name of an entry', () => {
  it('differs whenever any input differs, however the inputs split the same characters', () => {
    expect(formatCacheKey(['ab', 'c'])).not.toBe(formatCacheKey(['a', 'bc']));
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), fc.array(fc.string(), { maxLength: 4 }), (a, b) => {
        fc.pre(JSON.stringify(a) !== JSON.stringify(b));
        expect(formatCacheKey(a)).not.toBe(formatCacheKey(b));
      }),
    );
  });

  it("includes prettier's version and the options with the file's path", () => {
    const options = { filepath: 'a.ts', singleQuote: true };
    expect(formatCacheEntry(options, 'x')).toBe(formatCacheKey([prettier.version, JSON.stringify(options), 'x']));
    expect(formatCacheEntry({ ...options, filepath: 'b.ts' }, 'x')).not.toBe(formatCacheEntry(options, 'x'));
  });
});

describe('the cache folder', () => {
  it('answers what was kept, refreshes its time, and writes whole entries only', () => {
    const dir = join(scratch('entries'), 'cache');
    const cache = new FormatCache(dir);
    expect(cache.get('k1')).toBeUndefined();
    cache.set('k1', 'formatted text\n');
    expect(cache.get('k1')).toBe('formatted text\n');
    // Written to a temporary name and renamed: nothing else is left in the folder.
    expect(readdirSync(dir).sort()).toEqual(['.pruned', 'k1']);
    age(join(dir, 'k1'), 10 * DAY_MS);
    cache.get('k1');
    expect(Date.now() - statSync(join(dir, 'k1')).mtimeMs).toBeLessThan(DAY_MS);
  });

  it('a folder that cannot be written is no cache, not an error', () => {
    const parent = scratch('unwritable');
    writeFileSync(join(parent, 'file'), '');
    const cache = new FormatCache(join(parent, 'file', 'cache')); // under a file: mkdir fails, even as root
    expect(() => cache.set('k', 'text')).not.toThrow();
    expect(cache.get('k')).toBeUndefined();
  });

  it('removes entries unused for 30 days, at most once a day', () => {
    const dir = join(scratch('prune'), 'cache');
    mkdirSync(dir);
    for (const name of ['old', 'recent']) writeFileSync(join(dir, name), name);
    age(join(dir, 'old'), 31 * DAY_MS);
    age(join(dir, 'recent'), 29 * DAY_MS);
    new FormatCache(dir).set('new', 'new');
    expect(entries(dir).sort()).toEqual(['new', 'recent']);

    // Pruned less than a day ago: a new process leaves even an old entry alone.
    writeFileSync(join(dir, 'old'), 'old');
    age(join(dir, 'old'), 31 * DAY_MS);
    new FormatCache(dir).set('newer', 'newer');
    expect(entries(dir)).toContain('old');
    // A day later it is removed.
    age(join(dir, '.pruned'), DAY_MS + 1000);
    new FormatCache(dir).set('newest', 'newest');
    expect(entries(dir)).not.toContain('old');
  });
});

describe('formatFile and the cache', () => {
  it('keeps what prettier wrote, and answers from the cache before formatting', async () => {
    const dir = join(scratch('format'), 'cache');
    vi.stubEnv(FORMAT_CACHE_ENV, dir);
    // Texts no other test formats, so this process's memo does not answer first.
    const unique = `u${process.pid}${Date.now()}${Math.random().toString(36).slice(2)}`;
    const formatted = await formatFile('src/a.ts', `const   ${unique}   =  "x"`, CONFIG);
    expect(formatted).toBe(`const ${unique} = 'x';\n`);
    const [entry] = entries(dir);
    expect(entries(dir)).toHaveLength(1);
    expect(readFileSync(join(dir, entry!), 'utf8')).toBe(formatted);

    // An entry already there is the answer: prettier is not asked (its output would differ).
    const text = `const   other${unique}   =  1`;
    const options = { ...(await prettier.resolveConfig(CONFIG, { config: CONFIG })), filepath: 'src/b.ts' };
    writeFileSync(join(dir, formatCacheEntry(options, text)), '// from the cache\n');
    expect(await formatFile('src/b.ts', text, CONFIG)).toBe('// from the cache\n');
  });

  it('with the cache off, formats and writes nothing', async () => {
    const dir = join(scratch('off'), 'cache');
    vi.stubEnv(FORMAT_CACHE_ENV, '');
    const unique = `off${process.pid}${Date.now()}`;
    expect(await formatFile('src/c.ts', `let ${unique}=1`, CONFIG)).toBe(`let ${unique} = 1;\n`);
    expect(() => readdirSync(dir)).toThrow();
  });
});
