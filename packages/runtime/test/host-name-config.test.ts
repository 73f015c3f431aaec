/**
 * A config variable declared `hostname` is a whole host name (`https://{api_host}/api` with
 * api_host `eu-3.api.widgets.example`). Host names that satisfy the variable's pattern are filled
 * in and called; anything else (a character that ends the host, an empty or over-long label, a
 * number at the end, a host the pattern does not allow) is a ValidationError naming the variable
 * and the rule, thrown while the connector is constructed, before any request. Every other
 * config value in a host keeps the one-label rule (validation-hardening.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConnectorClient, ValidationError, type ConnectorMetadata, type OpenSourceOptions, type ParamRule } from '../src/index.js';
import { OpenSourceExecutor, validateParams } from '../src/internal/index.js';
import { baseUrlFromConfig } from '../src/internal/config-base-url.js';
import { AUTH, widgetsMetadata } from './helpers.js';

/**
 * The widgets vendor serving each customer from its own host. The pattern is deliberately loose
 * (anything ending in widgets.example), so text that is not a host name reaches the host-name rule.
 */
const LOOSE: ParamRule = { type: 'string', hostname: true, default: 'api.widgets.example', pattern: /^.*widgets\.example$/ };
const metadataWith = (rule: ParamRule, baseUrl = 'https://{api_host}/api'): ConnectorMetadata => ({
  ...widgetsMetadata(),
  baseUrl,
  config: { api_host: rule },
});

/** A fetch that records every URL it is asked for and answers an empty widgets page. */
function recordingFetch() {
  const urls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Response(JSON.stringify({ widgets: [], meta: {} }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

function connect(metadata: ConnectorMetadata, config: Record<string, unknown> | undefined, fetch: typeof globalThis.fetch) {
  return new ConnectorClient(metadata, { auth: AUTH.bearer, config, fetch, maxRetries: 0 } as OpenSourceOptions<unknown, unknown>);
}

/** The issues of the ValidationError `run` throws (fails the test when it throws nothing or something else). */
function issuesOf(run: () => unknown): { path: string; rule: string }[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map(({ path, rule }) => ({ path, rule }));
  }
  throw new Error('expected a ValidationError');
}

const syntaxLabel = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/);
/** What a URL parser makes of `host`: the host it keeps, or undefined when it refuses it. */
const parsedHost = (host: string) => (URL.canParse(`http://${host}/`) ? new URL(`http://${host}/`).hostname : undefined);
/** Labels the URL parser keeps as they are: `xn--` ones must be Punycode that decodes (RFC 3492). */
const label = fc
  .oneof(syntaxLabel, fc.constantFrom('xn--mller-kva', 'XN--BCHER-KVA', 'xn--80ak6aa92e'))
  .filter((text) => parsedHost(`${text}.example`) === `${text.toLowerCase()}.example`);
/** Labels with the ACE prefix and random text after it: most are not Punycode that decodes. */
const aceLabel = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,57}[a-z0-9])?$/).map((rest) => `xn--${rest}`);
/** Valid host names under widgets.example: one to four labels before it, 253 characters at most. */
const widgetsHost = fc
  .array(label, { minLength: 1, maxLength: 4 })
  .map((labels) => `${labels.join('.')}.widgets.example`)
  .filter((host) => host.length <= 253);
/** Characters that would end the host or change what the URL means. */
const HOST_BREAKERS = ['/', '@', ':', '?', '#', '%', ' ', '\\', '[', ']'];

