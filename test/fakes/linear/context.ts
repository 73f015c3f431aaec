/** Per-fake state handed to every resolver, and lookups shared by queries and mutations. */
import type { FakeClock } from '../shared/clock.js';
import { iso } from '../shared/clock.js';
import { slugify } from '../shared/people.js';
import type { LIssue, LinearData } from './types.js';

export interface LinearContext {
  data: LinearData;
  clock: FakeClock;
}

/** `issue(id:)` takes a UUID or an identifier such as `ENG-123` (old identifiers still resolve). */
export function findIssue(data: LinearData, id: string): LIssue | undefined {
  const byId = data.issues.get(id);
  if (byId) return byId;
  const key = id.toUpperCase();
  return data.issues.rows.find((i) => i.identifier === key) ?? data.issues.rows.find((i) => i.previousIdentifiers.includes(key));
}

export function issueUrl(data: LinearData, issue: LIssue): string {
  return `https://linear.app/${data.urlKey}/issue/${issue.identifier}/${slugify(issue.title)}`;
}

/** Advances the fake clock and renders it as Linear does (`2024-06-03T16:00:01.000Z`). */
export function nowIso(ctx: LinearContext): string {
  return iso(ctx.clock.tick());
}
