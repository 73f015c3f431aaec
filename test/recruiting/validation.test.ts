/**
 * Parameter rules of specs/recruiting.yaml (Harvest: per_page 1–500, page from 1, status one of
 * active|converted|hired|rejected, ISO 8601 timestamps; the seed: integer ids, attachment types).
 * Values Harvest judges itself (an id that names nothing) go to Greenhouse. Every rejection is a
 * ValidationError raised before any request (API or file host), listing all problems at once;
 * boundary values go through to Greenhouse.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@switchyard/connector-recruiting';
import { loose, makeConnector, rejection, useGreenhouseFake } from './helpers.js';

const T = '2024-01-01T00:00:00Z';

/** [what, entity, action, params, issues as `path:rule`] */
const invalid: [string, string, string, unknown, string[]][] = [
  // per_page and page
  ['candidates.list per_page 0', 'candidates', 'list', { per_page: 0 }, ['per_page:minimum']],
  ['candidates.list per_page 501', 'candidates', 'list', { per_page: 501 }, ['per_page:maximum']],
  ['applications.list per_page -5', 'applications', 'list', { per_page: -5 }, ['per_page:minimum']],
  ['jobs.list per_page 1000', 'jobs', 'list', { per_page: 1000 }, ['per_page:maximum']],
  ['sources.list per_page 2.5', 'sources', 'list', { per_page: 2.5 }, ['per_page:type']],
  ['offers.list per_page as a string', 'offers', 'list', { per_page: '100' }, ['per_page:type']],
  ['users.list page 0', 'users', 'list', { page: 0 }, ['page:minimum']],
  ['departments.list page -1', 'departments', 'list', { page: -1 }, ['page:minimum']],
  ['offices.list page as a string', 'offices', 'list', { page: '2' }, ['page:type']],
  ['job_posts.list page 1.5', 'job_posts', 'list', { page: 1.5 }, ['page:type']],
  [
    'scheduled_interviews.list per_page 501 and page 0',
    'scheduled_interviews',
    'list',
    { per_page: 501, page: 0 },
    ['per_page:maximum', 'page:minimum'],
  ],
  // application status
  ['status archived (not one Harvest accepts)', 'applications', 'list', { status: 'archived' }, ['status:enum']],
  ['status with a capital', 'applications', 'list', { status: 'Active' }, ['status:enum']],
  ['status empty', 'applications', 'list', { status: '' }, ['status:enum']],
  ['status as an array', 'applications', 'list', { status: ['active', 'hired'] }, ['status:type']],
  // ids
  ['candidates.get id as a string', 'candidates', 'get', { id: '123' }, ['id:type']],
  ['offers.get id 1.5', 'offers', 'get', { id: 1.5 }, ['id:type']],
  ['users.get id null', 'users', 'get', { id: null }, ['id:type']],
  ['departments.get without id', 'departments', 'get', {}, ['id:required']],
  ['offices.get id NaN', 'offices', 'get', { id: Number.NaN }, ['id:type']],
  ['job_posts.get id as a bigint-ish string', 'job_posts', 'get', { id: '4000001' }, ['id:type']],
  ['scheduled_interviews.get id Infinity', 'scheduled_interviews', 'get', { id: Number.POSITIVE_INFINITY }, ['id:type']],
  ['application_attachment.download without id', 'application_attachment', 'download', { type: 'resume' }, ['id:required']],
  ['applications.list job_id as a string', 'applications', 'list', { job_id: '107001' }, ['job_id:type']],
  // timestamps
  ['created_after as a date only', 'applications', 'list', { created_after: '2024-01-01' }, ['created_after:format']],
  ['created_before in words', 'offers', 'list', { created_before: 'yesterday' }, ['created_before:format']],
  ['updated_after without a time zone', 'users', 'list', { updated_after: '2024-01-01T00:00:00' }, ['updated_after:format']],
  ['updated_before with a space', 'job_posts', 'list', { updated_before: '2024-01-01 00:00:00Z' }, ['updated_before:format']],
  // RFC 3339, as the published schema says: seconds are required and an offset has a colon.
  ['created_after without seconds', 'users', 'list', { created_after: '2024-01-01T00:00Z' }, ['created_after:format']],
  ['created_after with a -0500 offset', 'users', 'list', { created_after: '2024-01-01T02:00:00-0500' }, ['created_after:format']],
  ['resolved_after month 13', 'offers', 'list', { resolved_after: '2024-13-01T00:00:00Z' }, ['resolved_after:format']],
  ['last_activity_after as epoch seconds', 'applications', 'list', { last_activity_after: 1704067200 }, ['last_activity_after:type']],
  ['starts_after as a Date object', 'scheduled_interviews', 'list', { starts_after: new Date(T) }, ['starts_after:type']],
  ['ends_before empty', 'scheduled_interviews', 'list', { ends_before: '' }, ['ends_before:format']],
  // booleans and strings
  ['job_posts.list live as "true"', 'job_posts', 'list', { live: 'true' }, ['live:type']],
  ['job_posts.get full_content as 1', 'job_posts', 'get', { id: 1, full_content: 1 }, ['full_content:type']],
  ['external_event_id as a number', 'scheduled_interviews', 'list', { external_event_id: 123 }, ['external_event_id:type']],
  ['actionable as "yes"', 'scheduled_interviews', 'list', { actionable: 'yes' }, ['actionable:type']],
  // attachment selection
  ['attachment type not in the enum', 'application_attachment', 'download', { id: 1, type: 'cv' }, ['type:enum']],
  ['attachment type with a capital', 'candidate_attachment', 'download', { id: 1, type: 'Resume' }, ['type:enum']],
  ['attachment filename empty', 'candidate_attachment', 'download', { id: 1, filename: '' }, ['filename:minLength']],
  ['attachment index -1', 'application_attachment', 'download', { id: 1, index: -1 }, ['index:minimum']],
  ['attachment index 0.5', 'application_attachment', 'download', { id: 1, index: 0.5 }, ['index:type']],
  // unknown parameters
  ['candidates.list takes no filters (contract: none)', 'candidates', 'list', { created_after: T }, ['created_after:unknown']],
  ['perPage instead of per_page', 'jobs', 'list', { perPage: 10 }, ['perPage:unknown']],
  ['skip_count is not exposed', 'sources', 'list', { skip_count: true }, ['skip_count:unknown']],
  ['applications.list updated_after (Harvest has none)', 'applications', 'list', { updated_after: T }, ['updated_after:unknown']],
  ['a get with paging params', 'candidates', 'get', { id: 1, per_page: 10 }, ['per_page:unknown']],
  ['download with a url', 'application_attachment', 'download', { id: 1, url: 'https://example.com/x.pdf' }, ['url:unknown']],
  ['params that are not an object', 'candidates', 'get', 42, [':type']],
  // several problems at once
  [
    'six problems in one call',
    'applications',
    'list',
    { per_page: 0, page: 0, status: 'archived', job_id: '7', created_after: 'yesterday', statuss: 'active' },
    ['per_page:minimum', 'page:minimum', 'status:enum', 'job_id:type', 'created_after:format', 'statuss:unknown'],
  ],
  [
    'four problems in one download',
    'candidate_attachment',
    'download',
    { id: '5', type: 'photo', filename: '', index: -2 },
    ['id:type', 'type:enum', 'filename:minLength', 'index:minimum'],
  ],
];

