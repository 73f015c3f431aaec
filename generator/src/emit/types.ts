/** Emits src/types.ts: records, parameters, meta, credentials and the operation map. */
import type { Project, SourceFile } from 'ts-morph';
import type { ActionIR, ConnectorIR, MetaIR } from '../ir/connector-ir.js';
import { toTypeScript } from '../spec/type-expr.js';
import { propertyKey } from './literal.js';
import { ruleWords } from './rules.js';
import type { NamedParam } from '../spec/named-types.js';
import { conditionalWords, emitNamedTypeDeclarations } from './named-types.js';
import { variantOnlyParams } from '../ir/variants-ir.js';
import { authType, configType, metaType, operationsType, paramsOptional, paramsType, recordTypeOf, searchableType } from './names.js';

export function emitTypes(project: Project, ir: ConnectorIR): void {
  const file = project.createSourceFile('src/types.ts', '', { overwrite: true });
  // Only the runtime types this connector's results use: packages compile with noUnusedLocals.
  const kinds = new Set(ir.entities.flatMap((e) => e.actions.map((a) => a.kind)));
  const runtimeTypes = [
    ...(kinds.has('download') ? ['DownloadStream'] : []),
    'ExecuteResult',
    ...(kinds.has('search') ? ['SearchHit', 'SearchMeta', 'SearchParams'] : []),
  ];
  file.addImportDeclaration({ moduleSpecifier: '@switchyard/runtime', namedImports: runtimeTypes, isTypeOnly: true });
  // Named types first: records and parameters below refer to them by name.
  emitNamedTypeDeclarations(file, ir, paramTs, paramDoc);

  for (const record of ir.records) {
    file.addInterface({
      name: record.name,
      isExported: true,
      docs: [`${record.description ?? record.name}\n\nUnknown keys the vendor adds are kept.`],
      properties: record.fields.map((f) => ({
        name: propertyKey(f.name),
        type: toTypeScript(f.type),
        // Nullable fields may be absent too; selectable ones are absent when the caller leaves them out.
        hasQuestionToken: f.type.nullable || f.selectable === true,
        ...(f.description ? { docs: [f.description] } : {}),
      })),
      indexSignatures: [{ keyName: 'key', keyType: 'string', returnType: 'unknown' }],
    });
    const derived = Object.keys(record.derive).filter((d) => !record.fields.some((f) => f.name === d));
    if (derived.length) {
      const iface = file.getInterfaceOrThrow(record.name);
      for (const name of derived)
        iface.addProperty({ name, type: 'unknown', hasQuestionToken: true, docs: [`Derived from ${record.derive[name]}.`] });
    }
  }

  for (const entity of ir.entities.filter((e) => e.searchable.length)) {
    file.addInterface({
      name: searchableType(entity),
      isExported: true,
      docs: [`Fields of ${entity.name} held by the hosted search index.`],
      properties: entity.searchable.map((f) => ({ name: propertyKey(f.name), type: toTypeScript(f.type), hasQuestionToken: true })),
    });
  }

  file.addTypeAlias({
    name: 'EmptyMeta',
    isExported: true,
    type: 'Record<string, never>',
    docs: ['Meta of actions that return no pagination members.'],
  });
  file.addInterface({
    name: 'DownloadMeta',
    isExported: true,
    docs: ['What the file server said about a download.'],
    properties: [
      { name: 'content_type', type: 'string | null' },
      { name: 'content_length', type: 'number | null' },
      { name: 'file_name', type: 'string | null' },
    ],
  });

  for (const entity of ir.entities) {
    for (const action of entity.actions) {
      if (action.kind === 'search') {
        file.addTypeAlias({
          name: paramsType(action),
          isExported: true,
          type: `SearchParams<${searchableType(entity)}>`,
          docs: [`Parameters of ${entity.name}.search.`],
        });
        continue;
      }
      const variantParams = variantOnlyParams(action.variants, action.params);
      if (action.params.length === 0 && variantParams.length === 0) {
        // `interface X {}` would accept any value at all; an action without parameters takes none.
        file.addTypeAlias({
          name: paramsType(action),
          isExported: true,
          type: 'Record<string, never>',
          docs: [`Parameters of ${entity.name}.${action.name}: none.`],
        });
      } else
        file.addInterface({
          name: paramsType(action),
          isExported: true,
          docs: [`Parameters of ${entity.name}.${action.name}.`],
          properties: [
            ...action.params.map(([name, p]) => ({
              name: propertyKey(name),
              type: paramTs(p),
              hasQuestionToken: !p.required,
              docs: [paramDoc(p)],
            })),
            // Accepted with one credential kind only (a variant's own parameter): always optional.
            ...variantParams.map(([name, p]) => ({
              name: propertyKey(name),
              type: paramTs(p),
              hasQuestionToken: true,
              docs: [paramDoc(p)],
            })),
          ],
        });
      if (action.meta.length) {
        file.addInterface({
          name: metaType(action),
          isExported: true,
          docs: [`Meta of ${entity.name}.${action.name}.`],
          properties: [
            ...action.meta.map((m) => ({
              name: propertyKey(m.name),
              type: metaTs(m),
              ...(m.description ? { docs: [m.description] } : {}),
            })),
            // Filled with one credential kind only (a variant's own member): absent with the others.
            ...(action.variantMeta ?? []).map((m) => ({
              name: propertyKey(m.name),
              type: metaTs(m),
              hasQuestionToken: true,
              ...(m.description ? { docs: [m.description] } : {}),
            })),
          ],
        });
      }
    }
  }

  addAuthAndConfig(file, ir);

  file.addTypeAlias({
    name: operationsType(ir),
    isExported: true,
    docs: ['entity → action → parameters and result, for the typed `execute`.'],
    type: `{\n${ir.entities
      .map(
        (e) =>
          `${propertyKey(e.name)}: {\n${e.actions.map((a) => `${propertyKey(a.name)}: { params: ${paramsType(a)}${paramsOptional(a) ? ' | undefined' : ''}; result: ${resultType(a)} };`).join('\n')}\n};`,
      )
      .join('\n')}\n}`,
  });
}

