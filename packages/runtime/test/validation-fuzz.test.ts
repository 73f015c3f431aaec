/**
 * Fuzzing the boundary between a caller's params and the network: unknown keys (random, or named
 * like Object.prototype members, as JSON.parse makes them) and values of the wrong type or out
 * of range for typed parameters never reach fetch, and always end in one ValidationError whose
 * issues name the offending parameter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConnectorClient,
  ValidationError,
  type OpenSourceOptions,
  type ParamRule,
  type ParamRules,
  type ValidationIssue,
} from '@switchyard/runtime';
import { AUTH, widgetsMetadata, type WidgetOps } from './helpers.js';

const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

/** A client whose fetch records every call and answers an empty success, so a leak would be visible, not an error. */
function recordingClient() {
  const calls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    calls.push(String(input));
    return new Response('{"widgets":[],"meta":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const client = new ConnectorClient<WidgetOps>(widgetsMetadata(), {
    auth: AUTH.bearer,
    baseUrl: 'http://127.0.0.1:9',
    fetch,
    maxRetries: 0,
  } as OpenSourceOptions<unknown, unknown>);
  return { client, calls };
}

/** Valid params for each action under test (required ones only). */
const ACTIONS: Record<string, Record<string, unknown>> = {
  'widgets.list': {},
  'widgets.get': { id: 'w1' },
  'widgets.create': { name: 'n' },
  'widgets.archive': { id: 'w1' },
  'issues.create': { teamId: 't', title: 'x' },
  'reports.list': {},
  'invoices.list': {},
  'orders.list': {},
  'attachments.download': { widgetId: 'w1' },
};
const metadata = widgetsMetadata();
const rulesOf = (operation: string): ParamRules => {
  const [entity, action] = operation.split('.') as [string, string];
  return metadata.actions[entity]![action]!.params;
};

/** JSON values, with enough variety to be of the wrong type for any rule. */
const json: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e21, -1e21, 2 ** 53, 2.5),
  fc.string({ maxLength: 10 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 3 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/** Whether `value` is of the rule's JSON type: a plain type check, independent of the validator. */
function ofType(rule: ParamRule, value: unknown): boolean {
  if (value === null) return rule.nullable === true;
  switch (rule.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    case 'any':
      return true;
  }
}

/** Runs the call; returns the ValidationError it must reject with. */
async function validationErrorOf(client: ConnectorClient<WidgetOps>, operation: string, params: unknown): Promise<ValidationError> {
  const [entity, action] = operation.split('.') as [string, string];
  try {
    await client.execute(entity, action, params as Record<string, unknown>);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error(`${operation} accepted ${JSON.stringify(params)}`);
}

const expectPaths = (issues: readonly ValidationIssue[]) => {
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) {
    expect(typeof issue.path).toBe('string');
    expect(issue.path.length).toBeGreaterThan(0);
    expect(issue.rule.length).toBeGreaterThan(0);
  }
};

describe('fuzz: invalid params never reach the network', () => {
  it('unknown and prototype-named keys (as JSON.parse makes them) are refused by name', async () => {
    const { client, calls } = recordingClient();
    const unknownKey = fc.string({ minLength: 1, maxLength: 12 });
    const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), unknownKey);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(ACTIONS)), key, json, async (operation, name, value) => {
        fc.pre(!Object.hasOwn(rulesOf(operation), name));
        // Through JSON text, exactly as a request body or a tool call would arrive.
        const rest = JSON.stringify(ACTIONS[operation]).slice(1, -1);
        const params: unknown = JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(value)}${rest ? `,${rest}` : ''}}`);
        const error = await validationErrorOf(client, operation, params);
        expectPaths(error.issues);
        // An empty key is shown as "" so that every issue has a path.
        expect(error.issues).toContainEqual(expect.objectContaining({ path: name === '' ? '""' : name, rule: 'unknown' }));
      }),
      { numRuns: 300 },
    );
    expect(calls).toEqual([]);
  });

  it('values of the wrong type, or out of range, for typed parameters are refused by name', async () => {
    const { client, calls } = recordingClient();
    const typedParams = Object.keys(ACTIONS).flatMap((operation) =>
      Object.entries(rulesOf(operation))
        .filter(([, rule]) => rule.type !== 'any')
        .map(([name]) => [operation, name] as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...typedParams), json, async ([operation, name], value) => {
        const rule = rulesOf(operation)[name]!;
        const outOfRange =
          typeof value === 'number' &&
          ((rule.minimum !== undefined && value < rule.minimum) || (rule.maximum !== undefined && value > rule.maximum));
        const notInEnum = rule.enum !== undefined && value !== null && !rule.enum.includes(value as string);
        fc.pre(!ofType(rule, value) || outOfRange || notInEnum);
        const error = await validationErrorOf(client, operation, { ...ACTIONS[operation], [name]: value });
        expectPaths(error.issues);
        expect(error.issues.some((i) => i.path === name || i.path.startsWith(`${name}[`) || i.path.startsWith(`${name}.`))).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(calls).toEqual([]);
  });

  it('random param objects either pass, or fail with named issues and no request', async () => {
    const { client, calls } = recordingClient();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(ACTIONS)),
        fc.dictionary(
          fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'limit', 'cursor', 'id', 'name', 'tags'), fc.string({ maxLength: 6 })),
          json,
          {
            maxKeys: 4,
          },
        ),
        async (operation, extra) => {
          const params = JSON.parse(JSON.stringify({ ...ACTIONS[operation], ...extra })) as Record<string, unknown>;
          const before = calls.length;
          const [entity, action] = operation.split('.') as [string, string];
          try {
            await client.execute(entity, action, params);
          } catch (error) {
            if (error instanceof ValidationError) {
              expectPaths(error.issues);
              expect(calls.length).toBe(before);
              return;
            }
            // Any other error comes from the (empty) response: the request was valid and was sent.
            expect(calls.length).toBe(before + 1);
          }
          // Sent: then every key was a declared parameter.
          for (const key of Object.keys(params)) expect(Object.hasOwn(rulesOf(operation), key)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
