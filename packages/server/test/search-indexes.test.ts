// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntitySchema, parseSearchParams, partitionName, planSearch, searchIndexStatements, searchMode } from '../src/index.js';

import { engineCases, uniqueTenant } from './support/engines.js';
import { slackUsers } from './support/slack-fixtures.js';
import { prepare, usersSchema, type Fixture } from './support/store-fixture.js';

/**
 * The compiled SQL must be able to use the indexes built for it: PostgreSQL only matches an
 * expression index when the query's expression is the indexed one. With sequential scans priced
 * out, each query shape must name the index meant for it. (Which plan wins on real data sizes is
 * a question for bench/, not for a unit test.)
 */
const ROLLBACK = new Error('rollback');

describe.each(engineCases)('search index usage on $name', ({ open, skip }) => {
  let fx: Fixture;
  const scope = { tenantId: uniqueTenant('indexes'), connectorId: 'slack-ix', entity: 'users' };

  beforeAll(async () => {
    if (skip) return;
    fx = await prepare(await open());
    await fx.store.upsert(scope, slackUsers(500, 3));
    await fx.engine.exec('ANALYZE sy_records');
  });
  afterAll(async () => {
    if (skip) return;
    await fx.store.deleteConnector(scope);
    await fx.engine.close();
  });

  const partition = partitionName('users');
  // The partition's own copies of the table's jsonb index and primary key (named by PostgreSQL).
  const jsonIndex = new RegExp(`^${partition}_data_idx$`);
  const primaryKey = new RegExp(`^${partition}_pkey$`);

  /**
   * EXPLAIN of the search's SQL in a transaction where every other index of the entity's
   * partition is dropped (and then restored by the rollback): the plan names `index` only if the
   * compiled expressions match the indexed ones. On a small table the planner's own choice among
   * several usable indexes says nothing, hence the isolation. The partition's primary key and
   * jsonb index belong to the table's (its partitioned indexes), so those are what is dropped.
   */
  async function planWithOnly(index: RegExp, schema: EntitySchema, params: unknown): Promise<string> {
    const parsed = parseSearchParams(params, schema);
    const { sql, params: bound } = planSearch(scope, parsed, searchMode(parsed), null);
    let plan = '';
    await fx.engine
      .transaction(async (tx) => {
        const indexes = await tx.query<{ indexname: string; parent: string | null }>(
          `SELECT c.relname AS indexname, p.relname AS parent
             FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
             LEFT JOIN pg_inherits i ON i.inhrelid = c.oid LEFT JOIN pg_class p ON p.oid = i.inhparent
            WHERE x.indrelid = $1::regclass`,
          [partition],
        );
        for (const { indexname, parent } of indexes) {
          if (index.test(indexname)) continue;
          if (parent === 'sy_records_pkey') await tx.exec('ALTER TABLE sy_records DROP CONSTRAINT sy_records_pkey');
          else await tx.exec(`DROP INDEX ${parent ?? indexname}`);
        }
        await tx.exec('SET LOCAL enable_seqscan = off');
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, bound.values);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    return plan;
  }

  it.skipIf(skip)('each query shape can use the index built for it', async () => {
    // [index, params, text the index condition must mention (null: the index only provides order)]
    const shapes: [RegExp, unknown, string | null][] = [
      [jsonIndex, { query: { filter: { eq: { team_id: 'T024BE7LD', 'profile.title': 'Designer' } } } }, 'Designer'],
      [jsonIndex, { query: { filter: { in: { tz: ['Asia/Tokyo', 'Europe/Paris'] } } } }, 'Asia/Tokyo'],
      [jsonIndex, { query: { filter: { any: { previous: { eq: { state: 'CA' } } } } } }, 'CA'],
      // The element's equalities still narrow candidates when it also has other conditions.
      [jsonIndex, { query: { filter: { any: { previous: { eq: { state: 'NV' }, gte: { since: 2001 } } } } } }, 'NV'],
      [/^sy_users_updated_key_/, { query: { filter: { gte: { updated: 1_650_000_000 }, lt: { updated: 1_660_000_000 } } } }, '1650000000'],
      [/^sy_users_updated_key_/, { query: { sort: [{ updated: 'desc' }] }, limit: 10 }, null],
      [/^sy_users_name_key256_/, { query: { sort: [{ name: 'asc' }] }, limit: 10 }, null],
      [/^sy_users_name_key256_/, { query: { filter: { lt: { name: 'm' } } } }, "'m'"],
      [/^sy_users_name_lower256_/, { query: { filter: { like: { name: 'Ada.%' } } } }, 'ada.'],
      [/^sy_users_real_name_trgm_/, { query: { filter: { like: { real_name: '%opp%' } } } }, '%opp%'],
      [/^sy_users_real_name_trgm_/, { query: { filter: { fuzzy: { real_name: 'grace hoper' } } } }, 'grace hoper'],
      [/^sy_users_real_name_tsv_/, { query: { filter: { keyword: { real_name: 'grace' } } } }, 'grace'],
      [primaryKey, { query: {}, limit: 10 }, null],
    ];
    const schema = new EntitySchema('users', { ...usersSchema.fields, previous: 'array' });
    for (const [index, params, condition] of shapes) {
      const plan = await planWithOnly(index, schema, params);
      const name = index.source.replace(/^\^|\$$/g, '');
      expect(plan, JSON.stringify(params)).toMatch(new RegExp(`(Index Scan using|Index Scan Backward using|Bitmap Index Scan on) ${name}`));
      if (condition) {
        const conditions = plan.split('\n').filter((line) => /Index Cond:/.test(line));
        expect(
          conditions.some((line) => line.includes(condition)),
          `${JSON.stringify(params)}\n${plan}`,
        ).toBe(true);
      }
    }
  });

  it.skipIf(skip)("index statements are on the entity's partition, named within 63 bytes, and idempotent", async () => {
    const statements = searchIndexStatements(usersSchema);
    expect(statements.every((s) => s.includes(` ON ${partition} `) && !s.includes('WHERE'))).toBe(true);
    const names = statements.map((s) => /INDEX IF NOT EXISTS (\S+)/.exec(s)![1]!);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => Buffer.byteLength(n) <= 63)).toBe(true);
    const narrow = searchIndexStatements(usersSchema, { textFields: ['real_name'] });
    expect(narrow.filter((s) => /_(trgm|tsv)_/.test(s)).length).toBe(2);
  });
});