export function resultType(action: ActionIR): string {
  switch (action.kind) {
    case 'search':
      return `ExecuteResult<SearchHit<${searchableType({ name: action.entity })}>[], SearchMeta>`;
    case 'download':
      return 'ExecuteResult<DownloadStream, DownloadMeta>';
    default: {
      const record = recordTypeOf(action);
      const meta = action.meta.length ? metaType(action) : 'EmptyMeta';
      return action.returnsList ? `ExecuteResult<${record}[], ${meta}>` : `ExecuteResult<${record}, ${meta}>`;
    }
  }
}

function addAuthAndConfig(file: SourceFile, ir: ConnectorIR): void {
  file.addTypeAlias({
    name: authType(ir),
    isExported: true,
    docs: [`Credentials, one of: ${ir.auth.map((k) => k.name).join(', ')}.`],
    type: ir.auth
      .map(
        (k) =>
          `{ ${Object.entries(k.fields)
            .map(([n, f]) => `${f.description ? `/** ${f.description} */ ` : ''}${propertyKey(n)}${f.required ? '' : '?'}: string;`)
            .join(' ')} }`,
      )
      .join(' | '),
  });
  file.addTypeAlias({
    name: configType(ir),
    isExported: true,
    docs: ['Config variables used to build the base URL.'],
    type: ir.config.length
      ? `{ ${ir.config.map(([n, p]) => `/** ${paramDoc(p)} */ ${propertyKey(n)}${p.required ? '' : '?'}: ${paramTs(p)};`).join(' ')} }`
      : 'Record<string, never>',
  });
}

function paramTs(p: NamedParam): string {
  let base: string;
  if (p.typeName !== undefined) base = p.typeName;
  else if (p.enum) base = p.enum.map((v) => JSON.stringify(v)).join(' | ');
  else if (p.type === 'integer' || p.type === 'number') base = 'number';
  else if (p.type === 'object') {
    base = p.properties
      ? `{ ${Object.entries(p.properties)
          .map(([n, c]) => `${propertyKey(n)}${c.required ? '' : '?'}: ${paramTs(c)};`)
          .join(' ')} }`
      : 'Record<string, unknown>';
  } else if (p.type === 'array') base = p.items ? `Array<${paramTs(p.items)}>` : 'unknown[]';
  else if (p.type === 'any') base = 'unknown';
  else base = p.type;
  return p.nullable ? `${base} | null` : base;
}

/** The parameter's description, then its rules in words: what an editor shows on hover. */
function paramDoc(p: NamedParam): string {
  const text = (p.description ?? '').trim();
  // A named type's own rules are documented on the type; a use names only its own.
  const rules = [ruleWords(p), p.typeName === undefined ? conditionalWords(p) : ''].filter(Boolean).join('; ');
  // A pattern quoted in the rules may contain "*/", which would end the doc comment early.
  const doc = rules ? `${text}${text ? ' ' : ''}(${rules})` : text || ' ';
  return doc.replace(/\*\//g, '*\\/');
}

function metaTs(m: MetaIR): string {
  if (!m.type) return 'unknown';
  if ('cursor' in m.type) return m.type.cursor === 'integer' ? 'number | null' : 'string | null';
  return toTypeScript(m.type);
}
