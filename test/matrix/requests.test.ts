/**
 * Requests, for every connector and every entity.action its metadata declares (so a new action
 * is covered without touching this file): the exact request the vendor receives (method, path,
 * query, body, credential), identical through the typed helper and `execute`; every declared
 * parameter on the wire under its declared name; hosted-only search refused before any I/O;
 * unknown entities and actions, and unusable credentials, refused before any request.
 */
import { describe, expect, it } from 'vitest';
import { rejection } from '../support/expect.js';
import { connectors } from './registry.js';
import {
  basePath,
  callableActions,
  connect,
  errorClass,
  exampleParams,
  hostedOnlyActions,
  run,
  runHelper,
  useFreshFake,
  type ActionRef,
} from './setup.js';
import { fullParams } from './values.js';
import { expectedRequest, locationOf, recorded, wireValue } from './wire.js';
import type { RecordedRequest } from '../fakes/harness.js';
import type { ConnectorFixture } from './fixture.js';

function expectContentType(request: RecordedRequest, format: 'json' | 'form' | 'none'): void {
  if (format === 'none') {
    expect(request.rawBody).toBe('');
    expect(request.headers['content-type']).toBeUndefined();
  } else {
    expect(request.headers['content-type']).toMatch(format === 'json' ? /^application\/json\b/ : /^application\/x-www-form-urlencoded\b/);
  }
}

describe.each(connectors)('$name', ({ name, fixture }) => {
  const callable = callableActions(fixture);
  const withParams = callable.filter((ref) => Object.keys(ref.meta.params).length > 0);
  const hostedOnly = hostedOnlyActions(fixture);
  const ValidationError = errorClass(fixture, 'ValidationError')!;
  const HostedOnlyError = errorClass(fixture, 'HostedOnlyError')!;
  const ConfigurationError = errorClass(fixture, 'ConfigurationError')!;

  describe('sends exactly the request its metadata declares', () => {
    // Two fakes seeded alike: the helper call goes to one, the execute call to the other.
    const a = useFreshFake(fixture);
    const b = useFreshFake(fixture);

    it.each(callable)('$key (typed helper and execute)', async (ref: ActionRef) => {
      const params = exampleParams(fixture, ref, a.fake);
      expect(exampleParams(fixture, ref, b.fake)).toEqual(params);
      await runHelper(connect(fixture, a.fake), ref, params);
      await run(connect(fixture, b.fake), ref, params);

      const expected = expectedRequest(ref.meta, params, basePath(fixture, a.fake));
      for (const fake of [a.fake, b.fake]) {
        expect(fake.requests).toHaveLength(1);
        const sent = fake.requests[0]!;
        expect(recorded(sent, expected.bodyFormat)).toEqual({
          method: expected.method,
          path: expected.path,
          query: expected.query,
          body: expected.body,
        });
        expect(sent.headers[fixture.authHeader.name]).toBe(fixture.authHeader.value);
        expect(sent.headers['accept']).toBe('application/json');
        for (const [header, value] of Object.entries(expected.headers)) expect(sent.headers[header]).toBe(value);
        expectContentType(sent, expected.bodyFormat);
      }
      expect(a.fake.requests[0]!.rawBody).toBe(b.fake.requests[0]!.rawBody);
    });
  });

  describe('puts every declared parameter on the wire under its declared name', () => {
    const ctx = useFreshFake(fixture);

    it.each(withParams)('$key', async (ref: ActionRef) => {
      const params = fullParams(fixture, ref, ctx.fake);
      // Made-up values may be refused by the vendor (an unknown cursor, say); only the request matters here.
      const outcome = await run(connect(fixture, ctx.fake, { maxRetries: 0 }), ref, params).catch((error: unknown) => error);
      expect(outcome).not.toBeInstanceOf(ValidationError);
      expect(ctx.fake.requests).toHaveLength(1);
      const sent = ctx.fake.requests[0]!;
      const expected = expectedRequest(ref.meta, params, basePath(fixture, ctx.fake));
      expect(recorded(sent, expected.bodyFormat)).toEqual({
        method: expected.method,
        path: expected.path,
        query: expected.query,
        body: expected.body,
      });
      for (const [param, rule] of Object.entries(ref.meta.params)) {
        const where = locationOf(ref.meta, rule);
        if (where === 'select' || where === 'file-header' || where === 'path') continue;
        expect(wireValue(sent, ref.meta, param), `${param} (${where} ${rule.as ?? param})`).toBeDefined();
      }
    });
  });

  if (hostedOnly.length > 0) {
    describe('hosted-only search', () => {
      const ctx = useFreshFake(fixture);

      it.each(hostedOnly)(
        '$key throws HostedOnlyError before any I/O (helper and execute, whatever the params)',
        async (ref: ActionRef) => {
          const c = connect(fixture, ctx.fake);
          const params = { query: { filter: { eq: { id: 'x' } } }, limit: 5 };
          const errors = [
            await rejection(runHelper(c, ref, params)),
            await rejection(c.execute(ref.entity, ref.action, params)),
            // Not even looked at: there is nothing to call in open-source mode.
            await rejection(c.execute(ref.entity, ref.action, {})),
            await rejection(c.execute(ref.entity, ref.action, 'not params')),
          ];
          for (const error of errors) {
            expect(error).toBeInstanceOf(HostedOnlyError);
            expect(error.name).toBe('HostedOnlyError');
            expect(error.message).toContain(`${name} ${ref.key}`);
            expect(error.message).toContain('hosted mode only');
          }
          expect(ctx.fake.requests).toHaveLength(0);
        },
      );
    });
  }

  describe('refused before any request', () => {
    const ctx = useFreshFake(fixture);

    it('an unknown entity or action is a ValidationError naming the known ones', async () => {
      const c = connect(fixture, ctx.fake);
      const entities = Object.keys(fixture.pkg.metadata.actions);
      const entity = await rejection(c.execute('no_such_entity', 'list', {}));
      expect(entity).toBeInstanceOf(ValidationError);
      expect(entity.issues).toEqual([
        { path: 'entity', rule: 'enum', message: `"no_such_entity" is not an entity of this connector; known: ${entities.join(', ')}` },
      ]);
      const first = entities[0]!;
      const action = await rejection(c.execute(first, 'no_such_action', {}));
      expect(action).toBeInstanceOf(ValidationError);
      expect(action.issues).toEqual([
        {
          path: 'action',
          rule: 'enum',
          message: `"no_such_action" is not an action of ${first}; known: ${Object.keys(fixture.pkg.metadata.actions[first]!).join(', ')}`,
        },
      ]);
      expect(ctx.fake.requests).toHaveLength(0);
    });

    it.each(unusableCredentials(fixture))(
      'credentials with %s are a ConfigurationError that names the connector and no secret',
      (_what, auth) => {
        let error: unknown;
        try {
          connect(fixture, ctx.fake, { auth });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as Error).name).toBe('ConfigurationError');
        expect((error as Error).message).toContain(`${fixture.pkg.metadata.title} connector`);
        for (const secret of Object.values(fixture.credentials)) expect((error as Error).message).not.toContain(secret);
        expect(ctx.fake.requests).toHaveLength(0);
      },
    );
  });
});

