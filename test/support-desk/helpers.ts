/**
 * Shared set-up of the support-desk suites: a Zendesk fake per file (API server plus the attachment
 * host on another origin), a connector pointed at it with fast retries, and small helpers.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { SupportDeskConnector, type SupportDeskConnectorOptions } from '@switchyard/connector-support-desk';
import { startZendeskFake, type ZendeskFake, type ZendeskFakeOptions } from '../fakes/zendesk.js';

export const EMAIL = 'dana.agent@acme.example';
/** Long and distinctive so a leak is easy to spot. */
export const API_TOKEN = 'zd_tok_8c1f0b7e42d94a6bSwItChYaRdSeCrEt';
export const ACCESS_TOKEN = 'zd_oauth_5e2a9c41d7b84f0aSwItChYaRdBeArEr';

/** Zendesk's Token auth: HTTP Basic with the username `{email}/token`. */
export const basic = `Basic ${Buffer.from(`${EMAIL}/token:${API_TOKEN}`).toString('base64')}`;

export function makeConnector(fake: { url: string }, overrides: Partial<SupportDeskConnectorOptions> = {}): SupportDeskConnector {
  return new SupportDeskConnector({
    auth: { email: EMAIL, api_token: API_TOKEN },
    baseUrl: `${fake.url}/api/v2`,
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  } as SupportDeskConnectorOptions);
}

/** One fake for the whole file; request logs and pending failures cleared before each test. */
export function useZendeskFake(options: ZendeskFakeOptions = {}): { fake: ZendeskFake } {
  const ctx = {} as { fake: ZendeskFake };
  beforeAll(async () => {
    ctx.fake = await startZendeskFake({ email: EMAIL, apiToken: API_TOKEN, accessToken: ACCESS_TOKEN, ...options });
  });
  beforeEach(() => ctx.fake.reset());
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

export { readAll } from '../support/streams.js';

export { rejection, capturingLogger } from '../support/expect.js';
