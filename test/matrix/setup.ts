/**
 * Shared plumbing of the matrix files: fresh fakes per test, connectors with tiny retry delays,
 * the entity.actions a connector declares (read from its metadata), and small call helpers.
 */
import { afterEach, beforeEach } from 'vitest';
import * as runtime from '@switchyard/runtime';
import type { ActionMetadata, OpenSourceOptions, RequestOptions } from '@switchyard/runtime';
import type { FakeServer } from '../fakes/harness.js';
import type { ConnectorFixture, MatrixConnector, Params } from './fixture.js';
import { expectedRequest } from './wire.js';

/** Retries without waiting (1–4 ms backoff) and a timeout far above any fake answer. */
export const FAST: Partial<OpenSourceOptions> = { retry: { initialDelayMs: 1, maxDelayMs: 4 }, timeout: 5_000 };
/** Retries after the first attempt, unless a test says otherwise (the runtime's default). */
export const MAX_RETRIES = 2;

export interface ActionRef {
  /** `entity.action` */
  key: string;
  entity: string;
  action: string;
  meta: ActionMetadata;
}

export function allActions(fixture: ConnectorFixture): ActionRef[] {
  return Object.values(fixture.pkg.metadata.actions)
    .flatMap((actions) => Object.values(actions))
    .map((meta) => ({ key: `${meta.entity}.${meta.action}`, entity: meta.entity, action: meta.action, meta }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** Actions that call the vendor in open-source mode (everything but hosted-only search). */
export const callableActions = (fixture: ConnectorFixture): ActionRef[] => allActions(fixture).filter((a) => !a.meta.hostedOnly);
export const hostedOnlyActions = (fixture: ConnectorFixture): ActionRef[] => allActions(fixture).filter((a) => a.meta.hostedOnly);
/** Safe to send twice (the metadata's `idempotent`): reads and GraphQL queries. */
export const readActions = (fixture: ConnectorFixture): ActionRef[] => callableActions(fixture).filter((a) => a.meta.idempotent);
export const writeActions = (fixture: ConnectorFixture): ActionRef[] => callableActions(fixture).filter((a) => !a.meta.idempotent);

export function findAction(fixture: ConnectorFixture, key: string): ActionRef {
  const found = allActions(fixture).find((a) => a.key === key);
  if (!found) throw new Error(`${fixture.pkg.metadata.name}: no action ${key} in the metadata`);
  return found;
}

export function exampleParams(fixture: ConnectorFixture, ref: ActionRef, fake: FakeServer): Params {
  return { ...(fixture.examples[ref.key]?.(fake) ?? {}) };
}

/** The base path of the connector's base URL on the fake (`/api`, `/v1`, ``). */
export function basePath(fixture: ConnectorFixture, fake: FakeServer): string {
  return new URL(fixture.baseUrl(fake)).pathname.replace(/\/$/, '');
}

/** The path a call with `params` hits on the fake: what `failNext` needs. */
export function routeOf(fixture: ConnectorFixture, ref: ActionRef, fake: FakeServer, params: Params): string {
  return expectedRequest(ref.meta, params, basePath(fixture, fake)).path;
}

export type AnyConnector = MatrixConnector & Record<string, any>;

export function connect(fixture: ConnectorFixture, fake: FakeServer, overrides: Partial<OpenSourceOptions<any, any>> = {}): AnyConnector {
  return fixture.create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(fake), ...FAST, ...overrides }) as AnyConnector;
}

/** `connector.execute(entity, action, params, options)`, with a download's stream read to the end. */
export async function run(connector: MatrixConnector, ref: ActionRef, params: unknown, options?: RequestOptions): Promise<unknown> {
  return settle(await connector.execute(ref.entity, ref.action, params, options));
}

/** The typed helper `connector[entity][action](params, options)`, with a download's stream read to the end. */
export async function runHelper(connector: AnyConnector, ref: ActionRef, params: unknown, options?: RequestOptions): Promise<unknown> {
  const resource = connector[ref.entity] as Record<string, (p: unknown, o?: RequestOptions) => PromiseLike<unknown>> | undefined;
  const method = resource?.[ref.action];
  if (typeof method !== 'function') throw new Error(`connector.${ref.entity}.${ref.action} is not a function`);
  return settle((await method.call(resource, params, options)) as { data: unknown; meta: unknown });
}

/** Reads a download to the end (so the file request happens); returns `{data, meta}` with bytes for data. */
async function settle(result: { data: unknown; meta: unknown }): Promise<{ data: unknown; meta: unknown }> {
  const data = result.data as { [Symbol.asyncIterator]?: unknown } | null;
  if (data && typeof data === 'object' && !Array.isArray(data) && typeof data[Symbol.asyncIterator] === 'function') {
    const chunks: Uint8Array[] = [];
    for await (const chunk of data as AsyncIterable<Uint8Array>) chunks.push(chunk);
    return { data: Buffer.concat(chunks), meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
}

/** An error class by name, from the connector package, else from the runtime (classes being added land there first). */
export function errorClass(fixture: ConnectorFixture, name: string): (new (...args: any[]) => Error) | undefined {
  const fromPackage = fixture.pkg[name];
  if (typeof fromPackage === 'function') return fromPackage as new (...args: any[]) => Error;
  const fromRuntime = (runtime as Record<string, unknown>)[name];
  return typeof fromRuntime === 'function' ? (fromRuntime as new (...args: any[]) => Error) : undefined;
}

/** A fresh seeded fake for every test of the enclosing block (fakes start in a few milliseconds). */
export function useFreshFake(fixture: ConnectorFixture): { fake: FakeServer } {
  const ctx = {} as { fake: FakeServer };
  beforeEach(async () => {
    ctx.fake = await fixture.start();
  });
  afterEach(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

/** What a test compares of two requests that must be identical. */
export const sameRequest = (r: { method: string; path: string; query: unknown; rawBody: string }) => ({
  method: r.method,
  path: r.path,
  query: r.query,
  rawBody: r.rawBody,
});
