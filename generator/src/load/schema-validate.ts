/** Validates a spec against the spec schema (specs/connector.schema.json; dist/assets/ when installed) and turns ajv's errors into Problems. */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { locate, type LoadedSpec } from './yaml.js';
import type { Problem } from '../spec/problems.js';

interface Definitions {
  definitions?: Record<string, { properties?: Record<string, { const?: unknown }> }>;
}

const compiled = new Map<string, ValidateFunction>();

export function schemaValidator(schemaFile: string): ValidateFunction {
  let validate = compiled.get(schemaFile);
  if (!validate) {
    // discriminator: a credential kind's `kind` (a pagination rule's `style`) picks the one oneOf
    // branch to check, so errors speak about that branch only instead of every alternative.
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true, discriminator: true });
    validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    compiled.set(schemaFile, validate);
  }
  return validate;
}

export function validateAgainstSchema(spec: LoadedSpec, schemaFile: string): Problem[] {
  return checkSchema(spec, schemaFile).problems;
}

/**
 * The schema's problems, and the data path of every value it refused (for a missing property, the
 * path it should have), so the semantic rules can run on the rest (schema-prune.ts).
 */
export function checkSchema(spec: LoadedSpec, schemaFile: string): { problems: Problem[]; refused: (string | number)[][] } {
  const validate = schemaValidator(schemaFile);
  if (validate(spec.data)) return { problems: [], refused: [] };
  const refused: (string | number)[][] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of relevant(validate.errors ?? [])) {
    const path = error.instancePath.split('/').slice(1).map(decode);
    const where =
      error.keyword === 'additionalProperties'
        ? [...path, String(error.params['additionalProperty'])]
        : error.keyword === 'discriminator'
          ? [...path, String(error.params['tag'])]
          : path;
    refused.push(error.keyword === 'required' ? [...path, String(error.params['missingProperty'])] : where);
    const at = locate(spec, where, error.keyword === 'additionalProperties');
    // Inside an anchor, name the path where the value is written, so every use reports the same words (and collapses into one problem).
    const shownPath = at.anchor && at.complete ? at.written.slice(0, at.written.length - (where.length - path.length)).map(String) : path;
    const message = describe(error, shownPath, validate.schema as Definitions) + (at.anchor ? anchorNote(at.anchor) : '');
    const problem: Problem = { file: spec.file, line: at.line, col: at.col, code: 'SY010', message, hint: hint(error) };
    const key = `${problem.line}:${problem.col}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return { problems: problems.sort((a, b) => a.line - b.line || a.col - b.col), refused };
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

function describe(error: ErrorObject, path: string[], schema: Definitions): string {
  const where = path.length ? path.join('.') : 'spec';
  switch (error.keyword) {
    case 'required':
      return `${where}: missing required property "${error.params['missingProperty']}"`;
    case 'additionalProperties':
      return `${where}: unknown property "${error.params['additionalProperty']}"`;
    case 'enum':
      return `${where}: must be one of ${(error.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      // Never the raw regular expression: the schema's words for it, or where to read about the property.
      return `${where}: "${String(error.data)}" is not ${patternWords(error)}`;
    case 'discriminator': {
      const tag = String(error.params['tag']);
      const value: unknown = error.params['tagValue'];
      // Same words as the `required` error reported beside it, so the two collapse into one problem.
      if (value === undefined) return `${where}: missing required property "${tag}"`;
      return `${where}.${tag}: ${JSON.stringify(value)} is not one of ${variants(error, tag, schema)}`;
    }
    case 'not':
      return `${where}: may not set all of ${((error.schema as { required?: string[] }).required ?? []).join(', ')}`;
    default:
      return `${where}: ${error.message ?? error.keyword}`;
  }
}

function hint(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'add the property; the spec schema (connector.schema.json) describes it';
    case 'additionalProperties':
      return 'check the spelling against the spec schema (connector.schema.json); unknown properties are rejected so typos do not pass silently';
    case 'enum':
      return 'use one of the listed values';
    case 'pattern':
      if (/fields/.test(error.instancePath)) return 'type expressions look like `string?`, `array<Record>`, `string | integer?`';
      if (error.instancePath === '/name') return 'connector names are kebab-case: support-desk';
      if (error.instancePath === '/baseUrl') return 'the base URL is absolute: https://…';
      return 'make the value match the pattern; the spec schema (connector.schema.json) explains the property';
    case 'type':
      return 'check the value type against the spec schema (connector.schema.json)';
    case 'discriminator':
      return 'use one of the listed values; each has its own properties in the spec schema (connector.schema.json)';
    case 'not':
      return 'keep one of them; the spec schema (connector.schema.json) explains each';
    default:
      return 'see the property description in the spec schema (connector.schema.json)';
  }
}

/** The tag values a discriminated oneOf accepts, read from its branches (each a $ref to a definition). */
function variants(error: ErrorObject, tag: string, schema: Definitions): string {
  const parent = error.parentSchema as { oneOf?: { $ref?: string }[] } | undefined;
  const definitions = schema.definitions ?? {};
  const values = (parent?.oneOf ?? []).map((branch) => {
    const name = branch.$ref?.replace('#/definitions/', '') ?? '';
    return JSON.stringify(definitions[name]?.properties?.[tag]?.const);
  });
  return values.join(', ');
}

/** The schema's `patternText` beside a pattern (or, for a property name, beside its propertyNames pattern). */
function patternWords(error: ErrorObject): string {
  const text = (error.parentSchema as { patternText?: unknown } | undefined)?.patternText;
  return typeof text === 'string'
    ? text
    : 'in the form this property takes (see its description in the spec schema, connector.schema.json)';
}

function anchorNote(anchor: { name: string; uses: number }): string {
  return ` (in anchor &${anchor.name}, used ${anchor.uses} time${anchor.uses === 1 ? '' : 's'}; fix it there)`;
}

function decode(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
