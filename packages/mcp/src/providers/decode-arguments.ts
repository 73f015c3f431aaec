/**
 * The way back from a model's tool call to the canonical arguments, for every provider's
 * definitions alike (the encodings do not overlap, so the provider need not be known):
 *
 * - null for an optional field whose schema does not accept null is what strict mode sends for
 *   "absent": the field is removed. A field whose schema accepts null keeps its null (Linear's
 *   `assigneeId: null` unassigns); the OpenAI definitions give such a field "$omit" for "absent",
 *   removed here too;
 * - JSON text where the schema has a free-form object or a value of any type (how the OpenAI and
 *   Gemini definitions carry those) is parsed; text that is not JSON stays as it is for a value of
 *   any type, and fails validation for an object. Only for those providers' calls (`jsonText`):
 *   Anthropic and MCP definitions carry such values as they are, and there a string holding
 *   JSON (`"0"`) is a string;
 * - everything else is left as sent, for the validator to judge.
 */
import { OMIT } from './openai.js';
import { acceptsNull, isOpenValue, isSchema, propertiesOf, requiredOf, typesOf, type Schema } from './schema-shapes.js';

const ABSENT = Symbol('absent');

export interface DecodeOptions {
  /** Parse JSON text where the schema has a free-form object or a value of any type (OpenAI, Gemini). */
  readonly jsonText: boolean;
}

export function decodeArguments(schema: Schema, args: Record<string, unknown>, options: DecodeOptions): Record<string, unknown> {
  const decoded = decodeValue(schema, args, true, options);
  return decoded === ABSENT || decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)
    ? {}
    : (decoded as Record<string, unknown>);
}

function decodeValue(schema: Schema, value: unknown, required: boolean, options: DecodeOptions): unknown {
  if (value === null) return acceptsNull(schema) || required ? null : ABSENT;
  if (value === OMIT && !required && acceptsNull(schema)) return ABSENT;
  if (typeof value === 'string' && options.jsonText && isOpenValue(schema)) return parseJsonText(value);
  const branches = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(branches)) {
    // The branch that describes this kind of value (an object branch for an object, …).
    const branch = branches.filter(isSchema).find((b) => matchesKind(b, value));
    return branch ? decodeValue(branch, value, true, options) : value;
  }
  if (Array.isArray(value)) {
    const items = schema['items'];
    return isSchema(items)
      ? value.map((item) => {
          const d = decodeValue(items, item, true, options);
          return d === ABSENT ? null : d;
        })
      : value;
  }
  if (value !== null && typeof value === 'object') {
    const properties = propertiesOf(schema);
    if (Object.keys(properties).length === 0) return value;
    const required = new Set(requiredOf(schema));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const decoded = Object.hasOwn(properties, key) ? decodeValue(properties[key]!, item, required.has(key), options) : item;
      if (decoded !== ABSENT) Object.defineProperty(out, key, { value: decoded, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A bare string for a value of any type is meant as that string; for an object, the validator says what is wrong.
    return text;
  }
}

function matchesKind(schema: Schema, value: unknown): boolean {
  const types = typesOf(schema);
  if (isOpenValue(schema)) return true;
  if (Array.isArray(value)) return types.includes('array');
  if (value !== null && typeof value === 'object') return types.includes('object');
  if (typeof value === 'string') return types.includes('string');
  if (typeof value === 'number') return types.includes('number') || types.includes('integer');
  if (typeof value === 'boolean') return types.includes('boolean');
  return false;
}
