/**
 * Whether an action's `data` is a list is decided once, in the IR, and published in metadata as
 * `returnsList`; emitters and the runtime read that flag and never re-derive it from the kind.
 */
import { join } from 'node:path';
import { type ActionMetadata, type ConnectorMetadata } from '@switchyard/runtime';
import { OpenSourceExecutor } from '@switchyard/runtime/internal';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);

describe('returnsList in the IR and the emitted package', () => {
  it('is set for list actions (paginated or single-page) and paginated api_search, and drives every emitter', async () => {
    const source = [
      'name: flags',
      'title: Flags',
      'vendor: X',
      'baseUrl: https://x.test',
      'auth:',
      "  Token: { kind: bearer, fields: { api_token: {} }, token: '{api_token}' }",
      'entities:',
      '  things:',
      '    actions:',
      '      list:',
      '        request: { method: GET, path: /things }',
      '        response: { records: things }',
      "        pagination: { style: none, reason: 'the vendor returns every thing at once' }",
      '      get:',
      "        request: { method: GET, path: '/things/{id}' }",
      '        params: { id: { type: string, required: true } }',
      '        response: { records: thing }',
      '      api_search:',
      '        request: { method: POST, path: /things/search }',
      '        params: { cursor: { type: string } }',
      '        response: { records: results }',
      '        pagination: { style: cursor, cursorParam: cursor, next: next }',
      '        meta: { next_cursor: $next }',
    ].join('\n');
    const { ir, problems } = compileSpec(join(root, 'flags.yaml'), paths, source);
    expect(problems).toEqual([]);
    const flags = Object.fromEntries(ir!.entities[0]!.actions.map((a) => [a.name, a.returnsList]));
    expect(flags).toEqual({ list: true, get: false, api_search: true });

    const files = await emitPackage(ir!, paths);
    const metadata = files.get('src/metadata.ts')!;
    expect(metadata.match(/returnsList: true/g)).toHaveLength(2);
    const client = files.get('src/client.ts')!;
    expect(client).toContain("requestPage('things', 'api_search'");
    expect(client).toContain("requestPage('things', 'list'");
    expect(client).toContain("request('things', 'get'");
    expect(files.get('src/types.ts')).toContain(
      'list: { params: ThingsListParams | undefined; result: ExecuteResult<Record<string, unknown>[], EmptyMeta> }',
    );
  });
});

describe('the runtime reads returnsList, not the action kind', () => {
  const base: Omit<ActionMetadata, 'action' | 'kind'> = {
    entity: 'things',
    idempotent: true,
    params: {},
    request: { method: 'GET', path: '/things' },
    response: { records: 'things', emptyOnStatus: [404] },
  };
  const metadata: ConnectorMetadata = {
    name: 'flags',
    title: 'Flags',
    vendor: 'X',
    baseUrl: 'https://x.test',
    config: {},
    auth: [{ name: 'Token', kind: 'bearer', token: '{api_token}', fields: { api_token: { required: true, secret: true } } }],
    bodyErrors: [],
    errorMessage: ['message'],
    errorCode: ['code'],
    actions: {
      things: {
        // Deliberately at odds with the kind: only the flag may decide.
        flagged: { ...base, action: 'flagged', kind: 'get', returnsList: true },
        unflagged: { ...base, action: 'unflagged', kind: 'list' },
      },
    },
  };
  const connector = (status: number, body: unknown) =>
    new OpenSourceExecutor(metadata, {
      auth: { api_token: 'secret-token' },
      maxRetries: 0,
      fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    });

  it('a flagged action wants a list (an object where its records should be is a malformed answer); an unflagged one returns the object', async () => {
    const executor = connector(200, { things: { id: 'a' } });
    await expect(executor.execute({ entity: 'things', action: 'flagged', params: {} })).rejects.toMatchObject({
      name: 'MalformedResponseError',
      message: expect.stringContaining('has no list of records at "things" (got an object)'),
    });
    expect((await executor.execute({ entity: 'things', action: 'unflagged', params: {} })).data).toEqual({ id: 'a' });
  });

  it('a status meaning "nothing matched" gives [] to a flagged action and null to an unflagged one', async () => {
    const executor = connector(404, { message: 'no things' });
    expect((await executor.execute({ entity: 'things', action: 'flagged', params: {} })).data).toEqual([]);
    expect((await executor.execute({ entity: 'things', action: 'unflagged', params: {} })).data).toBeNull();
  });
});
