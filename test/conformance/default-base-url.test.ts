/**
 * Every connector works as its README's first example uses it: `new <Family>Connector({ auth })`,
 * with only credentials and the config the spec requires, and no `baseUrl` option. The suites that
 * run connectors against fakes always pass `baseUrl`, so the base URL a connector builds from its
 * spec's template and config is checked here, for every connector (found from specs/*.yaml, never
 * listed) and every credential kind:
 * - construction succeeds, and the executor's base URL is the spec's template (the kind's own
 *   `baseUrl` when it has one) filled with the config's defaults, substitutes and required values;
 * - a call goes there: one request through an injected `fetch` (no network), whose URL starts with
 *   that base URL (a token request of an OAuth kind may go to the vendor's token host first);
 * - every value a config variable's declared rule admits (each enum value; values drawn from its
 *   pattern) builds the base URL filled with it: a spec cannot declare a value its connector
 *   refuses (Gong's `company-17.api.gong.io` was refused as "not one DNS label").
 * The oracle is the spec's YAML, read here, not the generated metadata the connector runs on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  ConnectorClient,
  ValidationError,
  type ActionMetadata,
  type ConnectorMetadata,
  type OpenSourceOptions,
  type ParamRule,
  type ParamRules,
} from '@switchyard/runtime';
import { OpenSourceExecutor, validateParams } from '@switchyard/runtime/internal';
import { narrowedToOnly, readSpec, specNames } from '../support/connectors.js';
import { valuesFor } from './param-values.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The parts of a spec this test reads (specs/connector.schema.json describes them). */
interface SpecConfig {
  type: string;
  default?: unknown;
  required?: boolean;
  enum?: unknown[];
  pattern?: string;
  substitutes?: Record<string, string>;
}
interface Spec {
  name: string;
  baseUrl: string;
  config?: Record<string, SpecConfig>;
  auth: Record<string, { baseUrl?: string; tokenUrl?: string; fields: Record<string, { required?: boolean } | null> }>;
}

type ConnectorClass = new (options: OpenSourceOptions<unknown, unknown>) => ConnectorClient;

interface Connector {
  name: string;
  spec: Spec;
  metadata: ConnectorMetadata;
  Client: ConnectorClass;
}

/** The generated package of `name` (packages/connector-<name>, its built entry point) and its connector class. */
async function loadConnector(name: string): Promise<Connector> {
  const dir = join(ROOT, 'packages', `connector-${name}`);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports: { '.': { default: string } } };
  const pkg = (await import(pathToFileURL(join(dir, manifest.exports['.'].default)).href)) as Record<string, unknown>;
  const classes = Object.values(pkg).filter(
    (value): value is ConnectorClass => typeof value === 'function' && value.prototype instanceof ConnectorClient,
  );
  if (classes.length !== 1) throw new Error(`packages/connector-${name} exports ${classes.length} connector classes, expected one`);
  return { name, spec: readSpec(name) as unknown as Spec, metadata: pkg['metadata'] as ConnectorMetadata, Client: classes[0]! };
}

const connectors = await Promise.all(narrowedToOnly(specNames()).map(loadConnector));

/** Dummy credentials: a value for each required field of the kind, nothing else. */
function credentialsOf(spec: Spec, kind: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(spec.auth[kind]!.fields)
      .filter(([, field]) => field?.required !== false)
      .map(([field]) => [field, `dummy-${field}`]),
  );
}

/** A value the config rule accepts, for a required variable without a default: an enum value, or one drawn from its pattern. */
function requiredValue(connector: Connector, name: string): unknown {
  const declared = connector.spec.config![name]!;
  if (declared.enum) return declared.enum[0];
  const rules: ParamRules = { [name]: connector.metadata.config[name]! };
  const candidates = declared.pattern
    ? fc.sample(fc.stringMatching(new RegExp(declared.pattern), { maxLength: 20 }), { numRuns: 100, seed: 17 })
    : ['value'];
  const value = candidates.find((candidate) => accepts(rules, { [name]: candidate }));
  if (value === undefined) throw new Error(`${connector.name}: no value drawn from config.${name}'s pattern passes its rule`);
  return value;
}

