/**
 * The operator's sync settings (SWITCHYARD_SYNC_*): read from the environment into sync service
 * options, and refused with the variable's name when they cannot work.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { syncOptionsOf } from '../src/service.js';

describe('SWITCHYARD_SYNC_* settings', () => {
  it('become the sync service’s concurrency, heartbeat, lease, turn and caps; unset ones keep the defaults', () => {
    const config = loadConfig(
      {},
      {
        DATABASE_URL: 'postgres://127.0.0.1:5432/switchyard',
        SWITCHYARD_SYNC_CONCURRENCY: '0',
        SWITCHYARD_SYNC_HEARTBEAT_MS: '500',
        SWITCHYARD_SYNC_LEASE_MS: '3000',
        SWITCHYARD_SYNC_TURN_MS: '2000',
        SWITCHYARD_SYNC_MAX_RUNS_PER_EXTERNAL_USER: '1',
      },
    );
    expect(syncOptionsOf(config.sync!)).toEqual({
      concurrency: 0,
      workers: { heartbeatMs: 500, leaseMs: 3000 },
      fairness: { turnMs: 2000, maxRunsPerExternalUser: 1 },
    });
    expect(syncOptionsOf(loadConfig({}, {}).sync!)).toEqual({ workers: {}, fairness: {} });
  });

  it.each([
    ['SWITCHYARD_SYNC_CONCURRENCY', '-1', /SWITCHYARD_SYNC_CONCURRENCY must be a whole number/],
    ['SWITCHYARD_SYNC_HEARTBEAT_MS', '0', /SWITCHYARD_SYNC_HEARTBEAT_MS must be a positive integer/],
    ['SWITCHYARD_SYNC_TURN_MS', '5s', /SWITCHYARD_SYNC_TURN_MS must be a positive integer, got "5s"/],
    ['SWITCHYARD_SYNC_MAX_RUNS_PER_APPLICATION', '0', /SWITCHYARD_SYNC_MAX_RUNS_PER_APPLICATION must be a positive integer/],
    ['SWITCHYARD_SYNC_LEASE_MS', '3000', /SWITCHYARD_SYNC_LEASE_MS \(3000\) must be at least twice SWITCHYARD_SYNC_HEARTBEAT_MS \(2000\)/],
    ['SWITCHYARD_SYNC_CONCURRENCY', '0', /SWITCHYARD_SYNC_CONCURRENCY=0 needs DATABASE_URL/],
  ])('%s=%s is refused, naming the variable', (name, value, message) => {
    expect(() => loadConfig({}, { [name]: value })).toThrow(message);
  });
});
