/**
 * The published JSON Schemas (replication_config, credential kinds) read as the runtime's
 * parameter rules, so creation-time input is checked by the same validator, with the same issue
 * paths, rules and wording, as every action's params. Only the keywords the generator emits are
 * understood; any other keyword is refused when the catalog is built rather than silently ignored.
 */
import { type ParamRule, type ParamRules, type ParamType } from '@switchyard/runtime';
import { DATE_TIME_PATTERN, UTC_DATE_TIME_PATTERN, setOwn } from '@switchyard/runtime/internal';

type JsonSchema = Readonly<Record<string, unknown>>;

const TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);
const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'format',
  'items',
  'minItems',
  'maxItems',
  'default',
]);

/** The rules of an object schema's properties (`required` folded into each rule). */
export function rulesFromObjectSchema(context: string, schema: JsonSchema): ParamRules {
  if (schema['type'] !== 'object') throw new TypeError(`${context}: expected an object schema`);
  if (schema['additionalProperties'] !== false) {
    // The runtime's validator refuses unknown keys; a schema that allows them would be read more strictly than published.
    throw new TypeError(`${context}: only schemas with additionalProperties: false are supported`);
  }
  return propertiesOf(context, schema);
}

function propertiesOf(context: string, schema: JsonSchema): ParamRules {
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  const rules: Record<string, ParamRule> = {};
  for (const [name, property] of Object.entries(properties)) {
    setOwn(rules, name, { ...ruleFromSchema(`${context}.${name}`, property), ...(required.has(name) ? { required: true } : {}) });
  }
  return rules;
}

function ruleFromSchema(context: string, schema: JsonSchema): ParamRule {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(keyword)) throw new TypeError(`${context}: JSON Schema keyword "${keyword}" is not supported`);
  }
  const declared = schema['type'];
  const nullable = Array.isArray(declared) && declared.includes('null');
  const type = (Array.isArray(declared) ? declared.find((t) => t !== 'null') : (declared ?? 'any')) as string;
  if (type !== 'any' && !TYPES.has(type)) throw new TypeError(`${context}: unsupported type ${JSON.stringify(declared)}`);
  const rule: { -readonly [K in keyof ParamRule]: ParamRule[K] } = { type: type as ParamType };
  if (nullable) rule.nullable = true;
  if (typeof schema['description'] === 'string') rule.description = schema['description'];
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    if (typeof schema[key] === 'number') rule[key] = schema[key];
  }
  if (Array.isArray(schema['enum'])) rule.enum = schema['enum'] as (string | number | boolean)[];
  if (schema['default'] !== undefined) rule.default = schema['default'];
  Object.assign(rule, stringFormat(schema));
  if (type === 'array' && schema['items']) rule.items = ruleFromSchema(`${context}[]`, schema['items'] as JsonSchema);
  if (type === 'object' && schema['properties']) rule.properties = propertiesOf(context, schema);
  return rule;
}

/**
 * The generator publishes `format: date-time` together with the exact pattern the runtime checks
 * (RFC 3339, or UTC whole seconds); those map back to the runtime's named formats, whose messages
 * say what is expected instead of printing a regular expression.
 */
function stringFormat(schema: JsonSchema): Pick<ParamRule, 'format' | 'pattern'> {
  const pattern = schema['pattern'];
  const format = schema['format'];
  if (format === 'date-time' && pattern === UTC_DATE_TIME_PATTERN) return { format: 'utc-date-time' };
  if (format === 'date-time' && (pattern === DATE_TIME_PATTERN || pattern === undefined)) return { format: 'date-time' };
  const out: { format?: ParamRule['format']; pattern?: RegExp } = {};
  if (format === 'date' || format === 'uri' || format === 'date-time') out.format = format;
  else if (format !== undefined) throw new TypeError(`unsupported JSON Schema format ${JSON.stringify(format)}`);
  if (typeof pattern === 'string') out.pattern = new RegExp(pattern, 'u');
  return out;
}
