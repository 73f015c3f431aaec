/**
 * One rule for a vendor base URL, wherever it is given: `--vendor-base-url` and the environment
 * (config.ts `parseVendorBaseUrls`, a ConfigError) and an embedder's `vendorBaseUrls`
 * (`checkVendorBaseUrls`, a ConfigurationError) accept and refuse the same URLs with the same
 * reason, and no refusal repeats a password the URL carried.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '@switchyard/runtime';
import { checkVendorBaseUrls } from '../src/catalog/vendor-base-urls.js';
import { ConfigError, parseVendorBaseUrls } from '../src/config.js';

const FAMILY = 'messaging';
const catalog = {
  get: (family: string) => (family === FAMILY ? ({} as never) : undefined),
  names: () => [FAMILY],
};

/** The reason a setting was refused, or 'accepted'. */
function outcome(check: () => unknown, errorClass: new (...args: never[]) => Error): string {
  try {
    check();
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(errorClass);
    return (error as Error).message;
  }
}

const password = fc.stringMatching(/^[A-Za-z0-9]{6,12}$/);
const url = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(fc.constantFrom('http', 'https', 'ftp', 'file', 'ws'), fc.domain(), fc.option(password, { nil: undefined }))
    .map(([scheme, host, secret]) => `${scheme}://${secret ? `user:${secret}@` : ''}${host}/api`),
  fc.string(),
);

describe('a vendor base URL', () => {
  it('is accepted or refused alike by the flags and by an embedder, for the same reason', () => {
    fc.assert(
      fc.property(url, (given) => {
        const fromFlags = outcome(() => parseVendorBaseUrls([`${FAMILY}=${given}`]), ConfigError);
        const fromEmbedder = outcome(() => checkVendorBaseUrls(catalog, { [FAMILY]: given }), ConfigurationError);
        expect(fromEmbedder).toBe(fromFlags);
        const [, scheme, secret] = /^([a-z]+):\/\/user:([A-Za-z0-9]+)@/.exec(given) ?? [];
        if (secret) expect(fromFlags).not.toContain(secret);
        if (secret && (scheme === 'http' || scheme === 'https'))
          expect(fromFlags).toBe(`--vendor-base-url ${FAMILY}: the URL must not carry credentials`);
      }),
      { numRuns: 500 },
    );
  });

  it('names the family and the rule, not the URL', () => {
    expect(() => checkVendorBaseUrls(catalog, { [FAMILY]: 'https://bot:hunter22@slack.example/api' })).toThrow(
      new ConfigurationError('--vendor-base-url messaging: the URL must not carry credentials'),
    );
    expect(() => parseVendorBaseUrls([`${FAMILY}=ftp://files.example/api`])).toThrow(
      '--vendor-base-url messaging: only http and https URLs are allowed',
    );
    expect(() => parseVendorBaseUrls([`${FAMILY}=not a url`])).toThrow('--vendor-base-url messaging: not an absolute URL');
    // Each call's path is appended to the base: a query or fragment would swallow it.
    expect(() => checkVendorBaseUrls(catalog, { [FAMILY]: 'https://slack.example/api?token=abc' })).toThrow(
      new ConfigurationError(
        "--vendor-base-url messaging: the URL must not carry a query or fragment (each call's path is appended to it)",
      ),
    );
  });
});
