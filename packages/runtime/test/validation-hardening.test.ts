/**
 * Inputs that used to slip past validation: keys named like Object.prototype members, integers
 * past 2^53, path values that change the path, base-URL config that changes the host, and text
 * that cannot go on the wire. Each is a ValidationError naming the parameter, before any request.
 */
import { describe, expect, it } from 'vitest';
import {
  ValidationError,
  type ConnectorMetadata,
  type OpenSourceOptions,
  type ParamRules,
  type ValidationIssue,
} from '@switchyard/runtime';
import { OpenSourceExecutor, validateParams } from '@switchyard/runtime/internal';
import { AUTH, rejection, routes, useServers, widgetsClient, widgetsMetadata } from './helpers.js';

function issuesOf(rules: ParamRules, params: unknown): ValidationIssue[] {
  try {
    validateParams('widgets test', rules, params);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  throw new Error('expected a ValidationError');
}

const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const serve = useServers();

describe('keys named like Object.prototype members', () => {
  const rules: ParamRules = {
    limit: { type: 'integer' },
    filter: { type: 'object', properties: { status: { type: 'string', enum: ['open', 'closed'] } } },
  };

  it.each(PROTOTYPE_KEYS)('%s is refused as an unknown key, at the top level and nested (parsed from JSON)', (key) => {
    const top = issuesOf(rules, JSON.parse(`{"${key}": 1}`));
    expect(top).toEqual([{ path: key, rule: 'unknown', message: 'is not a known parameter; known: limit, filter' }]);
    const nested = issuesOf(rules, JSON.parse(`{"filter": {"${key}": "open"}}`));
    expect(nested).toEqual([{ path: `filter.${key}`, rule: 'unknown', message: 'is not a known parameter; known: status' }]);
  });

  it('an enum value named like a prototype member is not an enum member', () => {
    const issues = issuesOf(rules, { filter: { status: 'constructor' } });
    expect(issues.map((i) => [i.path, i.rule])).toEqual([['filter.status', 'enum']]);
  });

  it('a value only inherited through the prototype is reported, not silently ignored or sent', () => {
    const inherited = Object.create({ limit: 5 }) as Record<string, unknown>;
    expect(issuesOf(rules, inherited)).toEqual([
      { path: 'limit', rule: 'unknown', message: "is inherited from the object's prototype, not an own property; pass a plain object" },
    ]);
  });

  it('config is checked the same way at construction', () => {
    const metadata = widgetsMetadata();
    const build = (config: unknown) => new OpenSourceExecutor(metadata, { auth: AUTH.bearer, config } as unknown as OpenSourceOptions);
    expect(build({ subdomain: 'acme' }).baseUrl).toBe('https://acme.widgets.example/api');
    for (const key of PROTOTYPE_KEYS) {
      const error = (() => {
        try {
          build(JSON.parse(`{"subdomain": "acme", "${key}": "x"}`));
        } catch (e) {
          return e;
        }
        throw new Error('expected a ValidationError');
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([[key, 'unknown']]);
    }
  });
});

describe('integers stay in the safe range', () => {
  const rules: ParamRules = { n: { type: 'integer' }, bounded: { type: 'integer', minimum: 1, maximum: 1e30 } };

  it('accepts the largest safe integers and refuses anything past them', () => {
    expect(validateParams('ctx', rules, { n: 2 ** 53 - 1 })).toEqual({ n: 2 ** 53 - 1 });
    expect(validateParams('ctx', rules, { n: -(2 ** 53 - 1) })).toEqual({ n: -(2 ** 53 - 1) });
    expect(issuesOf(rules, { n: 2 ** 53 })).toEqual([
      { path: 'n', rule: 'maximum', message: 'must be at most 9007199254740991 (the safe integer range); got 9007199254740992' },
    ]);
    expect(issuesOf(rules, { n: -1e21 })).toEqual([
      { path: 'n', rule: 'minimum', message: 'must be at least -9007199254740991 (the safe integer range); got -1e+21' },
    ]);
    // A looser bound in the spec does not widen the range.
    expect(issuesOf(rules, { bounded: 1e21 }).map((i) => i.rule)).toEqual(['maximum']);
  });

  it('1e21 never reaches the wire as "1e+21"', async () => {
    const server = await serve(routes({ 'GET /widgets': () => ({ body: { widgets: [], meta: {} } }) }));
    const metadata = widgetsMetadata(server.url);
    const list = metadata.actions['widgets']!['list']!;
    const unbounded: ConnectorMetadata = {
      ...metadata,
      actions: {
        ...metadata.actions,
        widgets: { ...metadata.actions['widgets'], list: { ...list, params: { ...list.params, limit: { type: 'integer', in: 'query' } } } },
      },
    };
    const error = await rejection(widgetsClient(server, undefined, {}, unbounded).execute('widgets', 'list', { limit: 1e21 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([['limit', 'maximum']]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('path values stay one segment', () => {
  it.each(['', '.', '..'])('%j is refused with rule path-segment, before any request', async (id) => {
    const server = await serve(routes({}));
    const error = await rejection(widgetsClient(server).execute('widgets', 'get', { id }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^widgets widgets\.get: 1 invalid parameter/);
    expect((error as ValidationError).issues).toEqual([
      {
        path: 'id',
        rule: 'path-segment',
        message: `must not be ${JSON.stringify(id)}: it is placed in the URL path as one segment, and "", "." and ".." would change which resource the path names`,
      },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('slashes, encoded dots and blanks are percent-encoded and keep the segment count', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': (_req, params) => ({ body: { widget: { id: params['id'] } } }) }));
    const client = widgetsClient(server);
    for (const id of ['../admin', 'a/b', '%2e%2e', '...', ' ', '.hidden']) await client.execute('widgets', 'get', { id });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/widgets/..%2Fadmin',
      '/widgets/a%2Fb',
      '/widgets/%252e%252e',
      '/widgets/...',
      '/widgets/%20',
      '/widgets/.hidden',
    ]);
  });

  it('the path template itself refuses a dot segment a looser rule let through', async () => {
    // `any`-typed path parameters are not checked by validateParams' path-segment rule; the template is.
    const server = await serve(routes({}));
    const metadata = widgetsMetadata(server.url);
    const get = metadata.actions['widgets']!['get']!;
    const loose: ConnectorMetadata = {
      ...metadata,
      actions: {
        ...metadata.actions,
        widgets: { ...metadata.actions['widgets'], get: { ...get, params: { id: { type: 'any', in: 'path', required: true } } } },
      },
    };
    const error = await rejection(widgetsClient(server, undefined, {}, loose).execute('widgets', 'get', { id: '..' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([['id', 'path-segment']]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('config in the base URL cannot change the host', () => {
  // The same vendor without the subdomain pattern, so only the base-URL rule stands in the way.
  const metadata: ConnectorMetadata = { ...widgetsMetadata(), config: { subdomain: { type: 'string', required: true } } };
  const baseUrlFor = (subdomain: string) =>
    new OpenSourceExecutor(metadata, { auth: AUTH.bearer, config: { subdomain } } as unknown as OpenSourceOptions).baseUrl;

  it('a DNS label is filled in', () => {
    expect(baseUrlFor('acme-eu')).toBe('https://acme-eu.widgets.example/api');
    expect(baseUrlFor('A1')).toBe('https://A1.widgets.example/api');
    expect(baseUrlFor('xn--mller-kva')).toBe('https://xn--mller-kva.widgets.example/api');
  });

  it.each([
    'evil.example/x',
    'evil.example#',
    'user@evil.example',
    'evil.example:443',
    'a.b',
    '',
    '-acme',
    'acme-',
    'x'.repeat(64),
    'ä',
    'xn--zz',
  ])('%j is refused with rule host-label', (subdomain) => {
    let caught: unknown;
    try {
      baseUrlFor(subdomain);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([['subdomain', 'host-label']]);
    expect((caught as ValidationError).message).toMatch(/^base URL https:\/\/\{subdomain\}\.widgets\.example\/api: 1 invalid parameter/);
  });

  it('the baseUrl option still points the connector anywhere on purpose', () => {
    const executor = new OpenSourceExecutor(metadata, {
      auth: AUTH.bearer,
      baseUrl: 'http://127.0.0.1:8080/proxy/',
    } as unknown as OpenSourceOptions);
    expect(executor.baseUrl).toBe('http://127.0.0.1:8080/proxy');
  });
});

describe('text that cannot go on the wire', () => {
  it('a line break in a header parameter is refused with rule header-value', async () => {
    const server = await serve(routes({ 'POST /widgets': () => ({ status: 201, body: { widget: { id: 'w1' } } }) }));
    const client = widgetsClient(server);
    for (const idempotencyKey of ['k1\r\nX-Injected: 1', 'k1\nx', 'k€']) {
      const error = await rejection(client.execute('widgets', 'create', { name: 'n', idempotencyKey }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([['idempotencyKey', 'header-value']]);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('an unpaired surrogate in a query or path value is a ValidationError, not a URIError', async () => {
    const server = await serve(routes({}));
    const client = widgetsClient(server);
    const inQuery = await rejection(client.execute('widgets', 'list', { cursor: 'a\uD800b' }));
    expect(inQuery).toBeInstanceOf(ValidationError);
    expect((inQuery as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([['cursor', 'unicode']]);
    const inPath = await rejection(client.execute('widgets', 'get', { id: '\uDC00' }));
    expect(inPath).toBeInstanceOf(ValidationError);
    expect((inPath as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([['id', 'unicode']]);
    expect(server.requests).toHaveLength(0);
  });
});
