/**
 * Client-side rate spacing (spec `rateLimit.spacing` / `rateLimit.groups` + action `rateGroup`).
 * No timed assertions: the bucket is checked against an injected clock, and the connector end to
 * end under vitest's fake timers with a recording fetch, counting requests sent as time is advanced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ConfigurationError,
  ConnectorClient,
  TimeoutError,
  type ConnectorMetadata,
  type RateLimitRule,
} from '@switchyard/runtime';
import { RateSpacing, TokenBucket, type SpacingClock } from '@switchyard/runtime/internal';
import { AUTH, FAST_RETRY, rejection, widgetsMetadata, type WidgetOps } from './helpers.js';

/** A clock that only moves when told; sleeps are recorded and resolve when their time comes. */
function manualClock() {
  let now = 0;
  const sleeping: { until: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const requested: number[] = [];
  const clock: SpacingClock = {
    now: () => now,
    sleep: (ms, signal, message) =>
      new Promise<void>((resolve, reject) => {
        requested.push(ms);
        if (signal?.aborted) return reject(new AbortError(message));
        const entry = { until: now + ms, resolve, reject };
        sleeping.push(entry);
        signal?.addEventListener('abort', () => reject(new AbortError(message)), { once: true });
      }),
  };
  return {
    clock,
    requested,
    advance(ms: number) {
      now += ms;
      for (const entry of sleeping.filter((e) => e.until <= now)) {
        sleeping.splice(sleeping.indexOf(entry), 1);
        entry.resolve();
      }
    },
  };
}

describe('token bucket', () => {
  it('lets a burst go at once, then gives each later caller the next free slot in order', () => {
    const { clock, advance } = manualClock();
    const bucket = new TokenBucket({ requestsPerSecond: 4, burst: 2 }, clock);
    expect([bucket.reserve(), bucket.reserve(), bucket.reserve(), bucket.reserve()]).toEqual([0, 0, 250, 500]);
    advance(500); // both queued slots have passed: the bucket is empty, not in credit
    expect(bucket.reserve()).toBe(250);
    advance(10_000); // a long pause refills up to the burst, never beyond
    expect([bucket.reserve(), bucket.reserve(), bucket.reserve()]).toEqual([0, 0, 250]);
  });

  it('takes a returned token back, so a call that never went out does not delay the next', () => {
    const { clock } = manualClock();
    const bucket = new TokenBucket({ requestsPerSecond: 1, burst: 1 }, clock);
    expect(bucket.reserve()).toBe(0);
    expect(bucket.reserve()).toBe(1000);
    bucket.release();
    expect(bucket.reserve()).toBe(1000);
  });
});

describe('RateSpacing', () => {
  const rule: RateLimitRule = { spacing: { requestsPerSecond: 2, burst: 1 }, groups: { search: { requestsPerSecond: 1, burst: 1 } } };

  it('waits for the later of the connector slot and the group slot', async () => {
    const { clock, requested, advance } = manualClock();
    const spacing = new RateSpacing(rule, 'Test connector', clock);
    await spacing.wait('search', 'test a', 10_000, undefined); // first token of both buckets
    const second = spacing.wait('search', 'test b', 10_000, undefined);
    expect(requested).toEqual([1000]); // connector slot in 500 ms, search slot in 1000 ms
    advance(1000); // the connector bucket is full again (burst 1); the search bucket is empty
    await second;
    await spacing.wait(undefined, 'test c', 10_000, undefined); // not in the group: connector bucket only, free now
    const d = spacing.wait(undefined, 'test d', 10_000, undefined);
    const e = spacing.wait('search', 'test e', 10_000, undefined);
    expect(requested).toEqual([1000, 500, 1000]);
    advance(1000);
    await Promise.all([d, e]);
  });

  it('fails at once with TimeoutError when the turn comes after the timeout, and gives the token back', async () => {
    const { clock, requested } = manualClock();
    const spacing = new RateSpacing({ spacing: { requestsPerSecond: 1, burst: 1 } }, 'Test connector', clock);
    await spacing.wait(undefined, 'test a', 60_000, undefined);
    const error = await rejection(spacing.wait(undefined, 'test b', 400, undefined));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(
      "test b: its turn under the connector's rate spacing (1/s, burst 1) comes in 1000 ms, after the 400 ms timeout; send fewer calls at once or raise the timeout option",
    );
    expect(requested).toEqual([]); // no waiting at all
    spacing.wait(undefined, 'test c', 60_000, undefined).catch(() => undefined);
    expect(requested).toEqual([1000]); // the refused call's slot went to the next caller
  });

  it('ends the wait with AbortError when the caller aborts, and gives the token back', async () => {
    const { clock, requested } = manualClock();
    const spacing = new RateSpacing({ spacing: { requestsPerSecond: 1, burst: 1 } }, 'Test connector', clock);
    await spacing.wait(undefined, 'test a', 60_000, undefined);
    const controller = new AbortController();
    const waiting = rejection(spacing.wait(undefined, 'test b', 60_000, controller.signal));
    controller.abort();
    const error = await waiting;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe('test b aborted by the caller while waiting for its turn under rate spacing');
    spacing.wait(undefined, 'test c', 60_000, undefined).catch(() => undefined);
    expect(requested).toEqual([1000, 1000]);
  });

  it.each([
    [
      { spacing: { requestsPerSecond: 0, burst: 1 } },
      'Test connector: rateLimit.spacing.requestsPerSecond must be a positive number (got 0)',
    ],
    [
      { groups: { search: { requestsPerSecond: 1, burst: 0.5 } } },
      'Test connector: rateLimit.groups.search.burst must be an integer of at least 1 (got 0.5)',
    ],
  ] as [RateLimitRule, string][])('refuses a rule that would never hand out a token: %j', (bad, message) => {
    expect(() => new RateSpacing(bad, 'Test connector')).toThrow(new ConfigurationError(message));
  });
});

describe('a connector instance spaces its calls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that records each request as it is sent and answers at once; `fail` answers the first N with 503. */
  function recordingFetch(fail = 0) {
    const sent: string[] = [];
    const fetchImpl = (async (url: string | URL) => {
      const path = new URL(String(url)).pathname.replace(/^\/api/, '');
      sent.push(path);
      if (sent.length <= fail) return new Response(JSON.stringify({ error: { message: 'busy' } }), { status: 503 });
      const body =
        path === '/widgets' ? { widgets: [{ id: 'w1' }], meta: { next_cursor: 'c2', has_more: true } } : { widget: { id: 'w1' } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    return { sent, fetchImpl };
  }

  function client(rateLimit: RateLimitRule, fetchImpl: typeof fetch, group?: { action: string; name: string }): ConnectorClient<WidgetOps> {
    const base = widgetsMetadata();
    const widgets = { ...base.actions['widgets']! };
    if (group) widgets[group.action] = { ...widgets[group.action]!, rateGroup: group.name };
    const metadata: ConnectorMetadata = { ...base, rateLimit, actions: { ...base.actions, widgets } };
    return new ConnectorClient<WidgetOps>(metadata, {
      auth: AUTH.bearer,
      baseUrl: 'https://widgets.test/api',
      fetch: fetchImpl,
      retry: FAST_RETRY,
    });
  }

  it('shares one bucket across execute, helpers and pagination of one instance; another instance has its own', async () => {
    const { sent, fetchImpl } = recordingFetch();
    const spaced = client({ spacing: { requestsPerSecond: 1, burst: 2 } }, fetchImpl);
    const calls = [
      spaced.execute('widgets', 'get', { id: 'a' }),
      spaced.request('widgets', 'get', { id: 'b' }),
      // A page promise starts when it is awaited or then'd.
      spaced.requestPage('widgets', 'list', {}).then((page) => page.data),
    ];
    const fourth = spaced.requestPage('widgets', 'list', {}).then((page) => page);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2); // the burst
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    // A second instance is not slowed by the first one's queue.
    const other = client({ spacing: { requestsPerSecond: 1, burst: 2 } }, fetchImpl);
    const own = other.execute('widgets', 'get', { id: 'c' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(5);
    // The next page of a list queues behind the same bucket.
    const next = (await fourth).getNextPage();
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(6);
    await Promise.all([...calls, own, next]);
    expect(sent.filter((p) => p === '/widgets')).toHaveLength(3);
  });

  it('spaces only the actions of a group when the connector declares no overall spacing', async () => {
    const { sent, fetchImpl } = recordingFetch();
    const spaced = client({ groups: { slow: { requestsPerSecond: 2, burst: 1 } } }, fetchImpl, { action: 'get', name: 'slow' });
    const calls = [
      spaced.execute('widgets', 'get', { id: 'a' }),
      spaced.execute('widgets', 'get', { id: 'b' }),
      spaced.execute('widgets', 'list', {}),
      spaced.execute('widgets', 'list', {}),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.sort()).toEqual(['/widgets', '/widgets', '/widgets/a']);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(4);
    await Promise.all(calls);
  });

  it('makes a retry wait for its turn too', async () => {
    const { sent, fetchImpl } = recordingFetch(1);
    const spaced = client({ spacing: { requestsPerSecond: 1, burst: 1 } }, fetchImpl);
    const call = spaced.execute('widgets', 'get', { id: 'a' });
    await vi.advanceTimersByTimeAsync(100); // past the backoff (≤ 20 ms), short of the next slot
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(sent).toHaveLength(2);
    await expect(call).resolves.toMatchObject({ data: { id: 'w1' } });
  });

  it('never sends a call whose turn comes after its timeout or that the caller aborted while waiting', async () => {
    const { sent, fetchImpl } = recordingFetch();
    const spaced = client({ spacing: { requestsPerSecond: 1, burst: 1 } }, fetchImpl);
    await spaced.execute('widgets', 'get', { id: 'a' });
    const late = await rejection(spaced.execute('widgets', 'get', { id: 'b' }, { timeout: 500 }));
    expect(late).toBeInstanceOf(TimeoutError);
    expect(late.message).toMatch(/^widgets widgets\.get: its turn under the connector's rate spacing/);
    const controller = new AbortController();
    const aborted = rejection(spaced.execute('widgets', 'get', { id: 'c' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual(['/widgets/a']);
  });
});
