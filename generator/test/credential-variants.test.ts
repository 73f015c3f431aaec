/**
 * Credential-kind variants (`auth.<kind>.baseUrl`, `actions.<name>.variants.<kind>`) from spec to
 * running connector: the valid fixture compiles into IR and emitted metadata and types, the
 * broken one reports every mistake at its line, and the emitted metadata drives the runtime
 * against a loopback vendor with each kind: the API key as declared, OAuth client credentials on
 * the other base URL, paths, wire names, cursor paging and field renames.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError, ConnectorClient, ValidationError, type ConnectorMetadata } from '@switchyard/runtime';
import { startServer, type FakeServer, type RecordedRequest, type Reply } from '../../test/fakes/harness.js';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const fixture = (kind: 'valid' | 'invalid', name: string) => join(root, 'generator', 'test', 'fixtures', kind, `${name}.yaml`);
const compiled = () => compileSpec(fixture('valid', 'credential-variants'), paths);

async function emitted(): Promise<{ metadata: ConnectorMetadata; types: string }> {
  const files = await emitPackage(compiled().ir!, paths);
  const js = ts.transpileModule(files.get('src/metadata.ts')!, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const module = (await import(`data:text/javascript;base64,${Buffer.from(js.outputText).toString('base64')}`)) as {
    metadata: ConnectorMetadata;
  };
  return { metadata: module.metadata, types: files.get('src/types.ts')! };
}

describe('credential-kind variants in a spec', () => {
  it('compile: the kind keeps its baseUrl, the variant its rules with the cursor type and meta member resolved', () => {
    const { ir, problems } = compiled();
    expect(problems).toEqual([]);
    expect(ir!.auth.find((k) => k.name === 'OAuth client credentials')!.baseUrl).toBe('https://notes.example/v2');
    const entity = (name: string) => ir!.entities.find((e) => e.name === name)!;
    const list = entity('notes').actions.find((a) => a.name === 'list')!;
    const v2 = list.variants!['OAuth client credentials']!;
    expect(v2.pagination).toEqual({
      style: 'link-header',
      cursorParam: 'cursor',
      fromUrlParam: 'cursor',
      exclusive: true,
      cursorType: 'string',
      metaMember: 'next_cursor',
    });
    expect(v2.response).toEqual({ records: '', derive: { archived: 'is_archived' } });
    expect(list.variantMeta!.map((m) => m.name)).toEqual(['next_cursor']);
    expect(entity('note_attachment').actions[0]!.variants).toEqual({
      'OAuth client credentials': { unsupported: 'v2 has no attachment download.' },
    });
  });

  it('emit one parameter and meta type for both kinds: kind-only members are optional', async () => {
    const { types } = await emitted();
    expect(types).toMatch(/cursor\?: string;/);
    expect(types).toMatch(/next_page: number \| null;/);
    expect(types).toMatch(/next_cursor\?: string \| null;/);
  });

  it('report every broken variant at its line', () => {
    const { ir, problems } = compileSpec(fixture('invalid', 'variant-errors'), paths);
    expect(ir).toBeUndefined();
    expect(problems.map((p) => `${p.line} ${p.code}`)).toEqual(['23 SY170', '24 SY170', '28 SY170', '29 SY170', '38 SY170']);
    expect(problems.map((p) => p.message).join('\n')).toContain('"Tokn" is not a credential kind');
  });
});

describe('the emitted metadata, run with each credential kind', () => {
  let server: FakeServer;
  const notes = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, title: `Note ${i + 1}`, is_archived: i % 2 === 0 }));
  beforeAll(async () => {
    server = await startServer((req: RecordedRequest): Reply => {
      if (req.path === '/oauth/token') return { body: { access_token: 'tok-v2', token_type: 'Bearer', expires_in: 3600 } };
      if (req.path === '/v1/notes') return { body: { items: [{ id: 1, title: 'One', archived: false }], next_page: null } };
      if (req.path === '/v2/all-notes') {
        if (typeof req.query['ids'] === 'string') return { body: notes.filter((n) => n.id === Number(req.query['ids'])) };
        const offset = typeof req.query['cursor'] === 'string' ? Number(req.query['cursor']) : 0;
        const next = offset + 3 < notes.length ? { link: `<${server.url}/v2/all-notes?cursor=${offset + 3}>; rel="next"` } : undefined;
        return { headers: next ?? {}, body: notes.slice(offset, offset + 3) };
      }
      return { status: 404, body: {} };
    });
  });
  beforeEach(() => server.reset());
  afterAll(() => server.close());

  const client = async (auth: Record<string, string>) =>
    new ConnectorClient((await emitted()).metadata, { auth, baseUrl: auth['api_key'] ? `${server.url}/v1` : `${server.url}/v2` });

  it('an API key runs the action as declared (meta without the other kind’s member)', async () => {
    const v1 = await client({ api_key: 'k' });
    const page = await v1.requestPage('notes', 'list', { per_page: 5, folder_id: 3 });
    expect(server.requests.map((r) => [r.path, r.query])).toEqual([['/v1/notes', { per_page: '5', folder_id: '3' }]]);
    expect(page.meta).toEqual({ next_page: null });
    await expect(v1.execute('notes', 'list', { cursor: 'x' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('OAuth client credentials: other path and wire names, cursor paging sent alone, renamed fields, get by ids', async () => {
    const v2 = await client({ client_id: 'c', client_secret: 's' });
    const ids: number[] = [];
    for await (const note of v2.requestPage<{ id: number; archived: boolean }, unknown>('notes', 'list', {
      per_page: 3,
      created_after: '2024-01-01T00:00:00Z',
    })) {
      ids.push(note.id);
      expect(note.archived).toBe(note.id % 2 === 1);
    }
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const api = server.requests.filter((r) => r.path !== '/oauth/token');
    expect(api.map((r) => r.query)).toEqual([{ per_page: '3', created_at: 'gte|2024-01-01T00:00:00Z' }, { cursor: '3' }, { cursor: '6' }]);
    const first = (await v2.execute('notes', 'list', { per_page: 3 })) as { meta: unknown };
    expect(first.meta).toEqual({ next_page: null, next_cursor: '3' });
    const one = (await v2.execute('notes', 'get', { id: 4 })) as { data: unknown };
    expect(one.data).toMatchObject({ id: 4, archived: false });
    expect(server.requests.at(-1)!.query).toEqual({ ids: '4' });
    expect(((await v2.execute('notes', 'get', { id: 99 })) as { data: unknown }).data).toBeNull();
  });

  it('OAuth client credentials: v1-only parameters and actions fail before any I/O', async () => {
    const v2 = await client({ client_id: 'c', client_secret: 's' });
    await expect(v2.execute('notes', 'list', { page: 2 })).rejects.toBeInstanceOf(ValidationError);
    await expect(v2.execute('notes', 'list', { folder_id: 2 })).rejects.toBeInstanceOf(ValidationError);
    const error = await v2.execute('note_attachment', 'download', { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      'credential-variants note_attachment.download is not available with these credentials: v2 has no attachment download.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('without a baseUrl option the kind’s own base URL is used', async () => {
    const { metadata } = await emitted();
    const v2 = new ConnectorClient(metadata, { auth: { client_id: 'c', client_secret: 's' } });
    const v1 = new ConnectorClient(metadata, { auth: { api_key: 'k' } });
    expect((v2.executor as unknown as { baseUrl: string }).baseUrl).toBe('https://notes.example/v2');
    expect((v1.executor as unknown as { baseUrl: string }).baseUrl).toBe('https://notes.example/v1');
  });
});