/**
 * Credential objects no kind of the connector accepts, built from its kinds: a kind matches when
 * every required field is given and every given field is its own; values must be non-empty strings.
 */
function unusableCredentials(fixture: ConnectorFixture): [string, unknown][] {
  const kinds = fixture.pkg.metadata.auth;
  const secret = Object.values(fixture.credentials)[0]!;
  const matchesSome = (auth: Record<string, unknown>) =>
    kinds.some((kind) => {
      const given = Object.keys(auth);
      return Object.entries(kind.fields).every(([n, f]) => !f.required || given.includes(n)) && given.every((n) => n in kind.fields);
    });
  const fill = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, secret]));
  const cases: [string, unknown][] = [
    ['null', null],
    ['a bare string', secret],
    ['an array', [secret]],
    ['an unknown field', { not_a_credential_field: secret }],
  ];
  if (!matchesSome({})) cases.push(['no fields', {}]);
  for (const kind of kinds) {
    const required = Object.entries(kind.fields)
      .filter(([, f]) => f.required)
      .map(([n]) => n);
    for (const field of required) {
      cases.push([`an empty ${field} (${kind.name})`, { ...fill(required), [field]: '' }]);
      cases.push([`a non-string ${field} (${kind.name})`, { ...fill(required), [field]: 12345 }]);
      const incomplete = fill(required.filter((f) => f !== field));
      if (required.length > 1 && !matchesSome(incomplete)) cases.push([`${kind.name} without ${field}`, incomplete]);
    }
  }
  const everyField = fill([...new Set(kinds.flatMap((k) => Object.keys(k.fields)))]);
  if (kinds.length > 1 && !matchesSome(everyField)) cases.push(['the fields of every kind at once', everyField]);
  return cases;
}
