/**
 * The spec-format gains of the crm family, as the generator emits them: named types (`types:`)
 * declared once and referenced (TypeScript types, rule constants, JSON Schema constants), map
 * types for property bags (`map<string?>`), cross-field rules (`when`, `totalItems`) in the rules
 * and the published schemas, and searchable fields at nested paths.
 */
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';
import { parseTypeExpr, toJsonSchema, toTypeScript } from '../src/spec/type-expr.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const file = join(root, 'generator', 'test', 'fixtures', 'valid', 'property-bags.yaml');

async function generated(): Promise<Map<string, string>> {
  const { ir, problems } = compileSpec(file, paths);
  expect(problems).toEqual([]);
  return emitPackage(ir!, paths);
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('named types', () => {
  it('are emitted once as TypeScript interfaces and used by name', async () => {
    const types = (await generated()).get('src/types.ts')!;
    expect(types).toContain('export interface Condition {');
    expect(types).toContain('export interface Group {');
    expect(types).toMatch(/conditions: Array<Condition>;/);
    expect(types).toMatch(/groups\?: Array<Group>;/);
    expect(types).toMatch(/must: Condition;/);
    // The record field that names a type uses it too.
    expect(types).toMatch(/lastQuery\?: Array<Condition> \| null;/);
    // No anonymous copy of Condition's properties anywhere else.
    expect(count(types, 'anyOf?: Array<string>;')).toBe(1);
    expect(types).toContain('When op is "RANGE": value, to required; anyOf must be absent. When op is "ANY": anyOf required.');
  });

  it('share one rule constant in the metadata; a use with its own keys spreads it', async () => {
    const metadata = (await generated()).get('src/metadata.ts')!;
    expect(count(metadata, 'const conditionRule: ParamRule = {')).toBe(1);
    expect(count(metadata, 'const groupRule: ParamRule = {')).toBe(1);
    expect(metadata).toContain('items: conditionRule');
    expect(metadata).toContain('items: groupRule');
    expect(metadata).toMatch(/must: \{ \.\.\.conditionRule, required: true, in: 'body' \}/);
    expect(metadata.indexOf('const conditionRule')).toBeLessThan(metadata.indexOf('const groupRule'));
    expect(metadata).toContain("totalItems: { field: 'conditions', maximum: 5 }");
    expect(metadata).toContain("{ field: 'op', in: ['RANGE'], require: ['value', 'to'], forbid: ['anyOf'] }");
  });

  it('share one JSON Schema constant, with if/then for the conditional rules', async () => {
    const schemas = (await generated()).get('src/schemas.ts')!;
    expect(count(schemas, 'const conditionTypeSchema = {')).toBe(1);
    expect(schemas).toContain('items: conditionTypeSchema');
    expect(schemas).toMatch(/must: \{ \.\.\.conditionTypeSchema, description: 'A condition every hit meets\.' \}/);
    expect(schemas).toContain("'properties.email': 'string'");
    expect(schemas).toContain('At most 5 conditions across all items.');
  });
});

describe('map types', () => {
  it('map<string?> is a string-or-null property bag in TypeScript and JSON Schema', () => {
    const bag = parseTypeExpr('map<string?>');
    expect(toTypeScript(bag)).toBe('Record<string, string | null>');
    const schema = toJsonSchema(bag, (n) => `#/definitions/${n}`);
    expect(schema).toEqual({ type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] } });
    const validate = new Ajv().compile(schema);
    expect(validate({ email: 'a@b.test', phone: null })).toBe(true);
    expect(validate({ employees: 12 })).toBe(false);
    expect(toTypeScript(parseTypeExpr('map<Condition>?'))).toBe('Record<string, Condition> | null');
  });

  it('records with map fields publish them in recordSchemas', async () => {
    const schemas = (await generated()).get('src/schemas.ts')!;
    expect(schemas).toMatch(
      /properties: \{ type: 'object', additionalProperties: \{ anyOf: \[\{ type: 'string' \}, \{ type: 'null' \}\] \} \}/,
    );
    expect(schemas).toMatch(/scores: \{ type: 'object', additionalProperties: \{ type: 'number' \} \}/);
  });

  it('a map of an undeclared type is refused (SY105), and map<> syntax errors are schema errors', () => {
    const source = (field: string) =>
      `name: property-bags\ntitle: T\nvendor: V\nbaseUrl: https://x.test\nauth: { T: { kind: bearer, fields: { t: {} }, token: '{t}' } }\n` +
      `records:\n  R:\n    fields:\n      bag: '${field}'\nentities:\n  rs:\n    record: R\n    actions:\n      get: { request: { method: GET, path: /r }, response: { records: '' } }\n`;
    expect(compileSpec(file, paths, source('map<Missing>')).problems.map((p) => p.code)).toEqual(['SY105']);
    expect(compileSpec(file, paths, source('map<string')).problems.map((p) => p.code)).toEqual(['SY010']);
    expect(compileSpec(file, paths, source('map<string?>')).problems).toEqual([]);
  });
});

