/**
 * Gong API v2 read endpoints over the seeded company. What they do the way Gong does it:
 *   - Basic `base64(accessKey:secret)` or `Bearer <token>` (a set the test can change: revoked
 *     tokens answer 401), every error as `{ requestId, errors: [message] }`;
 *   - cursor paging (paging.ts): query `cursor` on GET lists, top-level body `cursor` on POST lists;
 *   - a calls query (calls, extensive calls, transcripts) that matches nothing answers 404
 *     "No calls found corresponding to the provided filters", not an empty page;
 *   - `/v2/calls/extensive` returns `metaData` only, plus each part `contentSelector` asks for;
 *     media URLs point at the media host (another origin) and are pre-signed;
 *   - stats need `filter.fromDate` / `filter.toDate` (YYYY-MM-DD, toDate exclusive), coaching its
 *     four hyphenated parameters, library folders a `workspaceId`: 400 otherwise.
 */
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import { DAY_MS } from '../shared/clock.js';
import { hashString } from '../shared/random.js';
import { recordingUrl, type GongData, type Json } from './data.js';
import { decodeCursor, fingerprint, pageOf } from './paging.js';

export interface GongHandlerOptions {
  data: GongData;
  accessKey: string;
  accessKeySecret: string;
  /** Bearer tokens accepted now (mutable: a test revokes one to force a refresh). */
  bearerTokens: Set<string>;
  pageSize: number;
  mediaBase: () => string;
}

type Query = Record<string, string | string[]>;

let requestCounter = 0;
/** Gong's request ids look like `4al018gzaztcr8nbukw`: 19 lower-case base-36 characters. */
export function nextRequestId(): string {
  requestCounter += 1;
  return (hashString(`req-${requestCounter}`).toString(36) + hashString(`id-${requestCounter}`).toString(36) + '0000000000').slice(0, 19);
}

export function gongError(status: number, ...errors: string[]): Reply {
  return { status, body: { requestId: nextRequestId(), errors } };
}

const NO_CALLS = 'No calls found corresponding to the provided filters';

export function createGongHandler(options: GongHandlerOptions): Handler {
  const { data } = options;
  const basic = `Basic ${Buffer.from(`${options.accessKey}:${options.accessKeySecret}`).toString('base64')}`;

  return (req: RecordedRequest): Reply => {
    const auth = req.headers.authorization ?? '';
    const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
    if (auth !== basic && !(bearer !== undefined && options.bearerTokens.has(bearer))) {
      return gongError(401, 'Access denied: invalid or expired credentials');
    }
    const key = `${req.method} ${req.path.replace(/^\/v2\/(users|calls)\/(?!extensive$|transcript$)[^/]+$/, '/v2/$1/{id}')}`;
    const route = ROUTES[key];
    if (!route) return gongError(404, `No such API: ${req.method} ${req.path}`);
    let body: Json = {};
    if (req.method === 'POST') {
      if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) return gongError(400, 'Request body must be a JSON object');
      body = req.body as Json;
    }
    return route({ req, query: req.query, body, data, options });
  };
}

interface Context {
  req: RecordedRequest;
  query: Query;
  body: Json;
  data: GongData;
  options: GongHandlerOptions;
}

type Route = (cx: Context) => Reply;

/** One page of `all` for a request whose inputs (the cursor aside) are `inputs`. */
function paged(cx: Context, all: Json[], member: string, inputs: unknown, cursor: unknown, extra: Json = {}): Reply {
  const print = fingerprint(inputs);
  if (cursor !== undefined && typeof cursor !== 'string') return gongError(400, 'cursor must be a string');
  const offset = decodeCursor(cursor, print);
  if (typeof offset !== 'number') return gongError(400, offset.error);
  const page = pageOf(all, offset, cx.options.pageSize, print);
  return { body: { requestId: nextRequestId(), records: page.records, ...extra, [member]: page.rows } };
}

function withoutKey(source: Query | Json, key: string): Json {
  const { [key]: _dropped, ...rest } = source;
  return rest;
}

