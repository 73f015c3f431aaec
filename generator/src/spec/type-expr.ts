/**
 * Record field types are written compactly in specs (`string?`, `array<Reaction>?`,
 * `string | integer?`). This parses them into a small tree the emitters print as TypeScript and
 * JSON Schema.
 */
export type TypeRef =
  | { kind: 'primitive'; name: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'any' }
  | { kind: 'array'; items: TypeRef | null }
  | { kind: 'record'; name: string }
  /** `map<T>`: an object with free keys whose values are all T (property bags: `map<string?>`). */
  | { kind: 'map'; values: FieldType }
  | { kind: 'union'; members: TypeRef[] };

export interface FieldType {
  type: TypeRef;
  nullable: boolean;
}

const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'any']);

export function parseTypeExpr(expr: string): FieldType {
  let text = expr.trim();
  const nullable = text.endsWith('?');
  if (nullable) text = text.slice(0, -1).trim();
  const members = text.split('|').map((part) => parseOne(part.trim()));
  return { type: members.length === 1 ? members[0]! : { kind: 'union', members }, nullable };
}

function parseOne(part: string): TypeRef {
  if (PRIMITIVES.has(part)) return { kind: 'primitive', name: part as 'string' };
  if (part === 'array') return { kind: 'array', items: null };
  const generic = /^array<(.+)>$/.exec(part);
  if (generic) return { kind: 'array', items: parseOne(generic[1]!.trim()) };
  const map = /^map<(.+)>$/.exec(part);
  if (map) return { kind: 'map', values: parseTypeExpr(map[1]!) };
  return { kind: 'record', name: part };
}

/** Record names a type refers to. */
export function referencedRecords(type: TypeRef): string[] {
  switch (type.kind) {
    case 'record':
      return [type.name];
    case 'array':
      return type.items ? referencedRecords(type.items) : [];
    case 'map':
      return referencedRecords(type.values.type);
    case 'union':
      return type.members.flatMap(referencedRecords);
    default:
      return [];
  }
}

export function toTypeScript(field: FieldType): string {
  const base = tsOf(field.type);
  return field.nullable ? `${base} | null` : base;
}

function tsOf(type: TypeRef): string {
  switch (type.kind) {
    case 'primitive':
      return {
        string: 'string',
        integer: 'number',
        number: 'number',
        boolean: 'boolean',
        object: 'Record<string, unknown>',
        any: 'unknown',
      }[type.name];
    case 'array':
      return type.items ? `Array<${tsOf(type.items)}>` : 'unknown[]';
    case 'map':
      return `Record<string, ${toTypeScript(type.values)}>`;
    case 'record':
      return type.name;
    case 'union':
      return type.members.map(tsOf).join(' | ');
  }
}

/** Lenient JSON Schema of a field: vendors add keys, so records allow additional properties. */
export function toJsonSchema(field: FieldType, recordRef: (name: string) => string): Record<string, unknown> {
  const schema = jsonOf(field.type, recordRef);
  if (!field.nullable) return schema;
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

function jsonOf(type: TypeRef, recordRef: (name: string) => string): Record<string, unknown> {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'any' ? {} : { type: type.name };
    case 'array':
      return type.items ? { type: 'array', items: jsonOf(type.items, recordRef) } : { type: 'array' };
    case 'map':
      return { type: 'object', additionalProperties: toJsonSchema(type.values, recordRef) };
    case 'record':
      return { $ref: recordRef(type.name) };
    case 'union':
      return { anyOf: type.members.map((m) => jsonOf(m, recordRef)) };
  }
}
