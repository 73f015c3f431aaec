/**
 * OpenAI function tools valid under strict mode (Structured Outputs), from a canonical schema:
 *
 * - every object lists all its properties in `required` and has `additionalProperties: false`;
 *   a property the canonical schema leaves optional is typed as a union with `"null"`, and a model
 *   sends null for "absent" (executeToolCall turns it back into absent);
 * - an optional property that accepts null in its own right (Linear's `assigneeId`: null
 *   unassigns) gets a third choice, the string "$omit", for "absent", so null keeps its meaning;
 * - objects without declared properties and values of any type cannot be written in strict mode:
 *   they travel as JSON text (a string), which executeToolCall parses back;
 * - keywords strict mode rejects or does not support are left out: allOf, not, if/then/else,
 *   dependentRequired, dependentSchemas, patternProperties, unevaluatedProperties, propertyNames,
 *   and also minLength, maxLength, default and formats outside its list; the runtime still
 *   enforces every rule when the call runs, so a call that breaks one is a ValidationError naming it;
 * - at most 10 levels of object nesting: anything deeper travels as JSON text.
 */
import { isOpenValue, isSchema, propertiesOf, requiredOf, typesOf, type Schema } from './schema-shapes.js';
import { acceptsNull } from './schema-shapes.js';

/** The value an OpenAI strict call sends for "leave this nullable field out". */
export const OMIT = '$omit';
export const OPENAI_MAX_NESTING = 10;
/** Formats strict mode supports for strings. */
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

export interface OpenAIFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Schema; strict: true };
}

export function openaiTool(name: string, description: string, inputSchema: Schema): OpenAIFunctionTool {
  return { type: 'function', function: { name, description, parameters: openaiParameters(inputSchema), strict: true } };
}

/** The strict-mode form of a tool's input schema (an object at the root). */
export function openaiParameters(schema: Schema): Schema {
  return objectSchema(schema, 1);
}

function objectSchema(schema: Schema, depth: number): Schema {
  const properties = propertiesOf(schema);
  const required = new Set(requiredOf(schema));
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    Object.defineProperty(out, name, {
      value: propertySchema(property, required.has(name), depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return {
    type: 'object',
    ...description(schema),
    properties: out,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

function propertySchema(schema: Schema, required: boolean, depth: number): Schema {
  const converted = valueSchema(schema, depth);
  if (required) return converted;
  if (!acceptsNull(schema)) return withNull(converted);
  // null means null here; "$omit" means absent.
  return {
    anyOf: [withNull(stripDescription(converted)), { type: 'string', enum: [OMIT] }],
    description: `${String(converted['description'] ?? '').trim()} null sets it to null; "${OMIT}" leaves it out.`.trim(),
  };
}

/** A value schema in strict form (nullability as the canonical schema says). */
function valueSchema(schema: Schema, depth: number): Schema {
  if (isOpenValue(schema)) return jsonText(schema);
  const anyOf = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(anyOf)) {
    const branches = anyOf.filter(isSchema).map((branch) => valueSchema(branch, depth));
    return { anyOf: branches, ...description(schema) };
  }
  const types = typesOf(schema);
  const nullable = types.includes('null');
  const main = types.filter((t) => t !== 'null');
  if (main.length !== 1) {
    // Several non-null types ("string | integer"): one branch each.
    return {
      anyOf: main.map((type) => valueSchema({ ...schema, type }, depth)).concat(nullable ? [{ type: 'null' }] : []),
      ...description(schema),
    };
  }
  const type = main[0]!;
  const typeField = nullable ? [type, 'null'] : type;
  if (type === 'object') {
    if (depth >= OPENAI_MAX_NESTING) return jsonText(schema);
    const object = objectSchema(schema, depth + 1);
    return nullable ? { ...object, type: ['object', 'null'] } : object;
  }
  if (type === 'array') {
    const items = isSchema(schema['items']) ? valueSchema(schema['items'], depth) : jsonText({});
    return {
      type: typeField,
      ...description(schema, constraintsText(schema, ['minLength', 'maxLength'])),
      items,
      ...pick(schema, ['minItems', 'maxItems']),
    };
  }
  const out: Record<string, unknown> = {
    type: typeField,
    ...description(schema, constraintsText(schema, ['minLength', 'maxLength', 'format', 'default'])),
  };
  if (Array.isArray(schema['enum']))
    out['enum'] = nullable && !schema['enum'].includes(null) ? [...schema['enum'], null] : [...schema['enum']];
  if (type === 'string') {
    if (typeof schema['pattern'] === 'string') out['pattern'] = schema['pattern'];
    if (typeof schema['format'] === 'string' && FORMATS.has(schema['format'])) out['format'] = schema['format'];
  }
  if (type === 'integer' || type === 'number') Object.assign(out, pick(schema, ['minimum', 'maximum']));
  return out;
}

/** A free-form object or a value of any type, carried as JSON text. */
function jsonText(schema: Schema): Schema {
  const what = typesOf(schema).includes('object') ? 'a JSON object' : 'a JSON value';
  const nullable = typesOf(schema).includes('null');
  const base = typeof schema['description'] === 'string' ? `${schema['description']} ` : '';
  return { type: nullable ? ['string', 'null'] : 'string', description: `${base}Written as ${what} in text, e.g. {"key": "value"}.` };
}

function withNull(schema: Schema): Schema {
  if (Array.isArray(schema['anyOf'])) {
    return schema['anyOf'].some((b) => isSchema(b) && typesOf(b).includes('null'))
      ? schema
      : { ...schema, anyOf: [...schema['anyOf'], { type: 'null' }] };
  }
  const types = typesOf(schema);
  if (types.includes('null')) return schema;
  const out: Record<string, unknown> = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(null)) out['enum'] = [...schema['enum'], null];
  return out;
}

function stripDescription(schema: Schema): Schema {
  const { description: _description, ...rest } = schema;
  return rest;
}

function description(schema: Schema, extra = ''): Record<string, string> {
  const text = [typeof schema['description'] === 'string' ? schema['description'] : '', extra].filter(Boolean).join(' ');
  return text ? { description: text } : {};
}

/** Rules strict mode cannot state, in words the model reads (the runtime checks them anyway). */
function constraintsText(schema: Schema, keys: readonly string[]): string {
  const words: string[] = [];
  if (keys.includes('minLength') && typeof schema['minLength'] === 'number' && schema['minLength'] > 1)
    words.push(`at least ${schema['minLength']} characters`);
  if (keys.includes('minLength') && schema['minLength'] === 1) words.push('not empty');
  if (keys.includes('maxLength') && typeof schema['maxLength'] === 'number') words.push(`at most ${schema['maxLength']} characters`);
  if (keys.includes('format') && typeof schema['format'] === 'string' && !FORMATS.has(schema['format']))
    words.push(`format ${schema['format']}`);
  if (keys.includes('default') && schema['default'] !== undefined) words.push(`default ${JSON.stringify(schema['default'])}`);
  return words.length ? `(${words.join('; ')})` : '';
}

function pick(schema: Schema, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => schema[k] !== undefined).map((k) => [k, schema[k]]));
}