describe('cross-field rules in the published schema agree with the rule words', () => {
  it('if/then refuses a RANGE without its upper bound and an ANY with a value list missing', async () => {
    const schemas = (await generated()).get('src/schemas.ts')!;
    // The emitted module is TypeScript; evaluate the one constant we need as JSON-like literal text.
    const literal = /const conditionTypeSchema = (\{[\s\S]*?\}) as const;/.exec(schemas)![1]!;
    const schema = Function(`return (${literal});`)() as object;
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ property: 'p', op: 'RANGE', value: '1', to: '2' })).toBe(true);
    expect(validate({ property: 'p', op: 'RANGE', value: '1' })).toBe(false);
    expect(validate({ property: 'p', op: 'RANGE', value: '1', to: '2', anyOf: ['x'] })).toBe(false);
    expect(validate({ property: 'p', op: 'ANY' })).toBe(false);
    expect(validate({ property: 'p', op: 'EQ', value: 'x' })).toBe(true);
  });
});

describe('nested searchable fields', () => {
  it('are published with their dot path and checked against the record', () => {
    const { ir } = compileSpec(file, paths);
    expect(ir!.entities[0]!.searchable.map((f) => `${f.name}:${f.kind}`)).toEqual([
      'id:string',
      'properties:object',
      'properties.email:string',
    ]);
    const withType = (path: string, kind: string) =>
      `name: property-bags\ntitle: T\nvendor: V\nbaseUrl: https://x.test\nauth: { T: { kind: bearer, fields: { t: {} }, token: '{t}' } }\n` +
      `records:\n  R:\n    fields:\n      id: string\n      bag: map<string?>\n      owner: Owner\n  Owner:\n    fields:\n      email: string\n` +
      `entities:\n  rs:\n    record: R\n    searchable: { '${path}': ${kind} }\n    sync: { action: list }\n    actions:\n` +
      `      list: { request: { method: GET, path: /r }, response: { records: '' }, pagination: { style: none } }\n      search: {}\n`;
    expect(compileSpec(file, paths, withType('bag.email', 'string')).problems).toEqual([]);
    expect(compileSpec(file, paths, withType('owner.email', 'string')).problems).toEqual([]);
    const problems = (path: string, kind: string) =>
      compileSpec(file, paths, withType(path, kind)).problems.map((p) => `${p.code} ${p.message}`);
    expect(problems('bag.email', 'integer')).toEqual([
      expect.stringMatching(/^SY153 searchable field rs\.bag\.email: the record holds a string there, but it is declared integer/),
    ]);
    expect(problems('owner.phone', 'string')).toEqual([expect.stringMatching(/^SY153 .*phone is not a field of Owner/)]);
    expect(problems('id.x', 'string')).toEqual([expect.stringMatching(/^SY153 .*id is a string field/)]);
    expect(problems('nothing.x', 'string')).toEqual([expect.stringMatching(/^SY104 /)]);
  });
});
