/**
 * What the search language leaves to the service: which fields an entity has and what their
 * declared types allow. The language itself (operators, the values each takes, limits, field path
 * syntax) is the runtime's (core/search/language.ts) and its reader walks the request; these are
 * the answers it asks for, from the entity's searchable fields.
 */
import type { CompareOperator, FieldOperator, JsonValue, SearchFields, SearchProblem } from '@switchyard/runtime/internal';
import { SCALAR_TYPES, type EntitySchema, type FieldRef } from './searchable-fields.js';

/** Types a sort key may have: ordered scalars. */
const SORTABLE: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean']);
/** Field types each text operator applies to; `unknown` (below objects, inside `any`) and `any` allow every operator. */
const TEXT_TYPES: Readonly<Record<'like' | 'fuzzy' | 'keyword', readonly string[]>> = {
  like: ['string', 'unknown', 'any'],
  fuzzy: ['string', 'unknown', 'any'],
  keyword: ['string', 'unknown', 'any', 'object', 'array'],
};
const ARRAY_TYPES: readonly string[] = ['array', 'unknown', 'any'];

/** The entity's fields as the runtime's search reader asks about them. */
export function entityFields(schema: EntitySchema): SearchFields<FieldRef> {
  return {
    filterField(name, relative) {
      const field = schema.resolve(name, relative);
      if (typeof field !== 'string' || relative) return field;
      return `${field}; searchable fields of ${schema.entity}: ${schema.fieldNames().join(', ')}`;
    },
    sortField(name) {
      const field = schema.resolve(name);
      if (typeof field !== 'string' && SORTABLE.has(field.type)) return field;
      const reason = typeof field === 'string' ? field : `"${field.name}" is not a scalar field`;
      const sortable = schema.fieldNames().filter((n) => SORTABLE.has(schema.fields[n]!));
      return `${reason}; sortable fields of ${schema.entity}: ${sortable.join(', ')}`;
    },
    projectedField(name) {
      const field = schema.resolve(name);
      return typeof field === 'string' ? `${field}; searchable fields of ${schema.entity}: ${schema.fieldNames().join(', ')}` : field;
    },
    nameOf: (field) => field.name,
    operatorProblem,
    valueProblem,
  };
}

function operatorProblem(op: FieldOperator, field: FieldRef): SearchProblem | null {
  switch (op) {
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      if ((!SCALAR_TYPES.has(field.type) && field.type !== 'unknown' && field.type !== 'any') || field.type === 'boolean') {
        return { rule: 'operator-type', message: `range operators do not apply to ${field.type} field "${field.name}"` };
      }
      return null;
    case 'like':
    case 'fuzzy':
    case 'keyword':
      return TEXT_TYPES[op].includes(field.type)
        ? null
        : { rule: 'operator-type', message: `"${op}" does not apply to ${field.type} field "${field.name}"` };
    case 'contains':
    case 'any':
      return ARRAY_TYPES.includes(field.type)
        ? null
        : { rule: 'operator-type', message: `"${op}" applies to array fields; "${field.name}" is ${field.type}` };
    default:
      return null;
  }
}

/** eq, neq and in: the value's JSON type fits the declared type (null: missing or null); ranges: numbers or strings as declared. */
function valueProblem(op: CompareOperator | 'in', field: FieldRef, value: JsonValue): SearchProblem | null {
  const type = field.type;
  if (type === 'unknown' || type === 'any') return null;
  if (op === 'eq' || op === 'neq' || op === 'in') {
    if (value === null || jsonTypeFits(type, value)) return null;
    const hint = type === 'array' ? ' (use "contains" to match one element)' : '';
    return { rule: 'value-type', message: `"${field.name}" is ${article(type)} ${type} field; got ${describe(value)}${hint}` };
  }
  if (type === 'string' && typeof value !== 'string')
    return { rule: 'value-type', message: `"${field.name}" is a string field; got ${describe(value)}` };
  if ((type === 'integer' || type === 'number') && typeof value !== 'number') {
    return { rule: 'value-type', message: `"${field.name}" is ${article(type)} ${type} field; got ${describe(value)}` };
  }
  return null;
}

function jsonTypeFits(type: string, value: JsonValue): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${article(typeof value)} ${typeof value}`;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}
