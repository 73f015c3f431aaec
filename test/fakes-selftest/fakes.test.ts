/**
 * Self-test of the vendor fakes, driven with plain fetch (no connector involved): paging reaches
 * every record exactly once, errors look like the vendor's, writes change what later reads see,
 * and injected failures (429, 5xx, dropped connections, truncated bodies, delays) behave.
 *
 * @module-tag connector/issue-tracker
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../fakes/greenhouse.js';
import { startLinearFake, type LinearFake } from '../fakes/linear.js';
import { startSlackFake, type SlackFake } from '../fakes/slack.js';
import { deferred } from '../support/deferred.js';

type J = Record<string, any>;

// ---------------------------------------------------------------------------------------------
describe('Slack fake', () => {
  let slack: SlackFake;
  const auth = { authorization: 'Bearer xoxb-test-token' };
  const get = async (method: string, params: Record<string, string | number> = {}, headers: Record<string, string> = auth) => {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const res = await fetch(`${slack.url}/api/${method}${qs ? `?${qs}` : ''}`, { headers });
    return { status: res.status, body: (await res.json()) as J };
  };
  const post = async (method: string, body: J) => {
    const res = await fetch(`${slack.url}/api/${method}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as J;
  };

  beforeAll(async () => {
    slack = await startSlackFake();
  });
  afterAll(() => slack.close());

  it('pages users.list over several pages, every user exactly once', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const { body } = await get('users.list', { limit: 7, ...(cursor ? { cursor } : {}) });
      expect(body.ok).toBe(true);
      seen.push(...body.members.map((m: J) => m.id));
      cursor = body.response_metadata.next_cursor;
      pages++;
    } while (cursor !== '');
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen).toContain('USLACKBOT');
  });

  it('shapes users like the samples (profile object, tz on live users only)', async () => {
    const { body } = await get('users.list', { limit: 100 });
    const live = body.members.find((m: J) => !m.deleted && !m.is_bot && m.id !== 'USLACKBOT');
    expect(live).toMatchObject({
      team_id: expect.stringMatching(/^T0/),
      tz: expect.any(String),
      tz_offset: expect.any(Number),
      profile: { email: expect.any(String) },
    });
    expect(live.id).toMatch(/^U0[A-Z0-9]{9}$/);
    const deleted = body.members.find((m: J) => m.deleted);
    expect(deleted.tz).toBeUndefined();
    expect(body.members.find((m: J) => m.id === 'USLACKBOT').is_bot).toBe(false);
  });

  it('answers auth and argument problems with ok:false under HTTP 200', async () => {
    expect(await get('users.list', {}, {})).toEqual({ status: 200, body: { ok: false, error: 'not_authed' } });
    expect((await get('users.list', {}, { authorization: 'Bearer xoxb-wrong' })).body.error).toBe('invalid_auth');
    expect((await get('users.list', { cursor: 'bm9wZQ==' })).body.error).toBe('invalid_cursor');
    expect((await get('conversations.info', { channel: 'C0NOPE' })).body.error).toBe('channel_not_found');
    expect((await get('conversations.history', {})).body.error).toBe('invalid_arguments');
    const unknown = await get('chat.nope');
    expect(unknown).toMatchObject({ status: 404, body: { ok: false, error: 'unknown_method' } });
  });

  it('lists public channels by default and follows cursors through short pages', async () => {
    const { body: first } = await get('conversations.list');
    expect(first.channels.every((c: J) => !c.is_private && !c.is_im)).toBe(true);
    expect(first.channels[0].topic).toEqual({ value: expect.any(String), creator: expect.any(String), last_set: expect.any(Number) });

    const ids: string[] = [];
    let cursor = '';
    let shortPages = 0;
    do {
      const { body } = await get('conversations.list', {
        limit: 4,
        types: 'public_channel,private_channel',
        exclude_archived: 'true',
        ...(cursor ? { cursor } : {}),
      });
      if (body.channels.length < 4 && body.response_metadata.next_cursor !== '') shortPages++;
      ids.push(...body.channels.map((c: J) => c.id));
      cursor = body.response_metadata.next_cursor;
    } while (cursor);
    const expected = slack.data.channels.filter((c) => !c.is_im && !c.is_mpim && !c.is_archived).map((c) => c.id);
    expect(new Set(ids)).toEqual(new Set(expected));
    expect(shortPages).toBeGreaterThan(0);
  });

  it('pages history newest first with has_more, honours oldest/latest, and replies start with the parent', async () => {
    const channel = slack.data.channels.find((c) => c.name === 'engineering')!;
    const all: J[] = [];
    let cursor = '';
    do {
      const { body } = await get('conversations.history', { channel: channel.id, limit: 10, ...(cursor ? { cursor } : {}) });
      expect(body.has_more).toBe(body.response_metadata.next_cursor !== '');
      all.push(...body.messages);
      cursor = body.response_metadata.next_cursor;
    } while (cursor);
    expect(all.length).toBe(slack.data.messages.get(channel.id)!.length);
    expect(all.map((m) => m.ts)).toEqual([...all.map((m) => m.ts)].sort().reverse());
    expect(all.every((m) => /^\d{10}\.\d{6}$/.test(m.ts))).toBe(true);

    const [newest, , third] = all;
    const range = await get('conversations.history', { channel: channel.id, oldest: third!.ts, latest: newest!.ts });
    expect(range.body.messages.map((m: J) => m.ts)).toEqual([all[1]!.ts]);
    const inclusive = await get('conversations.history', { channel: channel.id, oldest: third!.ts, latest: newest!.ts, inclusive: 'true' });
    expect(inclusive.body.messages).toHaveLength(3);

    const parent = all.find((m) => (m.reply_count ?? 0) > 0)!;
    const thread = await get('conversations.replies', { channel: channel.id, ts: parent.ts });
    expect(thread.body.messages[0].ts).toBe(parent.ts);
    expect(thread.body.messages).toHaveLength(parent.reply_count + 1);
    expect(thread.body.messages.slice(1).every((m: J) => m.thread_ts === parent.ts)).toBe(true);
    expect((await get('conversations.replies', { channel: channel.id })).body.error).toBe('thread_not_found');
  });

  it('refuses history of a channel the bot is not in', async () => {
    const outside = slack.data.channels.find((c) => c.is_member === false)!;
    expect((await get('conversations.history', { channel: outside.id })).body.error).toBe('not_in_channel');
  });

  it('creates, renames, posts, threads, updates, sets topic/purpose and reacts', async () => {
    const created = await post('conversations.create', { name: 'fake-selftest', is_private: false });
    expect(created).toMatchObject({ ok: true, channel: { name: 'fake-selftest', is_member: true, creator: slack.data.bot.userId } });
    expect((await post('conversations.create', { name: 'fake-selftest' })).error).toBe('name_taken');
    expect((await post('conversations.create', { name: 'Bad Name!' })).error).toBe('invalid_name_specials');
    const id = created.channel.id as string;

    const renamed = await post('conversations.rename', { channel: id, name: 'fake-selftest-2' });
    expect(renamed.channel).toMatchObject({ name: 'fake-selftest-2', previous_names: ['fake-selftest'] });

    const posted = await post('chat.postMessage', { channel: id, text: 'hello from the self-test' });
    expect(posted).toMatchObject({
      ok: true,
      channel: id,
      ts: expect.stringMatching(/^\d{10}\.\d{6}$/),
      message: { type: 'message', text: 'hello from the self-test', bot_id: slack.data.bot.botId },
    });
    const reply = await post('chat.postMessage', { channel: id, text: 'a reply', thread_ts: posted.ts });
    expect(reply.message.thread_ts).toBe(posted.ts);
    const history = await get('conversations.history', { channel: id });
    expect(history.body.messages[0]).toMatchObject({ ts: posted.ts, reply_count: 1, reply_users: [slack.data.bot.userId] });

    const updated = await post('chat.update', { channel: id, ts: posted.ts, text: 'edited' });
    expect(updated).toMatchObject({ ok: true, text: 'edited', message: { edited: { user: slack.data.bot.userId } } });
    expect((await post('chat.update', { channel: id, ts: '1.000000', text: 'x' })).error).toBe('message_not_found');
    const general = slack.data.channels.find((c) => c.is_general)!;
    const someoneElse = slack.data.messages.get(general.id)!.find((m) => m.user && m.user !== slack.data.bot.userId)!;
    expect((await post('chat.update', { channel: general.id, ts: someoneElse.ts, text: 'x' })).error).toBe('cant_update_message');

    const topic = await post('conversations.setTopic', { channel: id, topic: 'Self-test topic' });
    expect(topic.channel.topic).toEqual({ value: 'Self-test topic', creator: slack.data.bot.userId, last_set: expect.any(Number) });
    const purpose = await post('conversations.setPurpose', { channel: id, purpose: 'Testing' });
    expect(purpose.channel.purpose.value).toBe('Testing');
    const latest = await get('conversations.history', { channel: id, limit: 2 });
    // On the channel topic is an object; on the channel_topic message it is a plain string.
    expect(latest.body.messages.map((m: J) => m.subtype)).toEqual(['channel_purpose', 'channel_topic']);
    expect(latest.body.messages[1].topic).toBe('Self-test topic');

    expect(await post('reactions.add', { channel: id, timestamp: posted.ts, name: 'tada' })).toEqual({ ok: true });
    expect((await post('reactions.add', { channel: id, timestamp: posted.ts, name: 'tada' })).error).toBe('already_reacted');
    expect((await post('chat.postMessage', { channel: 'C0NOPE', text: 'x' })).error).toBe('channel_not_found');
  });

  it('accepts form-encoded writes too', async () => {
    const channel = slack.data.channels.find((c) => c.name === 'random')!;
    const res = await fetch(`${slack.url}/api/chat.postMessage`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: channel.id, text: 'form post' }).toString(),
    });
    expect(((await res.json()) as J).message.text).toBe('form post');
  });
});

// ---------------------------------------------------------------------------------------------
describe('Linear fake', () => {
  let linear: LinearFake;
  const gql = async (query: string, variables: J = {}, authorization = 'lin_api_test') => {
    const res = await fetch(`${linear.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as J };
  };

  beforeAll(async () => {
    linear = await startLinearFake();
  });
  afterAll(() => linear.close());

  it('pages issues with first/after until hasNextPage is false, every issue once', async () => {
    const query = `query Issues($first: Int, $after: String) {
      issues(first: $first, after: $after) {
        nodes { id identifier number title priority priorityLabel createdAt updatedAt state { id type } team { id key } assignee { id } labels(first: 10) { nodes { id } } }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const { status, body, headers } = await gql(query, { first: 25, after });
      expect(status).toBe(200);
      expect(headers.get('x-ratelimit-requests-remaining')).toMatch(/^\d+$/);
      expect(Number(headers.get('x-complexity'))).toBeGreaterThan(0);
      ids.push(...body.data.issues.nodes.map((n: J) => n.id));
      pages++;
      if (!body.data.issues.pageInfo.hasNextPage) break;
      after = body.data.issues.pageInfo.endCursor;
    }
    expect(pages).toBe(5);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
  });

  it('looks issues up by identifier and reports unknown ids like Linear', async () => {
    const ok = await gql(`{ issue(id: "ENG-7") { id identifier url branchName team { key } } }`);
    expect(ok.body.data.issue).toMatchObject({
      identifier: 'ENG-7',
      url: expect.stringMatching(/^https:\/\/linear\.app\/acme\/issue\/ENG-7\//),
    });
    const missing = await gql(`query($id: String!) { issue(id: $id) { id } }`, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(200);
    expect(missing.body.data).toBeNull();
    expect(missing.body.errors[0]).toMatchObject({
      message: 'Entity not found: Issue',
      path: ['issue'],
      extensions: { code: 'INVALID_INPUT' },
    });
  });

  it('rejects invalid documents, oversized pages, and bad credentials', async () => {
    const invalid = await gql(`{ issues { nodes { idd } } }`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await gql(`{ issues {`)).status).toBe(400);
    const big = await gql(`{ issues(first: 251) { nodes { id } } }`);
    expect(big.status).toBe(400);
    expect(big.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    const noAuth = await gql(`{ viewer { id } }`, {}, '');
    expect(noAuth.status).toBe(401);
    expect(noAuth.body.errors[0].extensions.code).toBe('AUTHENTICATION_ERROR');
    expect((await gql(`{ viewer { id } }`, {}, 'Bearer lin_api_test')).status).toBe(401);
    expect((await gql(`{ viewer { id isMe } }`, {}, 'Bearer lin_oauth_test')).body.data.viewer.isMe).toBe(true);
    const tooComplex = await gql(`{ issues(first: 250) { nodes { id comments(first: 250) { nodes { id body } } } } }`);
    expect(tooComplex.status).toBe(400);
  });

  it('filters comments by issue and matches the nested connection', async () => {
    const issue = linear.data.issues.rows[3]!;
    const nested = await gql(`query($id: String!) { issue(id: $id) { comments(first: 50) { nodes { id } } } }`, { id: issue.id });
    const filtered = await gql(
      `query($id: ID) { comments(filter: { issue: { id: { eq: $id } } }) { nodes { id body user { id } issue { id } } } }`,
      { id: issue.id },
    );
    const a = nested.body.data.issue.comments.nodes.map((n: J) => n.id).sort();
    const b = filtered.body.data.comments.nodes.map((n: J) => n.id).sort();
    expect(a).toHaveLength(3);
    expect(b).toEqual(a);
  });

  it('hides deactivated users unless includeDisabled', async () => {
    const active = await gql(`{ users { nodes { id active } } }`);
    const all = await gql(`{ users(includeDisabled: true) { nodes { id active } } }`);
    expect(active.body.data.users.nodes.every((u: J) => u.active)).toBe(true);
    expect(all.body.data.users.nodes.length).toBe(active.body.data.users.nodes.length + 1);
  });

  it('creates and updates issues and comments; issueUpdate only touches fields present', async () => {
    const team = linear.data.teams.rows.find((t) => t.key === 'ENG')!;
    const assignee = linear.data.users.rows[1]!;
    const created = await gql(
      `mutation($input: IssueCreateInput!) { issueCreate(input: $input) { success lastSyncId issue { id identifier title priority state { name } assignee { id } } } }`,
      { input: { teamId: team.id, title: 'Self-test issue', description: 'From **fakes.test.ts**', priority: 2, assigneeId: assignee.id } },
    );
    expect(created.body.data.issueCreate).toMatchObject({
      success: true,
      issue: { identifier: 'ENG-41', priority: 2, state: { name: 'Todo' }, assignee: { id: assignee.id } },
    });
    const id = created.body.data.issueCreate.issue.id;

    const update = `mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { title priority assignee { id } } } }`;
    const unassigned = await gql(update, { id, input: { assigneeId: null } });
    expect(unassigned.body.data.issueUpdate.issue).toEqual({ title: 'Self-test issue', priority: 2, assignee: null });
    const retitled = await gql(update, { id, input: { title: 'Renamed' } });
    expect(retitled.body.data.issueUpdate.issue).toEqual({ title: 'Renamed', priority: 2, assignee: null });
    const notFound = await gql(update, { id: 'nope', input: { title: 'x' } });
    expect(notFound.body).toMatchObject({ data: null, errors: [{ message: 'Entity not found: Issue' }] });

    const comment = await gql(
      `mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id body editedAt user { isMe } issue { id } } } }`,
      {
        input: { issueId: id, body: 'First!' },
      },
    );
    expect(comment.body.data.commentCreate).toMatchObject({
      success: true,
      comment: { body: 'First!', editedAt: null, user: { isMe: true }, issue: { id } },
    });
    const edited = await gql(
      `mutation($id: String!, $input: CommentUpdateInput!) { commentUpdate(id: $id, input: $input) { success comment { body editedAt } } }`,
      {
        id: comment.body.data.commentCreate.comment.id,
        input: { body: 'Edited' },
      },
    );
    expect(edited.body.data.commentUpdate.comment).toEqual({ body: 'Edited', editedAt: expect.stringMatching(/Z$/) });
  });

  it('passes injected GraphQL rate-limit errors through failNext', async () => {
    linear.failNext('/graphql', {
      kind: 'body',
      body: { errors: [{ message: 'Rate limit exceeded', extensions: { code: 'RATELIMITED' } }] },
    });
    const limited = await gql(`{ viewer { id } }`);
    expect(limited.body.errors[0].extensions.code).toBe('RATELIMITED');
    expect((await gql(`{ viewer { id } }`)).body.data.viewer.id).toBe(linear.data.viewerId);
  });
});

// ---------------------------------------------------------------------------------------------
describe('Greenhouse fake', () => {
  let gh: GreenhouseFake;
  const auth = { authorization: `Basic ${Buffer.from('gh_test_key:').toString('base64')}` };
  const links = (header: string | null): Record<string, string> =>
    Object.fromEntries([...(header ?? '').matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)].map((m) => [m[2]!, m[1]!]));

  beforeAll(async () => {
    gh = await startGreenhouseFake();
  });
  afterAll(() => gh.close());

  it('pages candidates by following Link rel="next", keeping the other query parameters', async () => {
    let url: string | undefined = `${gh.url}/v1/candidates?per_page=25&created_after=2000-01-01T00:00:00Z`;
    const ids: number[] = [];
    let pages = 0;
    while (url) {
      const res = await fetch(url, { headers: auth });
      expect(res.status).toBe(200);
      const body = (await res.json()) as J[];
      expect(Array.isArray(body)).toBe(true);
      ids.push(...body.map((c) => c.id as number));
      const rel = links(res.headers.get('link'));
      if (rel.next) expect(rel.next).toContain('created_after=2000-01-01T00%3A00%3A00Z');
      if (pages === 0) expect(rel.last).toMatch(/page=5&per_page=25$/);
      url = rel.next;
      pages++;
    }
    expect(pages).toBe(5);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('rejects bad Basic credentials, bad per_page and unknown ids', async () => {
    const basic = (s: string) => ({ authorization: `Basic ${Buffer.from(s).toString('base64')}` });
    for (const headers of [{}, basic('wrong:'), basic('gh_test_key:secret'), { authorization: 'Bearer gh_test_key' }]) {
      const res = await fetch(`${gh.url}/v1/jobs`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid Basic Auth credentials' });
    }
    const tooMany = await fetch(`${gh.url}/v1/candidates?per_page=501`, { headers: auth });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toEqual({
      message: 'Validation error',
      errors: [{ message: 'per_page must be between 1 and 500', field: 'per_page' }],
    });
    const missing = await fetch(`${gh.url}/v1/candidates/1`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Resource not found' });
  });

  it('filters applications like Harvest (unknown status → empty list)', async () => {
    const rejected = (await (await fetch(`${gh.url}/v1/applications?status=rejected&per_page=500`, { headers: auth })).json()) as J[];
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((a) => a.status === 'rejected' && a.rejected_at !== null)).toBe(true);
    const bogus = await fetch(`${gh.url}/v1/applications?status=bogus`, { headers: auth });
    expect(await bogus.json()).toEqual([]);
  });

  it('serves attachments from another origin, without auth, with stable bytes and ranges', async () => {
    const candidate = (await (await fetch(`${gh.url}/v1/candidates/${gh.data.candidates[0]!.id}`, { headers: auth })).json()) as J;
    const big = (candidate.attachments as J[]).find((a) => a.type === 'take_home_test')!;
    expect(new URL(big.url).origin).toBe(gh.fileUrl);
    expect(gh.fileUrl).not.toBe(gh.url);

    gh.fileRequests.length = 0;
    const first = await fetch(big.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toContain(big.filename);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    expect(Buffer.from(await (await fetch(big.url)).arrayBuffer()).equals(bytes)).toBe(true);
    expect(gh.fileRequests.every((r) => r.headers.authorization === undefined)).toBe(true);

    const part = await fetch(big.url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    const leaked = await fetch(big.url, { headers: auth });
    expect(leaked.status).toBe(400);
    expect(gh.fileRequests.at(-1)!.headers.authorization).toBe(auth.authorization);
    const tampered = await fetch(big.url.replace(/X-Amz-Signature=[0-9a-f]+/, 'X-Amz-Signature=00'));
    expect(tampered.status).toBe(403);
  });

  it('can redirect file downloads once', async () => {
    const resume = (gh.data.candidates[1]!.attachments as J[])[0]!;
    gh.redirectFilesOnce();
    const manual = await fetch(resume.url, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    const followed = await fetch(manual.headers.get('location')!);
    expect(followed.status).toBe(200);
    expect(
      Buffer.from(await followed.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toMatch(
      // eslint-disable-next-line no-control-regex -- a PDF's or a ZIP-based (docx) file signature: the control bytes are the point
      /^(%PDF-|PK\x03\x04)/,
    );
    expect(gh.fileRequests.at(-1)!.path.startsWith('/redirected/files/')).toBe(true);
  });

  it('injects failures: 429 with headers, 503, drop, drop-mid-body, delay', async () => {
    const url = `${gh.url}/v1/jobs`;
    gh.failNext('/v1/jobs', { kind: 'status', status: 429, headers: { 'retry-after': '1', 'x-ratelimit-reset': '1717430400' } });
    const limited = await fetch(url, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('x-ratelimit-reset')).toBe('1717430400');
    expect(((await limited.json()) as J).message).toBe('Rate limit exceeded');

    gh.failNext(/^\/v1\/jobs/, { kind: 'status', status: 503 }, 2);
    expect((await fetch(url, { headers: auth })).status).toBe(503);
    expect((await fetch(url, { headers: auth })).status).toBe(503);
    expect((await fetch(url, { headers: auth })).status).toBe(200);

    gh.failNext('/v1/jobs', { kind: 'drop' });
    await expect(fetch(url, { headers: auth })).rejects.toThrow();

    gh.failNext('/v1/jobs', { kind: 'drop-mid-body' });
    const truncated = await fetch(url, { headers: auth });
    expect(truncated.status).toBe(200);
    await expect(truncated.text()).rejects.toThrow();

    gh.failNext('/v1/jobs', { kind: 'delay', ms: 300 });
    await expect(fetch(url, { headers: auth, signal: AbortSignal.timeout(100) })).rejects.toThrow();
    gh.failNext('/v1/jobs', { kind: 'delay', ms: 150 });
    const started = Date.now();
    expect((await fetch(url, { headers: auth })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    // Downloads can be cut short too.
    const file = (gh.data.candidates[0]!.attachments as J[]).find((a) => a.type === 'take_home_test')!;
    gh.files!.failNext(/^\/files\//, { kind: 'drop-mid-body' });
    const cut = await fetch(file.url);
    await expect(cut.arrayBuffer()).rejects.toThrow();
  });
});

describe('harness', () => {
  it('holds a request until the test releases it, then answers it as usual; close() drops one still held', async () => {
    const slack = await startSlackFake({ users: 5, channels: 2, messagesPerChannel: 3 });
    const auth = { authorization: 'Bearer xoxb-test-token' };
    try {
      const gate = deferred();
      slack.failNext('/api/users.list', { kind: 'hold', until: gate.promise });
      let answered = false;
      const held = fetch(`${slack.url}/api/users.list`, { headers: auth }).then(async (res) => {
        answered = true;
        return (await res.json()) as J;
      });
      // Another request goes through while the first is held.
      expect(((await (await fetch(`${slack.url}/api/auth.test`, { headers: auth })).json()) as J).ok).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);
      gate.resolve();
      expect(((await held).members as J[]).length).toBeGreaterThan(0);

      slack.failNext('/api/users.list', { kind: 'hold', until: new Promise(() => undefined) });
      const never = fetch(`${slack.url}/api/users.list`, { headers: auth });
      while (slack.requests.filter((r) => r.path === '/api/users.list').length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await slack.close();
      await expect(never).rejects.toThrow();
    } finally {
      await slack.close();
    }
  });

  it('can skip recording for benchmarks and resets cleanly', async () => {
    const slack = await startSlackFake({ record: false, users: 5, channels: 2, messagesPerChannel: 3 });
    try {
      const res = await fetch(`${slack.url}/api/auth.test`, { headers: { authorization: 'Bearer xoxb-test-token' } });
      expect(((await res.json()) as J).ok).toBe(true);
      expect(slack.requests).toHaveLength(0);
    } finally {
      await slack.close();
    }
  });
});
