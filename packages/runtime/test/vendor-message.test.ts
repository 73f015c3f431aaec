/**
 * `vendorMessage`: the vendor's own words about a failure, apart from the message, and without any
 * mention of the host the request went to (whoever configured the connector chose it; the
 * execution service shows these words to API clients who did not). Property: whatever the host
 * (names, IPv4, a port, a path) and however the words repeat it (a URL with or without scheme,
 * userinfo, query; the bare host; other letter case), the host never survives; words that do not
 * mention it are kept as they are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, RateLimitError, VendorError } from '@switchyard/runtime';
import { VENDOR_URL, vendorWords } from '../src/internal/vendor-words.js';
import { rejection, useServers, widgetsClient } from './helpers.js';

// Starting with a letter: a dotted name whose last label is a number is not a host name to a URL parser.
// Not `xn--`: that prefix marks an encoded international label, and most strings after it do not
// decode, so a URL parser refuses the host (a CI run drew `xn--…` once and failed on `new URL`).
const label = fc.stringMatching(/^[a-z](?:[a-z0-9-]{0,12}[a-z0-9])?$/).filter((text) => !text.startsWith('xn--'));
// Dotted, as every host a connector is pointed at is (a one-letter host could be part of any word).
const hostname = fc.oneof(
  fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.')),
  fc.ipV4(),
);
const target = fc
  .record({
    scheme: fc.constantFrom('http', 'https'),
    hostname,
    port: fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
    path: fc.array(label, { maxLength: 3 }),
  })
  .map(({ scheme, hostname, port, path }) => new URL(`${scheme}://${hostname}${port ? `:${port}` : ''}/${path.join('/')}`));
/** Text around a mention: anything but the host itself. */
const filler = fc.string({ maxLength: 30 });

/** The ways a vendor or a gateway repeats where it was asked. */
const mentions = (url: URL): string[] => [
  url.href,
  `${url.href}?page=2&token=x`,
  url.origin,
  url.host,
  url.hostname,
  url.hostname.toUpperCase(),
  `${url.protocol}//someone:secret@${url.host}/docs`,
  `${url.host}${url.pathname}`,
];

describe('vendorWords', () => {
  it('leaves no mention of the request host, in any form', () => {
    fc.assert(
      fc.property(target, fc.array(fc.tuple(filler, fc.nat(7))), filler, (url, parts, tail) => {
        const words = parts.map(([text, which]) => `${text} ${mentions(url)[which]}`).join(' ') + tail;
        const out = vendorWords(words, url.href) ?? '';
        expect(out.toLowerCase()).not.toContain(url.hostname.toLowerCase());
        if (parts.length > 0) expect(out).toContain(VENDOR_URL);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps words that do not mention the host as they are', () => {
    fc.assert(
      fc.property(target, filler, (url, words) => {
        fc.pre(words.trim() !== '' && !words.toLowerCase().includes(url.hostname.toLowerCase()));
        expect(vendorWords(words, url.href)).toBe(words);
      }),
    );
    expect(vendorWords(undefined, 'https://api.example.com')).toBeUndefined();
    expect(vendorWords(' \n', 'https://api.example.com')).toBeUndefined();
    expect(vendorWords('Record not found', 'not a url')).toBe('Record not found');
  });
});

describe('errors carry the vendor words as data', () => {
  const serve = useServers();

  it("an error status: the body's message, without the host; the message keeps its full form", async () => {
    const server = await serve((req) => ({
      status: 404,
      body: { error: { code: 'missing', message: `No widget at http://${req.headers['host']}${req.path}` } },
    }));
    const error = await rejection(widgetsClient(server, undefined, { maxRetries: 0 }).execute('widgets', 'get', { id: 'w1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.vendorMessage).toBe(`No widget at ${VENDOR_URL}`);
    expect(error.message).toContain(`No widget at ${server.url}/widgets/w1`);
  });

  it('a failure inside a 200: the words when they say more than the code', async () => {
    const server = await serve(() => ({ body: { errors: [{ message: 'Widget is archived', extensions: { code: 'ARCHIVED' } }] } }));
    const client = widgetsClient(server, undefined, { maxRetries: 0 });
    const worded = await rejection(client.execute('widgets', 'list', { limit: 1 }));
    expect(worded).toBeInstanceOf(VendorError);
    expect(worded).toMatchObject({ code: 'ARCHIVED', vendorMessage: 'Widget is archived' });
    const server2 = await serve(() => ({ body: { ok: false, error: 'ratelimited' } }));
    const limited = await rejection(widgetsClient(server2, undefined, { maxRetries: 0 }).execute('widgets', 'list', { limit: 1 }));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.vendorMessage).toBeUndefined();
  });
});
