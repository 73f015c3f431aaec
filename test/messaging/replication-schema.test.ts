/**
 * The published JSON Schema of messaging's replication settings (what a hosted connector record's
 * replication_config must match), read by ajv with ajv-formats as a consumer of the schema would:
 * a UTC start instant without fractions, a lookback of 0..365 days, every field required, no other.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { replicationSchema } from '@switchyard/connector-messaging';

const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);

describe('messaging replication settings (hosted connector records)', () => {
  const validate = ajv.compile(replicationSchema);
  const good = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: true };

  it('accepts the seed example shape', () => {
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, lookback_window: 0 })).toBe(true);
    expect(validate({ ...good, lookback_window: 365 })).toBe(true);
  });

  it.each([
    ['start_date without Z', { ...good, start_date: '2024-01-01T00:00:00' }],
    ['start_date with an offset', { ...good, start_date: '2024-01-01T00:00:00+02:00' }],
    ['start_date with milliseconds', { ...good, start_date: '2024-01-01T00:00:00.000Z' }],
    ['lookback_window -1', { ...good, lookback_window: -1 }],
    ['lookback_window 366', { ...good, lookback_window: 366 }],
    ['join_channels as a string', { ...good, join_channels: 'yes' }],
    ['a missing field', { start_date: good.start_date, lookback_window: 7 }],
    ['an unknown field', { ...good, channels: ['C1'] }],
  ])('rejects %s', (_why, value) => {
    expect(validate(value)).toBe(false);
  });
});
