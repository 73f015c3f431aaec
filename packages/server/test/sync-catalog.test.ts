/**
 * The sync rules the connector packages ship (the `sync` their specs declare), run against the
 * vendor fakes: every declared entity of every family reaches `ready`, and its copy holds exactly
 * the records its list action returns when paged through in open-source mode.
 *
 * @module-tag connector/issue-tracker
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { Page, type ExecuteResult } from '@switchyard/runtime';
import { OpenSourceExecutor } from '@switchyard/runtime/internal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startLinearFake, type LinearFake } from '../../../test/fakes/linear.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { createCatalog, type ConnectorRecord } from '../src/index.js';
import { syncRulesOf } from '../src/sync/sync-rules.js';
import { copiedIds, FAST_TRANSPORT, GREENHOUSE_KEY, openSyncWorld, SLACK_TOKEN, waitFor, type SyncWorld } from './support/sync-harness.js';

let slack: SlackFake;
let greenhouse: GreenhouseFake;
let linear: LinearFake;
let world: SyncWorld;
let urls: Record<string, string>;

beforeAll(async () => {
  [slack, greenhouse, linear] = await Promise.all([
    startSlackFake({ users: 30, channels: 8 }),
    startGreenhouseFake({ candidates: 60 }),
    startLinearFake({ teams: 2, issuesPerTeam: 4, commentsPerIssue: 2 }),
  ]);
  urls = { messaging: `${slack.url}/api`, recruiting: `${greenhouse.url}/v1`, 'issue-tracker': linear.url };
  world = await openSyncWorld(urls, createCatalog().metadataByType());
});
afterEach(() => world.stopServices());
afterAll(async () => {
  await world.close();
  await Promise.all([slack.close(), greenhouse.close(), linear.close()]);
});

const credentials: Record<string, Record<string, string>> = {
  messaging: { api_token: SLACK_TOKEN },
  recruiting: { api_key: GREENHOUSE_KEY },
  'issue-tracker': { api_key: 'lin_api_test' },
};

/** Ids the list action yields, paged to the end; per parent record for entities listed per parent. */
async function listedIds(family: string, entity: string, record: ConnectorRecord): Promise<string[]> {
  const metadata = world.catalog.get(family)!;
  const rule = metadata.sync![entity]!;
  const executor = new OpenSourceExecutor(metadata, { auth: credentials[family]!, baseUrl: urls[family]!, ...FAST_TRANSPORT });
  const parents = rule.forEach ? await copiedIds(world.engine, record, rule.forEach.entity) : [undefined];
  const ids: string[] = [];
  for (const parent of parents) {
    const params: Record<string, unknown> = { ...rule.params, ...(rule.forEach ? { [rule.forEach.param]: parent } : {}) };
    const fetchPage = async (p: Record<string, unknown>) =>
      (await executor.execute({ entity, action: rule.action, params: p })) as ExecuteResult<unknown[]>;
    const action = metadata.actions[entity]![rule.action]!;
    const first = new Page(await fetchPage(params), { fetchPage, params, rule: action.pagination, connector: family, operation: entity });
    for await (const item of first) ids.push(String((item as Record<string, unknown>)[rule.idField]));
  }
  return ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

describe.each(['messaging', 'recruiting', 'issue-tracker'])('the %s package’s declared sync rules', (family) => {
  it('bring every declared entity to ready with exactly the records its list action returns', async () => {
    const entities = syncRulesOf(world.catalog.get(family)!).map(([entity]) => entity);
    expect(entities.length).toBeGreaterThan(0);
    const service = world.service();
    await service.start();
    const record = await world.connectors.create({
      applicationId: world.applicationId,
      externalUserId: 'user-1',
      connectorType: family,
      name: family,
      credentials: credentials[family]!,
      config: {},
      replicationConfig: family === 'messaging' ? { start_date: '2020-01-01T00:00:00Z', lookback_window: 0, join_channels: false } : {},
    });
    await service.connectorCreated(record);
    const status = await waitFor(
      `every ${family} entity to be ready`,
      async () => {
        const s = await service.status(record);
        return s.sync_status === 'ready' || s.sync_status === 'failed' ? s : undefined;
      },
      30_000,
    );
    expect(status.entities.filter((e) => e.state !== 'ready')).toEqual([]);
    expect(status.entities.map((e) => e.entity)).toEqual(entities);
    for (const entity of entities) {
      const copied = await copiedIds(world.engine, record, entity);
      expect(copied, entity).toEqual(await listedIds(family, entity, record));
    }
    expect(status.entities.reduce((n, e) => n + e.records, 0)).toBeGreaterThan(0);
    await service.stop();
  });
});
