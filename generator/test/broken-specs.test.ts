/**
 * Broken specs must report every problem at once, each with file:line:col, a stable code and a
 * hint. semantic-errors.yaml marks each offending line with the codes expected there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specNames } from '../../test/support/connectors.js';
import { compileSpec, defaultPaths } from '../src/pipeline.js';
import { formatProblem } from '../src/spec/problems.js';
import { RULES } from '../src/check/semantic.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const fixture = (name: string) => join(root, 'generator', 'test', 'fixtures', 'invalid', `${name}.yaml`);

describe('broken specs', () => {
  it('report every semantic problem at once, at the marked line, with a stable code and a hint', () => {
    const file = fixture('semantic-errors');
    const expected = readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => [...(/#\s*((?:SY\d{3}\s*)+)/.exec(line)?.[1]?.match(/SY\d{3}/g) ?? [])].map((code) => `${i + 1} ${code}`))
      .sort();
    const { ir, problems } = compileSpec(file, paths);
    expect(ir).toBeUndefined();
    expect(problems.map((p) => `${p.line} ${p.code}`).sort()).toEqual(expected);
    // Every semantic rule is exercised by the fixture.
    const covered = new Set(problems.map((p) => p.code));
    const untested = Object.keys(RULES).filter((code) => !covered.has(code));
    expect(untested).toEqual([]);
    for (const problem of problems) {
      expect(problem.file).toBe('generator/test/fixtures/invalid/semantic-errors.yaml');
      expect(problem.col).toBeGreaterThan(0);
      expect(problem.hint.length).toBeGreaterThan(10);
      expect(problem.message).toContain(`(${RULES[problem.code as keyof typeof RULES]})`);
    }
  });

  it('formats a problem as file:line:col code message, then the hint', () => {
    const { problems } = compileSpec(fixture('semantic-errors'), paths);
    const unknown = problems.find((p) => p.code === 'SY101')!;
    expect(formatProblem(unknown)).toMatch(
      /^generator\/test\/fixtures\/invalid\/semantic-errors\.yaml:\d+:\d+ SY101 items\.get: path uses \{version\}.*\n {4}hint: declare params\.version/,
    );
  });

  it('report schema violations with the offending value and position', () => {
    const { problems } = compileSpec(fixture('schema-errors'), paths);
    expect(problems.map((p) => `${p.line}:${p.col} ${p.code} ${p.message}`)).toEqual([
      '1:7 SY010 name: "Schema_Errors" is not kebab-case: lowercase words of letters and digits joined by - (support-desk)',
      '4:10 SY010 baseUrl: "ftp://x.test" is not an absolute URL starting with http:// or https://',
      '6:10 SY010 auth.Token: missing required property "token"',
      expect.stringMatching(/^10:11 SY010 records\.Item\.fields\.id: "strin" is not a type expression: string, integer/),
      '15:28 SY010 entities.items.actions.list.request.method: must be one of "GET", "POST", "PUT", "PATCH", "DELETE"',
      '16:9 SY010 entities.items.actions.list: unknown property "paramz"',
    ]);
  });

  it('report a credential kind or paging style that is not a variant, and the problems of the variant chosen', () => {
    const source = [
      'name: variants',
      'title: Variants',
      'vendor: X',
      'baseUrl: https://x.test',
      'auth:',
      "  Token: { kind: bearr, fields: { api_token: {} }, token: '{api_token}' }",
      '  Basic: { kind: basic, fields: { email: {} }, username: "{email}" }',
      'errors:',
      '  inBody:',
      '    - { when: ok, equals: false, nonEmpty: true, code: error }',
      'entities:',
      '  items:',
      '    actions:',
      '      list:',
      '        request: { method: GET, path: /items }',
      '        response: { records: items }',
      '        pagination: { style: cursr, cursorParam: cursor, next: next }',
    ].join('\n');
    const { problems } = compileSpec(join(root, 'variants.yaml'), paths, source);
    expect(problems.map((p) => `${p.line}:${p.col} ${p.message}`)).toEqual([
      '6:18 auth.Token.kind: "bearr" is not one of "bearer", "basic", "header", "oauth2"',
      '7:10 auth.Basic: missing required property "password"',
      '10:7 errors.inBody.0: may not set all of equals, nonEmpty',
      '17:30 entities.items.actions.list.pagination.style: "cursr" is not one of "cursor", "relay", "link-header", "page-number", "none"',
    ]);
  });

  it('report a duplicated action (YAML would otherwise keep only the second)', () => {
    const { problems } = compileSpec(fixture('duplicate-action'), paths);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 14, col: 7, code: 'SY002' });
    expect(problems[0]!.message).toContain('duplicate key "get"');
  });

  it('report YAML syntax errors with their position', () => {
    const { problems } = compileSpec(fixture('yaml-syntax'), paths);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ code: 'SY001', line: 7 });
  });

  it('report a spec whose name does not match its file, at the name', () => {
    // Any shipped spec, saved under a name no spec has (a fixed one, like chat.yaml, is a real
    // connector's file once someone adds a connector called chat).
    const family = specNames()[0]!;
    const source = readFileSync(join(root, 'specs', `${family}.yaml`), 'utf8');
    const other = `${family}-renamed.yaml`;
    const { problems } = compileSpec(join(root, 'specs', other), paths, source);
    expect(problems.map((p) => p.code)).toEqual(['SY120']);
    const nameLine = source.split('\n').findIndex((line) => line.startsWith('name: ')) + 1;
    expect(problems[0]).toMatchObject({ file: `specs/${other}`, line: nameLine, col: 7 });
    expect(problems[0]!.message).toBe(`spec name "${family}" does not match the file name ${other} (name-file-mismatch)`);
    expect(problems[0]!.hint).toBe(`rename the file to ${family}.yaml or set name: ${family}-renamed`);
  });

  it('offer only the rename when the file name is not a spec name itself', () => {
    const family = specNames()[0]!;
    const source = readFileSync(join(root, 'specs', `${family}.yaml`), 'utf8');
    const { problems } = compileSpec(join(root, 'specs', `${family}.v1.yaml`), paths, source);
    expect(problems.map((p) => [p.code, p.hint])).toEqual([['SY120', `rename the file to ${family}.yaml`]]);
  });

  it('apply the name rule to a spec under any folder, fixtures included', () => {
    const source = readFileSync(join(root, 'generator', 'test', 'fixtures', 'valid', 'support-desk-mini.yaml'), 'utf8');
    const { problems } = compileSpec(join(root, 'generator', 'test', 'fixtures', 'valid', 'support-desk.yaml'), paths, source);
    expect(problems.map((p) => `${p.code} ${p.message}`)).toEqual([
      'SY120 spec name "support-desk-mini" does not match the file name support-desk.yaml (name-file-mismatch)',
    ]);
  });
});
