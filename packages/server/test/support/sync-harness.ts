/**
 * What the sync suites share: a migrated store with the real tenancy (applications, encrypted
 * connector records), sync metadata fixtures over the generated connectors, and a bounded wait.
 */
import { randomBytes } from 'node:crypto';
import type { ActionMetadata, ConnectorMetadata } from '@switchyard/runtime';
import {
  createConnectorRepository,
  createSyncService,
  createTenancy,
  migrate,
  RecordStore,
  type ConnectorRecord,
  type ConnectorRepository,
  type EntitySyncRule,
  type SqlEngine,
  type SyncableMetadata,
  type SyncCatalog,
  type SyncService,
  type SyncServiceOptions,
} from '../../src/index.js';
import { KeyRing } from '../../src/crypto/key-ring.js';
import { waitFor } from '../../../../test/support/expect.js';
import { examplePackage } from './example-package.js';
import { openTestPglite } from './pglite-template.js';

const { metadata: messaging } = await examplePackage('messaging');
const { metadata: recruiting } = await examplePackage('recruiting');

export const SLACK_TOKEN = 'xoxb-test-token';
export const GREENHOUSE_KEY = 'gh_test_key';

/** Slack users and channels, fully refreshed, small pages so a run has several. */
export function messagingFixture(pageSize = 10): SyncableMetadata {
  return withSync(messaging, {
    users: { action: 'list', idField: 'id', params: { limit: pageSize } },
    channels: { action: 'list', idField: 'id', params: { limit: pageSize, types: 'public_channel,private_channel' } },
  });
}

/**
 * Greenhouse candidates synced incrementally by `updated_after` and bounded by `created_after`
 * (Harvest filters both; the fake implements them), applications fully refreshed.
 */
export function recruitingFixture(pageSize = 25): SyncableMetadata {
  const candidatesList = recruiting.actions['candidates']!['list']!;
  const withFilters: ActionMetadata = {
    ...candidatesList,
    params: {
      ...candidatesList.params,
      updated_after: { type: 'string', format: 'date-time', in: 'query' },
      created_after: { type: 'string', format: 'date-time', in: 'query' },
    },
  };
  const base: ConnectorMetadata = {
    ...recruiting,
    actions: { ...recruiting.actions, candidates: { ...recruiting.actions['candidates'], list: withFilters } },
  };
  return withSync(base, {
    candidates: {
      action: 'list',
      idField: 'id',
      params: { per_page: pageSize },
      incremental: { param: 'updated_after', field: 'updated_at', format: 'iso-8601' },
      startDate: { param: 'created_after', format: 'iso-8601' },
    },
    applications: { action: 'list', idField: 'id', params: { per_page: pageSize } },
  });
}

function withSync(metadata: ConnectorMetadata, sync: Record<string, EntitySyncRule>): SyncableMetadata {
  return { ...metadata, sync };
}

export interface SyncWorld {
  readonly engine: SqlEngine;
  readonly connectors: ConnectorRepository;
  readonly records: RecordStore;
  readonly applicationId: string;
  readonly catalog: SyncCatalog;
  /** Another application (another tenant of the service); returns its id. */
  application(name: string): Promise<string>;
  /**
   * Creates a connector record the way the service does (credentials encrypted at rest), for the
   * world's application and `user-1` unless told otherwise.
   */
  connector(
    type: 'messaging' | 'recruiting',
    extra?: { replicationConfig?: Record<string, unknown>; applicationId?: string; externalUserId?: string },
  ): Promise<ConnectorRecord>;
  /** A sync service over this world; stopped by close(). */
  service(options?: Partial<SyncServiceOptions>): SyncService;
  /** Stops every service made so far (after each test, so a failed test leaves no run behind). */
  stopServices(): Promise<void>;
  /**
   * stopServices, then deletes every connector made since the last call, as a user deletes one:
   * after each test of a suite whose tests share a store, so a test that failed half-way leaves no
   * connector whose runs (or, on pg-boss, queued jobs) the next test's service would take up.
   */
  endTest(): Promise<void>;
  close(): Promise<void>;
}

