/**
 * Slack `users.list` pages for the benchmarks, generated lazily from an index so that serving
 * 100,000 users never holds 100,000 records. Each user is a realistic record from the Slack fake
 * (test/fakes/slack) with its id replaced; cursors look like Slack's (base64 of `user:U…`) and
 * decode back to the index, so the server keeps no state.
 */
import type { Handler, Reply } from '../../test/fakes/harness.js';
import { one } from '../../test/fakes/harness.js';
import { buildSlackData } from '../../test/fakes/slack/data.js';
import type { SlackUser } from '../../test/fakes/slack/types.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const CACHE_TS = 1_703_952_000;

const TEMPLATES: readonly SlackUser[] = buildSlackData({ users: 100, channels: 1, messagesPerChannel: 0 }).users;

export function userId(index: number): string {
  return `U${index.toString(36).toUpperCase().padStart(10, '0')}`;
}

export function userAt(index: number): SlackUser {
  return { ...TEMPLATES[index % TEMPLATES.length]!, id: userId(index) };
}

export function encodeCursor(index: number): string {
  return Buffer.from(`user:${userId(index)}`).toString('base64');
}

/** The index a cursor names, or undefined for anything this server did not issue. */
export function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  if (!text.startsWith('user:U')) return undefined;
  const index = Number.parseInt(text.slice(6), 36);
  return Number.isSafeInteger(index) && index >= 0 ? index : undefined;
}

/**
 * Each template user serialized once around an id placeholder, so a page is string concatenation
 * rather than JSON.stringify of 100 object graphs: the server stays cheap next to the client it serves.
 */
const ID_PLACEHOLDER = '"__bench_user_id__"';
const TEMPLATE_JSON: readonly (readonly [string, string])[] = TEMPLATES.map((t) => {
  const text = JSON.stringify({ ...t, id: '__bench_user_id__' });
  const at = text.indexOf(ID_PLACEHOLDER);
  return [text.slice(0, at), text.slice(at + ID_PLACEHOLDER.length)] as const;
});

function userJson(index: number): string {
  const [before, after] = TEMPLATE_JSON[index % TEMPLATE_JSON.length]!;
  return `${before}"${userId(index)}"${after}`;
}

/** A handler for `/api/users.list` over `total` lazily generated users, paged like Slack. */
export function lazyUsersHandler(total: number): Handler {
  return (req): Reply => {
    if (req.path !== '/api/users.list') return { status: 404, body: { ok: false, error: 'unknown_method' } };
    const limit = Math.min(1000, Math.max(1, Number(one(req.query['limit'])) || 100));
    const cursor = one(req.query['cursor']);
    const start = cursor ? decodeCursor(cursor) : 0;
    if (start === undefined) return { body: { ok: false, error: 'invalid_cursor' } };
    const end = Math.min(total, start + limit);
    const members: string[] = [];
    for (let i = start; i < end; i++) members.push(userJson(i));
    const next = end < total ? encodeCursor(end) : '';
    const body = `{"ok":true,"members":[${members.join(',')}],"cache_ts":${CACHE_TS},"response_metadata":{"next_cursor":"${next}"}}`;
    return { headers: { 'content-type': JSON_TYPE }, body };
  };
}

/**
 * One small `users.list` page (about `bytes` of JSON, last page: empty next_cursor), serialized once.
 * Users are trimmed to their top-level fields and a short profile so a page of a few users is ~1 KB.
 */
export function smallPage(bytes = 1024): { body: string; count: number } {
  const members: unknown[] = [];
  for (let i = 0; ; i++) {
    const u = userAt(i);
    members.push({
      id: u.id,
      team_id: u.team_id,
      name: u.name,
      deleted: u.deleted,
      real_name: u.real_name,
      tz: u.tz,
      is_admin: u.is_admin ?? false,
      is_bot: u.is_bot,
      updated: u.updated,
      profile: { title: u.profile.title, display_name: u.profile.display_name, email: u.profile.email },
    });
    const body = JSON.stringify({ ok: true, members, cache_ts: CACHE_TS, response_metadata: { next_cursor: '' } });
    if (body.length >= bytes * 0.9) return { body, count: members.length };
  }
}

/** A handler answering every `/api/users.list` with the same pre-serialized page. */
export function fixedPageHandler(body: string): Handler {
  return (req): Reply => {
    if (req.path !== '/api/users.list') return { status: 404, body: { ok: false, error: 'unknown_method' } };
    return { headers: { 'content-type': JSON_TYPE }, body };
  };
}
