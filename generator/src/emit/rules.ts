/** Parameter rules in the two forms packages ship: runtime rules (precompiled) and JSON Schema (for tools and docs). */
import type { ParamIR } from '../ir.js';
import type { SpecParam } from '../spec-types.js';

/** The runtime's ParamRule as a plain object (pattern as RegExp) for the metadata literal. */
export function runtimeRule(param: SpecParam | ParamIR, topLevel: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { type: param.type };
  if (param.required) out['required'] = true;
  if (param.nullable) out['nullable'] = true;
  for (const key of [
    'enum',
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'patternText',
    'format',
    'minItems',
    'maxItems',
    'default',
    'style',
  ] as const) {
    if (param[key] !== undefined) out[key] = param[key];
  }
  if (param.pattern !== undefined) out['pattern'] = new RegExp(param.pattern);
  if (param.items) out['items'] = runtimeRule(param.items, false);
  if (param.properties)
    out['properties'] = Object.fromEntries(Object.entries(param.properties).map(([k, v]) => [k, runtimeRule(v, false)]));
  if (topLevel) {
    out['in'] = (param as ParamIR).in;
    if (param.as !== undefined) out['as'] = param.as;
  }
  return out;
}

const UTC_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';

/** JSON Schema (draft-07) of one parameter. */
export function jsonSchemaOf(param: SpecParam): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  if (param.description) schema['description'] = param.description;
  if (param.type !== 'any') schema['type'] = param.nullable ? [param.type, 'null'] : param.type;
  for (const key of ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'default'] as const) {
    if (param[key] !== undefined) schema[key] = param[key];
  }
  if (param.enum && param.nullable) schema['enum'] = [...param.enum, null];
  if (param.pattern !== undefined) schema['pattern'] = param.pattern;
  if (param.format === 'utc-date-time') {
    schema['format'] = 'date-time';
    schema['pattern'] = UTC_DATE_TIME;
  } else if (param.format) schema['format'] = param.format;
  if (param.items) schema['items'] = jsonSchemaOf(param.items);
  if (param.properties) Object.assign(schema, objectSchema(Object.entries(param.properties)));
  return schema;
}

export function objectSchema(params: [string, SpecParam][]): Record<string, unknown> {
  const required = params.filter(([, p]) => p.required).map(([n]) => n);
  return {
    type: 'object',
    properties: Object.fromEntries(params.map(([n, p]) => [n, jsonSchemaOf(p)])),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}
