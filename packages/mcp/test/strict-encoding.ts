/**
 * What a model sends for a canonical argument object under each provider's definitions, written
 * here independently of the conversions (the tests' oracle): under OpenAI strict mode every
 * property is present, absent optional ones as null ("$omit" when the field accepts null itself),
 * and free-form objects and any-typed values as JSON text; under Gemini only the JSON text.
 */
import { OMIT } from '@switchyard/mcp';

type Json = Record<string, any>;

const types = (schema: Json): string[] => (Array.isArray(schema['type']) ? schema['type'] : schema['type'] ? [schema['type']] : []);
const acceptsNull = (schema: Json): boolean =>
  types(schema).includes('null') ||
  (Array.isArray(schema['anyOf']) && schema['anyOf'].some(acceptsNull)) ||
  (types(schema).length === 0 && !schema['anyOf'] && !schema['enum']);
const open = (schema: Json): boolean => {
  if (schema['anyOf'] || schema['enum']) return false;
  const main = types(schema).filter((t) => t !== 'null');
  return main.length === 0 || (main.length === 1 && main[0] === 'object' && Object.keys(schema['properties'] ?? {}).length === 0);
};

export function encodeForProvider(provider: 'openai' | 'gemini', schema: Json, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (open(schema)) return JSON.stringify(value);
  if (Array.isArray(value)) return schema['items'] ? value.map((item) => encodeForProvider(provider, schema['items'], item)) : value;
  if (typeof value === 'object') {
    const properties: Record<string, Json> = schema['properties'] ?? {};
    const required: string[] = schema['required'] ?? [];
    const out: Json = {};
    for (const [key, property] of Object.entries(properties)) {
      if (Object.hasOwn(value, key)) out[key] = encodeForProvider(provider, property, (value as Json)[key]);
      else if (provider === 'openai' && !required.includes(key)) out[key] = acceptsNull(property) ? OMIT : null;
    }
    return out;
  }
  return value;
}
