import type { ValidationIssue } from '@switchyard/runtime';
import { OPERATORS, type CompareOp, type FilterNode, type JsonValue } from './filter-ast.js';
import { SCALAR_TYPES, type EntitySchema, type FieldRef } from './searchable-fields.js';

/** Bounds that keep one request from building an enormous statement. */
export const FILTER_LIMITS = { maxDepth: 32, maxNodes: 1000, maxListLength: 1000, maxTextLength: 1000 } as const;

const COMPARE_OPS: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
const TEXT_OPS: ReadonlySet<string> = new Set(['like', 'fuzzy', 'keyword']);

interface Context {
  readonly schema: EntitySchema;
  readonly issues: ValidationIssue[];
  nodes: number;
}

/**
 * Turns the request's filter (operator → field → value) into a validated tree, or records every
 * problem it finds as an issue with the path of the offending part (`query.filter.and[1].eq.nmae`).
 * Returns null when there were issues.
 */
export function parseFilter(raw: unknown, schema: EntitySchema, path: string, issues: ValidationIssue[]): FilterNode | null {
  const context: Context = { schema, issues, nodes: 0 };
  const before = issues.length;
  const node = parseObject(raw, path, 0, false, context);
  return issues.length === before ? node : null;
}

function parseObject(raw: unknown, path: string, depth: number, relative: boolean, cx: Context): FilterNode {
  if (depth > FILTER_LIMITS.maxDepth) {
    cx.issues.push({ path, rule: 'filter-depth', message: `filters nest at most ${FILTER_LIMITS.maxDepth} levels deep` });
    return TRUE;
  }
  if (!isPlainObject(raw)) {
    cx.issues.push({ path, rule: 'filter', message: 'must be a filter object: {operator: {field: value}}' });
    return TRUE;
  }
  const parts: FilterNode[] = [];
  for (const [op, operand] of Object.entries(raw)) {
    const at = `${path}.${op}`;
    if (++cx.nodes > FILTER_LIMITS.maxNodes) {
      cx.issues.push({ path: at, rule: 'filter-size', message: `a filter holds at most ${FILTER_LIMITS.maxNodes} conditions` });
      return TRUE;
    }
    if (op === 'and' || op === 'or') {
      if (!Array.isArray(operand)) {
        cx.issues.push({ path: at, rule: 'filter', message: `"${op}" takes a list of filter objects` });
        continue;
      }
      parts.push({ kind: op, children: operand.map((child, i) => parseObject(child, `${at}[${i}]`, depth + 1, relative, cx)) });
    } else if (op === 'not') {
      parts.push({ kind: 'not', child: parseObject(operand, at, depth + 1, relative, cx) });
    } else if (OPERATORS.includes(op)) {
      parts.push(...parseLeaf(op, operand, at, depth, relative, cx));
    } else {
      cx.issues.push({ path: at, rule: 'operator', message: `unknown operator "${clip(op)}"; operators: ${OPERATORS.join(', ')}` });
    }
  }
  return parts.length === 1 ? parts[0]! : { kind: 'and', children: parts };
}

/** `{eq: {a: 1, b: 2}}`: one condition per field, all of them required. */
function parseLeaf(op: string, operand: unknown, path: string, depth: number, relative: boolean, cx: Context): FilterNode[] {
  if (!isPlainObject(operand) || Object.keys(operand).length === 0) {
    cx.issues.push({ path, rule: 'filter', message: `"${op}" takes an object of {field: value} with at least one field` });
    return [];
  }
  const nodes: FilterNode[] = [];
  for (const [name, value] of Object.entries(operand)) {
    const at = `${path}.${clip(name)}`;
    const field = cx.schema.resolve(name, relative);
    if (typeof field === 'string') {
      const allowed = relative ? '' : `; searchable fields of ${cx.schema.entity}: ${cx.schema.fieldNames().join(', ')}`;
      cx.issues.push({ path: at, rule: 'searchable-field', message: `${field}${allowed}` });
      continue;
    }
    const node = parseCondition(op, field, value, at, depth, cx);
    if (node) nodes.push(node);
  }
  return nodes;
}

