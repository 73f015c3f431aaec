/**
 * Secrets redaction, for every connector: the fake echoes the credential (raw, percent- and
 * form-encoded, base64, and the whole Authorization value) in error bodies and response headers,
 * across every kind of failure; no form of it may reach an error's message, stack, JSON form or
 * `util.inspect` rendering, nor any logger line.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { capturingLogger, rejection } from '../support/expect.js';
import type { Failure } from '../fakes/harness.js';
import { connectors } from './registry.js';
import { MAX_RETRIES, connect, exampleParams, readActions, routeOf, run, useFreshFake, writeActions, type ActionRef } from './setup.js';
import { buildAtPath } from './wire.js';
import type { ConnectorFixture } from './fixture.js';

/** Every encoding of the credential a leak could take. */
function credentialForms(fixture: ConnectorFixture): string[] {
  const kinds = fixture.pkg.metadata.auth;
  const given = Object.keys(fixture.credentials);
  const kind = kinds.find((k) => given.every((name) => name in k.fields));
  if (!kind) throw new Error(`${fixture.pkg.metadata.name}: the fixture credentials match no credential kind`);
  const forms = new Set<string>();
  for (const [name, value] of Object.entries(fixture.credentials)) {
    if (!kind.fields[name]!.secret) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(new URLSearchParams({ v: value }).toString().slice(2));
    forms.add(Buffer.from(value).toString('base64'));
  }
  const header = fixture.authHeader.value;
  forms.add(header);
  const scheme = /^\w+ (.+)$/.exec(header);
  if (scheme) forms.add(scheme[1]!);
  return [...forms].filter((form) => form.length >= 8);
}

/** A vendor-shaped error body with `text` wherever the metadata reads an error's message and code. */
function echoingBody(fixture: ConnectorFixture, text: string): unknown {
  let body: unknown = {};
  for (const path of [...fixture.pkg.metadata.errorMessage, ...fixture.pkg.metadata.errorCode]) body = buildAtPath(body, path, text);
  return body;
}

/** 2xx bodies that fire each of the metadata's body-error rules, carrying `text` as code and message. */
function echoingVendorBodies(fixture: ConnectorFixture, text: string): unknown[] {
  return fixture.pkg.metadata.bodyErrors.map((rule) => {
    let body: unknown = {};
    body = buildAtPath(body, rule.code, text);
    if (rule.message) body = buildAtPath(body, rule.message, text);
    if (rule.equals !== undefined) body = buildAtPath(body, rule.when, rule.equals);
    else if (rule.nonEmpty && !Array.isArray((body as Record<string, unknown>)[rule.when]))
      body = buildAtPath(body, rule.when, [{ message: text }]);
    return body;
  });
}

describe.each(connectors)('$name', ({ fixture }) => {
  const ctx = useFreshFake(fixture);

  it('no form of the credential reaches an error or a log line, even when the vendor echoes it', async () => {
    const forms = credentialForms(fixture);
    const raw = Object.values(fixture.credentials)[0]!;
    const echo = `credential ${forms.join(' and ')} is not valid here`;
    const headers = {
      'www-authenticate': `Bearer error="invalid_token", token="${raw}"`,
      'x-echoed-authorization': fixture.authHeader.value,
    };
    const { logger, lines } = capturingLogger();
    const c = connect(fixture, ctx.fake, { logger });
    const read = readActions(fixture)[0]!;
    const write: ActionRef | undefined = writeActions(fixture)[0];
    const readParams = exampleParams(fixture, read, ctx.fake);
    const readRoute = routeOf(fixture, read, ctx.fake, readParams);

    const errors: any[] = [];
    const fail = async (ref: ActionRef, failure: Failure, times = 1, options?: { timeout: number }) => {
      const params = ref === read ? readParams : exampleParams(fixture, ref, ctx.fake);
      ctx.fake.failNext(ref === read ? readRoute : routeOf(fixture, ref, ctx.fake, params), failure, times);
      errors.push(await rejection(run(c, ref, params, options)));
    };
    const attempts = 1 + MAX_RETRIES;
    await fail(read, { kind: 'status', status: 401, headers, body: echoingBody(fixture, echo) });
    await fail(read, { kind: 'status', status: 503, headers, body: echoingBody(fixture, echo) }, attempts);
    await fail(
      read,
      { kind: 'status', status: 429, headers: { ...headers, 'retry-after': '0' }, body: echoingBody(fixture, echo) },
      attempts,
    );
    await fail(
      read,
      { kind: 'status', status: 200, headers: { ...headers, 'content-type': 'text/html' }, body: `<html>${echo}</html>` },
      attempts,
    );
    for (const body of echoingVendorBodies(fixture, echo)) await fail(read, { kind: 'status', status: 200, headers, body });
    await fail(read, { kind: 'drop' }, attempts);
    await fail(read, { kind: 'delay', ms: 5_000 }, attempts, { timeout: 100 });
    if (write) {
      await fail(write, {
        kind: 'status',
        status: 500,
        headers: { ...headers, 'content-type': 'text/html' },
        body: `<html>${echo}</html>`,
      });
      await fail(write, { kind: 'drop' });
    }

    expect(errors).toHaveLength(6 + fixture.pkg.metadata.bodyErrors.length + (write ? 2 : 0));
    for (const error of errors) {
      const surfaces = {
        message: error.message,
        stack: String(error.stack),
        json: JSON.stringify(error),
        inspect: inspect(error, { depth: 10 }),
        body: JSON.stringify(error.body ?? null),
      };
      for (const [surface, text] of Object.entries(surfaces)) {
        for (const form of forms) expect(text, `${error.name} ${surface} holds ${form}`).not.toContain(form);
      }
    }
    // The echo is cut out of the vendor's message, not the whole message dropped.
    expect(errors[0].name).toBe('AuthenticationError');
    expect(errors[0].message).toContain('[REDACTED]');
    expect(errors[0].message).toContain('is not valid here');

    expect(lines.some((line) => line.includes('retrying'))).toBe(true);
    for (const line of lines) for (const form of forms) expect(line, `log line holds ${form}`).not.toContain(form);
    // The credential really went out on every request: the checks above are not vacuous.
    expect(ctx.fake.requests.length).toBeGreaterThanOrEqual(errors.length);
    for (const request of ctx.fake.requests) expect(request.headers[fixture.authHeader.name]).toBe(fixture.authHeader.value);
  });
});
