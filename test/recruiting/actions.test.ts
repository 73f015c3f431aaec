/**
 * Every entity.action of specs/recruiting.yaml that calls Greenhouse, against the Harvest v1 fake:
 * the exact request Harvest receives (GET, path, query, Basic auth with the key as username and an
 * empty password) and the parsed `{data, meta}` (bare-array records, `meta.next_page` from the
 * Link header). Each case runs through the typed helper, then through `execute(entity, action,
 * params)`; all calls are reads, so both must send the same request and get the same result.
 * Which entities declare (hosted-only) search; HostedOnlyError itself is checked in test/matrix.
 */
import { describe, expect, it } from 'vitest';
import { Page, RecruitingConnector, metadata } from '@switchyard/connector-recruiting';
import type { GreenhouseFake } from '../fakes/greenhouse.js';
import { fileBytes } from '../fakes/greenhouse/files.js';
import { KEY, basic, json, loose, makeConnector, readChunks, useGreenhouseFake, wire, type Json } from './helpers.js';

type Params = Record<string, unknown>;
type Query = Record<string, string>;

interface Case {
  name: string;
  entity: string;
  action: string;
  params: (fake: GreenhouseFake) => Params;
  helper: (c: RecruitingConnector, params: any) => PromiseLike<{ data: unknown; meta: unknown }>;
  /** Path under /v1 and the exact query Harvest must receive. */
  request: (fake: GreenhouseFake, params: Params) => { path: string; query: Query };
  verify: (result: { data: any; meta: any }, fake: GreenhouseFake, params: Params) => void;
}

const ms = (value: unknown): number => Date.parse(String(value));
const after = (value: unknown, limit: unknown) => typeof value === 'string' && ms(value) >= ms(limit);
const before = (value: unknown, limit: unknown) => typeof value === 'string' && ms(value) < ms(limit);
const jobIdsOf = (row: Json) => (row['jobs'] as Json[]).map((j) => j['id']);
const startOf = (row: Json) => {
  const slot = row['start'] as { date_time?: string; date?: string };
  return slot.date_time ?? slot.date;
};
const endOf = (row: Json) => {
  const slot = row['end'] as { date_time?: string; date?: string };
  return slot.date_time ?? slot.date;
};
/** Users as GET /users lists them: without the custom fields only GET /users/{id} returns. */
const listedUser = ({ custom_fields: _cf, keyed_custom_fields: _kcf, ...rest }: Json) => rest;
/** The job a busy application filter uses: the one with the most applications. */
const busiestJob = (fake: GreenhouseFake): number => {
  const counts = new Map<unknown, number>();
  for (const app of fake.data.applications) for (const id of jobIdsOf(app)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0] as number;
};

