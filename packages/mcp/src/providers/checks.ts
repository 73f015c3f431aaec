/**
 * Checkers of each provider's rules for tool definitions, written from the rules as the providers
 * state them (and as Switchyard's step 8 lists them), so tests can hold every definition of every
 * connector to them, and callers can check definitions of their own. Each returns the problems
 * found, each with its JSON path; none means valid.
 */
import { GEMINI_KEYWORDS } from './gemini.js';
import { OPENAI_MAX_NESTING } from './openai.js';
import { isSchema, type Schema } from './schema-shapes.js';

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Keywords OpenAI's strict mode rejects. */
export const OPENAI_STRICT_REJECTED = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
] as const;

/**
 * Strict mode: every object has `additionalProperties: false` and lists every property in
 * `required`; no rejected keyword; every schema says what it holds (type, enum or anyOf); at most
 * 10 levels of object nesting; the root is an object.
 */
export function openaiStrictProblems(parameters: Schema): string[] {
  const problems: string[] = [];
  if (parameters['type'] !== 'object') problems.push('$: the root must be {"type": "object"}');
  const visit = (schema: unknown, path: string, depth: number): void => {
    if (!isSchema(schema)) {
      problems.push(`${path}: not a schema object`);
      return;
    }
    for (const keyword of OPENAI_STRICT_REJECTED)
      if (Object.hasOwn(schema, keyword)) problems.push(`${path}: ${keyword} is rejected in strict mode`);
    const types = typeof schema['type'] === 'string' ? [schema['type']] : Array.isArray(schema['type']) ? schema['type'] : [];
    if (types.length === 0 && !Array.isArray(schema['anyOf']) && !Array.isArray(schema['enum']))
      problems.push(`${path}: no type, enum or anyOf`);
    let objectDepth = depth;
    if (types.includes('object')) {
      objectDepth = depth + 1;
      if (objectDepth > OPENAI_MAX_NESTING) problems.push(`${path}: nested ${objectDepth} objects deep (at most ${OPENAI_MAX_NESTING})`);
      if (schema['additionalProperties'] !== false) problems.push(`${path}: additionalProperties must be false`);
      const properties = isSchema(schema['properties']) ? schema['properties'] : undefined;
      if (!properties) problems.push(`${path}: an object needs properties`);
      const required = Array.isArray(schema['required']) ? schema['required'] : [];
      for (const key of Object.keys(properties ?? {})) {
        if (!required.includes(key)) problems.push(`${path}.properties.${key}: not listed in required`);
      }
      for (const key of required)
        if (!properties || !Object.hasOwn(properties, key)) problems.push(`${path}.required: ${String(key)} is not a property`);
      for (const [key, value] of Object.entries(properties ?? {})) visit(value, `${path}.properties.${key}`, objectDepth);
    }
    if (isSchema(schema['items'])) visit(schema['items'], `${path}.items`, objectDepth);
    if (Array.isArray(schema['anyOf'])) schema['anyOf'].forEach((branch, i) => visit(branch, `${path}.anyOf[${i}]`, depth));
  };
  visit(parameters, '$', 0);
  return problems;
}

const GEMINI_TYPES = new Set(['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'ARRAY', 'OBJECT']);

/** Gemini: only the documented keywords, its type names, enum on strings only, objects with properties. */
export function geminiProblems(parameters: Schema): string[] {
  const problems: string[] = [];
  const allowed = new Set<string>(GEMINI_KEYWORDS);
  const visit = (schema: unknown, path: string): void => {
    if (!isSchema(schema)) {
      problems.push(`${path}: not a schema object`);
      return;
    }
    for (const key of Object.keys(schema)) if (!allowed.has(key)) problems.push(`${path}: ${key} is not in Gemini's schema subset`);
    const type = schema['type'];
    if (type === undefined && !Array.isArray(schema['anyOf'])) problems.push(`${path}: no type`);
    if (type !== undefined && (typeof type !== 'string' || !GEMINI_TYPES.has(type)))
      problems.push(`${path}: type ${JSON.stringify(type)} is not a Gemini type`);
    if (
      schema['enum'] !== undefined &&
      (type !== 'STRING' || !Array.isArray(schema['enum']) || schema['enum'].some((v) => typeof v !== 'string'))
    ) {
      problems.push(`${path}: enum is for strings only`);
    }
    if (schema['format'] !== undefined && type === 'STRING' && !['enum', 'date-time'].includes(String(schema['format']))) {
      problems.push(`${path}: format ${String(schema['format'])} is not one Gemini accepts for strings`);
    }
    if (schema['nullable'] !== undefined && typeof schema['nullable'] !== 'boolean') problems.push(`${path}: nullable must be a boolean`);
    if (type === 'OBJECT') {
      const properties = isSchema(schema['properties']) ? schema['properties'] : {};
      if (Object.keys(properties).length === 0) problems.push(`${path}: an OBJECT needs properties`);
      for (const key of Array.isArray(schema['required']) ? schema['required'] : []) {
        if (!Object.hasOwn(properties, key)) problems.push(`${path}.required: ${String(key)} is not a property`);
      }
      for (const [key, value] of Object.entries(properties)) visit(value, `${path}.properties.${key}`);
    }
    if (type === 'ARRAY') {
      if (!isSchema(schema['items'])) problems.push(`${path}: an ARRAY needs items`);
      else visit(schema['items'], `${path}.items`);
    }
    if (Array.isArray(schema['anyOf'])) schema['anyOf'].forEach((branch, i) => visit(branch, `${path}.anyOf[${i}]`));
  };
  if (parameters['type'] !== 'OBJECT') problems.push('$: parameters must be an OBJECT');
  visit(parameters, '$');
  return problems;
}

/** Anthropic: `{name, description, input_schema}` with a valid name and an object input schema. */
export function anthropicProblems(tool: unknown): string[] {
  const problems: string[] = [];
  if (!isSchema(tool)) return ['$: not an object'];
  const keys = Object.keys(tool).sort();
  if (JSON.stringify(keys) !== JSON.stringify(['description', 'input_schema', 'name']))
    problems.push(`$: keys must be name, description, input_schema (got ${keys.join(', ')})`);
  if (typeof tool['name'] !== 'string' || !TOOL_NAME_PATTERN.test(tool['name'])) problems.push(`$.name: must match ${TOOL_NAME_PATTERN}`);
  if (typeof tool['description'] !== 'string' || tool['description'] === '') problems.push('$.description: must be a non-empty string');
  const schema = tool['input_schema'];
  if (!isSchema(schema) || schema['type'] !== 'object') problems.push('$.input_schema: must be a JSON Schema of type object');
  return problems;
}
