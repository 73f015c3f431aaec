/**
 * Generated files are marked for tools and reviewers: `.gitattributes` sets `linguist-generated`
 * on exactly the files that carry the generator's header, so the marking cannot drift from what is
 * generated (a new generated file unmarked, or a handwritten one folded away in review).
 * The attribute is read with `git check-attr`, as GitHub reads it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_TYPES_FILE } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');

/**
 * The header every generated file starts with (its first or second line, after `{` in JSON):
 * `// Generated from specs/crm.yaml by the Switchyard generator. Do not edit: …`, or the same in
 * an HTML comment or a JSON `"//"` member. A template's `{{specFile}}` is not a source file name.
 */
const HEADER = /^(?:\/\/|<!--|\s*"\/\/":\s*")\s*Generated from [^\s{}]+ by .+ Do not edit/;

/** Generated, but by another tool or copied verbatim: they carry no header. */
const WITHOUT_HEADER: Record<string, string> = {
  'pnpm-lock.yaml': 'written by pnpm install (pnpm generate writes its importer entries the same way)',
};

/** Tracked files and new files not ignored: a package `pnpm generate` just wrote counts before it is committed. */
function repositoryFiles(): string[] {
  const list = (...args: string[]) =>
    execFileSync('git', ['ls-files', '-z', ...args], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  return [...new Set([...list(), ...list('--others', '--exclude-standard')])].filter((file) => existsSync(join(root, file))).sort();
}

function markedGenerated(files: string[]): Set<string> {
  const out = execFileSync('git', ['check-attr', '-z', '--stdin', 'linguist-generated'], {
    cwd: root,
    input: files.join('\0'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const fields = out.split('\0');
  const marked = new Set<string>();
  for (let i = 0; i + 2 < fields.length; i += 3) if (fields[i + 2] === 'true' || fields[i + 2] === 'set') marked.add(fields[i]!);
  return marked;
}

function startOf(file: string): string {
  const fd = openSync(join(root, file), 'r');
  try {
    const buffer = Buffer.alloc(1024);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const hasHeader = (file: string) =>
  startOf(file)
    .split('\n')
    .slice(0, 2)
    .some((line) => HEADER.test(line));

/** The LICENSE pnpm generate copies into a generated package, byte for byte from the root's. */
function isCopiedLicense(file: string): boolean {
  if (!file.endsWith('/LICENSE')) return false;
  const manifest = join(root, dirname(file), 'package.json');
  return (
    existsSync(manifest) &&
    hasHeader(join(dirname(file), 'package.json')) &&
    readFileSync(join(root, file), 'utf8') === readFileSync(join(root, 'LICENSE'), 'utf8')
  );
}

describe('generated files are marked linguist-generated', () => {
  const files = repositoryFiles();
  const marked = markedGenerated(files);
  const headed = files.filter(hasHeader);

  it('finds the generated files: every connector package, the spec types, the service catalog', () => {
    expect(headed).toContain(SPEC_TYPES_FILE);
    expect(headed.some((file) => /^packages\/connector-[^/]+\/src\/index\.ts$/.test(file))).toBe(true);
    expect(headed.some((file) => file.startsWith('packages/server/'))).toBe(true);
  });

  it('marks every file that carries the generator header', () => {
    expect(headed.filter((file) => !marked.has(file))).toEqual([]);
  });

  it('marks nothing else but the named exceptions: a handwritten file is never folded away', () => {
    const unexpected = [...marked].filter((file) => !hasHeader(file) && !isCopiedLicense(file) && !(file in WITHOUT_HEADER));
    expect(unexpected).toEqual([]);
  });

  it('names only exceptions that exist and are marked', () => {
    for (const file of Object.keys(WITHOUT_HEADER)) expect(marked.has(file), file).toBe(true);
  });
});
