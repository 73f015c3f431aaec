/**
 * Gemini function declarations from a canonical schema, in the OpenAPI subset Gemini documents
 * for `parameters`: type, format, description, nullable, enum, items, properties, required,
 * minItems, maxItems, minimum, maximum, minLength, maxLength, pattern, anyOf, default, title,
 * propertyOrdering. Types are the API's enum names (OBJECT, STRING, …).
 *
 * - `["T", "null"]` becomes `T` with `nullable: true`; several types become anyOf;
 * - enum is for strings only: another enum's values are listed in the description;
 * - formats: date-time for strings (the one Gemini acts on for them); others go to the description;
 * - an object without declared properties (Gemini refuses an OBJECT with none) and a value of any
 *   type travel as JSON text, which executeToolCall parses back;
 * - additionalProperties, allOf, not, if/then/else are left out; the runtime enforces them when the
 *   call runs.
 */
import { isOpenValue, isSchema, propertiesOf, requiredOf, typesOf, type Schema } from './schema-shapes.js';

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters: Schema;
}

export const GEMINI_KEYWORDS = [
  'type',
  'format',
  'description',
  'nullable',
  'enum',
  'items',
  'properties',
  'required',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'default',
  'title',
  'propertyOrdering',
] as const;

const TYPES: Record<string, string> = {
  string: 'STRING',
  integer: 'INTEGER',
  number: 'NUMBER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
};

export function geminiDeclaration(name: string, description: string, inputSchema: Schema): GeminiFunctionDeclaration {
  return { name, description, parameters: geminiSchema(inputSchema) };
}

export function geminiSchema(schema: Schema): Schema {
  if (isOpenValue(schema)) return jsonText(schema);
  const anyOf = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(anyOf)) {
    const branches = anyOf.filter(isSchema);
    const nullable = branches.some((b) => typesOf(b).length === 1 && typesOf(b)[0] === 'null');
    const rest = branches.filter((b) => !(typesOf(b).length === 1 && typesOf(b)[0] === 'null')).map(geminiSchema);
    const base: Record<string, unknown> = rest.length === 1 ? { ...rest[0]! } : { anyOf: rest };
    return { ...base, ...text(schema, [], base['description']), ...(nullable ? { nullable: true } : {}) };
  }
  const types = typesOf(schema);
  const nullable = types.includes('null') || (Array.isArray(schema['enum']) && schema['enum'].includes(null));
  const main = types.filter((t) => t !== 'null');
  if (main.length > 1) {
    return { anyOf: main.map((type) => geminiSchema({ ...schema, type })), ...text(schema), ...(nullable ? { nullable: true } : {}) };
  }
  const type = main[0]!;
  const notes: string[] = [];
  const out: Record<string, unknown> = { type: TYPES[type] ?? 'STRING' };
  if (type === 'object') {
    const properties = propertiesOf(schema);
    const converted: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      Object.defineProperty(converted, key, { value: geminiSchema(property), enumerable: true, writable: true, configurable: true });
    }
    out['properties'] = converted;
    const required = requiredOf(schema).filter((r) => Object.hasOwn(properties, r));
    if (required.length) out['required'] = required;
    out['propertyOrdering'] = Object.keys(properties);
  } else if (type === 'array') {
    out['items'] = isSchema(schema['items']) ? geminiSchema(schema['items']) : jsonText({});
    copy(schema, out, ['minItems', 'maxItems']);
  } else {
    const values = Array.isArray(schema['enum']) ? schema['enum'].filter((v) => v !== null) : undefined;
    if (values && type === 'string') out['enum'] = values;
    else if (values) notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
    if (type === 'string') {
      copy(schema, out, ['minLength', 'maxLength', 'pattern']);
      if (schema['format'] === 'date-time') out['format'] = 'date-time';
      else if (typeof schema['format'] === 'string') notes.push(`format ${schema['format']}`);
    }
    if (type === 'integer' || type === 'number') copy(schema, out, ['minimum', 'maximum']);
  }
  if (schema['default'] !== undefined && type !== 'object' && type !== 'array') out['default'] = schema['default'];
  return { ...out, ...text(schema, notes), ...(nullable ? { nullable: true } : {}) };
}

function jsonText(schema: Schema): Schema {
  const what = typesOf(schema).includes('object') ? 'a JSON object' : 'a JSON value';
  const base = typeof schema['description'] === 'string' ? `${schema['description']} ` : '';
  return {
    type: 'STRING',
    description: `${base}Written as ${what} in text, e.g. {"key": "value"}.`,
    ...(typesOf(schema).includes('null') ? { nullable: true } : {}),
  };
}

function text(schema: Schema, notes: readonly string[] = [], fallback?: unknown): Record<string, string> {
  const own = typeof schema['description'] === 'string' ? schema['description'] : typeof fallback === 'string' ? fallback : '';
  const all = [own, notes.length ? `(${notes.join('; ')})` : ''].filter(Boolean).join(' ');
  return all ? { description: all } : {};
}

function copy(from: Schema, to: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = from[key];
}
