/**
 * HubSpot's CRM search over the fake's records: filter groups (OR of ANDs), the documented limits
 * (5 groups, 10 filters per group, 25 filters in all since 2024-08-26 per reference/vendor-apis.md,
 * `limit` ≤ 200, at most 10,000 results paged),
 * sorts, free-text `query` over the type's default searchable properties, and offset cursors.
 * Archived records are never searched.
 */
import type { Reply } from '../harness.js';
import type { CrmRecord, Json, ObjectType } from './data.js';
import { validationError } from './errors.js';
import { shapeRecord } from './shape.js';

export const SEARCH_LIMITS = { groups: 5, filtersPerGroup: 10, filters: 25, limit: 200, results: 10_000, queryLength: 3000 } as const;

interface Filter {
  propertyName: string;
  operator: string;
  value?: unknown;
  highValue?: unknown;
  values?: unknown[];
}

export function search(type: ObjectType, body: Json): Reply {
  const groups: { filters: Filter[] }[] = Array.isArray(body['filterGroups']) ? body['filterGroups'] : [];
  const total = groups.reduce((n, g) => n + (Array.isArray(g?.filters) ? g.filters.length : 0), 0);
  if (
    groups.length > SEARCH_LIMITS.groups ||
    groups.some((g) => (g?.filters?.length ?? 0) > SEARCH_LIMITS.filtersPerGroup) ||
    total > SEARCH_LIMITS.filters
  ) {
    return validationError(
      `There was a problem with the request: filterGroups exceed the limits (at most ${SEARCH_LIMITS.groups} groups, ${SEARCH_LIMITS.filtersPerGroup} filters per group, ${SEARCH_LIMITS.filters} filters in total).`,
    );
  }
  const query = body['query'];
  if (typeof query === 'string' && query.length > SEARCH_LIMITS.queryLength) return validationError('query is too long');
  const limit = body['limit'] ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMITS.limit) {
    return validationError(`limit must be between 1 and ${SEARCH_LIMITS.limit}`, [{ message: 'invalid limit', in: 'limit' }]);
  }
  const offset = body['after'] === undefined ? 0 : Number(body['after']);
  if (!Number.isInteger(offset) || offset < 0) return validationError(`invalid after: ${JSON.stringify(body['after'])}`);
  if (offset >= SEARCH_LIMITS.results) return validationError(`Cannot page beyond ${SEARCH_LIMITS.results} results`);
  for (const group of groups) {
    for (const filter of group.filters ?? []) {
      const problem = filterProblem(filter);
      if (problem) return validationError(problem, [{ message: problem, in: 'filterGroups', code: 'INVALID_FILTER' }]);
    }
  }

  let rows = type.records.filter((r) => !r.archived);
  if (groups.length > 0) rows = rows.filter((r) => groups.some((g) => (g.filters ?? []).every((f) => matches(r, f))));
  if (typeof query === 'string' && query.trim() !== '') {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    rows = rows.filter((r) => words.every((w) => type.queryProperties.some((p) => (r.properties[p] ?? '').toLowerCase().includes(w))));
  }
  const sorts: { propertyName: string; direction?: string }[] = Array.isArray(body['sorts']) ? body['sorts'] : [];
  rows = [...rows].sort((a, b) => {
    for (const sort of sorts) {
      const order = compare(value(a, sort.propertyName), value(b, sort.propertyName));
      if (order !== 0) return sort.direction === 'DESCENDING' ? -order : order;
    }
    return compare(a.id, b.id);
  });

  const properties = Array.isArray(body['properties']) ? (body['properties'] as string[]) : undefined;
  const page = rows.slice(offset, Math.min(offset + limit, SEARCH_LIMITS.results));
  const next = offset + page.length;
  return {
    body: {
      total: rows.length,
      results: page.map((r) => shapeRecord(type, r, { properties })),
      ...(next < Math.min(rows.length, SEARCH_LIMITS.results) ? { paging: { next: { after: String(next), link: `?after=${next}` } } } : {}),
    },
  };
}

function filterProblem(f: Filter): string | undefined {
  if (typeof f?.propertyName !== 'string' || f.propertyName === '') return 'filter.propertyName is required';
  const needsValue = ['EQ', 'NEQ', 'LT', 'LTE', 'GT', 'GTE', 'CONTAINS_TOKEN', 'NOT_CONTAINS_TOKEN'];
  if (needsValue.includes(f.operator) && f.value === undefined) return `Operator ${f.operator} requires a value`;
  if (f.operator === 'BETWEEN' && (f.value === undefined || f.highValue === undefined))
    return 'Operator BETWEEN requires value and highValue';
  if ((f.operator === 'IN' || f.operator === 'NOT_IN') && !Array.isArray(f.values)) return `Operator ${f.operator} requires values`;
  if (![...needsValue, 'BETWEEN', 'IN', 'NOT_IN', 'HAS_PROPERTY', 'NOT_HAS_PROPERTY'].includes(f.operator))
    return `Unknown operator ${f.operator}`;
  return undefined;
}

function value(record: CrmRecord, property: string): string | null {
  if (property === 'hs_object_id' || property === 'id') return record.id;
  return record.properties[property] ?? null;
}

/** Numbers compare numerically (HubSpot stores them as text), dates by time, the rest as text. */
function compare(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const [x, y] = [Number(a), Number(b)];
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  const [s, t] = [Date.parse(a), Date.parse(b)];
  if (/^\d{4}-\d{2}-\d{2}T/.test(a) && /^\d{4}-\d{2}-\d{2}T/.test(b) && !Number.isNaN(s) && !Number.isNaN(t)) return s - t;
  return a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
}

function matches(record: CrmRecord, f: Filter): boolean {
  const v = value(record, f.propertyName);
  const text = (x: unknown) => String(x).toLowerCase();
  switch (f.operator) {
    case 'EQ':
      return v !== null && text(v) === text(f.value);
    case 'NEQ':
      return v === null || text(v) !== text(f.value);
    case 'LT':
      return v !== null && compare(v, String(f.value)) < 0;
    case 'LTE':
      return v !== null && compare(v, String(f.value)) <= 0;
    case 'GT':
      return v !== null && compare(v, String(f.value)) > 0;
    case 'GTE':
      return v !== null && compare(v, String(f.value)) >= 0;
    case 'BETWEEN':
      return v !== null && compare(v, String(f.value)) >= 0 && compare(v, String(f.highValue)) <= 0;
    case 'IN':
      return v !== null && (f.values ?? []).some((x) => text(x) === text(v));
    case 'NOT_IN':
      return v === null || !(f.values ?? []).some((x) => text(x) === text(v));
    case 'HAS_PROPERTY':
      return v !== null && v !== '';
    case 'NOT_HAS_PROPERTY':
      return v === null || v === '';
    case 'CONTAINS_TOKEN':
      return v !== null && tokenMatch(v, String(f.value));
    case 'NOT_CONTAINS_TOKEN':
      return v === null || !tokenMatch(v, String(f.value));
    default:
      return false;
  }
}

/** A token (word) of the value equals the pattern; `*` in the pattern matches any characters. */
function tokenMatch(value: string, pattern: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .toLowerCase()
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return value
    .toLowerCase()
    .split(/[\s@.,;:()/-]+/)
    .concat(value.toLowerCase())
    .some((token) => regex.test(token));
}