// ---- calls filtering -----------------------------------------------------------------------

interface CallFilter {
  fromDateTime?: unknown;
  toDateTime?: unknown;
  callIds?: unknown;
  workspaceId?: unknown;
  primaryUserIds?: unknown;
}

function filterCalls(data: GongData, filter: CallFilter): Json[] | Reply {
  const from = timeOf(filter.fromDateTime, 'fromDateTime');
  if (typeof from === 'object') return from;
  const to = timeOf(filter.toDateTime, 'toDateTime');
  if (typeof to === 'object') return to;
  if (filter.callIds !== undefined && !isStringArray(filter.callIds)) return gongError(400, 'filter.callIds must be an array of strings');
  if (filter.primaryUserIds !== undefined && !isStringArray(filter.primaryUserIds))
    return gongError(400, 'filter.primaryUserIds must be an array of strings');
  const ids = filter.callIds ? new Set(filter.callIds as string[]) : undefined;
  const hosts = filter.primaryUserIds ? new Set(filter.primaryUserIds as string[]) : undefined;
  return data.calls.filter((call) => {
    const started = Date.parse(call['started'] as string);
    return (
      (from === undefined || started >= from) &&
      (to === undefined || started < to) &&
      (!ids || ids.has(call['id'] as string)) &&
      (filter.workspaceId === undefined || call['workspaceId'] === filter.workspaceId) &&
      (!hosts || hosts.has(call['primaryUserId'] as string))
    );
  });
}

/** An ISO 8601 date-time (with zone) as epoch ms; undefined when absent; a 400 reply when malformed. */
function timeOf(value: unknown, name: string): number | undefined | Reply {
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
    Number.isNaN(Date.parse(value))
  ) {
    return gongError(400, `${name} must be an ISO-8601 date-time, e.g. 2018-02-18T02:30:00-07:00`);
  }
  return Date.parse(value);
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function extensiveCall(cx: Context, call: Json, selector: Json): Json {
  const parts = cx.data.extensive.get(call['id'] as string)!;
  const exposed = (selector['exposedFields'] ?? {}) as Json;
  const out: Json = { metaData: call };
  if (selector['context'] === 'Extended' || selector['context'] === 'Basic') out['context'] = parts['context'];
  if (exposed['parties'] === true) out['parties'] = parts['parties'];
  const pick = (flags: unknown, source: Json, rename: Record<string, string> = {}): Json | undefined => {
    if (!flags || typeof flags !== 'object') return undefined;
    const picked: Json = {};
    for (const [flag, on] of Object.entries(flags as Json)) {
      const field = rename[flag] ?? flag;
      if (on === true && source[field] !== undefined) picked[field] = source[field];
    }
    return Object.keys(picked).length ? picked : undefined;
  };
  const content = pick(exposed['content'], parts['content'] as Json);
  if (content) out['content'] = content;
  const interaction = pick(exposed['interaction'], parts['interaction'] as Json, { personInteractionStats: 'interactionStats' });
  if (interaction) out['interaction'] = interaction;
  const collaboration = pick(exposed['collaboration'], parts['collaboration'] as Json);
  if (collaboration) out['collaboration'] = collaboration;
  if (exposed['media'] === true) {
    const rec = cx.data.recordings.get(call['id'] as string)!;
    const base = cx.options.mediaBase();
    out['media'] = { audioUrl: recordingUrl(base, rec.audio), ...(rec.video ? { videoUrl: recordingUrl(base, rec.video) } : {}) };
  }
  return out;
}

// ---- stats -----------------------------------------------------------------------------------

interface Period {
  from: number;
  to: number;
  userIds?: string[];
}

