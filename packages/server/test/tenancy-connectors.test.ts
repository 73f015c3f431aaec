// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeError, ServiceError, type Principal } from '../src/index.js';
import type { ConnectorRecord, NewConnector } from '../src/service-types.js';
import { engineCases } from './support/engines.js';
import { KEY_ONE, openIsolated, ringOf, tenancyParts, type IsolatedDatabase, type TenancyParts } from './support/tenancy-fixture.js';

const SECRET = 'xoxb-PLAINTEXT-SECRET-0123456789';

function newConnector(applicationId: string, externalUserId: string, secret = SECRET): NewConnector {
  return {
    applicationId,
    externalUserId,
    connectorType: 'messaging',
    name: `${externalUserId}'s workspace`,
    credentials: { access_token: secret },
    config: { team: 'T1' },
    replicationConfig: { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false },
  };
}

describe.each(engineCases)('connector repository on $name', (engineCase) => {
  let db: IsolatedDatabase;
  let parts: TenancyParts;
  beforeAll(async () => {
    if (engineCase.skip) return;
    db = await openIsolated(engineCase);
    parts = tenancyParts(db.engine, ringOf(`k1:${KEY_ONE}`));
  });
  afterAll(async () => {
    if (!engineCase.skip) await db.dispose();
  });

  const app = async (name: string): Promise<Principal> => ({
    kind: 'application',
    applicationId: (await parts.tenancy.createApplication(name)).application_id,
  });
  const scoped = (principal: Principal, externalUserId: string): Principal => ({ ...principal, kind: 'scoped', externalUserId });

  it.skipIf(engineCase.skip)('creates, reads, renames, updates credentials and deletes through a principal', async () => {
    const owner = await app('crud');
    const created = await parts.connectors.create(newConnector(owner.applicationId, 'alice'));
    expect(created).toMatchObject({
      applicationId: owner.applicationId,
      externalUserId: 'alice',
      connectorType: 'messaging',
      name: "alice's workspace",
      config: { team: 'T1' },
      replicationConfig: { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false },
    });
    expect(created.id).toMatch(/^conn_[A-Za-z0-9_-]{22}$/);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(JSON.stringify(created)).not.toContain(SECRET);

    expect(await parts.connectors.get(owner, created.id)).toEqual(created);
    expect(await parts.connectors.get(scoped(owner, 'alice'), created.id)).toEqual(created);
    expect(await parts.connectors.credentials(created)).toEqual({ access_token: SECRET });

    const renamed = await parts.connectors.rename(owner, created.id, 'Renamed');
    expect(renamed?.name).toBe('Renamed');
    const updated = await parts.connectors.updateCredentials(scoped(owner, 'alice'), created.id, { access_token: 'xoxb-new' });
    expect(updated?.name).toBe('Renamed');
    expect(await parts.connectors.credentials(created)).toEqual({ access_token: 'xoxb-new' });

    expect(await parts.connectors.delete(owner, created.id)).toBe(true);
    expect(await parts.connectors.get(owner, created.id)).toBeNull();
    expect(await parts.connectors.delete(owner, created.id)).toBe(false);
    const left = await db.engine.query('SELECT 1 FROM sy_connector_credentials WHERE connector_id = $1', [created.id]);
    expect(left).toEqual([]);
    await expect(parts.connectors.credentials(created)).rejects.toMatchObject({ code: 'not_found' });
  });

  it.skipIf(engineCase.skip)(
    'tenant isolation: two applications × two external users — every foreign read, update and delete answers like a missing id',
    async () => {
      const appA = await app('tenant-a');
      const appB = await app('tenant-b');
      const records = new Map<string, ConnectorRecord>();
      for (const principal of [appA, appB]) {
        for (const user of ['u1', 'u2']) {
          records.set(`${principal.applicationId}/${user}`, await parts.connectors.create(newConnector(principal.applicationId, user)));
        }
      }
      const principals: Principal[] = [appA, appB, scoped(appA, 'u1'), scoped(appA, 'u2'), scoped(appB, 'u1'), scoped(appB, 'u2')];
      const visible = (principal: Principal, record: ConnectorRecord): boolean =>
        principal.applicationId === record.applicationId &&
        (principal.kind === 'application' || principal.externalUserId === record.externalUserId);

      let foreign = 0;
      for (const principal of principals) {
        const listed = (await parts.connectors.list(principal)).map((r) => r.id).sort();
        expect(listed).toEqual(
          [...records.values()]
            .filter((r) => visible(principal, r))
            .map((r) => r.id)
            .sort(),
        );
        for (const record of records.values()) {
          if (visible(principal, record)) continue;
          foreign++;
          // exactly what an unknown id answers
          const missing = 'conn_doesnotexist0000000';
          expect(await parts.connectors.get(principal, record.id)).toBeNull();
          expect(await parts.connectors.get(principal, missing)).toBeNull();
          expect(await parts.connectors.rename(principal, record.id, 'hijacked')).toBeNull();
          expect(await parts.connectors.updateCredentials(principal, record.id, { access_token: 'stolen' })).toBeNull();
          expect(await parts.connectors.delete(principal, record.id)).toBe(false);
          // filtering by the foreign record's user lists only what this principal may see of that user
          const filtered = await parts.connectors.list(principal, record.externalUserId);
          expect(filtered.map((r) => r.id)).not.toContain(record.id);
          expect(filtered.every((r) => visible(principal, r) && r.externalUserId === record.externalUserId)).toBe(true);
        }
      }
      expect(foreign).toBe(16); // 2 app principals × 2 foreign + 4 scoped × 3 foreign
      // Nothing foreign was changed: names, credentials and existence are intact.
      for (const record of records.values()) {
        const owner: Principal = { kind: 'application', applicationId: record.applicationId };
        expect((await parts.connectors.get(owner, record.id))?.name).toBe(record.name);
        expect(await parts.connectors.credentials(record)).toEqual({ access_token: SECRET });
      }
    },
  );

  it.skipIf(engineCase.skip)('a scoped principal cannot act for another external user of its own application', async () => {
    const owner = await app('scoped');
    const bobs = await parts.connectors.create(newConnector(owner.applicationId, 'bob'));
    const alice = scoped(owner, 'alice');
    expect(await parts.connectors.get(alice, bobs.id)).toBeNull();
    expect(await parts.connectors.list(alice, 'bob')).toEqual([]);
    expect(await parts.connectors.list(alice)).toEqual([]);
    expect(await parts.connectors.updateCredentials(alice, bobs.id, { access_token: 'x' })).toBeNull();
    expect(await parts.connectors.delete(alice, bobs.id)).toBe(false);
    // while the application principal filters by user when asked
    expect((await parts.connectors.list(owner, 'bob')).map((r) => r.id)).toEqual([bobs.id]);
    expect(await parts.connectors.list(owner, 'alice')).toEqual([]);
    // a malformed scoped principal is a programming error, never a wider query
    await expect(parts.connectors.get({ kind: 'scoped', applicationId: owner.applicationId }, bobs.id)).rejects.toThrow(TypeError);
  });

  it.skipIf(engineCase.skip)('credentials are stored only encrypted: no column of any tenancy table holds the plaintext', async () => {
    const owner = await app('at-rest');
    const record = await parts.connectors.create(newConnector(owner.applicationId, 'carol', SECRET));
    const dump = JSON.stringify([
      await db.engine.query('SELECT * FROM sy_connectors'),
      await db.engine.query('SELECT * FROM sy_connector_credentials'),
      await db.engine.query('SELECT * FROM sy_applications'),
    ]);
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(dump).not.toContain(Buffer.from(SECRET).toString('hex'));
    const [row] = await db.engine.query<{ key_id: string; envelope: string }>(
      'SELECT key_id, envelope FROM sy_connector_credentials WHERE connector_id = $1',
      [record.id],
    );
    expect(row?.key_id).toBe('k1');
    expect(row?.envelope.length).toBeGreaterThan(SECRET.length);
  });

  it.skipIf(engineCase.skip)("an envelope copied into another connector's row does not open (bound to its connector id)", async () => {
    const owner = await app('swap');
    const victim = await parts.connectors.create(newConnector(owner.applicationId, 'v', 'victim-secret'));
    const attacker = await parts.connectors.create(newConnector(owner.applicationId, 'a', 'attacker-secret'));
    await db.engine.query(
      `UPDATE sy_connector_credentials SET envelope = (SELECT envelope FROM sy_connector_credentials WHERE connector_id = $1)
        WHERE connector_id = $2`,
      [victim.id, attacker.id],
    );
    await expect(parts.connectors.credentials(attacker)).rejects.toBeInstanceOf(EnvelopeError);
  });

  it.skipIf(engineCase.skip)('listAll pages through every connector of every tenant in id order', async () => {
    const a = await app('all-a');
    const b = await app('all-b');
    const made = [
      await parts.connectors.create(newConnector(a.applicationId, 'x')),
      await parts.connectors.create(newConnector(b.applicationId, 'y')),
      await parts.connectors.create(newConnector(a.applicationId, 'z')),
    ];
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await parts.connectors.listAll(after, 2);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((r) => r.id));
      after = page[page.length - 1]!.id;
    }
    expect([...seen].sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1))).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    for (const record of made) expect(seen).toContain(record.id);
  });

  it.skipIf(engineCase.skip)(
    'bad input is refused with validation_failed naming the field; unknown applications cannot own connectors',
    async () => {
      const owner = await app('input');
      const attempt = async (input: NewConnector): Promise<ServiceError> => {
        try {
          await parts.connectors.create(input);
        } catch (error) {
          return error as ServiceError;
        }
        throw new Error('expected a refusal');
      };
      const base = newConnector(owner.applicationId, 'dave');
      const blank = await attempt({ ...base, externalUserId: '' });
      expect(blank).toMatchObject({ code: 'validation_failed', extra: { errors: [{ path: 'external_user_id', rule: 'min-length' }] } });
      const numbers = await attempt({ ...base, credentials: { token: 42 } as unknown as Record<string, string> });
      expect(numbers.extra.errors?.[0]).toMatchObject({ path: 'credentials', rule: 'type' });
      const orphan = await attempt({ ...base, applicationId: 'app_gone' });
      expect(orphan.code).toBe('unauthorized');
      expect(await parts.connectors.get(owner, '')).toBeNull();
    },
  );

  it.skipIf(engineCase.skip)('deleting an application deletes its connectors and credentials and returns them', async () => {
    const owner = await app('doomed');
    const record = await parts.connectors.create(newConnector(owner.applicationId, 'erin'));
    const result = await parts.tenancy.deleteApplication(owner.applicationId);
    expect(result.connectors.map((r) => r.id)).toEqual([record.id]);
    expect(await db.engine.query('SELECT 1 FROM sy_connectors WHERE id = $1', [record.id])).toEqual([]);
    expect(await db.engine.query('SELECT 1 FROM sy_connector_credentials WHERE connector_id = $1', [record.id])).toEqual([]);
  });
});
