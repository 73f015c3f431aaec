/**
 * The hosted executor returns what open-source mode returns: `{data, meta}` as the service sends
 * it, search hits as `{data, meta}`, downloads as a DownloadStream read from the network as the
 * caller consumes it. Bad input fails before any request; writes are never sent twice.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, ConnectionError, DownloadStream, NotFoundError, ValidationError } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { deferred, rejection, useServers } from './helpers.js';
import {
  EXTERNAL_USER,
  SOURCES_PATH,
  fakeService,
  hostedMetadata,
  hostedClient,
  hostedOptions,
  requestsTo,
} from './hosted-service-fake.js';

const serve = useServers();
const EXECUTE = /\/execute$/;

async function setUp(connectorId: string | null = 'conn-1') {
  const { state, handler } = fakeService();
  const server = await serve(handler);
  const client = hostedClient(hostedMetadata(server.url), hostedOptions(server, connectorId ? { connectorId } : {}));
  return { state, server, client };
}

describe('hosted executor results', () => {
  it('posts {entity, action, params} to the execute endpoint and resolves to the {data, meta} the service sent', async () => {
    const { state, server, client } = await setUp();
    const answer = { data: [{ id: 'w1', name: 'Sprocket', ownerId: null }], meta: { next_cursor: null, total: 1, rate_remaining: '99' } };
    state.execute = () => ({ status: 200, body: answer });
    const result = await client.execute('widgets', 'list', { limit: 5, tags: ['a'] });
    expect(result).toStrictEqual(answer);
    const [call] = requestsTo(server, EXECUTE);
    expect(call!.path).toBe('/api/v1/connectors/sources/conn-1/execute');
    expect(call!.body).toEqual({ entity: 'widgets', action: 'list', params: { limit: 5, tags: ['a'] } });
    expect(call!.headers['content-type']).toBe('application/json');
  });

  it('pages through a list with the same cursor rule as open-source mode', async () => {
    const { state, client } = await setUp();
    state.execute = ({ params }) => {
      const cursor = (params as { cursor?: string } | undefined)?.cursor;
      return cursor === 'c2'
        ? { status: 200, body: { data: [{ id: 'w3' }], meta: { next_cursor: null, total: 3 } } }
        : { status: 200, body: { data: [{ id: 'w1' }, { id: 'w2' }], meta: { next_cursor: 'c2', total: 3 } } };
    };
    const ids: string[] = [];
    for await (const widget of client.requestPage<{ id: string }, unknown>('widgets', 'list', {})) ids.push(widget.id);
    expect(ids).toEqual(['w1', 'w2', 'w3']);
  });

  it('turns a search answer {hits, next_cursor, took_ms} into {data: hits, meta: {next_cursor, took_ms}}', async () => {
    const { state, server, client } = await setUp();
    const hits = [
      { id: 'w1', score: 0.92, data: { name: 'Sprocket' } },
      { id: 'w7', score: 0.4, data: { name: 'Spocket' } },
    ];
    state.execute = () => ({ status: 200, body: { hits, next_cursor: 'opaque-1', took_ms: 3.5 } });
    const query = { filter: { or: [{ fuzzy: { name: 'sprocket' } }, { not: { eq: { color: 'red' } } }] }, sort: [{ name: 'asc' }] };
    const result = await client.execute('widgets', 'search', { query, limit: 2, fields: ['name'] });
    expect(result).toStrictEqual({ data: hits, meta: { next_cursor: 'opaque-1', took_ms: 3.5 } });
    expect(requestsTo(server, EXECUTE)[0]!.body).toEqual({
      entity: 'widgets',
      action: 'search',
      params: { query, limit: 2, fields: ['name'] },
    });
    state.execute = () => ({ status: 200, body: { hits: [], next_cursor: null, took_ms: 1 } });
    expect((await client.execute('widgets', 'search', { query: {} })).meta).toStrictEqual({ next_cursor: null, took_ms: 1 });
  });

  it('streams a download: the first chunk is readable before the service has sent the rest', async () => {
    const { state, client } = await setUp();
    const firstRead = deferred();
    state.execute = async (_call, _req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': '10',
        'content-disposition': 'attachment; filename="resume.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf',
      });
      res.write('first');
      // The rest is sent only after the client has read the first chunk: a buffering client would hang here.
      await firstRead.promise;
      res.end('-last');
    };
    const result = await client.execute('files', 'download', { id: 'cv' });
    expect(result.data).toBeInstanceOf(DownloadStream);
    expect(result.meta).toStrictEqual({ content_type: 'application/pdf', content_length: 10, file_name: 'résumé.pdf' });
    const chunks: string[] = [];
    for await (const chunk of result.data as DownloadStream) {
      chunks.push(Buffer.from(chunk).toString());
      firstRead.resolve();
    }
    expect(chunks.join('')).toBe('first-last');
    expect(chunks.length).toBeGreaterThanOrEqual(2);
  });

  it('a download the service sends without a file name has none (not the execute URL’s last segment)', async () => {
    const { state, client } = await setUp();
    state.execute = () => ({ status: 200, headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from('bytes') });
    const result = await client.execute('files', 'download', { id: 'cv' });
    expect(result.meta).toStrictEqual({ content_type: 'application/octet-stream', content_length: 5, file_name: null });
    const chunks: Uint8Array[] = [];
    for await (const chunk of result.data as DownloadStream) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('bytes');
  });

  it('validates params before any request, with the same ValidationError as open-source mode', async () => {
    const { server, client } = await setUp();
    const error = await rejection(client.execute('widgets', 'create', { name: '', color: 'purple' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['name', 'color']);
    const unknown = await rejection(client.execute('widgets', 'explode', {}));
    expect(unknown.issues).toEqual([expect.objectContaining({ path: 'action', rule: 'enum' })]);
    expect(server.requests).toHaveLength(0); // not even a token request
  });

  it('checks a search before sending by the rules the service reads it with, with the service’s issues', async () => {
    const { server, client } = await setUp();
    const error = await rejection(
      client.execute('widgets', 'search', {
        query: { filter: { and: { eq: { a: 1 } }, regex: { name: '.*' }, like: { name: 3 } }, sort: [{ name: 'up' }], limit: 3 },
        limit: 1001,
        fields: ['a b'],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i: { path: string; rule: string }) => `${i.path} ${i.rule}`)).toEqual([
      'query.limit unknown-parameter',
      'query.filter.and filter',
      'query.filter.regex operator',
      'query.filter.like.name value-type',
      'query.sort[0] sort',
      'limit limit',
      'fields[0] searchable-field',
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('re-sends a read after a dropped connection, never a write', async () => {
    const { state, server, client } = await setUp();
    state.execute = ({ params }) => ({ status: 200, body: { data: params, meta: {} } });
    await client.execute('widgets', 'get', { id: 'warm-up' }); // tokens first, so failures below hit execute
    server.failNext(/\/execute$/, { kind: 'drop' });
    expect((await client.execute('widgets', 'get', { id: 'w1' })).data).toEqual({ id: 'w1' });
    server.failNext(/\/execute$/, { kind: 'drop' });
    const before = requestsTo(server, EXECUTE).length;
    const error = await rejection(client.execute('widgets', 'create', { name: 'Gear' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(requestsTo(server, EXECUTE).length - before).toBe(1);
  });
});

describe('hosted connector lookup (no connectorId)', () => {
  it('uses the one connector of this type and looks it up once', async () => {
    const { state, server, client } = await setUp(null);
    state.connectors.push({ id: 'other-type', external_user_id: EXTERNAL_USER, connector_type: 'gadgets', name: 'G' });
    state.connectors.push({ id: 'someone-else', external_user_id: 'user-7', connector_type: 'widgets', name: 'W' });
    state.execute = ({ id }) => ({ status: 200, body: { data: id, meta: {} } });
    expect((await client.execute('widgets', 'get', { id: 'a' })).data).toBe('conn-1');
    expect((await client.execute('widgets', 'get', { id: 'b' })).data).toBe('conn-1');
    expect(requestsTo(server, SOURCES_PATH)).toHaveLength(1);
  });

  it('none → NotFoundError saying how to create one', async () => {
    const { state, server, client } = await setUp(null);
    state.connectors.length = 0;
    const error = await rejection(client.execute('widgets', 'get', { id: 'a' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain(`external user "${EXTERNAL_USER}" has no widgets connector`);
    expect(error.message).toContain(`POST ${server.url}/v1/integrations/connectors`);
    expect(error.message).toContain('"connector_type": "widgets"');
    // Once created, the next call finds it: a failed lookup is not cached.
    state.connectors.push({ id: 'conn-9', external_user_id: EXTERNAL_USER, connector_type: 'widgets', name: 'W' });
    state.execute = ({ id }) => ({ status: 200, body: { data: id, meta: {} } });
    expect((await client.execute('widgets', 'get', { id: 'a' })).data).toBe('conn-9');
  });

  it('several → ConfigurationError asking for connectorId', async () => {
    const { state, server, client } = await setUp(null);
    state.connectors.push({ id: 'conn-2', external_user_id: EXTERNAL_USER, connector_type: 'widgets', name: 'Second' });
    const error = await rejection(client.execute('widgets', 'get', { id: 'a' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain('has 2 widgets connectors (conn-1 "Widgets", conn-2 "Second"); pass connectorId');
    expect(requestsTo(server, EXECUTE)).toHaveLength(0);
  });
});

describe('hosted options', () => {
  it('are checked at construction, naming each bad option', () => {
    const metadata = hostedMetadata();
    expect(() => new HostedExecutor(metadata, { baseUrl: 'ftp://x', externalUserId: '', clientId: 'id', clientSecret: ' ' })).toThrow(
      new ConfigurationError(
        'Widgets connector (hosted): `externalUserId` must be a non-empty string; `clientSecret` must be a non-empty string; `baseUrl`: only http and https URLs are allowed',
      ),
    );
  });
});
