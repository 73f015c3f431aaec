/** Validates a spec against specs/connector.schema.json and turns ajv's errors into Problems. */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { positionOf, type LoadedSpec } from './load.js';
import type { Problem } from './problems.js';

let compiled: ValidateFunction | undefined;

export function schemaValidator(schemaFile: string): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
    compiled = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
  }
  return compiled;
}

export function validateAgainstSchema(spec: LoadedSpec, schemaFile: string): Problem[] {
  const validate = schemaValidator(schemaFile);
  if (validate(spec.data)) return [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of relevant(validate.errors ?? [])) {
    const path = error.instancePath.split('/').slice(1).map(decode);
    const where = error.keyword === 'additionalProperties' ? [...path, String(error.params['additionalProperty'])] : path;
    const pos = positionOf(spec, where, error.keyword === 'additionalProperties');
    const problem: Problem = { file: spec.file, ...pos, code: 'SY010', message: describe(error, path), hint: hint(error) };
    const key = `${problem.line}:${problem.col}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems.sort((a, b) => a.line - b.line || a.col - b.col);
}

/** Drops the umbrella errors of if/then, oneOf and allOf: the specific errors beneath them say more. */
function relevant(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => !['if', 'oneOf', 'anyOf', 'allOf'].includes(e.keyword));
  // A oneOf of string-or-object fails both branches; the `type` error of the branch the value
  // did not try to match is noise next to the specific error of the branch it did.
  const paths = new Set(specific.filter((e) => e.keyword !== 'type').map((e) => e.instancePath));
  const focused = specific.filter((e) => e.keyword !== 'type' || !paths.has(e.instancePath));
  return focused.length > 0 ? focused : errors;
}

function describe(error: ErrorObject, path: string[]): string {
  const where = path.length ? path.join('.') : 'spec';
  switch (error.keyword) {
    case 'required':
      return `${where}: missing required property "${error.params['missingProperty']}"`;
    case 'additionalProperties':
      return `${where}: unknown property "${error.params['additionalProperty']}"`;
    case 'enum':
      return `${where}: must be one of ${(error.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return `${where}: "${String(error.data)}" does not match ${error.params['pattern']}`;
    default:
      return `${where}: ${error.message ?? error.keyword}`;
  }
}

function hint(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'add the property; specs/connector.schema.json describes it';
    case 'additionalProperties':
      return 'check the spelling against specs/connector.schema.json; unknown properties are rejected so typos do not pass silently';
    case 'enum':
      return 'use one of the listed values';
    case 'pattern':
      if (/fields/.test(error.instancePath)) return 'type expressions look like `string?`, `array<Record>`, `string | integer?`';
      if (error.instancePath === '/name') return 'connector names are kebab-case: support-desk';
      if (error.instancePath === '/baseUrl') return 'the base URL is absolute: https://…';
      return 'make the value match the pattern; specs/connector.schema.json explains the property';
    case 'type':
      return 'check the value type against specs/connector.schema.json';
    default:
      return 'see the property description in specs/connector.schema.json';
  }
}

function decode(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
