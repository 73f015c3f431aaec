/**
 * Questions about a canonical JSON Schema (the published parameter schemas and the tools' own)
 * that every provider conversion and the way back (`executeToolCall`) ask the same way.
 */

export type Schema = Readonly<Record<string, unknown>>;

export function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schema's `type` as a list (`["string", "null"]`); empty when it declares none. */
export function typesOf(schema: Schema): string[] {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

export function propertiesOf(schema: Schema): Record<string, Schema> {
  const properties = schema['properties'];
  if (!isSchema(properties)) return {};
  return Object.fromEntries(Object.entries(properties).filter((entry): entry is [string, Schema] => isSchema(entry[1])));
}

export function requiredOf(schema: Schema): string[] {
  const required = schema['required'];
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/** An object whose keys the schema does not list (free-form), or a schema that says nothing about its value (any). */
export function isOpenValue(schema: Schema): boolean {
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (Array.isArray(schema['anyOf']) || Array.isArray(schema['oneOf']) || Array.isArray(schema['enum'])) return false;
  if (types.length === 0) return true;
  return types.length === 1 && types[0] === 'object' && Object.keys(propertiesOf(schema)).length === 0;
}

/** Whether null is a valid value here. */
export function acceptsNull(schema: Schema): boolean {
  if (typesOf(schema).includes('null')) return true;
  if (Array.isArray(schema['enum'])) return schema['enum'].includes(null);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) return branches.some((b) => isSchema(b) && acceptsNull(b));
  }
  return typesOf(schema).length === 0 && schema['const'] === undefined; // {} accepts anything, null included
}
