/**
 * A family no spec of this repository has, as an author outside it would write one: its spec (one
 * entity, a cursor-paged list, get, hosted search over a synced copy) and a loopback fake of its
 * vendor. test/plugins/connector-package.test.ts generates, builds and serves it; the installed
 * generator in test/packaging/installed.test.ts generates it too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const API_TOKEN = 'notes_tok_3b1f9c2e7a';

/** The spec an outside author writes: one entity, cursor-paged list, get, hosted search over a synced copy. */
export const notesSpec = (family: string): string => `
name: ${family}
title: Notes
vendor: Notes API
description: Notes a team keeps, listed newest first with an opaque cursor.
baseUrl: https://api.notes.example/v2
auth:
  Token:
    kind: bearer
    description: An API token from the account settings.
    fields:
      api_token: { description: The API token. }
    token: '{api_token}'
errors:
  message: [message]
  code: [code]
records:
  Note:
    description: A note.
    fields:
      id: string
      title: string
      body: string?
      pinned: boolean
      updated_at: string
entities:
  notes:
    record: Note
    searchable:
      id: string
      title: string
      pinned: boolean
    sync: { action: list, params: { limit: 2 } }
    actions:
      list:
        description: Lists notes, newest first.
        request: { method: GET, path: /notes }
        params:
          cursor: { type: string, description: Cursor from meta.next_cursor. }
          limit: { type: integer, minimum: 1, maximum: 100, default: 50, description: Notes per page. }
        response: { records: data }
        pagination: { style: cursor, cursorParam: cursor, next: next_cursor }
        meta:
          next_cursor: $next
      get:
        description: Reads one note.
        request: { method: GET, path: '/notes/{id}' }
        params:
          id: { type: string, required: true, minLength: 1, description: The note id. }
        response: { records: '' }
      search:
        description: Searches the synced copy of notes (hosted mode only).
`;

export const NOTES = [
  { id: 'n_5', title: 'Launch checklist', body: 'Ship the docs first.', pinned: true, updated_at: '2026-11-20T09:00:00Z' },
  { id: 'n_4', title: 'Retro notes', body: null, pinned: false, updated_at: '2026-11-18T16:30:00Z' },
  { id: 'n_3', title: 'On-call handbook', body: 'Page the owner, then the lead.', pinned: true, updated_at: '2026-11-10T08:15:00Z' },
  { id: 'n_2', title: 'Lunch orders', body: 'Fridays.', pinned: false, updated_at: '2026-10-02T12:00:00Z' },
  { id: 'n_1', title: 'Welcome', body: 'Hello.', pinned: false, updated_at: '2026-09-01T07:00:00Z' },
];

export interface NotesFake {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * The vendor: bearer auth (401 otherwise), pages of `limit` (1–100, else 400) with an opaque cursor,
 * 404 for an unknown note, and one 429 with Retry-After on the second page the way a busy vendor
 * throttles (the sync must wait and carry on).
 */
export async function startNotesFake(): Promise<NotesFake> {
  const requests: string[] = [];
  let throttled = false;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://notes.fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${API_TOKEN}`) return send(res, 401, { code: 'unauthorized', message: 'Invalid API token' });
    if (req.method === 'GET' && url.pathname === '/v2/notes') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return send(res, 400, { code: 'bad_request', message: 'limit must be 1 to 100' });
      const cursor = url.searchParams.get('cursor');
      const offset = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (offset > 0 && !throttled) {
        throttled = true;
        return send(res, 429, { code: 'rate_limited', message: 'Slow down' }, { 'retry-after': '1' });
      }
      const page = NOTES.slice(offset, offset + limit);
      const next = offset + limit < NOTES.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
      return send(res, 200, { data: page, next_cursor: next });
    }
    const one = /^\/v2\/notes\/([^/]+)$/.exec(url.pathname);
    const note = one ? NOTES.find((n) => n.id === decodeURIComponent(one[1]!)) : undefined;
    if (req.method === 'GET' && note) return send(res, 200, note);
    return send(res, 404, { code: 'not_found', message: 'No such note' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/v2`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
