/**
 * The fidelity checks of test/support/fidelity.ts as one suite a family file runs with its own
 * vendor document and tables (`test/<family>/conformance-fidelity.test.ts`). The suite is skipped
 * with a message when the vendor document is absent (describeWithVendorSpec).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { ActionMetadata, ConnectorMetadata } from '@switchyard/runtime';
import {
  fieldSourceProblems,
  paramRules,
  recordProblems,
  ruleKey,
  seedAlwaysPresent,
  SHARED_DIR,
  sourceProblems,
  unexplained,
  unsourcedRules,
  type FieldException,
  type FieldProblem,
  type OurRule,
  type Shape,
  type SourcedRule,
  type VendorParam,
} from './fidelity.js';
import { describeWithVendorSpec } from './vendor-specs.js';

type RecordSchemas = { definitions: Record<string, unknown> };

export interface FidelitySuite<D> {
  /** What the suite checks against, for its title (`Slack's OpenAPI document`). */
  vendor: string;
  /** The document under the vendor-specs folder; the suite is skipped when it is absent. */
  document: string[];
  /** Reads the document once (before the first test). */
  load(path: string): D;
  metadata: ConnectorMetadata;
  recordSchemas: RecordSchemas;
  /** What the vendor's document says of the parameter a rule applies to. */
  vendorParam(doc: D, rule: OurRule): VendorParam | undefined;
  /** The shape of one record the action returns, in the vendor's document (undefined: not described). */
  vendorRecord(doc: D, action: ActionMetadata): Shape | undefined;
  /**
   * GraphQL: an answer holds exactly what the document selects, so a field of ours the document
   * does not select is simply absent, which is right when our record lets it be absent.
   */
  selection?: boolean;
  /** Rules no vendor schema states, each with the document that does. */
  rules: readonly SourcedRule[];
  /** Justified disagreements between our record fields and the vendor's schema. */
  fields: readonly FieldException[];
  /**
   * Records whose fields the seed marks always present (no `?`), by the start of the seed's record
   * line: each such field must be required and non-null in our record.
   */
  alwaysPresent?: readonly {
    record: string;
    seedLine: string;
    /** Fields the seed marks present that ours leaves optional or nullable, with the reason (real answers lack them). */
    except?: Readonly<Record<string, string>>;
  }[];
}

/** Actions that reach the vendor and return records. */
function recordActions(metadata: ConnectorMetadata): ActionMetadata[] {
  return Object.values(metadata.actions)
    .flatMap((actions) => Object.values(actions))
    .filter((a) => !a.hostedOnly && a.recordType && a.kind !== 'download');
}

export function fieldProblems<D>(suite: FidelitySuite<D>, doc: D, recordSchemas: RecordSchemas = suite.recordSchemas): FieldProblem[] {
  return recordActions(suite.metadata).flatMap((action) => {
    const name = `${action.entity}.${action.action}`;
    const shape = suite.vendorRecord(doc, action);
    if (!shape) return [{ at: action.recordType!, kind: 'undocumented' as const, detail: `no documented response for ${name}` }];
    return recordProblems(action.recordType!, recordSchemas, shape)
      .filter((p) => !(suite.selection && p.kind === 'undocumented' && p.optional))
      .map((p) => ({ ...p, detail: `${p.detail} (${name})` }));
  });
}

