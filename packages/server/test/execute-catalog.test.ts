/**
 * What the execution service says about its catalog as a whole, whatever connectors it holds:
 * the known types an unknown `connector_type` is told, the read a creation-time check makes for
 * every connector type, ambiguous credential kinds, and operator base URLs checked at startup. No
 * vendor is called, so no connector is needed as an example; the set comes from specs/
 * (test/support/connectors.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  ValidationError,
  type ActionMetadata,
  type ConnectorMetadata,
  type ParamRules,
  type ValidationIssue,
} from '@switchyard/runtime';
import { specNames } from '../../../test/support/connectors.js';
import { createCatalog, type ConnectorPackage } from '../src/catalog/catalog.js';
import { checkAction } from '../src/execution/check-credentials.js';
import { createExecution, type Execution } from '../src/execution/create-execution.js';
import { ConnectorValidator } from '../src/execution/validate-connector.js';

const unused = {
  connectors: { credentials: async () => ({}) },
  search: { search: async () => ({ hits: [], next_cursor: null, took_ms: 0 }) },
  sync: {
    firstSyncFinished: async () => false,
    status: async () => ({ sync_status: 'pending' as const, last_synced_at: null, next_sync_at: null, entities: [] }),
  },
};

function issuesOf(run: () => unknown): ValidationIssue[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  return expect.unreachable('expected a ValidationError');
}

describe('validateNewConnector', () => {
  const execution = createExecution({ catalog: createCatalog(), ...unused });
  const validate = (input: Parameters<Execution['validateNewConnector']>[0]) => issuesOf(() => execution.validateNewConnector(input));

  it('an unknown connector_type names the known ones', () => {
    const issues = validate({ connectorType: 'no-such-connector', credentials: { api_token: 'x' } });
    expect(issues).toEqual([
      {
        path: 'connector_type',
        rule: 'enum',
        // Every spec's connector, sorted: the catalog is generated from specs/ (whatever it holds).
        message: `"no-such-connector" is not a connector type of this service; known: ${specNames().join(', ')}`,
      },
    ]);
  });

  it('credentials that match several kinds are refused as ambiguous', () => {
    // A family whose two kinds both accept the same single field (the shipped packages have none),
    // made from any package of the catalog with its auth replaced and no config or replication settings.
    const base = createCatalog().families()[0]!;
    const none = { type: 'object', properties: {}, additionalProperties: false };
    const ambiguous = {
      ...base,
      configSchema: none,
      replicationSchema: none,
      metadata: {
        ...base.metadata,
        name: 'ambiguous',
        config: {},
        auth: [
          { kind: 'bearer', name: 'A', token: '{token}', fields: { token: { required: true, secret: true } } },
          {
            kind: 'bearer',
            name: 'B',
            token: '{token}',
            fields: { token: { required: true, secret: true }, team: { required: false, secret: false } },
          },
        ],
      },
    } as const;
    const validator = new ConnectorValidator(createCatalog([ambiguous as unknown as ConnectorPackage]));
    const issues = issuesOf(() => validator.validate({ connectorType: 'ambiguous', credentials: { token: 't' } }));
    expect(issues).toEqual([expect.objectContaining({ path: 'credentials', rule: 'credential-kind' })]);
    expect(issues[0]!.message).toContain('match several credential kinds');
  });
});

describe('check: the read it makes', () => {
  it('picks the first GET list action needing no input (else the first list), with a page size of 1', () => {
    const list = (method: string, params: ParamRules = {}, extra: Partial<ActionMetadata> = {}) =>
      ({ kind: 'list', idempotent: true, params, request: { method, path: '/x' }, ...extra }) as unknown as ActionMetadata;
    const pick = (actions: Record<string, Record<string, ActionMetadata>>) => {
      const named = Object.fromEntries(
        Object.entries(actions).map(([entity, byAction]) => [
          entity,
          Object.fromEntries(Object.entries(byAction).map(([action, a]) => [action, { ...a, entity, action }])),
        ]),
      );
      const chosen = checkAction({ actions: named } as unknown as ConnectorMetadata);
      return chosen && `${chosen.action.entity}.${chosen.action.action} ${JSON.stringify(chosen.params)}`;
    };
    // Gong: the transcript list comes first but is a POST reading transcripts; the user list is the cheap read.
    expect(pick({ call_transcripts: { list: list('POST') }, users: { list: list('GET') } })).toBe('users.list {}');
    // No GET list at all: the first list.
    expect(pick({ a: { list: list('POST') }, b: { list: list('POST') } })).toBe('a.list {}');
    // Needing input (a required parameter without a default), served from the synced copy, or not a list: never.
    expect(
      pick({
        needs: { list: list('GET', { channel: { type: 'string', required: true } }) },
        synced: { list: list('GET', {}, { hostedOnly: true }) },
        one: { get: { ...list('GET'), kind: 'get' } },
        defaulted: { list: list('GET', { status: { type: 'string', required: true, default: 'open' } }) },
      }),
    ).toBe('defaulted.list {}');
    expect(pick({ needs: { list: list('GET', { id: { type: 'string', required: true } }) } })).toBeUndefined();
    // The page size is the first of the common names the action has, at 1 or its minimum.
    expect(pick({ a: { list: list('GET', { page_size: { type: 'integer' }, limit: { type: 'integer', maximum: 100 } }) } })).toBe(
      'a.list {"limit":1}',
    );
    expect(pick({ a: { list: list('GET', { per_page: { type: 'integer', minimum: 5 } }) } })).toBe('a.list {"per_page":5}');
    expect(pick({ a: { list: list('GET', { first: { type: 'string' } }) } })).toBe('a.list {}');
  });

  it('every connector type of the catalog gets that read when it has one', () => {
    const families = createCatalog().families();
    expect(families.map((f) => f.name)).toEqual(specNames());
    for (const family of families) {
      const lists = Object.values(family.metadata.actions)
        .flatMap((byAction) => Object.values(byAction))
        .filter((a) => a.kind === 'list' && !a.hostedOnly)
        .filter((a) => !Object.values(a.params).some((rule) => rule.required === true && rule.default === undefined));
      const expected = lists.find((a) => a.request?.method === 'GET') ?? lists[0];
      const chosen = checkAction(family.metadata);
      expect(chosen?.action, family.name).toBe(expected);
      for (const [param, value] of Object.entries(chosen?.params ?? {})) {
        expect(value, `${family.name}: ${param}`).toBe(Math.max(1, chosen!.action.params[param]!.minimum ?? 1));
      }
    }
  });
});

describe('operator vendor base URLs are checked at startup', () => {
  const base = { catalog: createCatalog(), ...unused };
  it('an unknown family or a URL that is not http(s) is a ConfigurationError naming it', () => {
    const known = specNames()[0]!;
    // Every spec's connector, sorted: the catalog is generated from specs/ (whatever it holds).
    expect(() => createExecution({ ...base, vendorBaseUrls: { slack: 'http://127.0.0.1:1' } })).toThrow(
      `"slack" is not a connector type; known: ${specNames().join(', ')}`,
    );
    expect(() => createExecution({ ...base, vendorBaseUrls: { [known]: 'not a url' } })).toThrow(ConfigurationError);
    expect(() => createExecution({ ...base, vendorBaseUrls: new Map([[known, 'file:///etc/passwd']]) })).toThrow(/only http and https/);
  });
});
