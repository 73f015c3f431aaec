/**
 * The execute path's recent reads (src/tenancy/recent-reads.ts, tokens.ts, tenancy.ts): what they
 * may reuse, and what must still be seen at once (changes through this process) or within the
 * time-to-live (changes by another process: here a second repository over the same database).
 *
 * @module-tag connector/messaging
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/index.js';
import { withRecentReads } from '../src/tenancy/recent-reads.js';
import { engineCases } from './support/engines.js';
import { KEY_ONE, openIsolated, ringOf, tenancyParts, type IsolatedDatabase } from './support/tenancy-fixture.js';

const keys = ringOf(`k1:${KEY_ONE}`);

describe.each(engineCases)('recent reads on $name', (engineCase) => {
  let db: IsolatedDatabase;
  beforeAll(async () => {
    if (engineCase.skip) return;
    db = await openIsolated(engineCase);
  });
  afterAll(async () => {
    if (!engineCase.skip) await db.dispose();
  });

  /** A clock the test moves; every part built with it shares it. */
  function clock() {
    let now = Date.parse('2026-11-23T08:00:00Z');
    return { now: () => now, date: () => new Date(now), advance: (ms: number) => (now += ms) };
  }

  async function setUp(ttlMs = 2000) {
    const time = clock();
    const parts = tenancyParts(db.engine, keys, { now: time.date, applicationCheckTtlMs: ttlMs });
    const connectors = withRecentReads(parts.connectors, ttlMs, time.now);
    // "Another process": its own repository over the same database, no shared memory.
    const elsewhere = tenancyParts(db.engine, keys).connectors;
    const app = await parts.tenancy.createApplication('recent');
    const owner: Principal = { kind: 'application', applicationId: app.application_id };
    const alice: Principal = { ...owner, kind: 'scoped', externalUserId: 'alice' };
    const bob: Principal = { ...owner, kind: 'scoped', externalUserId: 'bob' };
    const record = await connectors.create({
      applicationId: app.application_id,
      externalUserId: 'alice',
      connectorType: 'messaging',
      name: 'alice',
      credentials: { api_token: 'xoxb-recent' },
      config: {},
      replicationConfig: {},
    });
    return { time, parts, connectors, elsewhere, app, owner, alice, bob, record };
  }

  it.skipIf(engineCase.skip)('a cached record is never shown to a principal the database would not show it to', async () => {
    const { connectors, record, alice, bob, owner } = await setUp();
    expect(await connectors.getRecent(alice, record.id)).toEqual(record);
    // Cached now; bob (same application, other external user) and another application still get nothing.
    expect(await connectors.getRecent(bob, record.id)).toBeNull();
    expect(await connectors.getRecent({ kind: 'application', applicationId: 'app_someone_else' }, record.id)).toBeNull();
    expect(await connectors.getRecent({ ...owner, kind: 'scoped', externalUserId: '' } as Principal, record.id)).toBeNull();
    expect(await connectors.getRecent(owner, record.id)).toEqual(record);
  });

  it.skipIf(engineCase.skip)('changes through this process are seen at once: rename, new credentials, delete', async () => {
    const { connectors, record, alice } = await setUp();
    await connectors.getRecent(alice, record.id);
    const renamed = await connectors.rename(alice, record.id, 'renamed');
    expect((await connectors.getRecent(alice, record.id))?.name).toBe('renamed');
    const updated = await connectors.updateCredentials(alice, record.id, { api_token: 'xoxb-rotated' });
    // The executor pool keys on updatedAt: a stale record would keep the old credentials' executor.
    expect((await connectors.getRecent(alice, record.id))?.updatedAt).toBe(updated!.updatedAt);
    expect(updated!.updatedAt >= renamed!.updatedAt).toBe(true);
    expect(await connectors.delete(alice, record.id)).toBe(true);
    expect(await connectors.getRecent(alice, record.id)).toBeNull();
  });

  it.skipIf(engineCase.skip)("another process's delete is seen once the time-to-live has passed, not before", async () => {
    const { connectors, elsewhere, record, alice, time } = await setUp(2000);
    await connectors.getRecent(alice, record.id);
    expect(await elsewhere.delete(alice, record.id)).toBe(true);
    // Within the time-to-live the record read a moment ago is reused (the documented trade-off)…
    time.advance(1999);
    expect(await connectors.getRecent(alice, record.id)).not.toBeNull();
    // …and after it the database answers.
    time.advance(1);
    expect(await connectors.getRecent(alice, record.id)).toBeNull();
    // `get` never uses the cache.
    expect(await connectors.get(alice, record.id)).toBeNull();
  });

  it.skipIf(engineCase.skip)('time-to-live 0 reads the database every time', async () => {
    const { connectors, elsewhere, record, alice } = await setUp(0);
    await connectors.getRecent(alice, record.id);
    await elsewhere.delete(alice, record.id);
    expect(await connectors.getRecent(alice, record.id)).toBeNull();
  });

  it.skipIf(engineCase.skip)('a verified token is refused once it expires, even though it was verified before', async () => {
    const { parts, app, time } = await setUp();
    const { access_token, expires_in } = await parts.tenancy.issueApplicationToken(app.client_id, app.client_secret);
    await expect(parts.tenancy.verify(access_token)).resolves.toMatchObject({ applicationId: app.application_id });
    time.advance(expires_in * 1000 + 10_000);
    await expect(parts.tenancy.verify(access_token)).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/expired/),
    });
  });

  it.skipIf(engineCase.skip)("another process's deletion of the application is seen within the time-to-live", async () => {
    const { parts, app, time } = await setUp(2000);
    const { access_token } = await parts.tenancy.issueApplicationToken(app.client_id, app.client_secret);
    await parts.tenancy.verify(access_token);
    // Another process deletes it (straight SQL: this process's memory is not told).
    await db.engine.query('DELETE FROM sy_applications WHERE id = $1', [app.application_id]);
    time.advance(2000);
    await expect(parts.tenancy.verify(access_token)).rejects.toMatchObject({ message: expect.stringMatching(/no longer exists/) });
  });

  it.skipIf(engineCase.skip)('a forged token is refused even when a genuine token of the same application is cached', async () => {
    const { parts, app } = await setUp();
    const { access_token } = await parts.tenancy.issueApplicationToken(app.client_id, app.client_secret);
    await parts.tenancy.verify(access_token);
    const [header, payload, signature] = access_token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(parts.tenancy.verify(`${header}.${payload}.${flipped}`)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
