/**
 * What is specific to Gong: the exact requests of the tricky actions (extensive calls with a full
 * contentSelector, the body cursor of POST lists, coaching's hyphenated names), the contract's
 * pagination object in meta, Gong's 404 for "no calls" read as an empty list, Gong's error body
 * (message and request id), Retry-After, and inputs Gong would refuse stopped before any request.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError, RateLimitError, ValidationError } from '@switchyard/connector-conversation-intelligence';
import { KEY, basic, makeConnector, rejection, useGongFake, type Json } from './helpers.js';

describe('reads', () => {
  const ctx = useGongFake({ users: 24, calls: 30, pageSize: 10 });

  it('users.list sends Basic base64(key:secret) and returns Gong users with the pagination object as meta', async () => {
    const page = await makeConnector(ctx.fake).users.list();
    const [request] = ctx.fake.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v2/users', query: {}, rawBody: '' });
    expect(request!.headers['authorization']).toBe(basic);
    expect(page.data).toEqual(ctx.fake.data.users.slice(0, 10));
    expect(page.data[0]).toHaveProperty('conferencingProviders'); // unknown vendor keys are kept
    expect(page.meta).toEqual({ totalRecords: 24, currentPageSize: 10, currentPageNumber: 0, cursor: expect.any(String) });
  });

  it("settings_scorecards.list gives Gong's int64 ids, sent as JSON numbers beyond 2^53, as their exact digits", async () => {
    const { data } = await makeConnector(ctx.fake).settings_scorecards.list();
    const expected = ctx.fake.data.scorecards;
    // On the wire they are numbers (no quotes), too long for a double.
    const wire = await (await fetch(`${ctx.fake.url}/v2/settings/scorecards`, { headers: { authorization: basic } })).text();
    expect(wire).toContain(`"scorecardId":${String(expected[0]!['scorecardId'])},`);
    expect(Number.isSafeInteger(Number(expected[0]!['scorecardId']))).toBe(false);
    const ids = (record: Json) => [
      record['scorecardId'],
      record['workspaceId'],
      record['updaterUserId'],
      ...(record['questions'] as Json[]).flatMap((q) => [q['questionId'], q['questionRevisionId']]),
    ];
    const digits = (value: unknown) => (value === null ? null : String(value));
    expect(data.map((s) => ids(s as unknown as Json))).toEqual(expected.map((s) => ids(s).map(digits)));
    expect(new Set(data.map((s) => s.scorecardId)).size).toBe(expected.length);
  });

  it('GET lists follow records.cursor in the query string, every other input unchanged; the last page has cursor null', async () => {
    const c = makeConnector(ctx.fake);
    const params = { fromDateTime: '2024-01-01T00:00:00Z', toDateTime: '2024-06-03T16:00:00Z' };
    const ids: unknown[] = [];
    const metas: Json[] = [];
    for await (const page of (await c.calls.list(params)).iterPages()) {
      ids.push(...page.data.map((call) => call.id));
      metas.push({ ...page.meta });
    }
    expect(ids).toEqual(ctx.fake.data.calls.map((call) => call['id']));
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([
      params,
      { ...params, cursor: metas[0]!['cursor'] },
      { ...params, cursor: metas[1]!['cursor'] },
    ]);
    expect(metas.at(-1)).toEqual({ totalRecords: 30, currentPageSize: 10, currentPageNumber: 2, cursor: null });
  });

  it('POST lists carry the cursor as a top-level JSON field, the rest of the body identical', async () => {
    const c = makeConnector(ctx.fake);
    const from = ctx.fake.data.calls[4]!['started'] as string;
    const filter = { fromDateTime: from, toDateTime: '2024-06-03T16:00:00Z' };
    const records: unknown[] = [];
    for await (const t of c.call_transcripts.list({ filter })) records.push(t.callId);
    const expected = ctx.fake.data.calls.filter((call) => (call['started'] as string) >= from).map((call) => call['id']);
    expect(expected.length).toBeGreaterThan(20);
    expect(records).toEqual(expected);
    const bodies = ctx.fake.requests.map((r) => r.body as Json);
    expect(bodies.length).toBe(Math.ceil(expected.length / 10));
    expect(bodies[0]).toEqual({ filter });
    for (const body of bodies.slice(1)) {
      expect(Object.keys(body).sort()).toEqual(['cursor', 'filter']);
      expect(body['filter']).toEqual(filter);
      expect(typeof body['cursor']).toBe('string');
    }
    expect(
      ctx.fake.requests.every((r) => r.method === 'POST' && r.path === '/v2/calls/transcript' && Object.keys(r.query).length === 0),
    ).toBe(true);
  });

  it('calls_extensive.list sends the whole contentSelector and gets back exactly the parts it asked for', async () => {
    const contentSelector = {
      context: 'Extended' as const,
      contextTiming: ['Now' as const, 'TimeOfCall' as const],
      exposedFields: {
        parties: true,
        media: false,
        collaboration: { publicComments: true },
        content: { brief: true, topics: true, keyPoints: true, highlights: true, callOutcome: true },
        interaction: { speakers: true, personInteractionStats: true, questions: true, video: false },
      },
    };
    const call = ctx.fake.data.calls[3]!;
    const { data, meta } = await makeConnector(ctx.fake).calls_extensive.list({
      filter: { callIds: [call['id'] as string] },
      contentSelector,
    });
    expect(ctx.fake.requests[0]).toMatchObject({ method: 'POST', path: '/v2/calls/extensive' });
    expect(ctx.fake.requests[0]!.body).toEqual({ filter: { callIds: [call['id']] }, contentSelector });
    expect(meta).toEqual({ totalRecords: 1, currentPageSize: 1, currentPageNumber: 0, cursor: null });
    const [record] = data;
    expect(record!.id).toBe(call['id']); // derived from metaData.id
    expect(record!.startdatetime).toBe(call['started']);
    expect(record!.metaData).toEqual(call);
    expect(Object.keys(record!).sort()).toEqual(
      ['collaboration', 'content', 'context', 'id', 'interaction', 'metaData', 'parties', 'startdatetime'].sort(),
    );
    expect(Object.keys(record!.content!).sort()).toEqual(['brief', 'callOutcome', 'highlights', 'keyPoints', 'topics']);
    expect(Object.keys(record!.interaction!).sort()).toEqual(['interactionStats', 'questions', 'speakers']);
    expect(record!.media).toBeUndefined();
  });

  it('calls_extensive.list without contentSelector returns metaData only', async () => {
    const { data } = await makeConnector(ctx.fake).calls_extensive.list({ filter: { fromDateTime: '2024-05-01T00:00:00Z' } });
    expect(data.length).toBeGreaterThan(0);
    for (const record of data) expect(Object.keys(record).sort()).toEqual(['id', 'metaData', 'startdatetime']);
  });

  it("Gong's 404 for a calls query that matches nothing is an empty list with null meta", async () => {
    const c = makeConnector(ctx.fake);
    const future = { fromDateTime: '2031-01-01T00:00:00Z', toDateTime: '2031-02-01T00:00:00Z' };
    expect(await c.calls.list(future).then((p) => p.toJSON())).toEqual({
      data: [],
      meta: { totalRecords: null, currentPageSize: null, currentPageNumber: null, cursor: null },
    });
    expect((await c.calls_extensive.list({ filter: future })).data).toEqual([]);
    expect((await c.call_transcripts.list({ filter: future })).data).toEqual([]);
    expect(ctx.fake.requests.map((r) => r.path)).toEqual(['/v2/calls', '/v2/calls/extensive', '/v2/calls/transcript']);
    // A 404 elsewhere is still an error: an unknown user is not "nothing matched".
    const error = await rejection(c.users.get({ id: '1234567890' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('User not found: 1234567890');
  });

  it("errors carry Gong's message and the requestId from the error body", async () => {
    ctx.fake.failNext('/v2/users', {
      kind: 'status',
      status: 400,
      body: { requestId: '4al018gzaztcr8nbukw', errors: ['cursor is invalid'] },
    });
    const error = await rejection(makeConnector(ctx.fake).users.list({ cursor: 'bm9wZQ==' }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('cursor is invalid');
    expect(error.requestId).toBe('4al018gzaztcr8nbukw');
  });

  it('a 429 with Retry-After is a RateLimitError carrying the wait, retried when allowed', async () => {
    ctx.fake.failNext('/v2/workspaces', { kind: 'status', status: 429, headers: { 'retry-after': '90' } });
    const error = await rejection(makeConnector(ctx.fake).workspaces.list({}, { maxRetries: 0 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(90_000);
    expect(error.message).toContain('API request limit exceeded');
    ctx.fake.failNext('/v2/workspaces', { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    const { data } = await makeConnector(ctx.fake).workspaces.list();
    expect(data.map((w) => w.workspaceId)).toEqual(ctx.fake.data.workspaces.map((w) => w['id']));
    expect(ctx.fake.requests.filter((r) => r.path === '/v2/workspaces')).toHaveLength(3);
  });

  it('coaching.list sends Gong hyphenated query names for the contract parameters', async () => {
    const manager = ctx.fake.data.users[0]!;
    const { data } = await makeConnector(ctx.fake).coaching.list({
      workspace_id: '623457276584334',
      manager_id: manager['id'] as string,
      from_: '2024-03-01T00:00:00Z',
      to: '2024-06-01T00:00:00Z',
    });
    expect(ctx.fake.requests[0]!.query).toEqual({
      'workspace-id': '623457276584334',
      'manager-id': manager['id'],
      from: '2024-03-01T00:00:00Z',
      to: '2024-06-01T00:00:00Z',
    });
    expect(data).toHaveLength(1);
    expect(data[0]!.manager).toMatchObject({ id: manager['id'], emailAddress: manager['emailAddress'] });
    expect(data[0]!.directReportsMetrics!.length).toBe(ctx.fake.data.reports.get(manager['id'] as string)!.length);
  });

  it('stats lists send the period in filter and page with a body cursor', async () => {
    const c = makeConnector(ctx.fake);
    const filter = { fromDate: '2024-02-01', toDate: '2024-06-04' };
    const rows = [];
    for await (const row of c.stats_activity_aggregate.list({ filter })) rows.push(row);
    const active = ctx.fake.data.users.filter((u) => u['active']);
    expect(rows.map((r) => r.userId)).toEqual(active.map((u) => u['id']));
    const hosted = (id: unknown) => ctx.fake.data.calls.filter((call) => call['primaryUserId'] === id).length;
    for (const row of rows) expect(row.userAggregateActivityStats.callsAsHost).toBe(hosted(row.userId));
    expect(ctx.fake.requests[1]!.body).toEqual({ filter, cursor: expect.any(String) });
  });

  it('library folders list by workspace; folder content records carry the contract callId', async () => {
    const c = makeConnector(ctx.fake);
    const workspaceId = ctx.fake.data.workspaces[0]!['id'] as string;
    const { data: folders } = await c.library_folders.list({ workspaceId });
    expect(folders.map((f) => f.name)).toEqual(['Sales Onboarding', 'Best discovery calls']);
    expect(folders[0]).not.toHaveProperty('workspaceId');
    const { data: calls } = await c.library_folder_content.list({ folderId: folders[1]!.id });
    expect(calls.map((call) => call.callId)).toEqual(calls.map((call) => call.id));
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([{ workspaceId }, { folderId: folders[1]!.id }]);
  });

  // Gong's document declares workspaceId optional and Gong answers without it (recorded answers).
  it('library folders list without a workspaceId: nothing is refused, no workspaceId is sent', async () => {
    const { data: folders } = await makeConnector(ctx.fake).library_folders.list();
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([{}]);
    expect(folders.length).toBeGreaterThanOrEqual(2);
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining(['Sales Onboarding', 'Best discovery calls']));
  });
});

describe('inputs Gong would refuse fail before any request', () => {
  const ctx = useGongFake({ users: 5, calls: 5 });

  it.each([
    ['stats without filter.toDate', 'stats_interaction', { filter: { fromDate: '2024-01-01' } }, 'filter.toDate', 'required'],
    [
      'a stats date that is not YYYY-MM-DD',
      'stats_activity_aggregate',
      { filter: { fromDate: '2024-1-1', toDate: '2024-02-01' } },
      'filter.fromDate',
      'format',
    ],
    ['a call id that is not digits', 'calls', { id: '../users' }, 'id', 'pattern'],
    ['a media download for two calls', 'call_audio', { filter: { callIds: ['1', '2'] } }, 'filter.callIds', 'maxItems'],
    [
      'a media download without media URLs',
      'call_video',
      { filter: { callIds: ['1'] }, contentSelector: { exposedFields: { media: false } } },
      'contentSelector.exposedFields.media',
      'enum',
    ],
    [
      'a range that is not a byte range',
      'call_audio',
      { filter: { callIds: ['1'] }, range_header: 'items=0-9' },
      'range_header',
      'pattern',
    ],
    [
      'coaching without manager_id',
      'coaching',
      { workspace_id: '1', from_: '2024-01-01T00:00:00Z', to: '2024-02-01T00:00:00Z' },
      'manager_id',
      'required',
    ],
    ['calls_extensive without filter', 'calls_extensive', {}, 'filter', 'required'],
  ] as const)('%s', async (_name, entity, params, path, rule) => {
    const action = entity === 'call_audio' || entity === 'call_video' ? 'download' : entity === 'calls' ? 'get' : 'list';
    const error = await rejection(makeConnector(ctx.fake).execute(entity as never, action as never, params as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, rule })]));
    expect(ctx.fake.requests).toHaveLength(0);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });
});
