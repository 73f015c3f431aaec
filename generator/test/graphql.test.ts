/**
 * A spec's GraphQL is parsed once (each fragment, each operation) and shared by the semantic rules
 * and the IR; spreads are found in the parsed document, not by scanning its text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compileSpec, defaultPaths } from '../src/pipeline.js';

vi.mock('graphql', async (importOriginal) => {
  const real = await importOriginal<typeof import('graphql')>();
  return { ...real, parse: vi.fn(real.parse) };
});

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const parseCalls = vi.mocked(parse);
beforeEach(() => {
  parseCalls.mockClear();
});

function spec(operation: string, fragments: Record<string, string>): string {
  const indent = (text: string) => text.replace(/\n/g, '\n      ');
  return [
    'name: graph',
    'title: Graph',
    'vendor: X',
    'baseUrl: https://x.test',
    'auth:',
    "  Token: { kind: bearer, fields: { api_token: {} }, token: '{api_token}' }",
    'graphql:',
    '  fragments:',
    ...Object.entries(fragments).flatMap(([name, text]) => [`    ${name}: |`, `      ${indent(text)}`]),
    'entities:',
    '  items:',
    '    actions:',
    '      get:',
    '        request:',
    '          graphql: |',
    `            ${operation.replace(/\n/g, '\n            ')}`,
    '        params:',
    '          id: { type: string, required: true }',
    '        response: { records: data.item }',
  ].join('\n');
}

describe('GraphQL in specs', () => {
  it('parses every fragment and every operation of a spec exactly once', () => {
    for (const file of readdirSync(join(root, 'specs')).filter((f) => f.endsWith('.yaml'))) {
      const source = readFileSync(join(root, 'specs', file), 'utf8');
      parseCalls.mockClear();
      const { ir, problems } = compileSpec(join(root, 'specs', file), paths, source);
      expect(problems).toEqual([]);
      const operations = ir!.entities.flatMap((e) => e.actions).filter((a) => a.request?.graphql).length;
      const fragments = (source.match(/^ {4}[A-Za-z]+: \|$/gm) ?? []).length;
      expect(parseCalls, file).toHaveBeenCalledTimes(operations + fragments);
    }
  });

  it('finds spreads in the parsed document, so a comment mentioning ...Name is not a spread', () => {
    const source = spec('query Item($id: String!) {\n  # fields as in ...ItemFields of the list\n  item(id: $id) { ...Small }\n}', {
      Small: 'fragment Small on Item { id }',
    });
    const { ir, problems } = compileSpec(join(root, 'graph.yaml'), paths, source);
    expect(problems).toEqual([]);
    const document = ir!.entities[0]!.actions[0]!.request!.graphql!.document;
    expect(document.endsWith('fragment Small on Item { id }')).toBe(true);
    expect(document).not.toContain('fragment ItemFields');
  });

  it('appends fragments spread by fragments, each once, sorted by name', () => {
    const source = spec('query Item($id: String!) { item(id: $id) { ...B ...A } }', {
      A: 'fragment A on Item { id ...C }',
      B: 'fragment B on Item { title ...C }',
      C: 'fragment C on Item { url }',
      Unused: 'fragment Unused on Item { nope }',
    });
    const { ir, problems } = compileSpec(join(root, 'graph.yaml'), paths, source);
    expect(problems).toEqual([]);
    expect(ir!.entities[0]!.actions[0]!.request!.graphql!.document.split('\n\n')).toEqual([
      'query Item($id: String!) { item(id: $id) { ...B ...A } }',
      'fragment A on Item { id ...C }',
      'fragment B on Item { title ...C }',
      'fragment C on Item { url }',
    ]);
  });

  it('reports a fragment whose text declares another name, on the operation that spreads it', () => {
    const source = spec('query Item($id: String!) { item(id: $id) { ...Small } }', { Small: 'fragment Tiny on Item { id }' });
    const { problems } = compileSpec(join(root, 'graph.yaml'), paths, source);
    expect(problems.map((p) => `${p.code} ${p.message}`)).toEqual([
      'SY108 items.get: GraphQL document is invalid: graphql.fragments.Small must hold exactly one definition: fragment Small on <Type> { … } (graphql-invalid)',
    ]);
  });
});
