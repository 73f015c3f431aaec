/**
 * How the emitters print the spec's named types (`types:`) once instead of a copy per use: a named
 * TypeScript type in types.ts, a shared ParamRule constant in metadata.ts and a shared JSON Schema
 * constant in schemas.ts. A use that adds its own keys (required, a description, where it travels)
 * prints as a copy of the constant with those keys: `{ ...filterRule, required: true }`.
 */
import type { SourceFile } from 'ts-morph';
import type { ConnectorIR } from '../ir/connector-ir.js';
import type { NamedParam } from '../spec/named-types.js';
import { typesUsedBy } from '../spec/named-types.js';
import { Reference, propertyKey, toLiteral } from './literal.js';

/** Named types that parameters use (directly or through other named types): those need rule and schema constants. */
export function typesUsedByParams(ir: ConnectorIR): string[] {
  const byName = new Map(ir.namedTypes.map((t) => [t.name, t.param]));
  const used = new Set<string>();
  const visit = (name: string) => {
    if (used.has(name) || !byName.has(name)) return;
    used.add(name);
    for (const inner of typesUsedBy(byName.get(name)!)) visit(inner);
  };
  const params = [
    ...ir.config,
    ...ir.replication,
    ...ir.entities.flatMap((e) => e.actions.filter((a) => a.kind !== 'search').flatMap((a) => a.params)),
  ].map(([, p]) => p as NamedParam);
  for (const param of params) for (const name of typesUsedBy(param)) visit(name);
  // Dependency order, as the IR keeps it: a constant is declared after those it spreads.
  return ir.namedTypes.map((t) => t.name).filter((name) => used.has(name));
}

/**
 * Shared constants of one kind (rules or schemas): `build(param, named)` turns a parameter into the
 * value, calling `named` for nested uses of named types. Returns the declarations, in dependency
 * order, and `refer`, which prints a use as the constant or a copy with the use's own keys.
 */
export function namedConstants(
  ir: ConnectorIR,
  constName: (typeName: string) => string,
  build: (param: NamedParam, named: (param: NamedParam) => unknown) => Record<string, unknown>,
): {
  /** [constant name, value, type name] */
  declarations: [string, Record<string, unknown>, string][];
  /** A use of a named type; `full` is the use as built in place (default: `build` of it). */
  refer: (param: NamedParam, full?: Record<string, unknown>) => unknown;
} {
  const byName = new Map(ir.namedTypes.map((t) => [t.name, t.param]));
  const refer = (param: NamedParam, built?: Record<string, unknown>): unknown => {
    const definition = byName.get(param.typeName!)!;
    const base = build(definition, (p) => refer(p));
    const full = built ?? build(param, (p) => refer(p));
    const extra = Object.fromEntries(Object.entries(full).filter(([key, value]) => toLiteral(value) !== toLiteral(base[key])));
    return new Reference(constName(param.typeName!), Object.keys(extra).length ? extra : undefined);
  };
  const declarations = typesUsedByParams(ir).map((name): [string, Record<string, unknown>, string] => [
    constName(name),
    build(byName.get(name)!, (p) => refer(p)),
    name,
  ]);
  return { declarations, refer };
}

/** types.ts: each named type as an exported interface (objects with properties) or type alias. */
export function emitNamedTypeDeclarations(
  file: SourceFile,
  ir: ConnectorIR,
  paramTs: (param: NamedParam) => string,
  paramDoc: (param: NamedParam) => string,
): void {
  for (const { name, param } of ir.namedTypes) {
    const docs = [`${param.description ?? name}${param.when ? `\n\n${conditionalWords(param)}` : ''}`];
    if (param.type === 'object' && param.properties && !param.nullable && param.typeName === undefined) {
      file.addInterface({
        name,
        isExported: true,
        docs,
        properties: Object.entries(param.properties).map(([key, child]) => ({
          name: propertyKey(key),
          type: paramTs(child),
          hasQuestionToken: !child.required,
          docs: [paramDoc(child)],
        })),
      });
    } else {
      file.addTypeAlias({ name, isExported: true, docs, type: paramTs(param) });
    }
  }
}

/** The `when` rules of an object in words: "When operator is "BETWEEN": value, highValue required." */
export function conditionalWords(param: NamedParam): string {
  return (param.when ?? [])
    .map((rule) => {
      const parts = [
        ...(rule.require ? [`${rule.require.join(', ')} required`] : []),
        ...(rule.forbid ? [`${rule.forbid.join(', ')} must be absent`] : []),
      ];
      return `When ${rule.field} is ${rule.in.map((v) => JSON.stringify(v)).join(' or ')}: ${parts.join('; ')}.`;
    })
    .join(' ');
}
