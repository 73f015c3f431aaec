/**
 * Parameter rules as packages publish them besides the runtime rules (../spec/param-rule.ts): JSON Schema
 * for tools, and the rules in words for docs (the TSDoc of each parameter and the README tables).
 */
import { DATE_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '@switchyard/runtime/internal';
import type { NamedParam } from '../spec/named-types.js';
import type { SpecParam } from '../spec/spec-types.js';
import { crossFieldSchema } from './cross-field-schema.js';

/** Prints a nested use of a named type (schemas.ts passes one that refers to a shared constant). */
export type NamedSchema = (param: NamedParam) => unknown;

/** JSON Schema (draft-07) of one parameter. */
export function jsonSchemaOf(param: SpecParam, named?: NamedSchema): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  if (param.description) schema['description'] = param.description;
  if (param.type !== 'any') schema['type'] = param.nullable ? [param.type, 'null'] : param.type;
  for (const key of ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'default'] as const) {
    if (param[key] !== undefined) schema[key] = param[key];
  }
  if (param.enum && param.nullable) schema['enum'] = [...param.enum, null];
  if (param.type === 'integer') {
    // The runtime refuses integers past 2^53 (not exact in JavaScript); the schema says the same.
    schema['minimum'] = Math.max(param.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    schema['maximum'] = Math.min(param.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  }
  if (param.pattern !== undefined) schema['pattern'] = param.pattern;
  if (param.format === 'utc-date-time') {
    schema['format'] = 'date-time';
    schema['pattern'] = UTC_DATE_TIME_PATTERN;
  } else if (param.format === 'date-time') {
    // ajv-formats alone also takes a space for T and `+0200`: the pattern pins RFC 3339, as the runtime checks.
    schema['format'] = 'date-time';
    if (param.pattern === undefined) schema['pattern'] = DATE_TIME_PATTERN;
    else schema['allOf'] = [{ pattern: DATE_TIME_PATTERN }];
  } else if (param.format) schema['format'] = param.format;
  // A config variable that is a whole host name (../check/hostname-rules.ts): JSON Schema's own word for it.
  if (param.hostname) schema['format'] = 'hostname';
  // A path value is one URL segment: "", "." and ".." would change the path (the runtime refuses them).
  if (param.in === 'path' && param.type === 'string') schema['not'] = { enum: ['', '.', '..'] };
  if (param.items) schema['items'] = nestedSchema(param.items, named);
  if (param.properties) Object.assign(schema, objectSchema(Object.entries(param.properties), named));
  Object.assign(schema, crossFieldSchema(param));
  return schema;
}

function nestedSchema(param: NamedParam, named: NamedSchema | undefined): unknown {
  return named && param.typeName !== undefined ? named(param) : jsonSchemaOf(param, named);
}

export function objectSchema(params: [string, SpecParam][], named?: NamedSchema): Record<string, unknown> {
  const required = params.filter(([, p]) => p.required).map(([n]) => n);
  return {
    type: 'object',
    properties: Object.fromEntries(params.map(([n, p]) => [n, nestedSchema(p, named)])),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** The rules of one parameter in words, Markdown-ready: "≥ 1; ≤ 1000; default `200`". Empty when it has none. */
export function ruleWords(p: SpecParam): string {
  const rules: string[] = [];
  if (p.minimum !== undefined) rules.push(`≥ ${p.minimum}`);
  if (p.maximum !== undefined) rules.push(`≤ ${p.maximum}`);
  if (p.minLength !== undefined && p.minLength > 0) rules.push(`at least ${p.minLength} character${p.minLength === 1 ? '' : 's'}`);
  if (p.maxLength !== undefined) rules.push(`at most ${p.maxLength} characters`);
  if (p.totalItems) rules.push(`at most ${p.totalItems.maximum} ${p.totalItems.field} in all`);
  if (p.patternText) rules.push(p.patternText);
  else if (p.pattern) rules.push(`matches \`${p.pattern}\``);
  if (p.format) rules.push(p.format === 'utc-date-time' ? 'UTC YYYY-MM-DDTHH:mm:ssZ' : p.format);
  if (p.nullable) rules.push('null accepted');
  if (p.default !== undefined) rules.push(`default \`${JSON.stringify(p.default)}\``);
  return rules.join('; ');
}
