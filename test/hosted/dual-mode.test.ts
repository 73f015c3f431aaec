/**
 * One scenario suite, two modes. For every connector (discovered from specs/*.yaml through the
 * matrix registry), the same calls run in open-source mode (the connector calls the vendor fake
 * directly) and in hosted mode (`XConnector.hosted(...)` → the real execution service, started
 * in-process on the embedded store, → the same vendor fake), and the results must be identical:
 * every list and get, the writes, downloads streamed end to end, the error classes user code
 * catches, and search over the synced copy for every searchable entity.
 *
 * Reads, search, downloads and errors use one fake per connector, shared by both modes. Writes
 * change the vendor's data, so the open-source writes go to a second, freshly seeded fake: the
 * fakes are deterministic (seeded data, a fake clock), so the same writes in the same order give
 * the same answers there.
 */
// @module-tag long
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorClient, ConnectorMetadata, HostedOptions } from '@switchyard/runtime';
import type { FakeServer } from '../fakes/harness.js';
import type { ConnectorFixture, MatrixConnector, Params } from '../matrix/fixture.js';
import { connectors } from '../matrix/registry.js';
import { deferred } from '../support/deferred.js';
import { readAll } from '../support/streams.js';
import { replicationConfig, startHostedService, type HostedService, type JsonSchema } from './service.js';

const EXTERNAL_USER = 'dual-mode-user-1';
const SYNC_TIMEOUT_MS = 90_000;

interface Modes {
  fixture: ConnectorFixture<FakeServer>;
  metadata: ConnectorMetadata;
  /** The fake both modes read from (the service's vendor for this family). */
  shared: FakeServer;
  /** A fresh fake for the open-source writes. */
  writes: FakeServer;
  /** The connector record created at the service for this connector. */
  connectorId: string;
  openSource: MatrixConnector;
  openSourceWrites: MatrixConnector;
  hosted: MatrixConnector;
}

let service: HostedService;
const modes = new Map<string, Modes>();
const fakes: FakeServer[] = [];

beforeAll(async () => {
  const shared = new Map<string, FakeServer>();
  for (const { name, fixture } of connectors) {
    const fake = await fixture.start();
    fakes.push(fake);
    shared.set(name, fake);
  }
  service = await startHostedService(Object.fromEntries(connectors.map(({ name, fixture }) => [name, fixture.baseUrl(shared.get(name)!)])));
  for (const { name, fixture } of connectors) {
    const fake = shared.get(name)!;
    const writes = await fixture.start();
    fakes.push(writes);
    const replication = replicationConfig(fixture.pkg['replicationSchema'] as JsonSchema | undefined);
    const { id } = await service.createConnector(EXTERNAL_USER, name, fixture.credentials, replication, fixture.config);
    const options: HostedOptions = {
      baseUrl: service.url,
      externalUserId: EXTERNAL_USER,
      clientId: service.application.clientId,
      clientSecret: service.application.clientSecret,
      connectorId: id,
    };
    modes.set(name, {
      fixture,
      metadata: fixture.pkg.metadata,
      shared: fake,
      writes,
      connectorId: id,
      openSource: fixture.create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(fake) }),
      openSourceWrites: fixture.create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(writes) }),
      hosted: connectorClass(fixture).hosted(options),
    });
  }
}, 120_000);

