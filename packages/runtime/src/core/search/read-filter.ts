/**
 * Reads a search filter (operator → field → value) into a checked tree, by the rules of
 * language.ts, recording every problem as an issue with the path of the offending part
 * (`query.filter.and[1].eq.nmae`). What depends on the entity (which fields exist, their declared
 * types) is asked of a SearchFields: the service answers from the entity's searchable fields, the
 * SDK takes every well-formed name (read-search.ts).
 */
import type { ValidationIssue } from '../errors.js';
import {
  SEARCH_LIMITS,
  SEARCH_OPERATORS,
  SEARCH_OPERATOR_NAMES,
  WORDS_PATTERN,
  clip,
  fieldPathProblem,
  isSearchOperator,
  textLength,
  type CompareOperator,
  type FieldOperator,
} from './language.js';
import type { JsonValue, SearchNode } from './types.js';

/** A rule a value or field broke: the issue's rule and message. */
export interface SearchProblem {
  readonly rule: string;
  readonly message: string;
}

/**
 * What only the reader's owner knows about the entity's fields. A field is an object of the owner's
 * (the service's FieldRef); a string in its place is the reason there is none.
 */
export interface SearchFields<F extends object> {
  /**
   * The field a filter names, or why there is none. `relative`: inside `any`, relative to an array
   * element, where no field list exists. Called only with well-formed field paths.
   */
  filterField(name: string, relative: boolean): F | string;
  /** A sort key's field (declared, sortable), or why not. Called only with well-formed field paths. */
  sortField(name: string): F | string;
  /** A field of `fields`, or why not. Called only with well-formed field paths. */
  projectedField(name: string): F | string;
  /** Why `op` does not apply to the field (its declared type), or null. */
  operatorProblem?(op: FieldOperator, field: F): SearchProblem | null;
  /** Why a value the language accepts does not fit the field's declared type (eq, neq, ranges, in items), or null. */
  valueProblem?(op: CompareOperator | 'in', field: F, value: JsonValue): SearchProblem | null;
  /** The name a field is known by (duplicate sort keys are refused by it). */
  nameOf(field: F): string;
}

interface Context<F extends object> {
  readonly fields: SearchFields<F>;
  readonly issues: ValidationIssue[];
  conditions: number;
}

const TRUE = { kind: 'and', children: [] } as const;

/** The filter as a tree, or null when it has problems (each one recorded in `issues`). */
export function readFilter<F extends object>(raw: unknown, fields: SearchFields<F>, path: string, issues: ValidationIssue[]): SearchNode<F> | null {
  const before = issues.length;
  const node = readObject(raw, path, 0, false, { fields, issues, conditions: 0 });
  return issues.length === before ? node : null;
}

function readObject<F extends object>(raw: unknown, path: string, depth: number, relative: boolean, cx: Context<F>): SearchNode<F> {
  if (depth > SEARCH_LIMITS.maxDepth) {
    cx.issues.push({ path, rule: 'filter-depth', message: `filters nest at most ${SEARCH_LIMITS.maxDepth} levels deep` });
    return TRUE;
  }
  if (!isPlainObject(raw)) {
    cx.issues.push({ path, rule: 'filter', message: 'must be a filter object: {operator: {field: value}}' });
    return TRUE;
  }
  const parts: SearchNode<F>[] = [];
  for (const [op, operand] of Object.entries(raw)) {
    const at = `${path}.${op}`;
    if (++cx.conditions > SEARCH_LIMITS.maxConditions) {
      cx.issues.push({ path: at, rule: 'filter-size', message: `a filter holds at most ${SEARCH_LIMITS.maxConditions} conditions` });
      return TRUE;
    }
    if (!isSearchOperator(op)) {
      cx.issues.push({ path: at, rule: 'operator', message: `unknown operator "${clip(op)}"; operators: ${SEARCH_OPERATOR_NAMES.join(', ')}` });
      continue;
    }
    if (op === 'and' || op === 'or') {
      if (!Array.isArray(operand)) {
        cx.issues.push({ path: at, rule: 'filter', message: `"${op}" takes a list of filter objects` });
        continue;
      }
      parts.push({ kind: op, children: operand.map((child, i) => readObject(child, `${at}[${i}]`, depth + 1, relative, cx)) });
    } else if (op === 'not') {
      parts.push({ kind: 'not', child: readObject(operand, at, depth + 1, relative, cx) });
    } else {
      parts.push(...readConditions(op, operand, at, depth, relative, cx));
    }
  }
  return parts.length === 1 ? parts[0]! : { kind: 'and', children: parts };
}

