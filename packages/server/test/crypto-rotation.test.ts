// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeError, createConnectorRepository, rotateCredentials, type Principal } from '../src/index.js';
import type { ConnectorRecord } from '../src/service-types.js';
import { waitFor } from '../../../test/support/expect.js';
import { engineCases } from './support/engines.js';
import { KEY_ONE, KEY_TWO, openIsolated, ringOf, tenancyParts, type IsolatedDatabase } from './support/tenancy-fixture.js';

const OLD_RING = `k1:${KEY_ONE}`;
const BOTH_RING = `k1:${KEY_ONE},k2:${KEY_TWO}`;
const secretOf = (i: number): string => `token-${i}-${'s'.repeat(i % 7)}`;

describe.each(engineCases)('master key rotation on $name', (engineCase) => {
  let db: IsolatedDatabase;
  let owner: Principal;
  const records: ConnectorRecord[] = [];

  beforeAll(async () => {
    if (engineCase.skip) return;
    db = await openIsolated(engineCase);
    // Written by a service that only knows k1.
    const { tenancy, connectors } = tenancyParts(db.engine, ringOf(OLD_RING));
    owner = { kind: 'application', applicationId: (await tenancy.createApplication('rotation')).application_id };
    for (let i = 0; i < 7; i++) {
      records.push(
        await connectors.create({
          applicationId: owner.applicationId,
          externalUserId: `user-${i % 2}`,
          connectorType: 'messaging',
          name: `c${i}`,
          credentials: { access_token: secretOf(i) },
          config: {},
          replicationConfig: {},
        }),
      );
    }
  });
  afterAll(async () => {
    if (!engineCase.skip) await db.dispose();
  });

  const keyIds = async (): Promise<string[]> =>
    (await db.engine.query<{ key_id: string }>('SELECT key_id FROM sy_connector_credentials ORDER BY connector_id')).map((r) => r.key_id);

  it.skipIf(engineCase.skip)(
    're-encrypts in batches while reads keep working before, during and after; then every row carries the new kid',
    async () => {
      const both = ringOf(BOTH_RING);
      const serving = createConnectorRepository(db.engine, both);
      const readAll = async (): Promise<void> => {
        for (const [i, record] of records.entries()) {
          expect(await serving.credentials(record)).toEqual({ access_token: secretOf(i) });
        }
      };
      await readAll(); // before: the new ring reads rows still on k1
      expect(new Set(await keyIds())).toEqual(new Set(['k1']));

      const midway: string[][] = [];
      const logged: string[] = [];
      const result = await rotateCredentials(db.engine, both, {
        batchSize: 3,
        logger: { info: (message) => logged.push(message) },
        onBatch: async () => {
          midway.push(await keyIds());
          await readAll(); // during: a mix of k1 and k2 rows, all readable
        },
      });
      expect(result).toEqual({ keyId: 'k2', rotated: 7, skipped: 0, remaining: 0 });
      expect(midway).toHaveLength(3); // 3 + 3 + 1
      expect(midway[0]!.filter((id) => id === 'k2')).toHaveLength(3);
      expect(midway[1]!.filter((id) => id === 'k2')).toHaveLength(6);
      await readAll(); // after

      // The column and the envelope agree, and a ring without k1 now reads everything.
      const rows = await db.engine.query<{ key_id: string; envelope: string }>('SELECT key_id, envelope FROM sy_connector_credentials');
      for (const row of rows) {
        expect(row.key_id).toBe('k2');
        expect(both.keyIdOf(row.envelope)).toBe('k2');
      }
      const newOnly = createConnectorRepository(db.engine, ringOf(`k2:${KEY_TWO}`));
      for (const [i, record] of records.entries()) expect(await newOnly.credentials(record)).toEqual({ access_token: secretOf(i) });
      expect(logged.join('\n')).toMatch(/7 credential\(s\) now under master key "k2", 0 still on older keys/);
      for (const i of records.keys()) expect(logged.join('\n')).not.toContain(secretOf(i));

      // Running again has nothing to do.
      expect(await rotateCredentials(db.engine, both)).toEqual({ keyId: 'k2', rotated: 0, skipped: 0, remaining: 0 });
    },
  );

  it.skipIf(engineCase.skip)(
    'a credential updated by another process between batches keeps its new value; rotating back works',
    async () => {
      // Rotate back to k1 as the active key, while a writer still on the k1-only ring updates a row.
      const backwards = ringOf(`k2:${KEY_TWO},k1:${KEY_ONE}`);
      const oldProcess = createConnectorRepository(db.engine, ringOf(`k2:${KEY_TWO}`));
      // rotation walks rows in connector id order (byte order)
      const byId = [...records].sort((a, b) => Buffer.compare(Buffer.from(a.id), Buffer.from(b.id)));
      const first = byId[0]!;
      const last = byId[byId.length - 1]!;
      const result = await rotateCredentials(db.engine, backwards, {
        batchSize: 2,
        onBatch: async ({ rotated }) => {
          if (rotated !== 2) return;
          // After the first batch, a process still on the old ring (k2 active) writes two rows:
          // one the pass has not reached yet, one it has already rotated.
          await oldProcess.updateCredentials(owner, last.id, { access_token: 'written-ahead' });
          await oldProcess.updateCredentials(owner, first.id, { access_token: 'written-behind' });
        },
      });
      expect(result.keyId).toBe('k1');
      const reader = createConnectorRepository(db.engine, backwards);
      expect(await reader.credentials(last)).toEqual({ access_token: 'written-ahead' });
      expect(await reader.credentials(first)).toEqual({ access_token: 'written-behind' });
      // The row ahead was rotated when the pass reached it; the row behind is reported, and a second run finishes.
      expect(result.remaining).toBe(1);
      expect(await rotateCredentials(db.engine, backwards)).toMatchObject({ rotated: 1, remaining: 0 });
      expect(new Set(await keyIds())).toEqual(new Set(['k1']));
      expect(await reader.credentials(first)).toEqual({ access_token: 'written-behind' });
    },
  );

  // PGlite has one connection, so two writers never interleave there; this race exists on PostgreSQL.
  if (engineCase.name === 'postgres')
    it.skipIf(engineCase.skip)(
      'compare-and-set: a write committed while rotation waits on the row lock is not overwritten with the stale value',
      async () => {
        // Now on k1; rotate to k2 while another connection holds an uncommitted update of one row.
        const both = ringOf(BOTH_RING);
        const target = records[3]!;
        const writer = await db.reopen();
        let release!: () => void;
        let locked!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const holdsLock = new Promise<void>((resolve) => (locked = resolve));
        const holding = writer.transaction(async (tx) => {
          await tx.query('UPDATE sy_connector_credentials SET envelope = $1, key_id = $2 WHERE connector_id = $3', [
            both.seal(JSON.stringify({ access_token: 'written-concurrently' }), `sy_connector_credentials:${target.id}`),
            'k2',
            target.id,
          ]);
          locked();
          await released;
        });
        await holdsLock;
        const rotation = rotateCredentials(db.engine, both, { batchSize: 100 });
        // Wait until the rotation's UPDATE is blocked on our row lock, then commit.
        await waitFor(
          'the rotation to wait on the row lock',
          async () => {
            const [row] = await writer.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
            );
            return Number(row?.n) > 0 ? true : undefined;
          },
          20_000,
        );
        release();
        await holding;
        const result = await rotation;
        expect(result).toMatchObject({ keyId: 'k2', skipped: 1, remaining: 0, rotated: records.length - 1 });
        expect(await createConnectorRepository(db.engine, both).credentials(target)).toEqual({ access_token: 'written-concurrently' });
        // back to k1 for the next test
        await rotateCredentials(db.engine, ringOf(`k2:${KEY_TWO},k1:${KEY_ONE}`));
      },
    );

  it.skipIf(engineCase.skip)('stops loudly when a stored envelope is under a key the ring does not hold', async () => {
    const first = records[0]!;
    const stranger = ringOf(`k9:${Buffer.alloc(32, 9).toString('base64')}`);
    const unreadable = createConnectorRepository(db.engine, ringOf(`zz:${KEY_TWO}`));
    await expect(unreadable.credentials(first)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(rotateCredentials(db.engine, stranger)).rejects.toMatchObject({ name: 'EnvelopeError', reason: 'unknown-key' });
    // Nothing was rewritten by the failed run.
    expect(new Set(await keyIds())).toEqual(new Set(['k1']));
  });
});
