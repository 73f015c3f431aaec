/**
 * Evaluates Linear filter inputs (`IssueFilter`, `CommentFilter`, …) against in-memory rows:
 * comparators (`eq`, `in`, `gt`, `containsIgnoreCase`, `null`…), nested relation filters
 * (`{issue: {id: {eq: …}}}`), and `and` / `or`. Dates accept ISO timestamps or ISO-8601
 * durations relative to now (`-P2W` = two weeks ago), as Linear's `DateTimeOrDuration` does.
 */
import type { LinearData } from './types.js';

export type Entity = 'Issue' | 'Comment' | 'Team' | 'User' | 'Project' | 'WorkflowState';

type Row = Record<string, unknown>;
type Related = (row: Row, data: LinearData) => Row | undefined;

/** Relation fields per entity: the filter key, the entity it points to and how to get there. */
const RELATIONS: Record<Entity, Record<string, [Entity, Related]>> = {
  Issue: {
    team: ['Team', (r, d) => d.teams.get(r.teamId as string) as Row | undefined],
    state: ['WorkflowState', (r, d) => d.states.get(r.stateId as string) as Row | undefined],
    assignee: ['User', (r, d) => d.users.get(r.assigneeId as string) as Row | undefined],
    creator: ['User', (r, d) => d.users.get(r.creatorId as string) as Row | undefined],
    project: ['Project', (r, d) => d.projects.get(r.projectId as string) as Row | undefined],
    parent: ['Issue', (r, d) => d.issues.get(r.parentId as string) as Row | undefined],
  },
  Comment: {
    issue: ['Issue', (r, d) => d.issues.get(r.issueId as string) as Row | undefined],
    user: ['User', (r, d) => d.users.get(r.userId as string) as Row | undefined],
  },
  Team: {},
  User: {},
  Project: {
    creator: ['User', (r, d) => d.users.get(r.creatorId as string) as Row | undefined],
    lead: ['User', (r, d) => d.users.get(r.leadId as string) as Row | undefined],
  },
  WorkflowState: {
    team: ['Team', (r, d) => d.teams.get(r.teamId as string) as Row | undefined],
  },
};

/** Scalar filter keys that are computed rather than stored. */
const COMPUTED: Partial<Record<Entity, Record<string, (row: Row, data: LinearData) => unknown>>> = {
  // The deprecated Project.state string mirrors the status type.
  Project: { state: (r, d) => d.projectStatuses.get(r.statusId as string)?.type },
};

const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'completedAt', 'startedAt', 'canceledAt', 'dueDate']);

export function matches(entity: Entity, row: object, filter: unknown, data: LinearData, nowMs: number): boolean {
  if (filter === null || filter === undefined) return true;
  const r = row as Row;
  for (const [key, condition] of Object.entries(filter as Record<string, unknown>)) {
    if (condition === null || condition === undefined) continue;
    if (key === 'and') {
      if (!(condition as unknown[]).every((f) => matches(entity, row, f, data, nowMs))) return false;
      continue;
    }
    if (key === 'or') {
      if (!(condition as unknown[]).some((f) => matches(entity, row, f, data, nowMs))) return false;
      continue;
    }
    const relation = RELATIONS[entity][key];
    if (relation) {
      const [target, get] = relation;
      const related = get(r, data);
      const { null: isNull, ...rest } = condition as Record<string, unknown>;
      if (isNull === true && related !== undefined) return false;
      if (isNull === false && related === undefined) return false;
      if (Object.keys(rest).length > 0 && (related === undefined || !matches(target, related, rest, data, nowMs))) return false;
      continue;
    }
    const value = COMPUTED[entity]?.[key]?.(r, data) ?? r[key];
    const extra = entity === 'Issue' && key === 'id' ? [r.identifier] : [];
    if (!compare(value, condition as Record<string, unknown>, DATE_FIELDS.has(key), nowMs, extra)) return false;
  }
  return true;
}

function compare(value: unknown, comparator: Record<string, unknown>, isDate: boolean, nowMs: number, aliases: unknown[]): boolean {
  const norm = (v: unknown): unknown => (isDate && v !== null && v !== undefined ? toMs(v, nowMs) : v);
  const actual = norm(value);
  const same = (arg: unknown) => norm(arg) === actual || aliases.includes(arg);
  const text = typeof value === 'string' ? value : '';
  const fold = (s: string) => s.toLowerCase();
  const foldAccent = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  for (const [op, arg] of Object.entries(comparator)) {
    if (arg === undefined) continue;
    let ok: boolean;
    switch (op) {
      case 'eq':
        ok = same(arg);
        break;
      case 'neq':
        ok = !same(arg);
        break;
      case 'in':
        ok = (arg as unknown[]).some(same);
        break;
      case 'nin':
        ok = !(arg as unknown[]).some(same);
        break;
      case 'null':
        ok = arg ? value === null || value === undefined : value !== null && value !== undefined;
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        if (actual === null || actual === undefined) {
          ok = false;
          break;
        }
        const a = actual as number | string;
        const b = norm(arg) as number | string;
        ok = op === 'gt' ? a > b : op === 'gte' ? a >= b : op === 'lt' ? a < b : a <= b;
        break;
      }
      case 'contains':
        ok = text.includes(arg as string);
        break;
      case 'notContains':
        ok = !text.includes(arg as string);
        break;
      case 'containsIgnoreCase':
        ok = fold(text).includes(fold(arg as string));
        break;
      case 'notContainsIgnoreCase':
        ok = !fold(text).includes(fold(arg as string));
        break;
      case 'containsIgnoreCaseAndAccent':
        ok = foldAccent(text).includes(foldAccent(arg as string));
        break;
      case 'startsWith':
        ok = text.startsWith(arg as string);
        break;
      case 'startsWithIgnoreCase':
        ok = fold(text).startsWith(fold(arg as string));
        break;
      case 'notStartsWith':
        ok = !text.startsWith(arg as string);
        break;
      case 'endsWith':
        ok = text.endsWith(arg as string);
        break;
      case 'notEndsWith':
        ok = !text.endsWith(arg as string);
        break;
      case 'eqIgnoreCase':
        ok = fold(text) === fold(arg as string);
        break;
      case 'neqIgnoreCase':
        ok = fold(text) !== fold(arg as string);
        break;
      default:
        ok = true;
    }
    if (!ok) return false;
  }
  return true;
}

const DURATION = /^([-+])?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** ISO timestamp/date → ms; ISO-8601 duration → now ± duration. */
export function toMs(value: unknown, nowMs: number): number {
  if (typeof value === 'number') return value;
  const text = String(value);
  const d = DURATION.exec(text);
  if (d && text !== 'P') {
    const n = (i: number) => Number(d[i] ?? 0);
    const ms = (((n(2) * 365 + n(3) * 30 + n(4) * 7 + n(5)) * 24 + n(6)) * 60 + n(7)) * 60_000 + n(8) * 1000;
    return d[1] === '-' ? nowMs - ms : nowMs + ms;
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? Number.NaN : parsed;
}
