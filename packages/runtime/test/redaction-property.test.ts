/**
 * Property: whatever a credential looks like (+ / = % space & and non-ASCII included) and however
 * a vendor or proxy echoes it back (JSON error body, an ok:false code, a header, an HTML or
 * truncated 200, a text 5xx; raw, base64, percent- or form-encoded), no form of it appears in any
 * field of the thrown error, in JSON.stringify(error), in util.inspect(error) (what console.error
 * prints), nor in the logger's output.
 */
import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectorMetadata } from '@switchyard/runtime';
import { HttpClient, Redactor } from '@switchyard/runtime/internal';
import { FAST_RETRY, captureLogger, rejection, widgetsClient, widgetsMetadata, type FakeServer } from './helpers.js';
import { loopback, type Loopback } from './loopback.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const pct = (s: string) => encodeURIComponent(s);
const form = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);
/** The forms that must never be visible. */
const forms = (secret: string) => [...new Set([secret, b64(secret), pct(secret), form(secret)])];
/** Header values must be Latin-1 without controls; only then can a server echo the raw form in one. */
const headerSafe = (s: string) => !/[^\t\x20-\x7e\x80-\xff]/.test(s);

const SCENARIOS = ['json-error', 'ok-false-code', 'header-echo', 'html-200', 'truncated-200', 'text-500'] as const;
type Scenario = (typeof SCENARIOS)[number];

/** Answers the way a careless vendor or proxy would, echoing `secret` in every form it can. */
function echo(res: ServerResponse, scenario: Scenario, secret: string): void {
  const everyForm = `raw=${secret} b64=${b64(secret)} pct=${pct(secret)} form=${form(secret)}`;
  const headers: Record<string, string> = {
    'www-authenticate': `Bearer error="invalid_token", token="${pct(secret)}", basic="${b64(secret)}"`,
    'x-echo': headerSafe(secret) ? secret : form(secret),
  };
  const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, ...extra });
    res.end(body);
  };
  switch (scenario) {
    case 'json-error':
      return send(401, 'application/json', JSON.stringify({ error: { message: `bad token ${everyForm}`, code: secret } }), headers);
    case 'ok-false-code':
      return send(200, 'application/json', JSON.stringify({ ok: false, error: secret, detail: everyForm }), headers);
    case 'header-echo':
      return send(403, 'application/json', JSON.stringify({ message: 'forbidden' }), headers);
    case 'html-200':
      return send(200, 'text/html', `<html><body>proxy saw ${everyForm}</body></html>`, headers);
    case 'truncated-200':
      return send(200, 'application/json', `{"echo":${JSON.stringify(everyForm)},"more":[{"id":`, headers);
    case 'text-500':
      return send(500, 'text/plain', `upstream failed for ${everyForm}`, headers);
  }
}

/** Every text through which an error or a log line can be seen. */
function visible(error: unknown, logLines: unknown[]): string[] {
  const e = error as Error & Record<string, unknown>;
  const headers: string[] = [];
  if (e['headers'] instanceof Headers) (e['headers'] as Headers).forEach((value, name) => headers.push(name, value));
  return [
    e.message,
    e.stack ?? '',
    String(e['code'] ?? ''),
    JSON.stringify(e['body'] ?? null),
    ...headers,
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
    JSON.stringify(logLines),
  ];
}

function expectNoForm(texts: string[], secret: string): void {
  for (const shape of forms(secret)) {
    for (const text of texts)
      expect(text.includes(shape), `a form of the secret (${JSON.stringify(shape)}) leaked in:\n${text}`).toBe(false);
  }
}

/** Distinctive prefix + arbitrary characters, the awkward ones over-represented. */
const secretOf = (alphabet: string[]) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: 6, maxLength: 24 }).map((chars) => `sk-${chars.join('')}`);
const AWKWARD = ['+', '/', '=', '%', ' ', '&', '?', '#', '"', '\\', '~', "'", '(', '!', '*'];
const LATIN1 = [...AWKWARD, 'a', 'Z', '0', '9', '-', '_', '.', 'é', 'ß', 'ÿ'];
const UNICODE = [...LATIN1, '漢', 'я', '😀', '€', 'ⅷ'];

let server: Loopback;
let current: { scenario: Scenario; secret: string } = { scenario: 'json-error', secret: 'sk-unset' };
beforeAll(async () => {
  server = await loopback((_req, res) => echo(res, current.scenario, current.secret));
});
afterAll(() => server.close());

describe('no form of a credential survives in errors or logs (property)', () => {
  it('through a connector: the credential is the API key header; every error class, every echo', async () => {
    const metadata: ConnectorMetadata = widgetsMetadata(server.url);
    await fc.assert(
      fc.asyncProperty(secretOf(LATIN1), fc.constantFrom(...SCENARIOS), async (secret, scenario) => {
        current = { scenario, secret };
        const log = captureLogger();
        const client = widgetsClient(
          { url: server.url } as FakeServer,
          { apiKey: secret },
          { logger: log.logger, maxRetries: 1 },
          metadata,
        );
        const error = await rejection(client.execute('widgets', 'get', { id: 'w1' }));
        expect(error.name).not.toBe('ConnectionError');
        expectNoForm(visible(error, log.lines), secret);
      }),
      { numRuns: 40 },
    );
  });

  it('through the HttpClient the cloud client uses: any Unicode secret registered with the Redactor', async () => {
    await fc.assert(
      fc.asyncProperty(secretOf(UNICODE), fc.constantFrom(...SCENARIOS), async (secret, scenario) => {
        current = { scenario, secret };
        const log = captureLogger();
        const redactor = new Redactor();
        redactor.add(secret);
        const http = new HttpClient({ redactor, logger: log.logger, maxRetries: 1, retry: FAST_RETRY });
        const error = await rejection(
          http.send({
            operation: 'cloud jobs.list',
            method: 'GET',
            url: `${server.url}/v1/jobs?token=${pct(secret)}`,
            idempotent: true,
            auth: null,
            responseType: 'json',
            inspect: (body) => {
              // A 2xx reporting failure inside its body, echoing the secret as its code.
              const b = body as { ok?: boolean; error?: string };
              if (b.ok === false) throw Object.assign(new Error(`vendor said ${b.error}`), { code: b.error });
            },
          }),
        );
        expectNoForm(visible(error, log.lines), secret);
      }),
      { numRuns: 40 },
    );
  });
});