function statsPeriod(body: Json): Period | Reply {
  const filter = body['filter'];
  if (!filter || typeof filter !== 'object') return gongError(400, 'filter is required');
  const { fromDate, toDate, userIds } = filter as Json;
  const day = (value: unknown, name: string): number | Reply => {
    if (value === undefined) return gongError(400, `filter.${name} is required`);
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
      return gongError(400, `filter.${name} must be a date in the format YYYY-MM-DD`);
    return Date.parse(`${value}T00:00:00Z`);
  };
  const from = day(fromDate, 'fromDate');
  if (typeof from !== 'number') return from;
  const to = day(toDate, 'toDate');
  if (typeof to !== 'number') return to;
  if (to <= from) return gongError(400, 'filter.toDate must be after filter.fromDate');
  if (userIds !== undefined && !isStringArray(userIds)) return gongError(400, 'filter.userIds must be an array of strings');
  return { from, to, ...(userIds ? { userIds: userIds as string[] } : {}) };
}

const ACTIVITY = [
  'callsAsHost',
  'callsGaveFeedback',
  'callsRequestedFeedback',
  'callsReceivedFeedback',
  'ownCallsListenedTo',
  'othersCallsListenedTo',
  'callsSharedInternally',
  'callsSharedExternally',
  'callsScorecardsFilled',
  'callsScorecardsReceived',
  'callsAttended',
  'callsCommentsGiven',
  'callsCommentsReceived',
  'callsMarkedAsFeedbackGiven',
  'callsMarkedAsFeedbackReceived',
] as const;

/** Call ids of each activity of `user` in [from, to): hosting from the data, the rest derived from it deterministically. */
function activity(data: GongData, user: Json, from: number, to: number): Record<(typeof ACTIVITY)[number], string[]> {
  const hosted = data.calls
    .filter((c) => c['primaryUserId'] === user['id'])
    .filter((c) => {
      const t = Date.parse(c['started'] as string);
      return t >= from && t < to;
    })
    .map((c) => c['id'] as string);
  const out = {} as Record<(typeof ACTIVITY)[number], string[]>;
  for (const name of ACTIVITY) {
    out[name] =
      name === 'callsAsHost' || name === 'callsAttended'
        ? hosted
        : hosted.filter((id) => hashString(`${name}:${id}:${user['id'] as string}`) % 3 === 0);
  }
  return out;
}

function statsUsers(data: GongData, period: Period): Json[] | Reply {
  if (period.userIds) {
    const unknown = period.userIds.find((id) => !data.users.some((u) => u['id'] === id));
    if (unknown !== undefined) return gongError(404, `User not found: ${unknown}`);
    return data.users.filter((u) => period.userIds!.includes(u['id'] as string));
  }
  return data.users.filter((u) => u['active'] === true);
}

/** A period, or the 400 reply that refused it. */
const isReply = (value: Period | Reply): value is Reply => !('from' in value);

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// ---- routes ----------------------------------------------------------------------------------

