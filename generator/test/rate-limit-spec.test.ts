/**
 * The spec format's rate-limit keys (rateLimit.spacing, rateLimit.groups + rateGroup,
 * resetFormat: delta-ms, rateLimit.quota, errors.requestId) from spec to running connector:
 * the valid fixture compiles, the IR resolves defaults, the emitted metadata carries every key, the
 * package re-exports QuotaExceededError, and the emitted metadata drives the runtime against a
 * loopback vendor.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectorClient, QuotaExceededError, type ConnectorMetadata } from '@switchyard/runtime';
import { startServer, type FakeServer } from '../../test/fakes/harness.js';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';
import { runtimeSurface } from '../src/emit/runtime-surface.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const compiled = () => compileSpec(join(root, 'generator', 'test', 'fixtures', 'valid', 'rate-limits.yaml'), paths);

/** The emitted src/metadata.ts, compiled and imported as the built package would run it. */
async function emittedMetadata(): Promise<ConnectorMetadata> {
  const files = await emitPackage(compiled().ir!, paths);
  const js = ts.transpileModule(files.get('src/metadata.ts')!, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const module = (await import(`data:text/javascript;base64,${Buffer.from(js.outputText).toString('base64')}`)) as {
    metadata: ConnectorMetadata;
  };
  return module.metadata;
}

describe('rate-limit keys in a spec', () => {
  it('compile into the IR with defaults resolved (a group without burst gets 1)', () => {
    const { ir, problems } = compiled();
    expect(problems).toEqual([]);
    expect(ir!.rateLimit).toEqual({
      resetHeader: 'x-ratelimit-interval-milliseconds',
      resetFormat: 'delta-ms',
      quota: [{ status: 429, bodyPath: 'policyName', equals: 'DAILY' }],
      spacing: { requestsPerSecond: 3, burst: 3 },
      groups: { search: { requestsPerSecond: 4, burst: 1 } },
    });
    expect(ir!.errorRequestId).toEqual(['correlationId', 'context.requestId']);
    const actions = ir!.entities[0]!.actions;
    expect(actions.find((a) => a.name === 'api_search')!.rateGroup).toBe('search');
    expect(actions.find((a) => a.name === 'get')!.rateGroup).toBeUndefined();
  });

  it('are emitted into the metadata, and every package re-exports QuotaExceededError', async () => {
    const files = await emitPackage(compiled().ir!, paths);
    const metadata = files.get('src/metadata.ts')!;
    expect(metadata).toContain("errorRequestId: ['correlationId', 'context.requestId'],");
    expect(metadata).toContain('spacing: { requestsPerSecond: 3, burst: 3 },');
    expect(metadata).toContain("rateGroup: 'search',");
    // Every package re-exports the runtime's public entry whole, and QuotaExceededError is in it.
    expect(files.get('src/index.ts')).toContain("export * from '@switchyard/runtime';");
    expect(runtimeSurface().entries[0]!.values).toContain('QuotaExceededError');
  });
});

describe('the emitted metadata, run by the runtime', () => {
  let server: FakeServer | undefined;
  afterEach(async () => server?.close());

  it('raises a quota answer at once as QuotaExceededError, with the body request id and the millisecond window', async () => {
    server = await startServer(() => ({
      status: 429,
      headers: { 'x-ratelimit-interval-milliseconds': '86400000' },
      body: { status: 'error', message: 'You have reached your daily limit.', policyName: 'DAILY', correlationId: 'aaaa-bbbb' },
    }));
    const client = new ConnectorClient(await emittedMetadata(), {
      auth: { access_token: 'pat-test-123' },
      baseUrl: server.url,
      maxRetries: 3,
    });
    const started = Date.now();
    const error = await client.execute('contacts', 'get', { contactId: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).requestId).toBe('aaaa-bbbb');
    expect((error as QuotaExceededError).resetAt!.getTime()).toBeGreaterThanOrEqual(started + 86_400_000);
    expect(server.requests).toHaveLength(1);
  });
});