afterAll(async () => {
  await service?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

/** The generated connector class of a package: the export with a static `hosted`. */
function connectorClass(fixture: ConnectorFixture<FakeServer>): { hosted(options: HostedOptions): MatrixConnector } {
  const found = Object.values(fixture.pkg).find(
    (value) => typeof value === 'function' && typeof (value as { hosted?: unknown }).hosted === 'function',
  );
  if (!found) throw new Error(`${fixture.pkg.metadata.name}: the connector class has no static hosted()`);
  return found as { hosted(options: HostedOptions): MatrixConnector };
}

/** What a caller can observe of a result: JSON values, compared exactly. */
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const actionsOf = (metadata: ConnectorMetadata, kinds: readonly string[]) =>
  Object.values(metadata.actions)
    .flatMap((actions) => Object.values(actions))
    .filter((a) => kinds.includes(a.kind));

const example = (m: Modes, fake: FakeServer, entity: string, action: string): Params =>
  m.fixture.examples[`${entity}.${action}`]?.(fake) ?? {};

/** Every record of a list action in open-source mode, across pages. */
async function listAll(
  connector: MatrixConnector,
  entity: string,
  action: string,
  params: Params = {},
): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  for await (const record of (connector as unknown as ConnectorClient).requestPage<Record<string, unknown>, unknown>(
    entity,
    action,
    params,
  )) {
    records.push(record);
  }
  return records;
}

const getPath = (record: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);

/** What the synced copy of `entity` must hold: its list, or for per-parent lists, the list of every parent. */
async function expectedCopy(m: Modes, entity: string): Promise<Record<string, unknown>[]> {
  const rule = m.metadata.sync![entity]!;
  // The sync sends its fixed params on every request (a required filter, a content selector).
  if (!rule.forEach) return listAll(m.openSource, entity, rule.action, { ...rule.params });
  const parentRule = m.metadata.sync![rule.forEach.entity]!;
  const parents = await listAll(m.openSource, rule.forEach.entity, parentRule.action);
  const records: Record<string, unknown>[] = [];
  for (const parent of parents) {
    records.push(...(await listAll(m.openSource, entity, rule.action, { [rule.forEach.param]: getPath(parent, rule.forEach.field) })));
  }
  return records;
}

/** Every hit of a hosted search, following next_cursor. */
async function searchAll(
  connector: MatrixConnector,
  entity: string,
  query: object,
): Promise<{ id: string; score: number; data: unknown }[]> {
  const hits: { id: string; score: number; data: unknown }[] = [];
  let cursor: string | null | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await connector.execute(entity, 'search', { query, limit: 250, ...(cursor ? { cursor } : {}) });
    hits.push(...(result.data as typeof hits));
    cursor = (result.meta as { next_cursor: string | null }).next_cursor;
    if (!cursor) return hits;
  }
  throw new Error(`${entity}: search did not finish paging in 100 pages`);
}

/** What a caller reads of the error a call fails with; its message is kept apart (the modes word it differently). */
async function failure(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    const e = error as Error & Record<string, unknown>;
    const observed = {
      name: e.name,
      status: e['status'],
      code: e['code'],
      retryAfterMs: e['retryAfterMs'],
      vendorMessage: e['vendorMessage'],
      issues: e['issues'],
      progress: e['progress'],
    };
    // Not compared between modes: the modes word messages differently, and some fakes give every answer its own request id.
    Object.defineProperty(observed, 'message', { value: e.message, enumerable: false });
    return Object.defineProperty(observed, 'requestId', { value: e['requestId'], enumerable: false });
  }
  throw new Error('expected the call to fail');
}

/** An error body as the vendor shapes it: `words` where the connector's metadata reads its error message. */
function errorBody(metadata: ConnectorMetadata, words: string): unknown {
  const path = metadata.errorMessage[0]!.split('.');
  const build = (at: number): unknown =>
    at === path.length ? words : /^\d+$/.test(path[at]!) ? [build(at + 1)] : { [path[at]!]: build(at + 1) };
  return build(0);
}

/** The hosted error's message names nothing of the service's vendor base URL (an operator setting) and gives no SDK advice. */
function expectNoOperatorSettings(m: Modes, error: Record<string, unknown>): void {
  const baseUrl = new URL(m.fixture.baseUrl(m.shared));
  const message = String(error['message']);
  for (const setting of [baseUrl.href.replace(/\/$/, ''), baseUrl.host, baseUrl.hostname]) expect(message).not.toContain(setting);
  expect(message).not.toMatch(/`auth`|\boption\b/);
}

