/**
 * Named reusable types (the spec's `types:` section). A parameter written `type: Filter` takes the
 * rules of `types.Filter` as if they were written in place; the usage may add its own description,
 * required, nullable, default, in and as. Resolution happens once, right after schema validation,
 * so the semantic rules, the IR and every emitter see ordinary parameters; each resolved one keeps
 * `typeName`, which the emitters use to print the name (a TypeScript type, a shared rule constant,
 * a shared JSON Schema) instead of an anonymous copy.
 */
import type { SpecData, SpecParam } from './spec-types.js';

/** A parameter after resolution: `typeName` is set where the spec wrote a named type. */
export type NamedParam = SpecParam & { typeName?: string };

export const PRIMITIVE_PARAM_TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'any']);

export const isNamedType = (type: string): boolean => !PRIMITIVE_PARAM_TYPES.has(type);

/**
 * A copy of the spec with every named type resolved. Unknown names and cycles are left as written:
 * checkNamedTypes reports them, and nothing is built from a spec with problems.
 */
export function resolveNamedTypes(data: SpecData): SpecData {
  const types = data.types ?? {};
  if (Object.keys(types).length === 0) return data;
  const resolve = (params: Record<string, SpecParam> | undefined) =>
    params && Object.fromEntries(Object.entries(params).map(([name, p]) => [name, resolveParam(p, types, [])]));
  const entities = Object.fromEntries(
    Object.entries(data.entities).map(([entityName, entity]) => [
      entityName,
      {
        ...entity,
        actions: Object.fromEntries(
          Object.entries(entity.actions).map(([actionName, action]) => [
            actionName,
            action.params ? { ...action, params: resolve(action.params)! } : action,
          ]),
        ),
      },
    ]),
  );
  return {
    ...data,
    ...(data.config ? { config: resolve(data.config)! } : {}),
    ...(data.replication ? { replication: resolve(data.replication)! } : {}),
    types: resolve(types)!,
    entities,
  };
}

function resolveParam(param: SpecParam, types: Record<string, SpecParam>, stack: string[]): NamedParam {
  if (isNamedType(param.type)) {
    const definition = types[param.type];
    if (!definition || stack.includes(param.type)) return param;
    const resolved = resolveParam(definition, types, [...stack, param.type]);
    const { type: _name, ...usage } = param;
    return { ...resolved, ...usage, typeName: param.type };
  }
  const out: NamedParam = { ...param };
  if (param.items) out.items = resolveParam(param.items, types, stack);
  if (param.properties) {
    out.properties = Object.fromEntries(Object.entries(param.properties).map(([k, v]) => [k, resolveParam(v, types, stack)]));
  }
  return out;
}

/** Named types in dependency order (a type after every type it uses), for emitters that declare constants. */
export function typesInDependencyOrder(types: Record<string, SpecParam>): string[] {
  const order: string[] = [];
  const visit = (name: string, stack: string[]) => {
    if (order.includes(name) || stack.includes(name) || !types[name]) return;
    for (const used of typesUsedBy(types[name]!)) visit(used, [...stack, name]);
    order.push(name);
  };
  for (const name of Object.keys(types).sort()) visit(name, []);
  return order;
}

/** Named types a parameter refers to, in its items and properties (before or after resolution). */
export function typesUsedBy(param: NamedParam): string[] {
  const used: string[] = [];
  const walk = (p: NamedParam) => {
    const name = isNamedType(p.type) ? p.type : p.typeName;
    if (name !== undefined) {
      used.push(name);
      return;
    }
    if (p.items) walk(p.items);
    for (const child of Object.values(p.properties ?? {})) walk(child);
  };
  walk(param);
  return used;
}