function accepts(rules: ParamRules, config: Record<string, unknown>): boolean {
  try {
    validateParams('config', rules, config);
    return true;
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
}

/** Only the config the spec requires: required variables without a default. */
function requiredConfig(connector: Connector): Record<string, unknown> | undefined {
  const required = Object.entries(connector.spec.config ?? {}).filter(([, c]) => c.required && c.default === undefined);
  return required.length ? Object.fromEntries(required.map(([name]) => [name, requiredValue(connector, name)])) : undefined;
}

/** The spec's base URL for `kind`, filled as the spec says: given values, else defaults, through substitutes. */
function expectedBaseUrl(spec: Spec, kind: string, config: Record<string, unknown> = {}): string {
  const template = spec.auth[kind]!.baseUrl ?? spec.baseUrl;
  return template
    .replace(PLACEHOLDER, (_, name: string) => {
      const declared = spec.config![name]!;
      const value = String(config[name] ?? declared.default);
      return declared.substitutes?.[value] ?? value;
    })
    .replace(/\/+$/, '');
}

/** A fetch that records each URL and answers 200 with a body that is also a valid OAuth token response. */
function recordingFetch() {
  const urls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = { access_token: 'dummy-issued-token', token_type: 'bearer', expires_in: 3600 };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

/**
 * One action the caller's credential kind can run in open-source mode, with valid params: one
 * without required parameters when there is one, else values drawn from each required rule.
 */
function callableAction(client: ConnectorClient): { action: ActionMetadata; params: Record<string, unknown> } {
  const actions = Object.values(client.metadata.actions)
    .flatMap((byName) => Object.values(byName))
    .filter((a) => !a.hostedOnly && a.unsupported === undefined && a.download === undefined)
    .sort((a, b) => requiredCount(a) - requiredCount(b) || `${a.entity}.${a.action}`.localeCompare(`${b.entity}.${b.action}`));
  for (const action of actions) {
    const params = validParams(action.params);
    if (params) return { action, params };
  }
  throw new Error(`${client.metadata.name}: no action this credential kind can call with drawn params`);
}

const requiredCount = (action: ActionMetadata) => Object.values(action.params).filter((p) => p.required && p.default === undefined).length;

function validParams(rules: ParamRules): Record<string, unknown> | undefined {
  const params: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (!rule.required || rule.default !== undefined) continue;
    const value = fc.sample(valuesFor(rule as ParamRule), { numRuns: 200, seed: 5 }).find((v) => accepts({ [name]: rule }, { [name]: v }));
    if (value === undefined) return undefined;
    params[name] = value;
  }
  return accepts(rules, params) ? params : undefined;
}

describe.each(connectors.map((c) => [c.name, c] as const))('%s without the baseUrl option', (_, connector) => {
  const kinds = Object.keys(connector.spec.auth);

  it.each(kinds)('with %s credentials: constructs, and its base URL is the spec template filled with the defaults', async (kind) => {
    const config = requiredConfig(connector);
    const { fetch, urls } = recordingFetch();
    const client = new connector.Client({ auth: credentialsOf(connector.spec, kind), ...(config ? { config } : {}), fetch, maxRetries: 0 });
    const expected = expectedBaseUrl(connector.spec, kind, config);
    expect((client.executor as OpenSourceExecutor).baseUrl).toBe(expected);

    // One call through the injected fetch: the request goes to that base URL.
    const { action, params } = callableAction(client);
    try {
      await client.execute(action.entity, action.action, params);
    } catch (error) {
      // The dummy answer may not be the records the action expects; anything refused before I/O would be a finding.
      expect(error).not.toBeInstanceOf(ValidationError);
      expect(error).not.toBeInstanceOf(ConfigurationError);
    }
    const tokenUrl = connector.spec.auth[kind]!.tokenUrl;
    const tokenEndpoint = tokenUrl === undefined ? undefined : new URL(tokenUrl, `${expected}/`).href;
    const calls = urls.filter((url) => url.split('?')[0] !== tokenEndpoint);
    expect(calls.length, `${action.entity}.${action.action} sent no request`).toBeGreaterThan(0);
    for (const url of calls) expect(url === expected || url.startsWith(`${expected}/`) || url.startsWith(`${expected}?`), url).toBe(true);
  });

  const inBaseUrl = Object.entries(connector.spec.config ?? {}).map(([name, declared]) => ({
    name,
    declared,
    kinds: kinds.filter((kind) => (connector.spec.auth[kind]!.baseUrl ?? connector.spec.baseUrl).includes(`{${name}}`)),
  }));

  it.each(inBaseUrl.filter((v) => v.declared.enum).map((v) => [v.name, v] as const))(
    'config %s: every enum value builds the base URL',
    (name, { declared, kinds: using }) => {
      for (const kind of using) {
        for (const value of declared.enum!) {
          const config = { ...requiredConfig(connector), [name]: value };
          const client = new connector.Client({ auth: credentialsOf(connector.spec, kind), config });
          expect((client.executor as OpenSourceExecutor).baseUrl).toBe(expectedBaseUrl(connector.spec, kind, config));
        }
      }
    },
  );

  it.each(inBaseUrl.filter((v) => v.declared.pattern && !v.declared.enum).map((v) => [v.name, v] as const))(
    'config %s: every value its pattern admits builds the base URL with it',
    (name, { declared, kinds: using }) => {
      const rules: ParamRules = { [name]: connector.metadata.config[name]! };
      fc.assert(
        fc.property(fc.stringMatching(new RegExp(declared.pattern!), { maxLength: 80 }), fc.constantFrom(...using), (value, kind) => {
          fc.pre(accepts(rules, { [name]: value }));
          // DNS's own limits (63 per label, 253 in all): no host beyond them exists, whatever a pattern says.
          fc.pre(value.length <= 253 && value.split('.').every((label) => label.length <= 63));
          const config = { ...requiredConfig(connector), [name]: value };
          const client = new connector.Client({ auth: credentialsOf(connector.spec, kind), config });
          expect((client.executor as OpenSourceExecutor).baseUrl).toBe(expectedBaseUrl(connector.spec, kind, config));
        }),
        { numRuns: 100 },
      );
    },
  );
});

describe('the connectors found', () => {
  it('are one per spec, each with its metadata', () => {
    expect(connectors.map((c) => c.name)).toEqual(narrowedToOnly(specNames()));
    for (const connector of connectors) expect(connector.metadata.name).toBe(connector.name);
  });
});