describe('a config variable declared hostname', () => {
  it('takes the default host when no config is given, and calls it', async () => {
    const { fetch, urls } = recordingFetch();
    const client = connect(metadataWith(LOOSE), undefined, fetch);
    expect((client.executor as OpenSourceExecutor).baseUrl).toBe('https://api.widgets.example/api');
    await client.execute('widgets', 'list', {});
    expect(urls).toEqual(['https://api.widgets.example/api/widgets?limit=2']);
  });

  it('takes every host name the pattern allows, and the request goes to that host', async () => {
    await fc.assert(
      fc.asyncProperty(widgetsHost, async (host) => {
        const { fetch, urls } = recordingFetch();
        const client = connect(metadataWith(LOOSE), { api_host: host }, fetch);
        expect((client.executor as OpenSourceExecutor).baseUrl).toBe(`https://${host}/api`);
        await client.execute('widgets', 'list', {});
        expect(urls).toHaveLength(1);
        const url = new URL(urls[0]!);
        expect(url.origin).toBe(`https://${host.toLowerCase()}`);
        expect(url.pathname).toBe('/api/widgets');
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a host name with a character that ends the host, before any request (rule hostname)', () => {
    fc.assert(
      fc.property(widgetsHost, fc.constantFrom(...HOST_BREAKERS), fc.nat(), (host, breaker, at) => {
        // Inside the customer's part, so the loose pattern still matches and only the host-name rule stands in the way.
        const prefix = host.slice(0, host.length - '.widgets.example'.length);
        const cut = at % (prefix.length + 1);
        const value = `${prefix.slice(0, cut)}${breaker}${prefix.slice(cut)}.widgets.example`;
        const { fetch, urls } = recordingFetch();
        expect(issuesOf(() => connect(metadataWith(LOOSE), { api_host: value }, fetch))).toContainEqual({
          path: 'api_host',
          rule: 'hostname',
        });
        expect(urls).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['an empty label', 'eu..widgets.example'],
    ['a leading dot', '.widgets.example'],
    ['a trailing dot', 'api.widgets.example.'],
    ['a label of 64 characters', `${'a'.repeat(64)}.widgets.example`],
    ['a label starting with a hyphen', '-eu.widgets.example'],
    ['a label ending with a hyphen', 'eu-.widgets.example'],
    ['more than 253 characters', `${Array.from({ length: 4 }, () => 'a'.repeat(60)).join('.')}.widgets.example`],
    ['a non-ASCII label', 'bücher.widgets.example'],
    ['the empty string', ''],
  ])('refuses %s (rule hostname)', (_, value) => {
    const { fetch, urls } = recordingFetch();
    const issues = issuesOf(() => connect(metadataWith(LOOSE), { api_host: value }, fetch));
    expect(issues).toContainEqual({ path: 'api_host', rule: 'hostname' });
    expect(urls).toEqual([]);
  });

  it('refuses labels longer than 63 characters wherever they are', () => {
    const long = fc.stringMatching(/^[a-z0-9]{64,120}$/);
    fc.assert(
      fc.property(fc.array(label, { maxLength: 2 }), long, (before, tooLong) => {
        const value = [...before, tooLong, 'widgets', 'example'].join('.');
        expect(issuesOf(() => connect(metadataWith(LOOSE), { api_host: value }, recordingFetch().fetch))).toContainEqual({
          path: 'api_host',
          rule: 'hostname',
        });
      }),
    );
  });

  it('refuses a valid host name the pattern does not allow (rule pattern), before any request', () => {
    const strict: ParamRule = {
      ...LOOSE,
      pattern: /^(?:[a-z0-9-]+\.)?api\.widgets\.example$/,
      patternText: 'api.widgets.example or a subdomain',
    };
    fc.assert(
      fc.property(
        widgetsHost,
        fc.constantFrom('evil.example', 'widgets.example.evil.example', 'api.widgets.example.evil'),
        (host, other) => {
          const value = `${host.slice(0, -'.widgets.example'.length)}.${other}`;
          fc.pre(value.length <= 253);
          const { fetch, urls } = recordingFetch();
          const issues = issuesOf(() => connect(metadataWith(strict), { api_host: value }, fetch));
          expect(issues).toEqual([{ path: 'api_host', rule: 'pattern' }]);
          expect(urls).toEqual([]);
        },
      ),
    );
    expect(() => connect(metadataWith(strict), { api_host: 'eu-3.api.widgets.example' }, recordingFetch().fetch)).not.toThrow();
  });

  it('names the connector config and the rule in the message', () => {
    expect(() => connect(metadataWith(LOOSE), { api_host: 'evil.example/x.widgets.example' }, recordingFetch().fetch)).toThrow(
      /^Widgets connector config: 1 invalid parameter\n {2}- api_host: must be a host name .*; it has the label "example\/x"/,
    );
  });
});

describe('the host-name rule', () => {
  const rules = { host: { type: 'string', hostname: true } as ParamRule };
  const check = (host: string) => issuesOf(() => validateParams('test', rules, { host }));

  it('accepts dot-separated DNS labels', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 5 }).filter((labels) => !/^(?:[0-9]+|0x[0-9a-f]*)$/i.test(labels.at(-1)!)),
        (labels) => {
          const host = labels.join('.');
          fc.pre(host.length <= 253);
          expect(validateParams('test', rules, { host })).toEqual({ host });
        },
      ),
    );
  });

  it('refuses an `xn--` label exactly when the URL parser would not keep it (rule hostname)', () => {
    let refused = 0;
    fc.assert(
      fc.property(aceLabel, (ace) => {
        const host = `${ace}.widgets.example`;
        const kept = parsedHost(host) === host;
        if (!kept) refused += 1;
        expect(kept ? validateParams('test', rules, { host }) : check(host)).toEqual(
          kept ? { host } : [{ path: 'host', rule: 'hostname' }],
        );
      }),
      { numRuns: 200 },
    );
    expect(refused).toBeGreaterThan(0);
    expect(check('xn--zz.widgets.example')).toEqual([{ path: 'host', rule: 'hostname' }]);
    expect(() => validateParams('test', rules, { host: 'xn--zz.widgets.example' })).toThrow(
      /"xn--zz", which starts "xn--" but is not valid Punycode/,
    );
  });

  it.each(['10.0.0.1', 'api.123', 'api.0x7f', 'api.0X'])(
    'refuses %j: it ends in a number, which a URL reads as an IPv4 address',
    (host) => {
      expect(check(host)).toEqual([{ path: 'host', rule: 'hostname' }]);
    },
  );

  it.each(['api.x123', '123.example', '0x7f.example'])('accepts %j: only the last label decides', (host) => {
    expect(validateParams('test', rules, { host })).toEqual({ host });
  });
});

describe('where the runtime takes a whole host name', () => {
  it('only where the placeholder is the whole host: elsewhere in the host the one-label rule stands', () => {
    const inLabel = metadataWith({ type: 'string', hostname: true }, 'https://{api_host}.widgets.example/api');
    const issues = issuesOf(
      () => new OpenSourceExecutor(inLabel, { auth: AUTH.bearer, config: { api_host: 'eu.api' } } as OpenSourceOptions),
    );
    expect(issues).toEqual([{ path: 'api_host', rule: 'host-label' }]);
  });

  it('a variable not declared hostname keeps the one-label rule as the whole host too', () => {
    const plain = metadataWith({ type: 'string', default: 'api.widgets.example' });
    expect(issuesOf(() => new OpenSourceExecutor(plain, { auth: AUTH.bearer } as OpenSourceOptions))).toEqual([
      { path: 'api_host', rule: 'host-label' },
    ]);
  });

  it('a port after the host is kept', () => {
    const rules = { api_host: { type: 'string', hostname: true } as ParamRule };
    expect(baseUrlFromConfig('https://{api_host}:8443/v2', rules, { api_host: 'eu.api.widgets.example' })).toBe(
      'https://eu.api.widgets.example:8443/v2',
    );
  });

  it('the base-URL filler checks the host name itself, whatever validation ran before it', () => {
    // Called directly (no validateParams first): it still refuses text that is not a host name.
    const rules = { api_host: { type: 'string', hostname: true } as ParamRule };
    for (const value of ['evil.example/x', 'user@evil.example', 'evil.example:1', 'a..b']) {
      expect(issuesOf(() => baseUrlFromConfig('https://{api_host}/v2', rules, { api_host: value }))).toEqual([
        { path: 'api_host', rule: 'hostname' },
      ]);
    }
  });
});
