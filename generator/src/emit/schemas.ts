/**
 * Emits src/schemas.ts: JSON Schemas of every action's parameters, of records, replication
 * settings and credentials, plus searchable fields. They feed AI tool definitions, docs and the CLI.
 */
import { searchParamsSchema } from '@switchyard/runtime/internal';
import type { Project } from 'ts-morph';
import { VariableDeclarationKind } from 'ts-morph';
import type { ConnectorIR } from '../ir/connector-ir.js';
import { toJsonSchema } from '../spec/type-expr.js';
import { Reference, toLiteral } from './literal.js';
import { jsonSchemaOf, objectSchema } from './rules.js';
import { namedConstants } from './named-types.js';

const SEARCH_SCHEMA = 'searchParamsSchema';

export function emitSchemas(project: Project, ir: ConnectorIR): void {
  const file = project.createSourceFile('src/schemas.ts', '', { overwrite: true });
  const add = (name: string, doc: string, value: unknown, type?: string) =>
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [doc],
      declarations: [{ name, ...(type ? { type } : {}), initializer: `${toLiteral(value)} as const` }],
    });

  const search = ir.entities.flatMap((e) => e.actions).find((a) => a.kind === 'search');
  // Named types used by parameters: one JSON Schema constant each, referenced by every use.
  const named = namedConstants(
    ir,
    (n) => `${n[0]!.toLowerCase()}${n.slice(1)}TypeSchema`,
    (p, nested) => jsonSchemaOf(p, nested),
  );
  for (const [name, schema, typeName] of named.declarations) {
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      docs: [`JSON Schema of the named type ${typeName}, shared by every parameter of that type.`],
      declarations: [{ name, initializer: `${toLiteral(schema)} as const` }],
    });
  }
  const refer = (p: Parameters<typeof named.refer>[0]) => named.refer(p);
  if (search) {
    // Every search action takes the same standard parameters: declared once, referenced by each,
    // and the runtime's as they are (the search language is defined there once, core/search/).
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      docs: ['JSON Schema of the standard parameters of every hosted search action (the search language of @switchyard/runtime).'],
      declarations: [{ name: SEARCH_SCHEMA, initializer: `${toLiteral(searchParamsSchema)} as const` }],
    });
  }
  add(
    'paramSchemas',
    "JSON Schema (draft-07) of each action's parameters, keyed by entity then action.",
    Object.fromEntries(
      ir.entities.map((e) => [
        e.name,
        Object.fromEntries(
          e.actions.map((a) => [a.name, a.kind === 'search' ? new Reference(SEARCH_SCHEMA) : objectSchema(a.params, refer)]),
        ),
      ]),
    ),
  );
  const recordRef = (name: string) => `#/definitions/${name}`;
  add(
    'recordSchemas',
    'Lenient JSON Schemas of the records: nullable where the contract says so, unknown keys allowed (vendors add fields).',
    {
      definitions: Object.fromEntries([
        ...ir.records.map((r) => [
          r.name,
          {
            type: 'object',
            ...(r.description ? { description: r.description } : {}),
            properties: Object.fromEntries(r.fields.map((f) => [f.name, toJsonSchema(f.type, recordRef)])),
            // `any` fields (object | any in the contract) may be absent; only typed non-null fields are required.
            required: r.fields
              .filter((f) => !f.type.nullable && !f.selectable && !(f.type.type.kind === 'primitive' && f.type.type.name === 'any'))
              .map((f) => f.name),
            additionalProperties: true,
          },
        ]),
        // Named types that record fields may name (`array<Filter>`), in the parameter rule language.
        ...ir.namedTypes.map(({ name, param }) => [name, jsonSchemaOf(param)] as const),
      ]),
    },
  );
  add(
    'searchableFields',
    'Fields the hosted search index holds, per entity (field → type).',
    Object.fromEntries(
      ir.entities.filter((e) => e.searchable.length).map((e) => [e.name, Object.fromEntries(e.searchable.map((f) => [f.name, f.kind]))]),
    ),
  );
  add('replicationSchema', 'JSON Schema of replication_config for hosted connector records.', objectSchema(ir.replication));
  add('configSchema', 'JSON Schema of the config variables (used in the base URL).', objectSchema(ir.config));
  add(
    'credentialKinds',
    'Credential kinds: the `auth` object must carry the fields of exactly one.',
    Object.fromEntries(
      ir.auth.map((k) => [
        k.name,
        {
          kind: k.kind,
          ...(k.description ? { description: k.description } : {}),
          schema: objectSchema(
            Object.entries(k.fields).map(([n, f]) => [
              n,
              { type: 'string', required: f.required, minLength: 1, ...(f.description ? { description: f.description } : {}) },
            ]),
          ),
        },
      ]),
    ),
  );
}
