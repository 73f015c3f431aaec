// @module-tag connector/messaging
import { ValidationError } from '@switchyard/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntitySchema, type SearchResponse } from '../src/index.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { similarity } from './support/reference-search.js';
import { slackChannels, slackUsers, TEAM_IDS } from './support/slack-fixtures.js';
import { channelsSchema, prepare, usersSchema, type Fixture } from './support/store-fixture.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';

type Rec = { id: string; data: Record<string, unknown> };

const users = slackUsers(3000);
const channels = slackChannels(600);
const byId = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
const expectedIds = (records: readonly Rec[], predicate: (d: Record<string, any>) => boolean): string[] =>
  records
    .filter((r) => predicate(r.data))
    .map((r) => r.id)
    .sort(byId);
const ids = (response: SearchResponse): string[] => response.hits.map((h) => h.id);

describe.each(engineCases)('search operators on $name', ({ open, skip }) => {
  let fx: Fixture;
  const tenantId = uniqueTenant('ops');
  const usersScope = { tenantId, connectorId: 'slack-1', entity: 'users' };
  const channelsScope = { tenantId, connectorId: 'slack-1', entity: 'channels' };
  const searchUsers = async (params: unknown) => fx.search.search(usersScope, parseSearchParams(params, usersSchema));
  const searchChannels = async (params: unknown) => fx.search.search(channelsScope, parseSearchParams(params, channelsSchema));

  beforeAll(async () => {
    if (skip) return;
    fx = await prepare(await open());
    await fx.store.upsert(usersScope, users);
    await fx.store.upsert(channelsScope, channels);
  });
  afterAll(async () => {
    if (skip) return;
    await fx.store.deleteConnector({ tenantId, connectorId: 'slack-1' });
    await fx.engine.close();
  });

  it.skipIf(skip)('eq on a string, a boolean, an integer and a nested field, with record id order and score 1', async () => {
    const response = await searchUsers({ query: { filter: { eq: { team_id: TEAM_IDS[1], is_bot: false, tz_offset: 3600 } } } });
    expect(ids(response)).toEqual(expectedIds(users, (d) => d.team_id === TEAM_IDS[1] && d.is_bot === false && d.tz_offset === 3600));
    expect(response.hits.length).toBeGreaterThan(10);
    expect(response.hits.every((h) => h.score === 1)).toBe(true);
    expect(response.next_cursor).toBeNull();
    expect(typeof response.took_ms).toBe('number');

    const nested = await searchUsers({ query: { filter: { eq: { 'profile.title': 'Support Lead' } } } });
    expect(ids(nested)).toEqual(expectedIds(users, (d) => d.profile.title === 'Support Lead'));
    expect(nested.hits.length).toBeGreaterThan(0);
  });

  it.skipIf(skip)('eq null means missing or null; neq and not also match records where the field is missing', async () => {
    const noRealName = await searchUsers({ query: { filter: { eq: { real_name: null } } } });
    expect(ids(noRealName)).toEqual(expectedIds(users, (d) => d.real_name === undefined || d.real_name === null));
    expect(noRealName.hits.length).toBeGreaterThan(0);
    const nullColor = await searchUsers({ query: { filter: { eq: { color: null } } } });
    expect(ids(nullColor)).toEqual(expectedIds(users, (d) => d.color == null));
    expect(nullColor.hits.length).toBeGreaterThan(0);

    const notUtc = await searchUsers({ query: { filter: { neq: { tz_offset: 0 } } } });
    const expected = expectedIds(users, (d) => d.tz_offset !== 0);
    expect(ids(notUtc)).toEqual(expected.slice(0, 1000));
    expect(expected.some((id) => users.find((u) => u.id === id)!.data['tz_offset'] === undefined)).toBe(true);
    const viaNot = await searchUsers({ query: { filter: { not: { eq: { tz_offset: 0 } } } } });
    expect(ids(viaNot)).toEqual(ids(notUtc));
  });

  it.skipIf(skip)('gt/gte/lt/lte compare numbers numerically and strings by code point', async () => {
    const updated = users.map((u) => u.data['updated'] as number).sort((a, b) => a - b);
    const mid = updated[1500]!;
    const range = await searchUsers({ query: { filter: { gte: { updated: mid }, lt: { updated: mid + 20_000_000 } } } });
    expect(ids(range)).toEqual(expectedIds(users, (d) => d.updated >= mid && d.updated < mid + 20_000_000));
    const gt = await searchUsers({ query: { filter: { gt: { updated: mid }, lte: { tz_offset: 0 } } }, limit: 1000 });
    expect(ids(gt)).toEqual(
      expectedIds(users, (d) => d.updated > mid && typeof d.tz_offset === 'number' && d.tz_offset <= 0).slice(0, 1000),
    );
    // "Z" (0x5A) < "a" (0x61) in code point order, whatever the database's locale.
    const names = await searchUsers({ query: { filter: { gte: { name: 'k' }, lt: { name: 'l' } } } });
    expect(ids(names)).toEqual(expectedIds(users, (d) => d.name >= 'k' && d.name < 'l'));
    expect(names.hits.length).toBeGreaterThan(0);
  });

  it.skipIf(skip)('in matches any listed value; an empty list matches nothing', async () => {
    const response = await searchUsers({ query: { filter: { in: { tz: ['Asia/Tokyo', 'Asia/Kolkata'] }, eq: { is_admin: true } } } });
    expect(ids(response)).toEqual(expectedIds(users, (d) => (d.tz === 'Asia/Tokyo' || d.tz === 'Asia/Kolkata') && d.is_admin === true));
    expect(response.hits.length).toBeGreaterThan(10);
    const none = await searchUsers({ query: { filter: { in: { tz: [] } } } });
    expect(none.hits).toEqual([]);
  });

  it.skipIf(skip)('like is case-insensitive, % is the only wildcard, _ is literal', async () => {
    const prefix = await searchUsers({ query: { filter: { like: { name: 'ADA.%' } } } });
    expect(ids(prefix)).toEqual(expectedIds(users, (d) => d.name.startsWith('ada.')));
    expect(prefix.hits.length).toBeGreaterThan(0);
    const infix = await searchUsers({ query: { filter: { like: { 'profile.email': '%hopper%@example.com' } } } });
    expect(ids(infix)).toEqual(
      expectedIds(users, (d) => typeof d.profile.email === 'string' && /hopper.*@example\.com$/.test(d.profile.email)),
    );
    const literal = await searchUsers({ query: { filter: { like: { tz: 'america/los_angeles' } } } });
    expect(ids(literal)).toEqual(expectedIds(users, (d) => d.tz === 'America/Los_Angeles'));
    const underscoreIsNotAWildcard = await searchUsers({ query: { filter: { like: { tz: 'America/Los_Angele_' } } } });
    expect(underscoreIsNotAWildcard.hits).toEqual([]);
  });

  it.skipIf(skip)('fuzzy tolerates typos, case and word order, and ranks by similarity', async () => {
    const response = await searchUsers({ query: { filter: { fuzzy: { real_name: 'hoper GRACE' } } } });
    const expected = expectedIds(users, (d) => typeof d.real_name === 'string' && similarity(d.real_name, 'hoper GRACE') >= 0.3);
    expect([...ids(response)].sort(byId)).toEqual(expected);
    expect(response.hits[0]!.data['real_name']).toBe('Grace Hopper');
    const scores = response.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => s > 0 && s <= 1)).toBe(true);
    expect(scores[0]!).toBeCloseTo(similarity('Grace Hopper', 'hoper GRACE'), 5);
  });

  it.skipIf(skip)('keyword matches any of the words, in a string field or in an object field, and scores matches', async () => {
    const topical = await searchChannels({ query: { filter: { keyword: { topic: 'Outage postmortem!' } } } });
    const words = (d: Record<string, any>) => (d.topic.value as string).toLowerCase().split(/[^a-z0-9]+/);
    expect([...ids(topical)].sort(byId)).toEqual(
      expectedIds(channels, (d) => words(d).includes('outage') || words(d).includes('postmortem')),
    );
    expect(topical.hits.length).toBeGreaterThan(0);
    const both = topical.hits.filter((h) => words(h.data).includes('outage') && words(h.data).includes('postmortem'));
    const one = topical.hits.filter((h) => !(words(h.data).includes('outage') && words(h.data).includes('postmortem')));
    expect(both.length).toBeGreaterThan(0);
    expect(Math.min(...both.map((h) => h.score))).toBeGreaterThan(Math.max(...one.map((h) => h.score)));
    const title = await searchUsers({ query: { filter: { keyword: { 'profile.title': 'advocate scientist' } } } });
    expect([...ids(title)].sort(byId)).toEqual(expectedIds(users, (d) => /Advocate|Scientist/.test(d.profile.title)));
  });

  it.skipIf(skip)('contains finds a value among an array field elements', async () => {
    const renamed = channels.find((c) => (c.data['previous_names'] as string[]).length > 0)!;
    const oldName = (renamed.data['previous_names'] as string[])[0]!;
    const response = await searchChannels({ query: { filter: { contains: { previous_names: oldName } } } });
    expect(ids(response)).toEqual(expectedIds(channels, (d) => d.previous_names.includes(oldName)));
    expect(ids(response)).toContain(renamed.id);
    // eq compares the whole array; a scalar for an array field is a mistake worth naming.
    const misuse = await searchChannels({ query: { filter: { eq: { previous_names: oldName } } } }).catch((e: unknown) => e);
    expect((misuse as ValidationError).issues[0]).toMatchObject({ path: 'query.filter.eq.previous_names', rule: 'value-type' });
    expect((misuse as ValidationError).issues[0]!.message).toContain('use "contains"');
    const whole = await searchChannels({ query: { filter: { eq: { previous_names: renamed.data['previous_names'] } } } });
    expect(ids(whole)).toEqual(
      expectedIds(channels, (d) => JSON.stringify(d.previous_names) === JSON.stringify(renamed.data['previous_names'])),
    );
    const shared = await searchChannels({ query: { filter: { contains: { shared_team_ids: TEAM_IDS[0] } } } });
    expect(ids(shared)).toEqual(expectedIds(channels, (d) => d.shared_team_ids.includes(TEAM_IDS[0])));
  });

  it.skipIf(skip)('and/or/not nest to any depth; several operators or fields in one object mean AND', async () => {
    const filter = {
      or: [
        { and: [{ eq: { is_admin: true } }, { not: { eq: { deleted: true } } }] },
        { like: { name: '%-bot-%' }, not: { or: [{ eq: { tz: 'Europe/Paris' } }, { gt: { updated: 1_650_000_000 } }] } },
      ],
    };
    const response = await searchUsers({ query: { filter }, limit: 1000 });
    expect(ids(response)).toEqual(
      expectedIds(
        users,
        (d) =>
          (d.is_admin === true && d.deleted !== true) || (/-bot-/.test(d.name) && !(d.tz === 'Europe/Paris' || d.updated > 1_650_000_000)),
      ),
    );
    expect(response.hits.length).toBeGreaterThan(10);
    const empty = await searchUsers({ query: { filter: { and: [], or: [{ eq: { is_owner: true } }] } } });
    expect(ids(empty)).toEqual(expectedIds(users, (d) => d.is_owner === true));
    expect((await searchUsers({ query: { filter: { or: [] } } })).hits).toEqual([]);
  });

  it.skipIf(skip)('data holds the searchable fields, or the requested paths only', async () => {
    const scope = { ...usersScope, connectorId: 'slack-projection' };
    await fx.store.upsert(scope, [
      { id: 'U1', data: { id: 'U1', name: 'ada', profile: { email: 'a@example.com', title: 'Eng' }, enterprise_user: { id: 'E1' } } },
    ]);
    const all = await fx.search.search(scope, parseSearchParams({ query: {} }, usersSchema));
    expect(all.hits).toEqual([{ id: 'U1', score: 1, data: { id: 'U1', name: 'ada', profile: { email: 'a@example.com', title: 'Eng' } } }]);
    const some = await fx.search.search(
      scope,
      parseSearchParams({ query: {}, fields: ['name', 'profile.email', ['profile', 'phone'], 'tz'] }, usersSchema),
    );
    expect(some.hits[0]!.data).toEqual({ name: 'ada', profile: { email: 'a@example.com' } });
    await fx.store.deleteConnector({ tenantId, connectorId: 'slack-projection' });
  });

  it.skipIf(skip)('sort: missing values last ascending and first descending, ties broken by id', async () => {
    const asc = await searchUsers({ query: { filter: { eq: { team_id: TEAM_IDS[0] } }, sort: [{ tz_offset: 'asc' }] } });
    const sortedAsc = users
      .filter((u) => u.data['team_id'] === TEAM_IDS[0])
      .sort((a, b) => {
        const x = a.data['tz_offset'] as number | undefined;
        const y = b.data['tz_offset'] as number | undefined;
        if (x !== y) return x === undefined ? 1 : y === undefined ? -1 : x - y;
        return byId(a.id, b.id);
      });
    expect(ids(asc)).toEqual(sortedAsc.map((u) => u.id).slice(0, 1000));
    const desc = await searchUsers({ query: { filter: { eq: { team_id: TEAM_IDS[0] } }, sort: [{ tz_offset: 'desc' }] }, limit: 5 });
    expect(desc.hits[0]!.data['tz_offset']).toBeUndefined();
    const named = await searchUsers({ query: { sort: [{ name: 'desc' }] }, limit: 3 });
    expect(ids(named)).toEqual(
      [...users]
        .sort((a, b) => byId(b.data['name'] as string, a.data['name'] as string))
        .slice(0, 3)
        .map((u) => u.id),
    );
  });

  it.skipIf(skip)('rejects unknown fields and operators, naming them and listing what is allowed, all at once', async () => {
    const error = await searchUsers({
      query: {
        filter: { eq: { emial: 'x' }, regex: { name: 'a' }, gt: { is_bot: true }, like: { tz_offset: '1%' } },
        sort: [{ profile: 'asc' }],
      },
      limit: 5000,
      page: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const issues = (error as ValidationError).issues;
    expect(issues.map((i) => [i.path, i.rule])).toEqual([
      ['page', 'unknown-parameter'],
      ['query.filter.eq.emial', 'searchable-field'],
      ['query.filter.regex', 'operator'],
      ['query.filter.gt.is_bot', 'operator-type'],
      ['query.filter.like.tz_offset', 'operator-type'],
      ['query.sort[0].profile', 'sort-field'],
      ['limit', 'limit'],
    ]);
    expect(issues[1]!.message).toContain('searchable fields of users: color, deleted, has_2fa, id,');
    expect(issues[2]!.message).toContain('operators: eq, neq, gt, gte, lt, lte, in, like, fuzzy, keyword, contains, any, and, or, not');
    expect(issues[5]!.message).toContain('sortable fields of users: color, deleted');
    const mismatch = await searchUsers({ query: { filter: { eq: { tz_offset: '3600' } } } }).catch((e: unknown) => e);
    expect((mismatch as ValidationError).issues[0]).toMatchObject({ path: 'query.filter.eq.tz_offset', rule: 'value-type' });
    expect((mismatch as ValidationError).message).toContain('"tz_offset" is an integer field; got a string');
  });

  it.skipIf(skip)('SQL in field positions is rejected; SQL in value positions is just a value', async () => {
    const scope = { ...usersScope, connectorId: 'slack-injection' };
    const bobby = "Robert'); DROP TABLE sy_records;--";
    await fx.store.upsert(scope, [
      { id: 'U1', data: { name: bobby, real_name: 'Robert Tables', profile: { title: "it's \\ a 'quote'" } } },
      { id: 'U2', data: { name: 'alice', real_name: 'Alice' } },
    ]);
    for (const field of ["name'; DROP TABLE sy_records; --", 'name->>0', 'profile.email OR 1=1', "profile'.'x", 'name)--', '']) {
      const error = await searchUsers({ query: { filter: { eq: { [field]: 'x' } } } }).catch((e: unknown) => e);
      expect(error, field).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]!.rule).toBe('searchable-field');
      const sortError = await searchUsers({ query: { sort: [{ [field]: 'asc' }] } }).catch((e: unknown) => e);
      expect(sortError, field).toBeInstanceOf(ValidationError);
    }
    const find = async (filter: unknown) => ids(await fx.search.search(scope, parseSearchParams({ query: { filter } }, usersSchema)));
    expect(await find({ eq: { name: bobby } })).toEqual(['U1']);
    expect(await find({ eq: { name: "x' OR '1'='1" } })).toEqual([]);
    expect(await find({ like: { name: "%'); DROP%" } })).toEqual(['U1']);
    expect(await find({ like: { name: "%' OR 1=1 --" } })).toEqual([]);
    expect(await find({ keyword: { real_name: "tables'); DELETE FROM sy_records; --" } })).toEqual(['U1']);
    expect(await find({ fuzzy: { real_name: "robert' OR 'x'='x" } })).toEqual(['U1']);
    expect(await find({ eq: { 'profile.title': "it's \\ a 'quote'" } })).toEqual(['U1']);
    expect(await find({ in: { name: ['alice', "') OR TRUE --"] } })).toEqual(['U2']);
    expect(await fx.store.count(scope)).toBe(2);
    await fx.store.deleteConnector({ tenantId, connectorId: 'slack-injection' });
  });

  it.skipIf(skip)('any applies a condition to the elements of an array of objects', async () => {
    const contacts = new EntitySchema('contacts', { id: 'string', name: 'string', addresses: 'array' });
    const scope = { tenantId, connectorId: 'crm-1', entity: 'contacts' };
    await fx.store.upsert(scope, [
      {
        id: 'c1',
        data: {
          name: 'Ann',
          addresses: [
            { state: 'CA', city: 'Oakland' },
            { state: 'NY', city: 'Albany' },
          ],
        },
      },
      { id: 'c2', data: { name: 'Bo', addresses: [{ state: 'NY', city: 'Oakland' }] } },
      { id: 'c3', data: { name: 'Cy', addresses: 'CA' } },
      { id: 'c4', data: { name: 'Di', addresses: ['CA', { state: 'TX', zip: 73301 }] } },
    ]);
    const find = async (filter: unknown) => ids(await fx.search.search(scope, parseSearchParams({ query: { filter } }, contacts)));
    expect(await find({ any: { addresses: { eq: { state: 'CA' } } } })).toEqual(['c1']);
    // Both conditions must hold for one element: c2 has Oakland, but in NY.
    expect(await find({ any: { addresses: { eq: { state: 'CA', city: 'Oakland' } } } })).toEqual(['c1']);
    expect(await find({ any: { addresses: { or: [{ eq: { city: 'Albany' } }, { gt: { zip: 70000 } }] } } })).toEqual(['c1', 'c4']);
    expect(await find({ not: { any: { addresses: { eq: { state: 'NY' } } } } })).toEqual(['c3', 'c4']);
    expect(await find({ any: { addresses: { like: { city: 'oak%' } } } })).toEqual(['c1', 'c2']);
    // Equalities next to other conditions: one element must satisfy all of them.
    expect(await find({ any: { addresses: { eq: { state: 'TX' }, gt: { zip: 70000 } } } })).toEqual(['c4']);
    expect(await find({ any: { addresses: { eq: { state: 'TX' }, gt: { zip: 80000 } } } })).toEqual([]);
    expect(await find({ any: { addresses: { eq: { city: 'Oakland' }, like: { state: 'n%' } } } })).toEqual(['c2']);
    await fx.store.deleteConnector({ tenantId, connectorId: 'crm-1' });
  });
});