export function describeFidelity<D>(suite: FidelitySuite<D>): void {
  describeWithVendorSpec(`${suite.metadata.name}: parameters and records against ${suite.vendor}`, suite.document, (path) => {
    let doc: D;
    beforeAll(() => {
      doc = suite.load(path);
    });
    const rules = paramRules(suite.metadata);
    const lookup = (rule: OurRule) => suite.vendorParam(doc, rule);
    // The quotes are checked against the seeds and the facts reference beside the vendor specs; a
    // vendor-specs folder given on its own (SWITCHYARD_VENDOR_SPECS) leaves those checks out.
    const documents = ['seeds', 'reference'].every((dir) => existsSync(join(SHARED_DIR, dir)));
    const withDocuments = documents ? it : it.skip;
    if (!documents)
      console.warn(`[conformance] ${suite.metadata.name}: no seeds/ and reference/ beside ${SHARED_DIR}; quoted sources are not checked.`);

    it('(a) every parameter rule is stated by the vendor’s schema, or sourced in the table', () => {
      const { unsourced, stale, covered } = unsourcedRules(rules, lookup, suite.rules);
      if (process.env['FIDELITY_DUMP']) console.log(JSON.stringify({ unsourced, stale }, null, 1));
      expect(unsourced).toEqual([]);
      expect(stale).toEqual([]);
      expect(covered + rules.length).toBeGreaterThan(0);
    });

    withDocuments('(a) every table entry quotes its document, and states the number it bounds by', () => {
      expect(sourceProblems(rules, suite.rules)).toEqual([]);
    });

    it('(a) a rule nobody states is caught (the check is not vacuous)', () => {
      const target = rules.find((r) => r.meta && r.location !== 'path');
      expect(target, 'a parameter to tamper with').toBeDefined();
      const invented: OurRule = { ...target!, rule: 'maxLength', value: 7 };
      const { unsourced } = unsourcedRules([...rules, invented], lookup, suite.rules);
      expect(unsourced).toEqual([ruleKey(invented)]);
    });

    it('(b) every record field agrees with the vendor’s response schema, or is a justified exception', () => {
      const { open, stale } = unexplained(fieldProblems(suite, doc), suite.fields);
      if (process.env['FIDELITY_DUMP']) console.log(JSON.stringify({ open, stale }, null, 1));
      expect(open).toEqual([]);
      expect(stale).toEqual([]);
    });

    withDocuments('(b) every exception that cites a document quotes it', () => {
      expect(fieldSourceProblems(suite.fields)).toEqual([]);
    });

    it('(b) a record made stricter than the vendor is caught (the check is not vacuous)', () => {
      const strict = structuredClone(suite.recordSchemas) as RecordSchemas;
      for (const definition of Object.values(strict.definitions) as Array<{ properties?: Record<string, unknown>; required?: string[] }>) {
        for (const [name, property] of Object.entries(definition.properties ?? {})) {
          const p = property as { anyOf?: Array<{ type?: string }> };
          if (p.anyOf) p.anyOf = p.anyOf.filter((part) => part.type !== 'null');
          definition.required = [...new Set([...(definition.required ?? []), name])];
        }
      }
      const before = fieldProblems(suite, doc).filter((p) => p.kind !== 'undocumented').length;
      const after = fieldProblems(suite, doc, strict).filter((p) => p.kind !== 'undocumented').length;
      expect(after).toBeGreaterThan(before);
    });

    if (suite.alwaysPresent?.length) {
      withDocuments.each(suite.alwaysPresent.map((entry) => [entry.record, entry] as const))(
        '(c) %s: every field the seed marks always present is required and non-null',
        (_record, { record, seedLine, except = {} }) => {
          const fields = seedAlwaysPresent(seedLine);
          expect(fields, `the seed line "${seedLine}"`).toBeDefined();
          expect(fields!.length).toBeGreaterThan(0);
          const definition = suite.recordSchemas.definitions[record] as {
            properties: Record<string, { anyOf?: Array<{ type?: string }>; type?: string }>;
            required: string[];
          };
          const loose = fields!.filter((field) => {
            const property = definition.properties[field];
            const typed = property?.type !== undefined || (property as { $ref?: string } | undefined)?.$ref !== undefined;
            return !typed || !definition.required.includes(field) || property!.anyOf?.some((p) => p.type === 'null');
          });
          // Each exception names a field the seed marks present and ours really leaves loose.
          expect(loose.filter((field) => !(field in except))).toEqual([]);
          expect(Object.keys(except).filter((field) => !loose.includes(field))).toEqual([]);
        },
      );
    }
  });
}
