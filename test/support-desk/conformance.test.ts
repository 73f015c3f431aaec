/**
 * Conformance of the support-desk connector with Zendesk's OpenAPI document under
 * ../shared/vendor-specs/zendesk (or SWITCHYARD_VENDOR_SPECS); skipped with a message when absent.
 *
 * 1. Every action's request is an operation of the document: method and path (`/api/v2` + the
 *    spec's path; Zendesk's paths have no `.json` suffix there), every query parameter the action
 *    can send (`page[size]` and `page[after]` are members of the deepObject `page` where the
 *    document declares it so), and every body member, down to the ticket's `comment`.
 * 2. The document's response examples of every read parse into `data` that validates against the
 *    package's `recordSchemas` (served through a loopback server, so the connector does the parsing).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { metadata, recordSchemas, type SupportDeskConnector } from '@switchyard/connector-support-desk';
import type { ActionMetadata } from '@switchyard/runtime';
import { startServer, type FakeServer } from '../fakes/harness.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { makeConnector } from './helpers.js';

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, Record<string, any>> };

const ACTIONS: ActionMetadata[] = Object.values(metadata.actions)
  .flatMap((actions) => Object.values(actions))
  .filter((a) => a.request !== undefined);

/**
 * Where the document disagrees with the live API. Show Satisfaction Rating's schema and example
 * wrap the one rating in an array (`"satisfaction_rating": [{…}]`); the API answers with the
 * object, like every other show endpoint. The quirk is asserted, so a corrected document fails
 * here and the entry can go.
 */
const QUIRKS: Record<string, (body: any) => any> = {
  'satisfaction_ratings.get': (body) => {
    expect(Array.isArray(body.satisfaction_rating) && body.satisfaction_rating.length === 1).toBe(true);
    return { satisfaction_rating: body.satisfaction_rating[0] };
  },
};

describeWithVendorSpec('Zendesk OpenAPI: requests and response examples', ['zendesk', 'support-oas.yaml'], (file) => {
  let doc: Doc;
  const deref = (node: any): any => {
    let current = node;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce((o: any, k: string) => o?.[k], doc);
    }
    return current;
  };
  const operation = (a: ActionMetadata) => doc.paths[`/api/v2${a.request!.path}`]?.[a.request!.method.toLowerCase()];
  /** Property names of a schema, following $ref, allOf and anyOf. */
  const propertyNames = (schema: any): Set<string> => {
    const s = deref(schema) ?? {};
    const names = new Set<string>(Object.keys(s.properties ?? {}));
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) for (const n of propertyNames(part)) names.add(n);
    return names;
  };

  beforeAll(() => {
    doc = parse(readFileSync(file, 'utf8')) as Doc;
  });

  it.each(ACTIONS.map((a) => [`${a.entity}.${a.action}`, a] as const))('%s: method and path are a documented operation', (_name, a) => {
    expect(operation(a), `${a.request!.method} /api/v2${a.request!.path}`).toBeDefined();
  });

  it.each(ACTIONS.map((a) => [`${a.entity}.${a.action}`, a] as const))('%s: every query and path parameter is documented', (_name, a) => {
    const op = operation(a);
    const params = [...(doc.paths[`/api/v2${a.request!.path}`]!['parameters'] ?? []), ...(op.parameters ?? [])].map(deref);
    const documented = (where: string, wire: string): boolean =>
      params.some((p: any) => {
        if (p.in !== where) return false;
        if (p.name === wire) return true;
        // page[size] / page[after] as members of a deepObject parameter `page`.
        const member = /^([a-z_]+)\[([a-z_]+)\]$/.exec(wire);
        if (!member || p.name !== member[1] || p.style !== 'deepObject') return false;
        return [p.schema, ...(p.schema?.oneOf ?? [])].some((s: any) => s?.properties?.[member[2]!] !== undefined);
      });
    for (const [name, rule] of Object.entries(a.params)) {
      if (rule.in !== 'query' && rule.in !== 'path') continue;
      expect(documented(rule.in, rule.as ?? name), `${rule.in} parameter ${rule.as ?? name} (${name})`).toBe(true);
    }
  });

  it.each(ACTIONS.filter((a) => a.request!.envelope).map((a) => [`${a.entity}.${a.action}`, a] as const))(
    '%s: the envelope and every body member (and comment member) are documented',
    (_name, a) => {
      const body = operation(a).requestBody.content['application/json'].schema;
      const envelope = a.request!.envelope!;
      expect(propertyNames(body).has(envelope)).toBe(true);
      const record = deref(deref(body).properties[envelope]);
      const members = propertyNames(record);
      for (const [name, rule] of Object.entries(a.params)) {
        if (rule.in !== 'body') continue;
        expect(members.has(rule.as ?? name), `${envelope}.${rule.as ?? name}`).toBe(true);
        if (rule.properties) {
          const nested = propertyNames(record.properties[rule.as ?? name]);
          for (const member of Object.keys(rule.properties)) {
            // A ticket's requester is documented as oneOf(id, object); check the object form when there is one.
            if (nested.size > 0) expect(nested.has(member), `${envelope}.${name}.${member}`).toBe(true);
          }
        }
      }
    },
  );

  describe('response examples parse into records that match recordSchemas', () => {
    let server: FakeServer;
    let serving: unknown;
    let connector: SupportDeskConnector;
    const ajv = new Ajv({ strict: false, allErrors: true });
    beforeAll(async () => {
      server = await startServer(() => ({ body: serving }));
      connector = makeConnector(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    const reads = ACTIONS.filter(
      (a) => (a.kind === 'list' || a.kind === 'get' || a.kind === 'api_search' || a.kind === 'create' || a.kind === 'update') && a.request,
    );

    it.each(reads.map((a) => [`${a.entity}.${a.action}`, a] as const))('%s', async (_name, a) => {
      const op = operation(a);
      const ok = op.responses['200'] ?? op.responses['201'];
      const examples = Object.entries(ok.content['application/json'].examples ?? {}).map(([k, v]) => [k, deref(v).value] as const);
      expect(examples.length, 'the document has examples for this response').toBeGreaterThan(0);
      const validate = ajv.compile({ ...recordSchemas, $ref: `#/definitions/${a.recordType}` });
      for (const [key, documented] of examples) {
        let body = documented;
        if (QUIRKS[`${a.entity}.${a.action}`]) {
          // Checked, then undone, so the rest of the example is still held to the record type.
          body = QUIRKS[`${a.entity}.${a.action}`]!(documented);
        }
        serving = body;
        const params: Record<string, unknown> = {};
        for (const [name, rule] of Object.entries(a.params))
          if (rule.required) params[name] = rule.type === 'integer' ? 4242 : 'status:open';
        if (a.action === 'create') params['comment'] = { body: 'hello' };
        const result = await (
          connector as unknown as { execute: (e: string, x: string, p: unknown) => Promise<{ data: unknown }> }
        ).execute(a.entity, a.action, params);
        const records = a.returnsList ? (result.data as unknown[]) : [result.data];
        const expected = a.returnsList ? (body[a.response!.records] as unknown[]) : [body[a.response!.records]];
        expect(records, `${key}: the records the example holds`).toEqual(expected);
        for (const record of records) expect(validate(record), `${key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    });
  });
});
