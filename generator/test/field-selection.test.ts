/**
 * Run-time field selection (`select` on a GraphQL action): the generator adds the `fields`
 * parameter with the fragment's field names as its enum, splits the document into the pieces the
 * runtime joins, makes selectable record fields optional, and reports broken rules (SY140).
 */
import { join } from 'node:path';
import { ValidationError } from '@switchyard/runtime';
import { selectionDocument } from '@switchyard/runtime/internal';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const fixture = (kind: 'valid' | 'invalid', name: string) => join(root, 'generator', 'test', 'fixtures', kind, `${name}.yaml`);

describe('select (run-time field selection)', () => {
  const { ir, problems } = compileSpec(fixture('valid', 'field-selection'), paths);
  const get = ir?.entities[0]?.actions.find((a) => a.name === 'get');

  it('adds a fields parameter whose enum is the fragment’s top-level fields, travelling nowhere on the wire', () => {
    expect(problems).toEqual([]);
    const fields = get!.params.find(([name]) => name === 'fields')?.[1];
    expect(fields).toMatchObject({
      type: 'array',
      minItems: 1,
      in: 'select',
      items: { type: 'string', enum: ['id', 'title', 'author', 'reviews'] },
    });
    expect(fields?.description).toContain('default: id, title, author');
  });

  it('the metadata document is the default selection, with exactly the fragments it needs', () => {
    const graphql = get!.request!.graphql!;
    expect(graphql.document).toBe(
      [
        'query BookGet($id: ID!) {\n  book(id: $id) { ...BookFields }\n}',
        'fragment BookFields on Book {\n  id\n  title\n  author {\n    ...PersonName\n  }\n}',
        'fragment PersonName on Person { name }',
      ].join('\n\n'),
    );
    // The runtime joins the same pieces the same way.
    expect(selectionDocument('books.get', graphql.selection!, undefined)).toBe(graphql.document);
  });

  it('a selection without the nested field drops the fragment that field spreads', () => {
    const doc = selectionDocument('books.get', get!.request!.graphql!.selection!, ['reviews', 'id']);
    expect(doc).toBe(
      'query BookGet($id: ID!) {\n  book(id: $id) { ...BookFields }\n}\n\nfragment BookFields on Book {\n  id\n  reviews(first: 5) {\n    nodes {\n      stars\n    }\n  }\n}',
    );
  });

  it('refuses unknown names naming the parameter and the allowed names', () => {
    const error = (() => {
      try {
        selectionDocument('books.get', get!.request!.graphql!.selection!, ['id', 'isbn']);
      } catch (e) {
        return e;
      }
    })() as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([
      { path: 'fields', rule: 'enum', message: 'names unknown field "isbn"; allowed: id, title, author, reviews' },
    ]);
  });

  it('types selectable record fields as optional (a caller may leave them out)', async () => {
    const files = await emitPackage(ir!, paths);
    const types = files.get('src/types.ts')!;
    expect(types).toMatch(/export interface Book \{[^}]*\bid\?: string;[^}]*\btitle\?: string;/s);
    expect(types).toContain("fields?: Array<'id' | 'title' | 'author' | 'reviews'>;");
  });

  it('reports each broken select rule at its line with SY140 and a hint', () => {
    const broken = compileSpec(fixture('invalid', 'select-errors'), paths);
    expect(broken.ir).toBeUndefined();
    expect(broken.problems.map((p) => [p.line, p.code, p.message.replace(/ \(select-invalid\)$/, '')])).toEqual([
      [23, 'SY140', 'books.get: fragment BookFields has an inline fragment at its top level; only fields can be selected by name'],
      [28, 'SY140', 'books.list: select.default names isbn, not fields of fragment PlainBook'],
      [34, 'SY140', 'books.api_search: select adds the parameter fields, which the action already declares'],
      [39, 'SY140', 'books.delete: the operation does not spread ...PlainBook'],
    ]);
    for (const problem of broken.problems) expect(problem.hint.length).toBeGreaterThan(10);
  });
});
