/**
 * The shape of a hosted search's `query`, checked before the request leaves (the declared
 * parameter rules already check that `query` is an object, `limit` a positive integer, …):
 * operators are known, `and`/`or` take lists of filters, `not` one filter, comparisons an object
 * of field → value, and `sort` is a list of `{field: "asc" | "desc"}`. Whether a field is
 * searchable is the service's to say: it knows the entity's fields and answers a ValidationError
 * listing the allowed ones.
 */
import type { ValidationIssue } from './errors.js';

const COMPARISONS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'fuzzy', 'keyword', 'contains', 'any']);
const LISTS = new Set(['and', 'or']);
const STRING_VALUED = new Set(['like', 'fuzzy', 'keyword']);
/** Nesting deeper than this is refused before sending (the service has its own, equal or lower, limit). */
const MAX_DEPTH = 32;

export function searchQueryIssues(query: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!isObject(query)) return issues; // the parameter rules report it
  if (query['filter'] !== undefined) filterIssues(query['filter'], 'query.filter', 0, issues);
  const sort = query['sort'];
  if (sort !== undefined) {
    if (!Array.isArray(sort)) {
      issues.push({ path: 'query.sort', rule: 'type', message: 'must be a list of {field: "asc" | "desc"}' });
    } else {
      sort.forEach((entry: unknown, i) => {
        const path = `query.sort[${i}]`;
        const keys = isObject(entry) ? Object.keys(entry) : [];
        if (keys.length !== 1) {
          issues.push({ path, rule: 'sort', message: 'must be an object with exactly one field: {field: "asc" | "desc"}' });
          return;
        }
        const direction = (entry as Record<string, unknown>)[keys[0]!];
        if (direction !== 'asc' && direction !== 'desc') {
          issues.push({ path: `${path}.${keys[0]}`, rule: 'enum', message: `must be "asc" or "desc" (got ${JSON.stringify(direction)})` });
        }
      });
    }
  }
  return issues;
}

function filterIssues(filter: unknown, path: string, depth: number, issues: ValidationIssue[]): void {
  if (depth > MAX_DEPTH) {
    issues.push({ path, rule: 'filter-depth', message: `filters nest at most ${MAX_DEPTH} levels` });
    return;
  }
  if (!isObject(filter)) {
    issues.push({ path, rule: 'filter', message: 'must be a filter object: {operator: {field: value}}' });
    return;
  }
  for (const [operator, operand] of Object.entries(filter)) {
    const at = `${path}.${operator}`;
    if (LISTS.has(operator)) {
      if (!Array.isArray(operand)) issues.push({ path: at, rule: 'filter', message: `"${operator}" takes a list of filter objects` });
      else operand.forEach((child: unknown, i) => filterIssues(child, `${at}[${i}]`, depth + 1, issues));
    } else if (operator === 'not') {
      filterIssues(operand, at, depth + 1, issues);
    } else if (COMPARISONS.has(operator)) {
      if (!isObject(operand) || Object.keys(operand).length === 0) {
        issues.push({ path: at, rule: 'filter', message: `"${operator}" takes an object of {field: value} with at least one field` });
        continue;
      }
      for (const [field, value] of Object.entries(operand)) {
        if (operator === 'in' && !Array.isArray(value)) {
          issues.push({ path: `${at}.${field}`, rule: 'type', message: 'must be a list of values' });
        } else if (STRING_VALUED.has(operator) && typeof value !== 'string') {
          issues.push({ path: `${at}.${field}`, rule: 'type', message: `must be a string (${operator} matches text)` });
        } else if (operator === 'any') {
          filterIssues(value, `${at}.${field}`, depth + 1, issues);
        }
      }
    } else {
      issues.push({
        path: at,
        rule: 'operator',
        message: `is not a search operator; use one of ${[...COMPARISONS, 'not', ...LISTS].join(', ')}`,
      });
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
