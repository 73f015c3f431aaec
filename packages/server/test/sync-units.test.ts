/**
 * The sync engine's small pure parts: reading and writing high-water marks in every declared
 * format, the connector-level status summary, the rules derived for packages without `sync`, and
 * configuration refused before anything connects.
 *
 * @module-tag connector/messaging
 */
import { ConfigurationError } from '@switchyard/runtime';
import { describe, expect, it } from 'vitest';
import { runWorker, createSyncService, type EntitySyncStatus } from '../src/index.js';
import { connectorState } from '../src/sync/status-view.js';
import { syncRulesOf } from '../src/sync/sync-rules.js';
import { formatTime, readTime } from '../src/sync/watermark.js';
import { examplePackage } from './support/example-package.js';
import { openTestPglite } from './support/pglite-template.js';

const { metadata: messaging } = await examplePackage('messaging');

describe('high-water marks', () => {
  const t = Date.parse('2024-05-06T07:08:09.250Z');
  it('reads ISO-8601, epoch seconds (numbers and Slack-style digit strings) and epoch milliseconds', () => {
    expect(readTime('2024-05-06T07:08:09.250Z', 'iso-8601')).toBe(t);
    expect(readTime(t / 1000, 'unix-seconds')).toBe(t);
    expect(readTime('1714979289.250000', 'unix-seconds')).toBe(t);
    expect(readTime(t, 'unix-ms')).toBe(t);
    expect(readTime(String(t), 'unix-ms')).toBe(t);
  });
  it('ignores values that are not times', () => {
    for (const value of [null, undefined, '', 'soon', {}, Number.NaN]) expect(readTime(value, 'iso-8601')).toBeNull();
  });
  it('writes whole seconds, rounded down, so a filter never skips a record of the same second', () => {
    expect(formatTime(t, 'iso-8601')).toBe('2024-05-06T07:08:09Z');
    expect(formatTime(t, 'unix-seconds')).toBe(1714979289);
    expect(formatTime(t, 'unix-ms')).toBe(t);
  });
});

describe('connector status summary', () => {
  const entity = (state: EntitySyncStatus['state']): EntitySyncStatus => ({
    entity: state,
    state,
    records: 0,
    records_per_second: null,
    last_synced_at: null,
    mode: null,
    error: null,
  });
  it('is failed when any entity failed, syncing while any syncs or only some are done, else ready or pending', () => {
    expect(connectorState([entity('ready'), entity('failed'), entity('syncing')])).toBe('failed');
    expect(connectorState([entity('ready'), entity('syncing')])).toBe('syncing');
    expect(connectorState([entity('ready'), entity('pending')])).toBe('syncing');
    expect(connectorState([entity('ready'), entity('ready')])).toBe('ready');
    expect(connectorState([entity('pending')])).toBe('pending');
    expect(connectorState([])).toBe('pending');
  });
});

describe('sync rules', () => {
  it('without a `sync` declaration, fully refreshes each searchable entity through its parameterless list', () => {
    const { sync: _declared, ...undeclared } = messaging;
    expect(syncRulesOf(undeclared)).toEqual([
      ['channels', { action: 'list', idField: 'id' }],
      ['users', { action: 'list', idField: 'id' }],
    ]);
  });
});

describe('configuration', () => {
  it('refuses a worker without a database URL or a master key before connecting', async () => {
    await expect(runWorker({ databaseUrl: '' })).rejects.toThrow(ConfigurationError);
    await expect(runWorker({ databaseUrl: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(/masterKey/);
  });
  it('refuses a pg-boss runner without PostgreSQL, and schedules that are not positive whole seconds', async () => {
    const engine = await openTestPglite();
    const base = { engine, connectors: {} as never, catalog: new Map() };
    expect(() => createSyncService({ ...base, runner: 'pg-boss' })).toThrow(/databaseUrl/);
    expect(() => createSyncService({ ...base, schedule: { intervalSeconds: 0 } })).toThrow(ConfigurationError);
    // Stored as a PostgreSQL integer: a longer interval would fail the first connector's schedule.
    expect(() => createSyncService({ ...base, schedule: { intervalSeconds: 2 ** 31 } })).toThrow(
      /schedule.intervalSeconds must be an integer from 1 to 2147483647 seconds, got 2147483648/,
    );
    expect(() => createSyncService({ ...base, concurrency: 0 })).toThrow(/concurrency/);
    await engine.close();
  });
});
