/**
 * How the crm connector meets HubSpot's limits and errors: search calls spaced to HubSpot's 4 per
 * second per account before they are sent (the fake answers 429 beyond that), the 10-second-window
 * 429 retried after the window HubSpot names in milliseconds, the daily-allowance 429 raised at
 * once as QuotaExceededError, and HubSpot's error body (message, category, correlationId) mapped
 * onto the typed error.
 */
import { describe, expect, it } from 'vitest';
import {
  CrmConnector,
  NotFoundError,
  RateLimitError,
  ValidationError,
  metadata,
  type CrmConnectorOptions,
} from '@switchyard/connector-crm';
import { ConnectorClient, QuotaExceededError, type ConnectorMetadata, type OpenSourceOptions } from '@switchyard/runtime';
import { FAST_RETRY, TOKEN, apiRequests, connectorFor, live, useHubspotFake } from './helpers.js';

const searchAll = (crm: { execute: CrmConnector['execute'] }, n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      crm.execute('companies', 'api_search', {
        filterGroups: [{ filters: [{ propertyName: 'name', operator: 'HAS_PROPERTY' }] }],
        limit: 1 + i,
      }),
    ),
  );

describe('crm rate limits and errors', () => {
  const start = useHubspotFake();

  /** A fetch that counts how many requests are on the wire at once. */
  function countingFetch() {
    const state = { inFlight: 0, maxInFlight: 0, sent: 0 };
    const counted: typeof fetch = async (input, init) => {
      state.sent++;
      state.maxInFlight = Math.max(state.maxInFlight, ++state.inFlight);
      try {
        const response = await fetch(input, init);
        await response.clone().arrayBuffer();
        return response;
      } finally {
        state.inFlight--;
      }
    };
    return { state, counted };
  }

  it('concurrent api_search calls are spaced by the connector: sent one after another, never two at once', async () => {
    const fake = await start();
    const { state, counted } = countingFetch();
    const results = await searchAll(connectorFor(fake, { fetch: counted }), 9);
    expect(results.map((r) => r.data.length)).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
    // Spaced 250 ms apart, each search is answered before the next one leaves: never two at once.
    // (Paced at exactly HubSpot's rate, a request can still land on a window's edge and be retried
    // after a 429, so the count of requests sent is not asserted; the control below shows the rest.)
    expect(state.maxInFlight).toBe(1);
    expect(fake.searchThrottled).toBeLessThan(2);
  });

  it('other calls are not spaced: concurrent lists go out together', async () => {
    const fake = await start();
    const { state, counted } = countingFetch();
    const crm = connectorFor(fake, { fetch: counted });
    await Promise.all(Array.from({ length: 6 }, () => crm.tickets.list({ limit: 1 })));
    expect(state.maxInFlight).toBeGreaterThan(1);
  });

  it('without the spec’s search group the same calls hit HubSpot’s per-second limit (the spacing is what avoids it)', async () => {
    const fake = await start();
    const unspaced: ConnectorMetadata = { ...metadata, rateLimit: { ...metadata.rateLimit, groups: {} } };
    const client = new ConnectorClient(unspaced, {
      auth: { access_token: TOKEN },
      baseUrl: `${fake.url}/crm/v3`,
      retry: FAST_RETRY,
    } as OpenSourceOptions<unknown, unknown>);
    await searchAll(client as unknown as CrmConnector, 9);
    expect(fake.searchThrottled).toBeGreaterThan(0);
  });

  it('a 10-second-window 429 without Retry-After waits the window from X-HubSpot-RateLimit-Interval-Milliseconds, then succeeds', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    fake.failNext('/crm/v3/objects/tickets', {
      kind: 'status',
      status: 429,
      headers: { 'x-hubspot-ratelimit-interval-milliseconds': '40' },
    });
    const page = await crm.tickets.list({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(apiRequests(fake)).toHaveLength(2);

    fake.failNext('/crm/v3/objects/tickets', {
      kind: 'status',
      status: 429,
      headers: { 'x-hubspot-ratelimit-interval-milliseconds': '7000' },
    });
    const error = await crm.tickets.list({ limit: 2 }, { maxRetries: 0 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).not.toBeInstanceOf(QuotaExceededError);
    expect((error as RateLimitError).retryAfterMs).toBe(7000);
    expect((error as RateLimitError).code).toBe('RATE_LIMITS');
  });

  it('a DAILY 429 is raised at once as QuotaExceededError, never retried', async () => {
    const fake = await start();
    fake.exhaustDailyQuota();
    const error = await connectorFor(fake)
      .contacts.list({ limit: 1 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as QuotaExceededError).status).toBe(429);
    expect((error as Error).message).toContain('You have reached your daily limit.');
    expect(apiRequests(fake)).toHaveLength(1);
  });

  it('HubSpot’s error body gives message, code (category) and requestId (correlationId)', async () => {
    const fake = await start();
    const error = await connectorFor(fake)
      .deals.get({ dealId: '999' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(NotFoundError);
    const e = error as NotFoundError;
    const body = e.body as { correlationId: string; category: string; message: string };
    expect(body.category).toBe('OBJECT_NOT_FOUND');
    expect(e.code).toBe('OBJECT_NOT_FOUND');
    expect(e.message).toContain('Object not found.');
    expect(e.requestId).toBe(body.correlationId);
    expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('bad ids and unknown parameters are ValidationErrors before any request', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    for (const call of [
      () => crm.contacts.get({ contactId: '..' }),
      () => crm.objects.get({ objectType: '', objectId: live(fake, 'cars')[0]!.id }),
      () => crm.contacts.list({ limit: 101 }),
      () => crm.deals.api_search({ limit: 201 }),
      () => crm.execute('companies', 'list', { propertys: 'name' } as never),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(ValidationError);
    }
    expect(apiRequests(fake)).toHaveLength(0);
  });

  it('search in open-source mode is hosted only; tickets have no hosted search', async () => {
    const fake = await start();
    const crm = new CrmConnector({ auth: { access_token: TOKEN }, baseUrl: `${fake.url}/crm/v3` } as CrmConnectorOptions);
    await expect(crm.contacts.search({ query: {} })).rejects.toMatchObject({ name: 'HostedOnlyError' });
    expect(Object.keys(metadata.actions['tickets']!)).toEqual(['list', 'get', 'api_search']);
    expect(Object.keys(metadata.sync!).sort()).toEqual(['companies', 'contacts', 'deals']);
  });
});