const ROUTES: Record<string, Route> = {
  'GET /v2/users': (cx) => paged(cx, cx.data.users, 'users', withoutKey(cx.query, 'cursor'), one(cx.query['cursor'])),

  'GET /v2/users/{id}': (cx) => {
    const id = decodeURIComponent(cx.req.path.split('/').pop()!);
    const user = cx.data.users.find((u) => u['id'] === id);
    return user ? { body: { requestId: nextRequestId(), user } } : gongError(404, `User not found: ${id}`);
  },

  'GET /v2/calls': (cx) => {
    const calls = filterCalls(cx.data, {
      fromDateTime: one(cx.query['fromDateTime']),
      toDateTime: one(cx.query['toDateTime']),
      workspaceId: one(cx.query['workspaceId']),
    });
    if (!Array.isArray(calls)) return calls;
    if (calls.length === 0) return gongError(404, NO_CALLS);
    return paged(cx, calls, 'calls', withoutKey(cx.query, 'cursor'), one(cx.query['cursor']));
  },

  'GET /v2/calls/{id}': (cx) => {
    const id = decodeURIComponent(cx.req.path.split('/').pop()!);
    if (!/^\d+$/.test(id)) return gongError(400, 'id must be a numeric call id');
    const call = cx.data.calls.find((c) => c['id'] === id);
    return call ? { body: { requestId: nextRequestId(), call } } : gongError(404, `Call not found: ${id}`);
  },

  'POST /v2/calls/extensive': (cx) => {
    const filter = cx.body['filter'];
    if (!filter || typeof filter !== 'object') return gongError(400, 'filter is required');
    const calls = filterCalls(cx.data, filter as CallFilter);
    if (!Array.isArray(calls)) return calls;
    if (calls.length === 0) return gongError(404, NO_CALLS);
    const selector = (cx.body['contentSelector'] ?? {}) as Json;
    const reply = paged(cx, calls, 'calls', withoutKey(cx.body, 'cursor'), cx.body['cursor']);
    const body = reply.body as Json;
    if (Array.isArray(body['calls'])) body['calls'] = (body['calls'] as Json[]).map((call) => extensiveCall(cx, call, selector));
    return reply;
  },

  'POST /v2/calls/transcript': (cx) => {
    const filter = cx.body['filter'];
    if (!filter || typeof filter !== 'object') return gongError(400, 'filter is required');
    const calls = filterCalls(cx.data, filter as CallFilter);
    if (!Array.isArray(calls)) return calls;
    if (calls.length === 0) return gongError(404, NO_CALLS);
    const transcripts = calls.map((call) => ({ callId: call['id'], transcript: cx.data.transcripts.get(call['id'] as string) }));
    return paged(cx, transcripts, 'callTranscripts', withoutKey(cx.body, 'cursor'), cx.body['cursor']);
  },

  'POST /v2/stats/activity/aggregate': (cx) => {
    const period = statsPeriod(cx.body);
    if (isReply(period)) return period;
    const users = statsUsers(cx.data, period);
    if (!Array.isArray(users)) return users;
    const rows = users.map((user) => {
      const counts = activity(cx.data, user, period.from, period.to);
      return {
        userId: user['id'],
        userEmailAddress: user['emailAddress'],
        userAggregateActivityStats: Object.fromEntries(ACTIVITY.map((name) => [name, counts[name].length])),
      };
    });
    return paged(cx, rows, 'usersAggregateActivityStats', withoutKey(cx.body, 'cursor'), cx.body['cursor'], {
      fromDateTime: new Date(period.from).toISOString(),
      toDateTime: new Date(period.to).toISOString(),
      timeZone: 'America/Los_Angeles',
    });
  },

  'POST /v2/stats/activity/day-by-day': (cx) => {
    const period = statsPeriod(cx.body);
    if (isReply(period)) return period;
    const users = statsUsers(cx.data, period);
    if (!Array.isArray(users)) return users;
    const rows = users.map((user) => {
      const days: Json[] = [];
      for (let day = period.from; day < period.to; day += DAY_MS) {
        const counts = activity(cx.data, user, day, day + DAY_MS);
        days.push({ ...counts, fromDate: dateOf(day), toDate: dateOf(day + DAY_MS) });
      }
      return { userId: user['id'], userEmailAddress: user['emailAddress'], userDailyActivityStats: days };
    });
    return paged(cx, rows, 'usersDetailedActivities', withoutKey(cx.body, 'cursor'), cx.body['cursor']);
  },

  'POST /v2/stats/interaction': (cx) => {
    const period = statsPeriod(cx.body);
    if (isReply(period)) return period;
    const users = statsUsers(cx.data, period);
    if (!Array.isArray(users)) return users;
    const rows = users.flatMap((user) => {
      const hosted = activity(cx.data, user, period.from, period.to).callsAsHost;
      if (hosted.length === 0) return [];
      const stats = hosted.map((id) => ((cx.data.extensive.get(id)!['interaction'] as Json)['interactionStats'] as Json[]) ?? []);
      const names = ['Talk Ratio', 'Longest Monologue', 'Interactivity', 'Patience'];
      return [
        {
          userId: user['id'],
          userEmailAddress: user['emailAddress'],
          personInteractionStats: names.map((name) => {
            const values = stats.map((list) => Number(list.find((s) => s['name'] === name)?.['value'] ?? 0));
            return { name, value: Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(2)) };
          }),
        },
      ];
    });
    return paged(cx, rows, 'peopleInteractionStats', withoutKey(cx.body, 'cursor'), cx.body['cursor'], {
      fromDateTime: new Date(period.from).toISOString(),
      toDateTime: new Date(period.to).toISOString(),
      timeZone: 'America/Los_Angeles',
    });
  },

  'GET /v2/workspaces': (cx) => ({ body: { requestId: nextRequestId(), workspaces: cx.data.workspaces } }),

  'GET /v2/settings/scorecards': (cx) => {
    const workspaceId = one(cx.query['workspaceId']);
    const scorecards = cx.data.scorecards.filter((s) => workspaceId === undefined || String(s['workspaceId']) === workspaceId);
    return { body: { requestId: nextRequestId(), scorecards } };
  },

  'GET /v2/settings/trackers': (cx) => {
    const workspaceId = one(cx.query['workspaceId']);
    const keywordTrackers = cx.data.trackers.filter((t) => workspaceId === undefined || t['workspaceId'] === workspaceId);
    return { body: { requestId: nextRequestId(), keywordTrackers } };
  },

  'GET /v2/library/folders': (cx) => {
    // gong-openapi.json declares workspaceId optional ("required": false), and Gong answers a call
    // without it with folders; here those are the folders of every workspace.
    const workspaceId = one(cx.query['workspaceId']);
    if (workspaceId !== undefined && !cx.data.workspaces.some((w) => w['id'] === workspaceId))
      return gongError(404, `Workspace not found: ${workspaceId}`);
    const folders = cx.data.folders
      .filter((f) => workspaceId === undefined || f['workspaceId'] === workspaceId)
      .map((f) => withoutKey(f, 'workspaceId'));
    return { body: { requestId: nextRequestId(), folders } };
  },

  'GET /v2/library/folder-content': (cx) => {
    const folderId = one(cx.query['folderId']);
    if (folderId === undefined) return gongError(400, 'folderId is required');
    const folder = cx.data.folders.find((f) => f['id'] === folderId);
    const calls = cx.data.folderCalls.get(folderId);
    if (!folder || !calls) return gongError(404, `Folder not found: ${folderId}`);
    return paged(cx, calls, 'calls', withoutKey(cx.query, 'cursor'), one(cx.query['cursor']), {
      id: folder['id'],
      name: folder['name'],
      createdBy: folder['createdBy'],
      updated: folder['updated'],
    });
  },

  'GET /v2/coaching': (cx) => {
    const missing = ['workspace-id', 'manager-id', 'from', 'to'].filter((name) => one(cx.query[name]) === undefined);
    if (missing.length) return gongError(400, ...missing.map((name) => `${name} is required`));
    const from = timeOf(one(cx.query['from']), 'from');
    const to = timeOf(one(cx.query['to']), 'to');
    if (typeof from === 'object') return from;
    if (typeof to === 'object') return to;
    const workspaceId = one(cx.query['workspace-id'])!;
    if (!cx.data.workspaces.some((w) => w['id'] === workspaceId)) return gongError(400, `Unknown workspace-id ${workspaceId}`);
    const managerId = one(cx.query['manager-id'])!;
    const reports = cx.data.reports.get(managerId);
    if (!reports) return gongError(400, `manager-id ${managerId} is not a manager`);
    const person = (id: string) => {
      const u = cx.data.users.find((x) => x['id'] === id)!;
      return { id, emailAddress: u['emailAddress'], firstName: u['firstName'], lastName: u['lastName'], title: u['title'] };
    };
    const coachingData = [
      {
        manager: person(managerId),
        directReportsMetrics: reports.map((id) => {
          const counts = activity(
            cx.data,
            cx.data.users.find((u) => u['id'] === id)!,
            from!,
            to!,
          );
          return {
            report: person(id),
            metrics: {
              callsListened: counts.othersCallsListenedTo,
              callsAttended: counts.callsAttended,
              callsWithFeedback: counts.callsGaveFeedback,
              callsWithComments: counts.callsCommentsGiven,
              scorecards: counts.callsScorecardsFilled,
            },
          };
        }),
      },
    ];
    return { body: { requestId: nextRequestId(), coachingData } };
  },
};