/** Vendor retries kept fast: the suites inject failures, they do not wait for real backoff. */
export const FAST_TRANSPORT = { maxRetries: 2, retry: { initialDelayMs: 1, maxDelayMs: 5 } } as const;

/** `engine`: another store than a fresh in-memory PGlite (a PostgreSQL database of the suite's own). */
export async function openSyncWorld(vendorBaseUrls: Record<string, string>, catalog?: SyncCatalog, engine?: SqlEngine): Promise<SyncWorld> {
  return openWorld(vendorBaseUrls, catalog, engine ?? (await openTestPglite()));
}

async function openWorld(vendorBaseUrls: Record<string, string>, catalog: SyncCatalog | undefined, engine: SqlEngine): Promise<SyncWorld> {
  await migrate(engine);
  const keys = new KeyRing([{ id: 'test', key: randomBytes(32) }]);
  const tenancy = createTenancy(engine, keys, { secretHashing: { N: 1024, r: 8, p: 1 } });
  const app = await tenancy.createApplication('sync tests');
  const connectors = createConnectorRepository(engine, keys);
  const services: SyncService[] = [];
  const madeConnectors: ConnectorRecord[] = [];
  const stopServices = async () => {
    for (const service of services.splice(0)) await service.stop();
  };
  const worldCatalog: SyncCatalog =
    catalog ??
    new Map([
      ['messaging', messagingFixture()],
      ['recruiting', recruitingFixture()],
    ]);
  return {
    engine,
    connectors,
    records: new RecordStore(engine),
    applicationId: app.application_id,
    catalog: worldCatalog,
    async application(name) {
      return (await tenancy.createApplication(name)).application_id;
    },
    async connector(type, extra = {}) {
      const messagingReplication = { start_date: '2020-01-01T00:00:00Z', lookback_window: 0, join_channels: false };
      const record = await connectors.create({
        applicationId: extra.applicationId ?? app.application_id,
        externalUserId: extra.externalUserId ?? 'user-1',
        connectorType: type,
        name: `${type} test`,
        credentials: type === 'messaging' ? { api_token: SLACK_TOKEN } : { api_key: GREENHOUSE_KEY },
        config: {},
        replicationConfig: extra.replicationConfig ?? (type === 'messaging' ? messagingReplication : {}),
      });
      madeConnectors.push(record);
      return record;
    },
    service(options = {}) {
      const service = createSyncService({
        engine,
        connectors,
        catalog: worldCatalog,
        vendorBaseUrls,
        transport: FAST_TRANSPORT,
        ...options,
      });
      services.push(service);
      return service;
    },
    stopServices,
    async endTest() {
      await stopServices();
      // Already deleted by the test itself: deleting again is a no-op.
      for (const record of madeConnectors.splice(0)) {
        await connectors.delete({ kind: 'application', applicationId: record.applicationId }, record.id);
      }
    },
    async close() {
      await stopServices();
      await engine.close();
    },
  };
}

/** Polls `check` until it returns a value other than undefined; fails after `timeoutMs` with `what` (test/support/expect.ts). */
export { waitFor };

/** Waits until every entity of the connector has left `pending`/`syncing` and returns the status. */
export async function settled(service: SyncService, record: ConnectorRecord, timeoutMs?: number) {
  return waitFor(
    `the sync of ${record.id} to settle`,
    async () => {
      const status = await service.status(record);
      return status.entities.every((e) => e.state === 'ready' || e.state === 'failed') ? status : undefined;
    },
    timeoutMs,
  );
}

/** The copy's record ids of one entity, sorted. */
export async function copiedIds(engine: SqlEngine, record: ConnectorRecord, entity: string): Promise<string[]> {
  const rows = await engine.query<{ record_id: string }>(
    'SELECT record_id FROM sy_records WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 ORDER BY record_id',
    [record.applicationId, record.id, entity],
  );
  return rows.map((r) => r.record_id);
}

export const sortedIds = (items: readonly object[]): string[] =>
  items.map((i) => String((i as { id: unknown }).id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
