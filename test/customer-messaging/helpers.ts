/**
 * Shared set-up of the customer-messaging suites: an Intercom fake per file, a connector pointed
 * at it with fast retries, and small helpers to read requests and errors.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { CustomerMessagingConnector, type CustomerMessagingConnectorOptions } from '@switchyard/connector-customer-messaging';
import { startIntercomFake, type IntercomFake, type IntercomFakeOptions } from '../fakes/intercom.js';
import type { RecordedRequest } from '../fakes/harness.js';

/** The access token the fake accepts; long and distinctive so a leak is easy to spot. */
export const TOKEN = 'dG9rOjk1YzQ3ZTAxLTc2YjItNGRmNi1iYzVkLTAzZWM5ZjBhYjQ2ZTox-SwItChYaRd';

export type ConnectorOverrides = Partial<Omit<CustomerMessagingConnectorOptions, 'auth'>> & {
  auth?: CustomerMessagingConnectorOptions['auth'];
};

export function makeConnector(fake: { url: string }, overrides: ConnectorOverrides = {}): CustomerMessagingConnector {
  return new CustomerMessagingConnector({
    auth: { access_token: TOKEN },
    baseUrl: fake.url,
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  });
}

/** One Intercom fake for the whole file; request log and pending failures cleared before each test. */
export function useIntercomFake(options: IntercomFakeOptions = {}): { fake: IntercomFake } {
  const ctx = {} as { fake: IntercomFake };
  beforeAll(async () => {
    ctx.fake = await startIntercomFake({ accessToken: TOKEN, ...options });
  });
  beforeEach(() => {
    ctx.fake.reset();
  });
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

/** What a test compares of a recorded request. */
export function wire(request: RecordedRequest): { method: string; path: string; query: unknown; authorization?: string; version?: string } {
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    authorization: request.headers['authorization'],
    version: request.headers['intercom-version'],
  };
}

/** Deep copy through JSON: what a record looks like after the wire. */
export function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** `execute` without the typed operation map, for table-driven cases. */
export type LooseExecute = {
  execute(entity: string, action: string, params?: unknown): Promise<{ data: any; meta: any }>;
};
export const loose = (c: CustomerMessagingConnector): LooseExecute => c as unknown as LooseExecute;

export type Json = Record<string, unknown>;

export { rejection, capturingLogger } from '../support/expect.js';