/** `{eq: {a: 1, b: 2}}`: one condition per field, all of them required. */
function readConditions<F extends object>(op: FieldOperator, operand: unknown, path: string, depth: number, relative: boolean, cx: Context<F>): SearchNode<F>[] {
  if (!isPlainObject(operand) || Object.keys(operand).length === 0) {
    cx.issues.push({ path, rule: 'filter', message: `"${op}" takes an object of {field: value} with at least one field` });
    return [];
  }
  const nodes: SearchNode<F>[] = [];
  for (const [name, value] of Object.entries(operand)) {
    const at = `${path}.${clip(name)}`;
    const field = fieldPathProblem(name) ?? cx.fields.filterField(name, relative);
    if (typeof field === 'string') {
      cx.issues.push({ path: at, rule: 'searchable-field', message: field });
      continue;
    }
    const node = readCondition(op, field, value, at, depth, cx);
    if (node) nodes.push(node);
  }
  return nodes;
}

function readCondition<F extends object>(op: FieldOperator, field: F, value: unknown, at: string, depth: number, cx: Context<F>): SearchNode<F> | null {
  const fail = (problem: SearchProblem): null => {
    cx.issues.push({ path: at, ...problem });
    return null;
  };
  const misuse = cx.fields.operatorProblem?.(op, field);
  if (misuse) return fail(misuse);
  const fits = (kind: CompareOperator | 'in', v: JsonValue) => cx.fields.valueProblem?.(kind, field, v) ?? null;
  switch (SEARCH_OPERATORS[op].operand) {
    case 'equality': {
      if (!isJson(value)) return fail({ rule: 'value-type', message: 'must be a JSON value' });
      const problem = fits(op as CompareOperator, value);
      return problem ? fail(problem) : { kind: 'compare', op: op as CompareOperator, field, value };
    }
    case 'range': {
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
        return fail({ rule: 'value-type', message: `range operators take a number or a string; got ${describe(value)}` });
      }
      const problem = fits(op as CompareOperator, value);
      return problem ? fail(problem) : { kind: 'compare', op: op as CompareOperator, field, value };
    }
    case 'list': {
      if (!Array.isArray(value)) return fail({ rule: 'value-type', message: '"in" takes a list of values' });
      if (value.length > SEARCH_LIMITS.maxListLength)
        return fail({ rule: 'value-size', message: `"in" takes at most ${SEARCH_LIMITS.maxListLength} values` });
      for (const item of value) {
        if (!isJson(item)) return fail({ rule: 'value-type', message: 'must be a JSON value' });
        const problem = fits('in', item);
        if (problem) return fail(problem);
      }
      return { kind: 'in', field, values: value as JsonValue[] };
    }
    case 'pattern':
    case 'words': {
      if (typeof value !== 'string') return fail({ rule: 'value-type', message: `"${op}" takes a string` });
      if (textLength(value) > SEARCH_LIMITS.maxTextLength)
        return fail({ rule: 'value-size', message: `"${op}" text is at most ${SEARCH_LIMITS.maxTextLength} characters` });
      if (op === 'like') return { kind: 'like', field, pattern: value };
      if (!WORDS_PATTERN.test(value)) return fail({ rule: 'value-type', message: `"${op}" needs at least one letter or digit` });
      return op === 'fuzzy' ? { kind: 'fuzzy', field, text: value } : { kind: 'keyword', field, text: value };
    }
    case 'element':
      if (!isJson(value)) return fail({ rule: 'value-type', message: '"contains" takes a JSON value' });
      return { kind: 'contains', field, value };
    case 'elements':
      // A filter over the elements of an array of objects.
      return { kind: 'any', field, where: readObject(value, at, depth + 1, true, cx) };
  }
}

/** JSON values only (no undefined, NaN, Infinity, functions), nested at most SEARCH_LIMITS.maxValueDepth levels. */
export function isJson(value: unknown, depth = 0): value is JsonValue {
  if (depth > SEARCH_LIMITS.maxValueDepth) return false;
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
