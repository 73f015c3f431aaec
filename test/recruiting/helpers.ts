/**
 * Shared set-up of the recruiting connector suites: a Greenhouse Harvest v1 fake per file (API
 * server plus the attachment host on another origin), a connector pointed at it with fast retries,
 * and small helpers to read requests, errors, downloads and log lines.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { RecruitingConnector, type RecruitingConnectorOptions } from '@switchyard/connector-recruiting';
import { startGreenhouseFake, type GreenhouseFake, type GreenhouseFakeOptions } from '../fakes/greenhouse.js';
import type { RecordedRequest } from '../fakes/harness.js';

/** The Harvest API key the fake accepts; long and distinctive so a leak is easy to spot. */
export const KEY = 'gh_harvest_3f9c2a7d41e8b6c05f1e9a2b7c4d8e60SwItChYaRd';

/** What Harvest expects: HTTP Basic with the key as username and an EMPTY password (note the colon). */
export const basic = (key: string = KEY): string => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

export type ConnectorOverrides = Partial<Omit<RecruitingConnectorOptions, 'auth' | 'baseUrl'>> & {
  auth?: RecruitingConnectorOptions['auth'];
};

export function makeConnector(fake: { url: string }, overrides: ConnectorOverrides = {}): RecruitingConnector {
  return new RecruitingConnector({
    auth: { api_key: KEY },
    baseUrl: `${fake.url}/v1`,
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  });
}

/**
 * Starts a Greenhouse fake for the whole file and clears its request logs (API and file host) and
 * pending failures before each test. Read `ctx.fake` inside tests (it is set in beforeAll).
 */
export function useGreenhouseFake(options: GreenhouseFakeOptions = {}): { fake: GreenhouseFake } {
  const ctx = {} as { fake: GreenhouseFake };
  beforeAll(async () => {
    ctx.fake = await startGreenhouseFake({ apiKey: KEY, ...options });
  });
  beforeEach(() => {
    ctx.fake.reset();
    ctx.fake.files?.reset();
  });
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

/** What a test compares of a recorded request. */
export function wire(request: RecordedRequest): { method: string; path: string; query: unknown; authorization: string | undefined } {
  return { method: request.method, path: request.path, query: request.query, authorization: request.headers['authorization'] };
}

/** Deep copy through JSON: what a record looks like after the wire. */
export function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Reads a download chunk by chunk; returns the chunks and their concatenation. */
export async function readChunks(stream: AsyncIterable<Uint8Array>): Promise<{ chunks: Uint8Array[]; bytes: Buffer }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { chunks, bytes: Buffer.concat(chunks) };
}

/** `execute` without the typed operation map, for table-driven cases. */
export type LooseExecute = {
  execute(entity: string, action: string, params?: unknown): Promise<{ data: any; meta: any }>;
};

export const loose = (c: RecruitingConnector): LooseExecute => c as unknown as LooseExecute;

export type Json = Record<string, unknown>;

export { rejection, capturingLogger } from '../support/expect.js';