describe.each(connectors.map(({ name }) => name))('%s in open-source and hosted mode', (name) => {
  const modesOf = () => modes.get(name)!;
  // Tests exist only for what the connector has (a connector without writes gets no write test).
  const declared = connectors.find((c) => c.name === name)!.fixture.pkg.metadata;
  const has = (kinds: readonly string[]) => actionsOf(declared, kinds).length > 0;

  it('the generated class builds a hosted connector: .hosted() runs through the service', () => {
    expect(modesOf().hosted.metadata).toBe(modesOf().metadata);
    expect((modesOf().hosted as unknown as ConnectorClient).mode).toBe('hosted');
    expect((modesOf().openSource as unknown as ConnectorClient).mode).toBe('open-source');
  });

  // A connector without hosted search (code-hosting: the contract lists none) has no synced copy to test.
  if (has(['search'])) {
    it(
      'search works in hosted mode for every searchable entity after the first sync, holding exactly the vendor records',
      async () => {
        const m = modesOf();
        const status = await service.waitForSync(m.connectorId, SYNC_TIMEOUT_MS);
        const searchable = actionsOf(m.metadata, ['search']).map((a) => a.entity);
        expect(searchable.length).toBeGreaterThan(0);
        expect(status.entities.map((e) => e.entity).sort()).toEqual([...searchable].sort());
        for (const entity of searchable) {
          const idField = m.metadata.sync![entity]!.idField;
          const expected = await expectedCopy(m, entity);
          expect(expected.length, `${entity}: the fake has records to sync`).toBeGreaterThan(0);
          const hits = await searchAll(m.hosted, entity, {});
          const byId = (records: { id: string; data: unknown }[]) => new Map(records.map((r) => [r.id, json(r.data)]));
          // A hit's data is the record keyed by the entity's searchable fields (the search contract).
          const fields = Object.keys((m.fixture.pkg['searchableFields'] as Record<string, Record<string, string>>)[entity] ?? {});
          // Nested declared fields (properties.email) sit at their place: {properties: {email}}.
          const searchablePart = (record: Record<string, unknown>) => {
            const part: Record<string, unknown> = {};
            for (const f of [...fields].sort((x, y) => x.split('.').length - y.split('.').length)) {
              const value = getPath(record, f);
              if (value === undefined) continue;
              const path = f.split('.');
              let at = part;
              for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
              at[path[path.length - 1]!] ??= value;
            }
            return part;
          };
          expect(byId(hits), entity).toStrictEqual(
            byId(expected.map((r) => ({ id: String(getPath(r, idField)), data: searchablePart(r) }))),
          );
          // A filter on a declared nested field (properties.email) finds exactly the records holding that value.
          const nestedFields = fields.filter((f) => f.includes('.'));
          for (const field of nestedFields) {
            const sample = expected.map((r) => getPath(r, field)).find((v) => typeof v === 'string' && v !== '');
            if (sample === undefined) continue;
            const matching = expected.filter((r) => getPath(r, field) === sample).map((r) => String(getPath(r, idField)));
            const found = await searchAll(m.hosted, entity, { filter: { eq: { [field]: sample } } });
            expect(found.map((h) => h.id).sort(), `${entity}: ${field} = ${String(sample)}`).toEqual(matching.sort());
          }
          // A filter on the id field finds exactly that record.
          const one = expected[Math.floor(expected.length / 2)];
          if (one) {
            const found = await m.hosted.execute(entity, 'search', { query: { filter: { eq: { [idField]: getPath(one, idField) } } } });
            expect(
              (found.data as { id: string }[]).map((h) => h.id),
              entity,
            ).toEqual([String(getPath(one, idField))]);
          }
        }
      },
      SYNC_TIMEOUT_MS + 60_000,
    );
  }

  it('every list and get returns the same {data, meta} in both modes', async () => {
    const m = modesOf();
    const reads = actionsOf(m.metadata, ['list', 'get', 'api_search']);
    expect(reads.length).toBeGreaterThan(0);
    for (const action of reads) {
      const params = example(m, m.shared, action.entity, action.action);
      const openSource = await m.openSource.execute(action.entity, action.action, params);
      const hosted = await m.hosted.execute(action.entity, action.action, params);
      expect(json(hosted), `${action.entity}.${action.action}`).toStrictEqual(json(openSource));
    }
  });

  it('iterating a list across pages yields the same records in both modes', async () => {
    const m = modesOf();
    expect(m.fixture.paging.length).toBeGreaterThan(0);
    for (const paging of m.fixture.paging) {
      const [entity, action] = paging.action.split('.') as [string, string];
      const params = paging.params(m.shared);
      const openSource = await listAll(m.openSource, entity, action, params);
      const hosted = await listAll(m.hosted, entity, action, params);
      expect(openSource.map(paging.idOf), paging.action).toEqual(paging.expectedIds(m.shared));
      expect(json(hosted), paging.action).toStrictEqual(json(openSource));
    }
  });

  if (has(['download'])) {
    it('downloads stream end to end through the service, byte for byte, with the same file meta', async () => {
      const m = modesOf();
      for (const action of actionsOf(m.metadata, ['download'])) {
        const params = example(m, m.shared, action.entity, action.action);
        const openSource = await m.openSource.execute(action.entity, action.action, params);
        const hosted = await m.hosted.execute(action.entity, action.action, params);
        expect(hosted.meta, `${action.entity}.${action.action}`).toStrictEqual(openSource.meta);
        const [a, b] = [
          await readAll(openSource.data as AsyncIterable<Uint8Array>),
          await readAll(hosted.data as AsyncIterable<Uint8Array>),
        ];
        expect(b.length).toBeGreaterThan(0);
        expect(b.equals(a)).toBe(true);

        // Streamed, not buffered: when the vendor's file transfer breaks after the first bytes, the
        // hosted caller has already received those bytes and then sees the break. A service that
        // buffered the file would have answered an error before sending any byte.
        const fileHost = (m.shared as FakeServer & { files?: FakeServer }).files ?? m.shared;
        fileHost.failNext(/./, { kind: 'drop-mid-body' });
        const broken = await m.hosted.execute(action.entity, action.action, params);
        let received = 0;
        const error = await failure(
          (async () => {
            for await (const chunk of broken.data as AsyncIterable<Uint8Array>) received += chunk.length;
          })(),
        );
        expect(received).toBeGreaterThan(0);
        expect(received).toBeLessThan(a.length);
        expect(error['name']).toBe('ConnectionError');
      }
    });
  }

  it('failures raise the same error classes with the same fields in both modes', async () => {
    const m = modesOf();
    const get = actionsOf(m.metadata, ['get'])[0]!;
    const params = example(m, m.shared, get.entity, get.action);
    const both = async (prepare: () => void): Promise<[Record<string, unknown>, Record<string, unknown>]> => {
      prepare();
      const openSource = await failure(m.openSource.execute(get.entity, get.action, params, { maxRetries: 0 }));
      prepare();
      const hosted = await failure(m.hosted.execute(get.entity, get.action, params, { maxRetries: 0 }));
      return [openSource, hosted];
    };
    // The vendor does not know the record.
    const [notFoundOs, notFoundHosted] = await both(() => m.shared.failNext(/./, { kind: 'status', status: 404 }));
    expect(notFoundHosted).toStrictEqual(notFoundOs);
    expectNoOperatorSettings(m, notFoundHosted);
    // The vendor throttles, asking for a wait longer than either side waits on its own.
    const [limitedOs, limitedHosted] = await both(() =>
      m.shared.failNext(/./, { kind: 'status', status: 429, headers: { 'retry-after': '120' } }),
    );
    expect(limitedOs).toMatchObject({ name: 'RateLimitError', retryAfterMs: 120_000 });
    expect(limitedHosted).toStrictEqual(limitedOs);
    expectNoOperatorSettings(m, limitedHosted);
    // The credentials lack a scope; a write conflicts: never retried, in either mode. The vendor's
    // own words (from a body shaped like its errors) and its request id reach the hosted caller too.
    for (const status of [403, 409]) {
      const requestIds = Object.fromEntries((m.metadata.requestIdHeaders ?? ['x-request-id']).map((h) => [h, `dual-mode-${status}`]));
      const body = errorBody(m.metadata, `refused with ${status}`);
      const [os, hosted] = await both(() => m.shared.failNext(/./, { kind: 'status', status, headers: requestIds, body }));
      expect(os, `HTTP ${status}`).toMatchObject({ vendorMessage: `refused with ${status}` });
      expect(hosted, `HTTP ${status}`).toStrictEqual(os);
      // Some fakes give every answer its own request id; these two carry the one asked for.
      expect([os['requestId'], hosted['requestId']], `HTTP ${status}`).toEqual([`dual-mode-${status}`, `dual-mode-${status}`]);
      expectNoOperatorSettings(m, hosted);
    }
    // Bad input: the same issues, before any request.
    const bad = { ...params, no_such_param: 1 };
    const [invalidOs, invalidHosted] = [
      await failure(m.openSource.execute(get.entity, get.action, bad)),
      await failure(m.hosted.execute(get.entity, get.action, bad)),
    ];
    expect(invalidOs['name']).toBe('ValidationError');
    expect(invalidHosted).toStrictEqual(invalidOs);
  });

  if (has(['create', 'update', 'delete'])) {
    it('writes return the same result in both modes', async () => {
      const m = modesOf();
      const writes = actionsOf(m.metadata, ['create', 'update', 'delete']);
      for (const action of writes) {
        const openSource = await m.openSourceWrites.execute(
          action.entity,
          action.action,
          example(m, m.writes, action.entity, action.action),
        );
        const hosted = await m.hosted.execute(action.entity, action.action, example(m, m.shared, action.entity, action.action));
        expect(json(hosted), `${action.entity}.${action.action}`).toStrictEqual(json(openSource));
      }
    });
  }
  // A connector without hosted search (code-hosting: the contract lists none) has no synced copy to test.
  if (has(['search'])) {
    it(
      'search before the first sync has finished raises SyncNotReadyError with the sync progress',
      async () => {
        const m = modesOf();
        const entity = actionsOf(m.metadata, ['search'])[0]!.entity;
        // Hold the new connector's first vendor request until the search has been answered, so its
        // first sync cannot finish before it.
        const searched = deferred();
        m.shared.failNext(/./, { kind: 'hold', until: searched.promise });
        const externalUserId = `${EXTERNAL_USER}-not-ready`;
        const { id } = await service.createConnector(
          externalUserId,
          name,
          m.fixture.credentials,
          replicationConfig(m.fixture.pkg['replicationSchema'] as JsonSchema | undefined),
          m.fixture.config,
        );
        const fresh = connectorClass(m.fixture).hosted({
          baseUrl: service.url,
          externalUserId,
          clientId: service.application.clientId,
          clientSecret: service.application.clientSecret,
        });
        const error = await failure(fresh.execute(entity, 'search', { query: {} })).finally(searched.resolve);
        expect(error['name']).toBe('SyncNotReadyError');
        const progress = error['progress'] as { sync_status: string; entities: { entity: string }[] };
        expect(['pending', 'syncing']).toContain(progress.sync_status);
        expect(progress.entities.map((e) => e.entity)).toContain(entity);
        // Once the sync is done, the same call answers from the copy.
        await service.waitForSync(id, SYNC_TIMEOUT_MS);
        const ready = await fresh.execute(entity, 'search', { query: {}, limit: 1 });
        expect((ready.data as unknown[]).length).toBe(1);
      },
      SYNC_TIMEOUT_MS + 30_000,
    );
  }
});