describe('parameter validation before any request', () => {
  const ctx = useGreenhouseFake({ candidates: 10 });

  it.each(invalid)('%s', async (_what, entity, action, params, issues) => {
    const c = loose(makeConnector(ctx.fake));
    const error = await rejection(c.execute(entity, action, params));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.name).toBe('ValidationError');
    expect(error.issues.map((i: { path: string; rule: string }) => `${i.path}:${i.rule}`).sort()).toEqual([...issues].sort());
    expect(error.message).toContain(`recruiting ${entity}.${action}: ${issues.length} invalid parameter${issues.length === 1 ? '' : 's'}`);
    for (const issue of error.issues) expect(error.message).toContain(`${issue.path || '(params)'}: ${issue.message} [${issue.rule}]`);
    expect(ctx.fake.requests).toHaveLength(0);
    expect(ctx.fake.fileRequests).toHaveLength(0);
  });

  it('the typed helpers validate the same way, before any request', async () => {
    const c = makeConnector(ctx.fake);
    const errors = [
      await rejection(c.candidates.list({ per_page: 501 })),
      await rejection(c.applications.list({ status: 'archived' as 'active' })),
      await rejection(c.users.list({ page: 0 })),
      await rejection(c.offers.get({ id: '7' as unknown as number })),
      await rejection(c.scheduled_interviews.list({ starts_before: '2024-06-01' })),
      await rejection(c.application_attachment.download({ id: 1, type: 'photo' as 'resume' })),
      await rejection(c.candidate_attachment.download({ id: 1, index: -1 })),
    ];
    expect(errors.map((e) => e instanceof ValidationError && e.issues.map((i) => `${i.path}:${i.rule}`).join())).toEqual([
      'per_page:maximum',
      'status:enum',
      'page:minimum',
      'id:type',
      'starts_before:format',
      'type:enum',
      'index:minimum',
    ]);
    // Iterating a list helper validates on the first fetch, still before any request.
    await expect(
      (async () => {
        for await (const _ of c.jobs.list({ per_page: 0 })) void _;
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(ctx.fake.requests).toHaveLength(0);
    expect(ctx.fake.fileRequests).toHaveLength(0);
  });

  it('issue messages say what is wrong with the value', async () => {
    const c = loose(makeConnector(ctx.fake));
    const perPage = await rejection(c.execute('candidates', 'list', { per_page: 501 }));
    expect(perPage.issues).toEqual([{ path: 'per_page', rule: 'maximum', message: 'must be at most 500; got 501' }]);
    const status = await rejection(c.execute('applications', 'list', { status: 'archived' }));
    expect(status.issues[0].message).toBe('must be one of "active", "rejected", "hired", "converted"; got "archived"');
    const type = await rejection(c.execute('application_attachment', 'download', { id: 1, type: 'cv' }));
    expect(type.issues[0].message).toContain(
      '"resume", "cover_letter", "admin_only", "take_home_test", "offer_packet", "offer_letter", "signed_offer_letter", "other"',
    );
    const when = await rejection(c.execute('users', 'list', { created_after: '2024-01-01' }));
    expect(when.issues[0].message).toContain('ISO 8601 date-time');
    const unknown = await rejection(c.execute('jobs', 'list', { perPage: 10 }));
    expect(unknown.issues[0].message).toBe('is not a known parameter; did you mean "per_page"? known: per_page, page');
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('an impossible day (2024-02-30) is rejected before any request', async () => {
    const c = loose(makeConnector(ctx.fake));
    await c.execute('users', 'list', { created_after: '2024-02-30T00:00:00Z' }).catch(() => undefined);
    expect(ctx.fake.requests).toHaveLength(0);
  });
});

describe('boundary values go through to Greenhouse', () => {
  const ctx = useGreenhouseFake({ candidates: 10 });

  it('per_page 1 and 500 are sent; page 1 is sent', async () => {
    const c = makeConnector(ctx.fake);
    await c.candidates.list({ per_page: 500 });
    await c.candidates.list({ per_page: 1 });
    await c.candidates.list({ per_page: 1, page: 1 });
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([{ per_page: '500' }, { per_page: '1' }, { per_page: '1', page: '1' }]);
  });

  it('every status Harvest accepts (the three of the contract and converted) is sent', async () => {
    const c = makeConnector(ctx.fake);
    for (const status of ['active', 'rejected', 'hired', 'converted'] as const) await c.applications.list({ status });
    expect(ctx.fake.requests.map((r) => r.query['status'])).toEqual(['active', 'rejected', 'hired', 'converted']);
  });

  it('ids and job filters Harvest judges itself are sent: an id that names nothing is its 404', async () => {
    const c = makeConnector(ctx.fake);
    await expect(c.applications.get({ id: 0 })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    await expect(c.jobs.get({ id: -7 })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    expect((await c.applications.list({ job_id: 0 })).data).toEqual([]);
    await c.scheduled_interviews.list({ external_event_id: '' });
    expect(ctx.fake.requests.map((r) => r.path)).toEqual([
      '/v1/applications/0',
      '/v1/jobs/-7',
      '/v1/applications',
      '/v1/scheduled_interviews',
    ]);
  });

  it('RFC 3339 timestamps with Z, an offset or milliseconds are accepted and sent verbatim', async () => {
    const c = makeConnector(ctx.fake);
    const stamps = ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.123Z', '2024-01-01T02:00:00+02:00', '2024-01-01t00:00:00z'];
    for (const created_after of stamps) await c.users.list({ created_after });
    expect(ctx.fake.requests.map((r) => r.query['created_after'])).toEqual(stamps);
  });

  it('id 1 and every attachment type pass validation (Greenhouse then answers)', async () => {
    const c = makeConnector(ctx.fake);
    await expect(c.candidates.get({ id: 1 })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    const types = [
      'resume',
      'cover_letter',
      'admin_only',
      'take_home_test',
      'offer_packet',
      'offer_letter',
      'signed_offer_letter',
      'other',
    ] as const;
    for (const type of types) await c.application_attachment.download({ id: 1, type, index: 0 }).catch(() => undefined);
    expect(ctx.fake.requests).toHaveLength(1 + types.length);
    expect(ctx.fake.requests.every((r) => Object.keys(r.query).length === 0)).toBe(true);
  });
});