const cases: Case[] = [
  {
    name: 'candidates.list (no params: per_page defaults to 100, next_page 2)',
    entity: 'candidates',
    action: 'list',
    params: () => ({}),
    helper: (c, p) => c.candidates.list(p),
    request: () => ({ path: '/candidates', query: { per_page: '100' } }),
    verify: ({ data, meta }, fake) => {
      expect(data).toHaveLength(100);
      expect(data).toEqual(json(fake.data.candidates.slice(0, 100)));
      expect(meta).toStrictEqual({ next_page: 2 });
    },
  },
  {
    name: 'candidates.list (per_page 50, page 3: the last page, next_page null)',
    entity: 'candidates',
    action: 'list',
    params: () => ({ per_page: 50, page: 3 }),
    helper: (c, p) => c.candidates.list(p),
    request: () => ({ path: '/candidates', query: { per_page: '50', page: '3' } }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.candidates.slice(100, 120)));
      expect(meta).toStrictEqual({ next_page: null });
    },
  },
  {
    name: 'candidates.get',
    entity: 'candidates',
    action: 'get',
    params: (fake) => ({ id: fake.data.candidates[7]!['id'] }),
    helper: (c, p) => c.candidates.get(p),
    request: (_fake, p) => ({ path: `/candidates/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake, p) => {
      expect(data.id).toBe(p['id']);
      expect(data).toEqual(json(fake.data.candidates[7]));
      expect(data.photo_url).toBeNull();
      expect(meta).toEqual({});
    },
  },
  {
    name: 'applications.list (status + per_page: next_page 2)',
    entity: 'applications',
    action: 'list',
    params: () => ({ status: 'rejected', per_page: 10 }),
    helper: (c, p) => c.applications.list(p),
    request: () => ({ path: '/applications', query: { status: 'rejected', per_page: '10' } }),
    verify: ({ data, meta }, fake) => {
      const rejected = fake.data.applications.filter((a) => a['status'] === 'rejected');
      expect(rejected.length).toBeGreaterThan(10);
      expect(data).toEqual(json(rejected.slice(0, 10)));
      expect(meta).toStrictEqual({ next_page: 2 });
    },
  },
  {
    name: 'applications.list (job_id, created_after/before, last_activity_after, status)',
    entity: 'applications',
    action: 'list',
    params: (fake) => ({
      job_id: busiestJob(fake),
      created_after: '2023-06-01T00:00:00Z',
      created_before: '2024-06-01T00:00:00.000Z',
      last_activity_after: '2023-07-01T00:00:00+00:00',
      status: 'active',
    }),
    helper: (c, p) => c.applications.list(p),
    request: (_fake, p) => ({
      path: '/applications',
      query: {
        per_page: '100',
        job_id: String(p['job_id']),
        created_after: '2023-06-01T00:00:00Z',
        created_before: '2024-06-01T00:00:00.000Z',
        last_activity_after: '2023-07-01T00:00:00+00:00',
        status: 'active',
      },
    }),
    verify: ({ data, meta }, fake, p) => {
      const expected = fake.data.applications.filter(
        (a) =>
          jobIdsOf(a).includes(p['job_id']) &&
          after(a['applied_at'], p['created_after']) &&
          before(a['applied_at'], p['created_before']) &&
          after(a['last_activity_at'], p['last_activity_after']) &&
          a['status'] === 'active',
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(data).toEqual(json(expected));
      expect(meta).toStrictEqual({ next_page: null });
    },
  },
  {
    name: 'applications.get',
    entity: 'applications',
    action: 'get',
    params: (fake) => ({ id: fake.data.applications[3]!['id'] }),
    helper: (c, p) => c.applications.get(p),
    request: (_fake, p) => ({ path: `/applications/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.applications[3]));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'jobs.list (per_page 5)',
    entity: 'jobs',
    action: 'list',
    params: () => ({ per_page: 5 }),
    helper: (c, p) => c.jobs.list(p),
    request: () => ({ path: '/jobs', query: { per_page: '5' } }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.jobs.slice(0, 5)));
      expect(meta).toStrictEqual({ next_page: 2 });
    },
  },
  {
    name: 'jobs.get',
    entity: 'jobs',
    action: 'get',
    params: (fake) => ({ id: fake.data.jobs[2]!['id'] }),
    helper: (c, p) => c.jobs.get(p),
    request: (_fake, p) => ({ path: `/jobs/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.jobs[2]));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'offers.list (created_after, created_before, resolved_after)',
    entity: 'offers',
    action: 'list',
    params: () => ({
      created_after: '2023-09-01T00:00:00Z',
      created_before: '2024-06-01T00:00:00Z',
      resolved_after: '2023-10-01T00:00:00Z',
    }),
    helper: (c, p) => c.offers.list(p),
    request: () => ({
      path: '/offers',
      query: {
        per_page: '100',
        created_after: '2023-09-01T00:00:00Z',
        created_before: '2024-06-01T00:00:00Z',
        resolved_after: '2023-10-01T00:00:00Z',
      },
    }),
    verify: ({ data, meta }, fake, p) => {
      const expected = fake.data.offers.filter(
        (o) =>
          after(o['created_at'], p['created_after']) &&
          before(o['created_at'], p['created_before']) &&
          after(o['resolved_at'], p['resolved_after']),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(fake.data.offers.length);
      expect(data).toEqual(json(expected));
      expect(meta).toStrictEqual({ next_page: null });
    },
  },
  {
    name: 'offers.get',
    entity: 'offers',
    action: 'get',
    params: (fake) => ({ id: fake.data.offers[1]!['id'] }),
    helper: (c, p) => c.offers.get(p),
    request: (_fake, p) => ({ path: `/offers/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.offers[1]));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'users.list (created/updated range, per_page 3)',
    entity: 'users',
    action: 'list',
    params: () => ({
      created_after: '2020-01-01T00:00:00Z',
      created_before: '2024-06-03T00:00:00Z',
      updated_after: '2021-01-01T00:00:00Z',
      updated_before: '2024-06-04T00:00:00Z',
      per_page: 3,
    }),
    helper: (c, p) => c.users.list(p),
    request: () => ({
      path: '/users',
      query: {
        per_page: '3',
        created_after: '2020-01-01T00:00:00Z',
        created_before: '2024-06-03T00:00:00Z',
        updated_after: '2021-01-01T00:00:00Z',
        updated_before: '2024-06-04T00:00:00Z',
      },
    }),
    verify: ({ data, meta }, fake, p) => {
      const expected = fake.data.users.filter(
        (u) =>
          after(u['created_at'], p['created_after']) &&
          before(u['created_at'], p['created_before']) &&
          after(u['updated_at'], p['updated_after']) &&
          before(u['updated_at'], p['updated_before']),
      );
      expect(expected.length).toBeGreaterThan(3);
      expect(data).toEqual(json(expected.slice(0, 3).map(listedUser)));
      expect(meta).toStrictEqual({ next_page: 2 });
    },
  },
  {
    name: 'users.get (with custom fields)',
    entity: 'users',
    action: 'get',
    params: (fake) => ({ id: fake.data.users[4]!['id'] }),
    helper: (c, p) => c.users.get(p),
    request: (_fake, p) => ({ path: `/users/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.users[4]));
      expect(data.custom_fields).toBeTypeOf('object');
      expect(meta).toEqual({});
    },
  },
  {
    name: 'departments.list (one page: no Link header, next_page null)',
    entity: 'departments',
    action: 'list',
    params: () => ({}),
    helper: (c, p) => c.departments.list(p),
    request: () => ({ path: '/departments', query: { per_page: '100' } }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.departments));
      expect(meta).toStrictEqual({ next_page: null });
    },
  },
  {
    name: 'departments.get',
    entity: 'departments',
    action: 'get',
    params: (fake) => ({ id: fake.data.departments[1]!['id'] }),
    helper: (c, p) => c.departments.get(p),
    request: (_fake, p) => ({ path: `/departments/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.departments[1]));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'offices.list (per_page 2, page 2: next_page 3)',
    entity: 'offices',
    action: 'list',
    params: () => ({ per_page: 2, page: 2 }),
    helper: (c, p) => c.offices.list(p),
    request: () => ({ path: '/offices', query: { per_page: '2', page: '2' } }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.offices.slice(2, 4)));
      expect(meta).toStrictEqual({ next_page: 3 });
    },
  },
  {
    name: 'offices.get',
    entity: 'offices',
    action: 'get',
    params: (fake) => ({ id: fake.data.offices[4]!['id'] }),
    helper: (c, p) => c.offices.get(p),
    request: (_fake, p) => ({ path: `/offices/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.offices[4]));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'job_posts.list (live, active, internal=false, full_content, updated_after)',
    entity: 'job_posts',
    action: 'list',
    params: () => ({ live: true, active: true, internal: false, full_content: true, updated_after: '2023-01-01T00:00:00Z' }),
    helper: (c, p) => c.job_posts.list(p),
    request: () => ({
      path: '/job_posts',
      query: {
        per_page: '100',
        live: 'true',
        active: 'true',
        internal: 'false',
        full_content: 'true',
        updated_after: '2023-01-01T00:00:00Z',
      },
    }),
    verify: ({ data, meta }, fake, p) => {
      const expected = fake.data.jobPosts
        .filter((j) => j['live'] === true && j['active'] === true && j['internal'] === false && after(j['updated_at'], p['updated_after']))
        .map((j) => ({ ...j, ...fake.data.fullContent.get(j['id'] as number) }));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(fake.data.jobPosts.length);
      expect(data).toEqual(json(expected));
      expect(data[0].content).toContain('content-pay-transparency');
      expect(meta).toStrictEqual({ next_page: null });
    },
  },
  {
    name: 'job_posts.get (full_content=true)',
    entity: 'job_posts',
    action: 'get',
    params: (fake) => ({ id: fake.data.jobPosts[0]!['id'], full_content: true }),
    helper: (c, p) => c.job_posts.get(p),
    request: (_fake, p) => ({ path: `/job_posts/${p['id']}`, query: { full_content: 'true' } }),
    verify: ({ data, meta }, fake) => {
      const post = fake.data.jobPosts[0]!;
      expect(data).toEqual(json({ ...post, ...fake.data.fullContent.get(post['id'] as number) }));
      expect(data.content).not.toBe(post['content']);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'sources.list (per_page 10: next_page 2)',
    entity: 'sources',
    action: 'list',
    params: () => ({ per_page: 10 }),
    helper: (c, p) => c.sources.list(p),
    request: () => ({ path: '/sources', query: { per_page: '10' } }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.sources.slice(0, 10)));
      expect(meta).toStrictEqual({ next_page: 2 });
    },
  },
  {
    name: 'scheduled_interviews.list (created/updated/starts/ends ranges, per_page 20)',
    entity: 'scheduled_interviews',
    action: 'list',
    params: () => ({
      created_after: '2023-01-01T00:00:00Z',
      updated_before: '2024-06-04T00:00:00Z',
      starts_after: '2023-09-01T00:00:00Z',
      starts_before: '2024-05-01T00:00:00Z',
      ends_after: '2023-09-01T00:00:00Z',
      ends_before: '2024-05-02T00:00:00Z',
      per_page: 20,
    }),
    helper: (c, p) => c.scheduled_interviews.list(p),
    request: () => ({
      path: '/scheduled_interviews',
      query: {
        per_page: '20',
        created_after: '2023-01-01T00:00:00Z',
        updated_before: '2024-06-04T00:00:00Z',
        starts_after: '2023-09-01T00:00:00Z',
        starts_before: '2024-05-01T00:00:00Z',
        ends_after: '2023-09-01T00:00:00Z',
        ends_before: '2024-05-02T00:00:00Z',
      },
    }),
    verify: ({ data, meta }, fake, p) => {
      const expected = fake.data.scheduledInterviews.filter(
        (s) =>
          after(s['created_at'], p['created_after']) &&
          before(s['updated_at'], p['updated_before']) &&
          after(startOf(s), p['starts_after']) &&
          before(startOf(s), p['starts_before']) &&
          after(endOf(s), p['ends_after']) &&
          before(endOf(s), p['ends_before']),
      );
      expect(expected.length).toBeGreaterThan(20);
      expect(data).toEqual(json(expected.slice(0, 20)));
      expect(meta).toStrictEqual({ next_page: 2 });
    },
  },
  {
    name: 'scheduled_interviews.list (external_event_id, actionable=false)',
    entity: 'scheduled_interviews',
    action: 'list',
    params: (fake) => ({
      external_event_id: fake.data.scheduledInterviews.find((s) => s['external_event_id'])!['external_event_id'],
      actionable: false,
    }),
    helper: (c, p) => c.scheduled_interviews.list(p),
    request: (_fake, p) => ({
      path: '/scheduled_interviews',
      query: { per_page: '100', external_event_id: p['external_event_id'] as string, actionable: 'false' },
    }),
    verify: ({ data, meta }, fake, p) => {
      expect(data).toEqual(json(fake.data.scheduledInterviews.filter((s) => s['external_event_id'] === p['external_event_id'])));
      expect(data).toHaveLength(1);
      expect(meta).toStrictEqual({ next_page: null });
    },
  },
  {
    name: 'scheduled_interviews.get',
    entity: 'scheduled_interviews',
    action: 'get',
    params: (fake) => ({ id: fake.data.scheduledInterviews[10]!['id'] }),
    helper: (c, p) => c.scheduled_interviews.get(p),
    request: (_fake, p) => ({ path: `/scheduled_interviews/${p['id']}`, query: {} }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.scheduledInterviews[10]));
      expect(meta).toEqual({});
    },
  },
];

const asResult = (r: { data: unknown; meta: unknown }) => ({ data: r.data, meta: r.meta });

describe('entity.action requests and results (helper and execute)', () => {
  const ctx = useGreenhouseFake();

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, tc) => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const params = tc.params(fake);
    const expected = tc.request(fake, params);

    const viaHelper = await tc.helper(c, { ...params });
    expect(fake.requests).toHaveLength(1);
    const helperRequest = fake.requests[0]!;
    expect(wire(helperRequest)).toEqual({ method: 'GET', path: `/v1${expected.path}`, query: expected.query, authorization: basic() });
    expect(helperRequest.headers['authorization']).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    expect(helperRequest.headers['accept']).toBe('application/json');
    expect(helperRequest.rawBody).toBe('');
    expect(helperRequest.headers['content-type']).toBeUndefined();
    tc.verify(asResult(viaHelper), fake, params);

    fake.reset();
    const viaExecute = await loose(c).execute(tc.entity, tc.action, { ...params });
    expect(fake.requests).toHaveLength(1);
    expect(wire(fake.requests[0]!)).toEqual(wire(helperRequest));
    expect(asResult(viaExecute)).toEqual(asResult(viaHelper));
    tc.verify(viaExecute, fake, params);
  });

  it('list helpers resolve to a Page; execute resolves to plain {data, meta}', async () => {
    const c = makeConnector(ctx.fake);
    const page = await c.sources.list({ per_page: 10 });
    expect(page).toBeInstanceOf(Page);
    expect(page.toJSON()).toEqual(await c.execute('sources', 'list', { per_page: 10 }));
    expect(Object.keys(await c.execute('sources', 'list', { per_page: 10 })).sort()).toEqual(['data', 'meta']);
  });

  it('the path id is sent as a plain integer segment', async () => {
    const c = makeConnector(ctx.fake);
    const id = ctx.fake.data.candidates[0]!['id'] as number;
    await c.candidates.get({ id });
    expect(ctx.fake.requests[0]!.path).toBe(`/v1/candidates/${id}`);
    expect(ctx.fake.requests[0]!.path).toMatch(/^\/v1\/candidates\/\d+$/);
  });
});

describe('attachment downloads (helper and execute)', () => {
  const ctx = useGreenhouseFake();

  const downloadCases = [
    {
      name: 'application_attachment.download (type=resume)',
      entity: 'application_attachment',
      path: 'applications',
      record: (fake: GreenhouseFake) =>
        fake.data.applications.find((a) => (a['attachments'] as Json[]).some((x) => x['type'] === 'resume'))!,
      select: { type: 'resume' },
      helper: (c: RecruitingConnector, p: any) => c.application_attachment.download(p),
      pick: (attachments: Json[]) => attachments.find((x) => x['type'] === 'resume')!,
    },
    {
      name: 'candidate_attachment.download (filename + index 0)',
      entity: 'candidate_attachment',
      path: 'candidates',
      record: (fake: GreenhouseFake) => fake.data.candidates.find((a) => (a['attachments'] as Json[]).length >= 2)!,
      select: { index: 0 },
      helper: (c: RecruitingConnector, p: any) => c.candidate_attachment.download(p),
      pick: (attachments: Json[]) => attachments[0]!,
    },
  ];

  it.each(downloadCases.map((d) => [d.name, d] as const))('%s', async (_name, dc) => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const record = dc.record(fake);
    const attachment = dc.pick(record['attachments'] as Json[]);
    const fileId = /\/files\/(\d+)\//.exec(attachment['url'] as string)![1]!;
    const file = fake.data.files.get(fileId)!;
    const params = {
      id: record['id'],
      ...dc.select,
      ...(dc.entity === 'candidate_attachment' ? { filename: attachment['filename'] } : {}),
    };

    const run = async (call: () => Promise<{ data: AsyncIterable<Uint8Array>; meta: unknown }>) => {
      fake.reset();
      const result = await call();
      const { bytes } = await readChunks(result.data);
      // One API read with Basic auth and no selection parameters in the query, one file request without credentials.
      expect(fake.requests.map(wire)).toEqual([
        { method: 'GET', path: `/v1/${dc.path}/${record['id']}`, query: {}, authorization: basic() },
      ]);
      expect(fake.fileRequests).toHaveLength(1);
      expect(fake.fileRequests[0]!.path).toBe(new URL(attachment['url'] as string).pathname);
      expect(fake.fileRequests[0]!.headers['authorization']).toBeUndefined();
      return { meta: result.meta, bytes };
    };

    const viaHelper = await run(() => dc.helper(c, { ...params }));
    const viaExecute = await run(() => loose(c).execute(dc.entity, 'download', { ...params }));
    expect(viaHelper.bytes.equals(fileBytes(file, 0, file.size))).toBe(true);
    expect(viaExecute.bytes.equals(viaHelper.bytes)).toBe(true);
    expect(viaHelper.meta).toEqual({ content_type: file.contentType, content_length: file.size, file_name: file.filename });
    expect(viaExecute.meta).toEqual(viaHelper.meta);
  });
});

describe('search is hosted-only', () => {
  const searchable = Object.entries(metadata.actions)
    .filter(([, actions]) => actions['search'])
    .map(([entity]) => entity);

  it('the spec declares search on the nine searchable entities, hosted-only', () => {
    expect(searchable.sort()).toEqual(
      ['applications', 'candidates', 'departments', 'job_posts', 'jobs', 'offers', 'offices', 'sources', 'users'].sort(),
    );
    for (const entity of searchable) expect(metadata.actions[entity]!['search']!.hostedOnly).toBe(true);
    expect(metadata.actions['scheduled_interviews']!['search']).toBeUndefined();
  });
});

describe('coverage of the spec', () => {
  it('every entity.action that calls Greenhouse has a case above', () => {
    const covered = new Set([
      ...cases.map((c) => `${c.entity}.${c.action}`),
      'application_attachment.download',
      'candidate_attachment.download',
    ]);
    const calling = Object.values(metadata.actions).flatMap((actions) =>
      Object.values(actions)
        .filter((a) => !a.hostedOnly)
        .map((a) => `${a.entity}.${a.action}`),
    );
    expect(calling.length).toBe(21);
    expect([...covered].sort()).toEqual([...calling].sort());
  });

  it('the connector class exposes a helper for every action', () => {
    const c = new RecruitingConnector({ auth: { api_key: KEY } });
    for (const [entity, actions] of Object.entries(metadata.actions)) {
      for (const action of Object.keys(actions)) {
        expect(typeof (c as unknown as Record<string, Record<string, unknown>>)[entity]?.[action], `${entity}.${action}`).toBe('function');
      }
    }
  });
});
