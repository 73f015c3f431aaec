/**
 * The service's executor per connector (src/execution/executor-pool.ts): reused while the record
 * is unchanged, rebuilt when its credentials change, the least recently used dropped beyond the
 * cap. A build reads the record's credentials once, so the reads per connector tell which calls
 * were served from the pool.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExecutorPool } from '../src/execution/executor-pool.js';
import type { ConnectorRecord } from '../src/index.js';
import { GADGETS_METADATA } from './support/failing-vendor.js';

function record(id: string, version = 0): ConnectorRecord {
  return {
    id,
    applicationId: 'app_1',
    externalUserId: 'user-1',
    connectorType: GADGETS_METADATA.name,
    name: id,
    config: {},
    replicationConfig: {},
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: new Date(Date.UTC(2026, 10, 1) + version * 1000).toISOString(),
  };
}

function pool(maxEntries: number): { pool: ExecutorPool; builds: string[] } {
  const builds: string[] = [];
  return {
    builds,
    pool: new ExecutorPool({
      credentials: async (connector) => {
        builds.push(connector.id);
        return { api_token: `token-of-${connector.id}` };
      },
      metadataOf: () => GADGETS_METADATA,
      baseUrlOf: () => undefined,
      transport: {},
      maxEntries,
    }),
  };
}

describe('the executor pool', () => {
  it('hands out one executor per connector while its record is unchanged, and a new one once it changed', async () => {
    const { pool: executors, builds } = pool(10);
    const first = executors.executorFor(record('a'));
    expect(executors.executorFor(record('a'))).toBe(first);
    expect(await executors.executorFor(record('a'))).toBe(await first);
    const renewed = executors.executorFor(record('a', 1));
    expect(renewed).not.toBe(first);
    expect(executors.executorFor(record('a', 1))).toBe(renewed);
    expect(builds).toEqual(['a', 'a']);
  });

  it('drops the least recently used connector, and calls to the newest one keep it newest', () => {
    const { pool: executors, builds } = pool(2);
    for (const id of ['a', 'b', 'a', 'a', 'c']) executors.executorFor(record(id));
    // b was used before the last a's: it goes, a stays.
    executors.executorFor(record('a'));
    executors.executorFor(record('b'));
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
  });

  it('serves from the pool exactly the calls a least-recently-used list of its size would (any sequence of calls, credential changes and deletions)', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('call' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      fc.record({ kind: fc.constant('renew' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      fc.record({ kind: fc.constant('forget' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(step, { maxLength: 60 }), (size, steps) => {
        const { pool: executors, builds } = pool(size);
        const versions = new Map<string, number>();
        // The model: ids in least-to-most recently used order, each with the version it was built for.
        let lru: { id: string; version: number }[] = [];
        const expected: string[] = [];
        for (const { kind, id } of steps) {
          if (kind === 'renew') versions.set(id, (versions.get(id) ?? 0) + 1);
          else if (kind === 'forget') {
            executors.forget(id);
            lru = lru.filter((entry) => entry.id !== id);
          } else {
            const version = versions.get(id) ?? 0;
            executors.executorFor(record(id, version));
            const hit = lru.find((entry) => entry.id === id && entry.version === version);
            if (!hit) expected.push(id);
            lru = [...lru.filter((entry) => entry.id !== id), { id, version }];
            if (lru.length > size) lru = lru.slice(lru.length - size);
          }
        }
        expect(builds).toEqual(expected);
        expect(executors.size).toBe(lru.length);
      }),
    );
  });
});
