/**
 * Fidelity of the recruiting connector to Greenhouse's Harvest v1 documentation (no OpenAPI
 * document exists): parameter rules against the docs' text, record fields against the documented
 * example responses (a field every example carries is present, a null in any example makes it
 * nullable). The checks and how the tables are held to them: test/support/fidelity.ts. Skipped
 * with a message when the vendor specs are absent.
 */
import { readFileSync } from 'node:fs';
import { metadata, recordSchemas } from '@switchyard/connector-recruiting';
import { inferShape, recordShapeOf, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';

const HARVEST = 'https://harvest.greenhouse.io/v1';

interface ExampleEntry {
  url: string;
  examples: unknown[];
}

const DOCS = 'greenhouse/harvest-docs-md';
const PER_PAGE = { vendor: `${DOCS}/_applications.md`, quote: 'Must be an integer between 1 and 500. Defaults to 100.' };
const TIMESTAMP = {
  vendor: `${DOCS}/_applications.md`,
  quote: 'Return only applications that were created before this timestamp. Timestamp must be in in [ISO-8601]',
};

/** Harvest states its rules in prose only; each rule here with the docs' (or the facts reference's) words. */
const RULES: SourcedRule[] = [
  { param: 'per_page', rule: 'minimum', source: PER_PAGE },
  { param: 'per_page', rule: 'maximum', source: PER_PAGE },
  { param: 'page', rule: 'minimum', source: { reference: '`per_page` (1–500, default 100), `page` (1-based)' } },
  ...[
    'created_before',
    'created_after',
    'updated_before',
    'updated_after',
    'last_activity_after',
    'resolved_after',
    'starts_before',
    'starts_after',
    'ends_before',
    'ends_after',
  ].map((param) => ({
    param,
    rule: 'format' as const,
    source: TIMESTAMP,
    note: 'Every timestamp filter of the docs is ISO-8601 (users, jobs and offers say so in the same words; scheduled interviews write "timestamp").',
  })),
  {
    param: 'status',
    rule: 'enum',
    source: { vendor: `${DOCS}/_applications.md`, quote: 'Accepted values are active, converted, hired, and rejected.' },
  },
];

/** Where Harvest's examples and our records differ, and why ours is right. */
const FIELDS: FieldException[] = [
  {
    at: 'Department.parent_department_external_id',
    kind: 'undocumented',
    why: "The contract's department record names it; the docs' department examples predate it. Optional and nullable here.",
    source: { seed: 'parent_department_external_id, external_id string?' },
  },
];

describeFidelity<Record<string, ExampleEntry>>({
  vendor: "Greenhouse's Harvest docs and their example responses",
  document: ['greenhouse', 'examples-from-docs', 'harvest-v1-get-examples.json'],
  load: (path) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, ExampleEntry>,
  metadata,
  recordSchemas,
  // The docs state parameters in prose only: every rule is in the table, with the words.
  vendorParam: () => undefined,
  vendorRecord(entries, action) {
    const entry = Object.values(entries).find((e) => e.url === `${HARVEST}${action.request!.path}`);
    // render_as=tree examples (records with `children`) are a shape the connector never asks for.
    const examples = entry?.examples.filter(
      (body) => !(Array.isArray(body) ? body : [body]).some((r) => r && typeof r === 'object' && 'children' in r),
    );
    return examples?.length ? recordShapeOf(action, inferShape(action.returnsList ? [examples.flat()] : examples)) : undefined;
  },
  rules: RULES,
  fields: FIELDS,
  alwaysPresent: [
    { record: 'Candidate', seedLine: 'candidates. Record:' },
    {
      record: 'Application',
      seedLine: 'applications. Record:',
      except: {
        source:
          'Greenhouse answers source: null for an application created without one (source_id is optional on create); recorded answers show it.',
        credited_to: 'Greenhouse answers credited_to: null when nobody is credited.',
      },
    },
    { record: 'Job', seedLine: 'jobs. Record:', except: { opened_at: 'A draft job that was never opened has opened_at: null.' } },
    { record: 'Offer', seedLine: 'offers. Record:' },
    { record: 'User', seedLine: 'users. Record: id integer;' },
    { record: 'Department', seedLine: 'departments. Record:' },
    { record: 'Office', seedLine: 'offices. Record:' },
  ],
});
