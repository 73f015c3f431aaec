/**
 * Shared set-up of the conversation-intelligence suites: a Gong fake per file (API server plus the
 * media host on another origin) and a connector pointed at it with fast retries.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  ConversationIntelligenceConnector,
  type ConversationIntelligenceConnectorOptions,
} from '@switchyard/connector-conversation-intelligence';
import { startGongFake, type GongFake, type GongFakeOptions } from '../fakes/gong.js';

export const KEY = 'GONGKEY7XKDXD4Q2QBGSTWFLD7W6B3GD';
export const SECRET = 'eyJhbGciOiJIUzI1NiJ9.gOnG+SeCrEt/VaLuE=';
export const basic = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;

export type ConnectorOverrides = Partial<Omit<ConversationIntelligenceConnectorOptions, 'auth'>> & {
  auth?: ConversationIntelligenceConnectorOptions['auth'];
};

export function makeConnector(fake: { url: string }, overrides: ConnectorOverrides = {}): ConversationIntelligenceConnector {
  return new ConversationIntelligenceConnector({
    auth: { access_key: KEY, access_key_secret: SECRET },
    baseUrl: `${fake.url}/v2`,
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  });
}

/** A Gong fake for the whole file; request logs and queued failures are cleared before each test. */
export function useGongFake(options: GongFakeOptions = {}): { fake: GongFake } {
  const ctx = {} as { fake: GongFake };
  beforeAll(async () => {
    ctx.fake = await startGongFake({ accessKey: KEY, accessKeySecret: SECRET, ...options });
  });
  beforeEach(() => ctx.fake.reset());
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

export { readAll } from '../support/streams.js';

export type Json = Record<string, unknown>;

export { rejection, capturingLogger } from '../support/expect.js';
