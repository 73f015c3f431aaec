/**
 * A vendor that echoes a credential back (in a record, in an error) does not get it into a tool
 * result: results lose the connector's credentials in every form (raw, base64, percent-encoded),
 * errors go through the runtime's redaction; the JSON stays valid and within budget.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, type ConnectorMetadata } from '@switchyard/runtime';
import { buildToolset, staticSource, type AgentConnector } from '@switchyard/mcp';
import { expectNoSecret } from './support.js';

/** A package without credentials, config, replication or search: what the contract lets such a connector publish. */
const NO_EXTRAS = { credentialKinds: {}, configSchema: {}, replicationSchema: {}, searchableFields: {} };

const SECRET = 'sk-live+Secret/Value=42';
const metadata: ConnectorMetadata = {
  name: 'leaky',
  title: 'Leaky',
  vendor: 'Leaky API',
  baseUrl: 'http://127.0.0.1:9',
  config: {},
  auth: [],
  bodyErrors: [],
  errorMessage: [],
  errorCode: [],
  actions: {
    things: {
      list: { entity: 'things', action: 'list', kind: 'list', idempotent: true, returnsList: true, params: {} },
      get: { entity: 'things', action: 'get', kind: 'get', idempotent: true, params: {} },
    },
  },
};

function leaky(): AgentConnector {
  return {
    ref: 'leaky',
    type: 'leaky',
    name: 'Leaky',
    mode: 'open-source',
    package: {
      metadata,
      paramSchemas: { things: { list: { type: 'object', properties: {} }, get: { type: 'object', properties: {} } } },
      ...NO_EXTRAS,
    },
    metadata,
    secrets: [SECRET],
    async execute(request) {
      if (request.action === 'get') {
        throw new ApiError(`the vendor said: bad token ${SECRET} (${Buffer.from(SECRET).toString('base64')})`, {
          status: 401,
          headers: new Headers(),
          body: null,
        });
      }
      return {
        data: [
          { id: 1, token: SECRET, [`key-${SECRET}`]: 'in a key' },
          { id: 2, basic: `Basic ${Buffer.from(SECRET).toString('base64')}`, url: `https://x.test/?t=${encodeURIComponent(SECRET)}` },
        ],
        meta: { next_cursor: null },
      };
    },
  };
}

describe('credentials echoed by a vendor', () => {
  it('are replaced in results, in every encoding, in keys too', async () => {
    const toolset = await buildToolset(staticSource([leaky()]), { tools: 'all' });
    for (const [name, args] of [
      ['execute', { connector: 'leaky', entity: 'things', action: 'list' }],
      ['leaky_things_list', {}],
    ] as const) {
      const result = await toolset.call(name, args);
      expect(result.isError).toBe(false);
      expectNoSecret(result.text, [SECRET]);
      const body = JSON.parse(result.text);
      expect(body.data[0].token).toBe('[REDACTED]');
      expect(body.data[1].basic).toBe('Basic [REDACTED]');
      if (result.structuredContent) expect(result.structuredContent).toEqual(body);
    }
  });

  it('are redacted from error results', async () => {
    const toolset = await buildToolset(staticSource([leaky()]), { tools: 'all' });
    const result = await toolset.call('leaky_things_get', {});
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.text).error).toMatchObject({ class: 'ApiError', status: 401 });
    expectNoSecret(result.text, [SECRET]);
  });
});