function parseCondition(op: string, field: FieldRef, value: unknown, at: string, depth: number, cx: Context): FilterNode | null {
  const fail = (rule: string, message: string): null => {
    cx.issues.push({ path: at, rule, message });
    return null;
  };
  if (COMPARE_OPS.has(op)) {
    const problem = op === 'eq' || op === 'neq' ? checkEqualityValue(field, value) : checkRangeValue(field, value);
    return problem ? fail(problem.rule, problem.message) : { kind: 'compare', op: op as CompareOp, field, value: value as JsonValue };
  }
  if (op === 'in') {
    if (!Array.isArray(value)) return fail('value-type', '"in" takes a list of values');
    if (value.length > FILTER_LIMITS.maxListLength) return fail('value-size', `"in" takes at most ${FILTER_LIMITS.maxListLength} values`);
    for (const item of value) {
      const problem = checkEqualityValue(field, item);
      if (problem) return fail(problem.rule, problem.message);
    }
    return { kind: 'in', field, values: value as JsonValue[] };
  }
  if (TEXT_OPS.has(op)) {
    const textTypes = op === 'keyword' ? ['string', 'unknown', 'any', 'object', 'array'] : ['string', 'unknown', 'any'];
    if (!textTypes.includes(field.type)) return fail('operator-type', `"${op}" does not apply to ${field.type} field "${field.name}"`);
    if (typeof value !== 'string') return fail('value-type', `"${op}" takes a string`);
    if (value.length > FILTER_LIMITS.maxTextLength)
      return fail('value-size', `"${op}" text is at most ${FILTER_LIMITS.maxTextLength} characters`);
    if (op !== 'like' && !/[\p{L}\p{N}]/u.test(value)) return fail('value-type', `"${op}" needs at least one letter or digit`);
    if (op === 'like') return { kind: 'like', field, pattern: value };
    return op === 'fuzzy' ? { kind: 'fuzzy', field, text: value } : { kind: 'keyword', field, text: value };
  }
  if (op === 'contains') {
    if (!['array', 'unknown', 'any'].includes(field.type))
      return fail('operator-type', `"contains" applies to array fields; "${field.name}" is ${field.type}`);
    if (value === undefined || !isJson(value)) return fail('value-type', '"contains" takes a JSON value');
    return { kind: 'contains', field, value: value as JsonValue };
  }
  // any: the condition is a filter over the elements of an array of objects.
  if (!['array', 'unknown', 'any'].includes(field.type))
    return fail('operator-type', `"any" applies to array fields; "${field.name}" is ${field.type}`);
  return { kind: 'any', field, where: parseObject(value, at, depth + 1, true, cx) };
}

interface Problem {
  rule: string;
  message: string;
}

/** eq/neq/in: the value's JSON type must fit the declared type; null means "missing or null". */
function checkEqualityValue(field: FieldRef, value: unknown): Problem | null {
  if (value === undefined || !isJson(value)) return { rule: 'value-type', message: 'must be a JSON value' };
  if (value === null) return null;
  const expected = field.type;
  if (expected === 'unknown' || expected === 'any') return null;
  if (jsonTypeFits(expected, value)) return null;
  const hint = expected === 'array' ? ' (use "contains" to match one element)' : '';
  return { rule: 'value-type', message: `"${field.name}" is ${article(expected)} ${expected} field; got ${describe(value)}${hint}` };
}

/** gt/gte/lt/lte: numbers against numbers, strings against strings. */
function checkRangeValue(field: FieldRef, value: unknown): Problem | null {
  if (!SCALAR_TYPES.has(field.type) && field.type !== 'unknown' && field.type !== 'any') {
    return { rule: 'operator-type', message: `range operators do not apply to ${field.type} field "${field.name}"` };
  }
  if (field.type === 'boolean') return { rule: 'operator-type', message: `range operators do not apply to boolean field "${field.name}"` };
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
    return { rule: 'value-type', message: `range operators take a number or a string; got ${describe(value)}` };
  }
  if (field.type === 'string' && typeof value !== 'string')
    return { rule: 'value-type', message: `"${field.name}" is a string field; got ${describe(value)}` };
  if ((field.type === 'integer' || field.type === 'number') && typeof value !== 'number') {
    return { rule: 'value-type', message: `"${field.name}" is ${article(field.type)} ${field.type} field; got ${describe(value)}` };
  }
  return null;
}

function jsonTypeFits(type: string, value: unknown): boolean {
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
      return isPlainObject(value);
    default:
      return true;
  }
}

export function isJson(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isJson(v, depth + 1));
  if (isPlainObject(value)) return Object.values(value).every((v) => isJson(v, depth + 1));
  return false;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'object' ? 'an object' : `${article(typeof value)} ${typeof value}`;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** Caller text echoed in messages is kept short. */
function clip(text: string): string {
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

const TRUE: FilterNode = { kind: 'and', children: [] };
