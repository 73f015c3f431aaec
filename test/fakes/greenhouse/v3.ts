/**
 * Greenhouse Harvest v3 fake, on the same seeded records as the v1 fake (test/fakes/greenhouse/),
 * reshaped the way v3 differs where that is known: `private` instead of `is_private`,
 * `last_activity_at`, `deactivated` and `primary_email` on users, no embedded attachments.
 *
 * - `POST /token`: OAuth 2.0 client credentials. HTTP Basic `client_id:client_secret`, a form body
 *   with `grant_type=client_credentials` and an optional numeric `sub`; answers a bearer token
 *   with `expires_in`. Wrong client → 401 `invalid_client`.
 * - `GET /v3/<resource>`: bearer token required (unknown or revoked → 401). Lists page with an
 *   opaque cursor in the `Link` header's rel="next" URL; a request carrying `cursor` must carry
 *   nothing else (400 otherwise), as Harvest v3 requires. Filters: `ids`, `created_at=gte|<time>`,
 *   `updated_at=gte|<time>`, `status` (applications), `per_page` (1–500, first request only).
 */
import { randomBytes } from 'node:crypto';
import { startServer, type FakeServer, type RecordedRequest, type Reply } from '../harness.js';
import { buildGreenhouseData } from './data.js';
import type { GreenhouseData, Json } from './types.js';

export interface GreenhouseV3FakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** Token lifetime the token endpoint announces (default 3600 s). */
  expiresInSeconds?: number;
  candidates?: number;
}

export interface GreenhouseV3Fake extends FakeServer {
  readonly data: GreenhouseData;
  /** Token requests received, with their decoded form bodies. */
  readonly tokenRequests: RecordedRequest[];
  /** Every token issued so far stops working (what expiry looks like to the client). */
  revokeTokens(): void;
  /** Tokens issued so far. */
  issued(): number;
}

const RESOURCES: Record<string, keyof GreenhouseData> = {
  candidates: 'candidates',
  applications: 'applications',
  jobs: 'jobs',
  offers: 'offers',
  users: 'users',
  departments: 'departments',
  offices: 'offices',
  job_posts: 'jobPosts',
  sources: 'sources',
};

/** v1 record → the v3 shape the fake serves (renamed fields; v3 embeds no attachments). */
function toV3(resource: string, row: Json): Json {
  const out: Json = { ...row };
  const rename = (from: string, to: string) => {
    if (from in out) {
      out[to] = out[from];
      delete out[from];
    }
  };
  if (resource === 'candidates') {
    rename('is_private', 'private');
    rename('last_activity', 'last_activity_at');
    delete out['attachments'];
    delete out['application_ids'];
  }
  if (resource === 'applications') delete out['attachments'];
  if (resource === 'users') {
    rename('disabled', 'deactivated');
    rename('primary_email_address', 'primary_email');
  }
  if (resource === 'offices') rename('primary_contact_user_id', 'primary_in_house_contact_user_id');
  return out;
}

interface CursorState {
  resource: string;
  offset: number;
  perPage: number;
  query: Record<string, string>;
}

export async function startGreenhouseV3Fake(options: GreenhouseV3FakeOptions = {}): Promise<GreenhouseV3Fake> {
  const clientId = options.clientId ?? 'gh_v3_client';
  const clientSecret = options.clientSecret ?? 'gh_v3_secret';
  const data = buildGreenhouseData({ candidates: options.candidates ?? 40, fileBase: 'https://prod-heroku.s3.amazonaws.com' });
  const valid = new Set<string>();
  let issuedCount = 0;
  const tokenRequests: RecordedRequest[] = [];
  let baseUrl = '';

  const server = await startServer((req): Reply => {
    if (req.path === '/token') {
      tokenRequests.push(req);
      return token(req);
    }
    const auth = req.headers['authorization'] ?? '';
    if (!auth.startsWith('Bearer ') || !valid.has(auth.slice(7))) return { status: 401, body: { message: 'Unauthorized' } };
    const match = /^\/v3\/([a-z_]+)$/.exec(req.path);
    if (!match || req.method !== 'GET' || !Object.hasOwn(RESOURCES, match[1]!)) return { status: 404, body: { message: 'Not found' } };
    return list(match[1]!, req);
  });
  baseUrl = server.url;

  function token(req: RecordedRequest): Reply {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.method !== 'POST' || req.headers['authorization'] !== expected) return { status: 401, body: { error: 'invalid_client' } };
    const form = req.body as Record<string, string> | undefined;
    if (form?.['grant_type'] !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (form['sub'] !== undefined && !/^\d+$/.test(form['sub'])) return { status: 400, body: { error: 'invalid_request' } };
    const accessToken = `ghv3_${randomBytes(12).toString('hex')}`;
    valid.add(accessToken);
    issuedCount++;
    return { body: { access_token: accessToken, token_type: 'Bearer', expires_in: options.expiresInSeconds ?? 3600 } };
  }

  function list(resource: string, req: RecordedRequest): Reply {
    const query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
    let state: CursorState;
    if ('cursor' in query) {
      if (Object.keys(query).length > 1) return { status: 400, body: { message: 'cursor must be the only query parameter' } };
      try {
        state = JSON.parse(Buffer.from(query['cursor']!, 'base64url').toString('utf8')) as CursorState;
      } catch {
        return { status: 400, body: { message: 'invalid cursor' } };
      }
      if (state.resource !== resource) return { status: 400, body: { message: 'invalid cursor' } };
    } else {
      const perPage = query['per_page'] === undefined ? 100 : Number(query['per_page']);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500)
        return { status: 422, body: { message: 'per_page must be between 1 and 500' } };
      const { per_page: _p, ...filters } = query;
      state = { resource, offset: 0, perPage, query: filters };
    }
    const rows = (data[RESOURCES[resource]!] as Json[]).filter((row) => matches(row, state.query));
    const page = rows.slice(state.offset, state.offset + state.perPage).map((row) => toV3(resource, row));
    const headers: Record<string, string> = {};
    if (state.offset + state.perPage < rows.length) {
      const next = Buffer.from(JSON.stringify({ ...state, offset: state.offset + state.perPage })).toString('base64url');
      headers['link'] = `<${baseUrl}/v3/${resource}?cursor=${next}>; rel="next"`;
    }
    return { headers, body: page };
  }

  const baseReset = server.reset.bind(server);
  return Object.assign(server, {
    data,
    tokenRequests,
    revokeTokens: () => valid.clear(),
    issued: () => issuedCount,
    reset() {
      baseReset();
      tokenRequests.length = 0;
    },
  });
}

/** `ids`, `status`, and `created_at` / `updated_at` with the `gte|<time>` operator syntax. */
function matches(row: Json, query: Record<string, string>): boolean {
  for (const [name, value] of Object.entries(query)) {
    if (name === 'ids') {
      if (
        !value
          .split(',')
          .map(Number)
          .includes(row['id'] as number)
      )
        return false;
    } else if (name === 'status') {
      if (row['status'] !== value) return false;
    } else if (name === 'created_at' || name === 'updated_at') {
      const [op, time] = value.split('|');
      if (op !== 'gte' || !time || Number.isNaN(Date.parse(time))) return false;
      const own = Date.parse(String(row[name]));
      if (!(own >= Date.parse(time))) return false;
    }
  }
  return true;
}
