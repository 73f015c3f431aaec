/**
 * How the generator reports broken specs (issue 8): a mistake inside a YAML anchor once, at the
 * anchor; schema and semantic problems in one run; a YAML syntax error without its cascade; keys
 * that would have no effect rejected; no raw regular expression in any message.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const invalid = (name: string) => compileSpec(join(root, 'generator', 'test', 'fixtures', 'invalid', `${name}.yaml`), paths);
const lines = (name: string) => invalid(name).problems.map((p) => `${p.line}:${p.col} ${p.code} ${p.message}`);

describe('a mistake inside a YAML anchor', () => {
  it('is reported once, at the anchor, naming it and how often it is used (schema and semantic rules alike)', () => {
    const { ir, problems } = invalid('anchor-mistakes');
    expect(ir).toBeUndefined();
    const typeProblems = problems.filter((p) => p.code === 'SY010');
    // One per schema rule the value breaks (the enum of types, the pattern of a named type), not one per use.
    expect(new Set(typeProblems.map((p) => p.line))).toEqual(new Set([12]));
    expect(typeProblems.length).toBeLessThanOrEqual(2);
    expect(typeProblems[0]!.message).toBe(
      'shared.paging.limit.type: must be one of "string", "integer", "number", "boolean", "object", "array", "any" (in anchor &paging, used 4 times; fix it there)',
    );
    const defaults = problems.filter((p) => p.code === 'SY113');
    expect(defaults.map((p) => `${p.line} ${p.message}`)).toEqual([
      '13 page: default 0 breaks its own rule: must be at least 1; got 0 (default-breaks-rule)',
    ]);
    expect(problems.every((p) => !p.message.includes('entities.'))).toBe(true);
  });
});

describe('schema and semantic problems', () => {
  it('are reported together, in source order; the part the schema refused gets no semantic noise', () => {
    expect(lines('schema-and-semantic')).toEqual([
      '7:10 SY111 baseUrl uses {region}, which is not a config variable (base-url-unknown-config)',
      expect.stringMatching(/^13:11 SY010 records\.User\.fields\.id: "strng" is not a type expression/),
      '20:39 SY101 users.get: path uses {userId}, which is not a parameter (path-param-unknown)',
      '22:15 SY102 users.get: parameter id is a path parameter but the path has no {id} (path-param-unused)',
      '25:28 SY010 entities.users.actions.create.request.method: must be one of "GET", "POST", "PUT", "PATCH", "DELETE"',
    ]);
  });
});

describe('a YAML syntax error', () => {
  it('is one problem at the first error, with a count of what followed from it', () => {
    const problems = invalid('yaml-cascade').problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 25, col: 1, code: 'SY001' });
    expect(problems[0]!.message).toMatch(
      /^YAML syntax: Tabs are not allowed as indentation \(\d+ further syntax errors? after it not shown/,
    );
  });

  it('of an unclosed quote is reported where the string opens, not at the end of the file', () => {
    expect(lines('yaml-unclosed-quote')).toEqual(['11:18 SY001 YAML syntax: the "-quoted string that starts here is never closed']);
  });
});

describe('keys that would have no effect', () => {
  it('are rejected, each with what it would have meant', () => {
    const problems = invalid('semantic-errors').problems.filter((p) => ['SY160', 'SY161', 'SY162'].includes(p.code));
    expect(problems.map((p) => `${p.code} ${p.message}`)).toEqual([
      'SY160 limits.list: rate group "serch" is not declared under rateLimit.groups (rate-group-unknown)',
      'SY162 limits.list: request.envelope has no effect: a GET request without body parameters sends no body (key-without-effect)',
      'SY162 id: patternText has no effect without pattern (key-without-effect)',
      'SY162 limits.get: size.drop has no effect: it only removes text from a string value (key-without-effect)',
      'SY162 tags[]: drop has no effect inside an array or object: only top-level string parameters are rewritten on the wire (key-without-effect)',
      "SY162 limits.search: request has no effect on a search action, which runs on the hosted service's synced copy with the standard search parameters (key-without-effect)",
      'SY162 rateLimit.resetFormat has no effect without rateLimit.resetHeader (key-without-effect)',
      'SY161 rate group "search" is declared but no action names it, so it spaces nothing (rate-group-unused)',
    ]);
    expect(problems.find((p) => p.code === 'SY160')!.hint).toBe('use one of: search');
  });
});

describe('messages about patterns', () => {
  it('never print a raw regular expression', () => {
    const problems = invalid('pattern-messages').problems;
    expect(problems.map((p) => p.code)).toEqual(['SY010', 'SY116', 'SY113']);
    for (const p of problems) {
      for (const raw of ['([a-z', '^[A-Z]{3}$', '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', '/']) expect(p.message, p.message).not.toContain(raw);
    }
    expect(problems.map((p) => p.message)).toEqual([
      'name: "Pattern_Messages" is not kebab-case: lowercase words of letters and digits joined by - (support-desk)',
      'broken: pattern is not a valid regular expression: Unterminated character class (pattern-invalid)',
      'code: default "abc" breaks its own rule: does not match its pattern (add patternText to say it in words); got "abc" (default-breaks-rule)',
    ]);
  });
});
