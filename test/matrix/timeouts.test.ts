/**
 * Timeouts, for every connector and every action: an attempt slower than the per-call timeout
 * raises TimeoutError; a read is retried (and succeeds when the vendor answers in time), a write
 * is not sent again. The fake holds the first answer back far longer than the timeout, so the
 * outcome does not depend on how fast the machine is. The tests mostly wait, so they run
 * concurrently, each on a fake of its own.
 */
import { describe, expect, it, vi } from 'vitest';
import { rejection } from '../support/expect.js';
import { connectors } from './registry.js';
import { MAX_RETRIES, connect, errorClass, exampleParams, readActions, routeOf, run, writeActions, type ActionRef } from './setup.js';
import type { FakeServer } from '../fakes/harness.js';
import type { ConnectorFixture } from './fixture.js';

// Each test mostly waits out TIMEOUT_MS on a fake of its own, so more of them wait at once than
// vitest's default of 5 concurrent tests (167 tests took 17 s at 5, most of it idle; 7 s at 20).
// Not more: the fakes answer on this file's event loop, and with 20 at once on a machine loaded
// far beyond its cores (load 25 on 2) a retried request reached its fake after TIMEOUT_MS had
// passed. Reset by vitest after this file.
vi.setConfig({ maxConcurrency: 10 });

/** Far above a loopback answer even on a loaded machine, far below the fake's hold-back. */
const TIMEOUT_MS = 400;
const SLOW_MS = 5_000;

/** Runs `body` against a fresh fake that is closed afterwards. */
async function withFake(fixture: ConnectorFixture, body: (fake: FakeServer) => Promise<void>): Promise<void> {
  const fake = await fixture.start();
  try {
    await body(fake);
  } finally {
    await fake.close();
  }
}

describe.concurrent.each(connectors)('$name', ({ fixture }) => {
  const TimeoutError = errorClass(fixture, 'TimeoutError')!;

  it.each(readActions(fixture))('$key: a timed-out read is retried and succeeds', (ref: ActionRef) =>
    withFake(fixture, async (fake) => {
      const params = exampleParams(fixture, ref, fake);
      fake.failNext(routeOf(fixture, ref, fake, params), { kind: 'delay', ms: SLOW_MS });
      await run(connect(fixture, fake), ref, params, { timeout: TIMEOUT_MS });
      // Retried once; a third attempt only if the machine was too busy to answer the second in time.
      expect(fake.requests.length).toBeGreaterThanOrEqual(2);
      expect(fake.requests.length).toBeLessThanOrEqual(1 + MAX_RETRIES);
    }),
  );

  const writes = writeActions(fixture);
  if (writes.length > 0) {
    it.each(writes)('$key: a timed-out write raises TimeoutError after one request', (ref: ActionRef) =>
      withFake(fixture, async (fake) => {
        const params = exampleParams(fixture, ref, fake);
        fake.failNext(routeOf(fixture, ref, fake, params), { kind: 'delay', ms: SLOW_MS });
        const error = await rejection(run(connect(fixture, fake), ref, params, { timeout: TIMEOUT_MS }));
        expect(error).toBeInstanceOf(TimeoutError);
        expect(error.name).toBe('TimeoutError');
        expect(error.message).toContain(`${fixture.pkg.metadata.name} ${ref.key}`);
        expect(fake.requests).toHaveLength(1);
      }),
    );
  }

  it('a read that times out on every attempt ends in TimeoutError (connector-wide timeout option)', () =>
    withFake(fixture, async (fake) => {
      const ref = readActions(fixture)[0]!;
      const params = exampleParams(fixture, ref, fake);
      fake.failNext(routeOf(fixture, ref, fake, params), { kind: 'delay', ms: SLOW_MS }, 2);
      const error = await rejection(run(connect(fixture, fake, { timeout: TIMEOUT_MS, maxRetries: 1 }), ref, params));
      expect(error).toBeInstanceOf(TimeoutError);
      expect(fake.requests).toHaveLength(2);
    }));
});
