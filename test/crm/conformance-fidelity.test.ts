/**
 * Fidelity of the CRM connector to HubSpot. HubSpot's own specs are not licensed for use here, so
 * the documents are the vendor facts reference (../shared/reference/vendor-apis.md) and the
 * contract's record lines: every parameter rule must be stated there, and every record field
 * agree with the contract's record and HubSpot's documented property values. The checks and how
 * the tables are held to them: test/support/fidelity.ts. Skipped with a message when the shared
 * documents are absent.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { metadata, recordSchemas } from '@switchyard/connector-crm';
import { seedRecordShape, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';

const OBJECT_RECORD = 'Object record (contacts, companies, deals, tickets, and objects of any type):';
const SCHEMA_RECORD = 'schemas (custom object schemas). Record:';

const SEARCH = ['contacts.api_search', 'companies.api_search', 'deals.api_search', 'tickets.api_search'];
const LISTS = ['contacts.list', 'companies.list', 'deals.list', 'tickets.list', 'objects.list'];
const LIMITS = { reference: 'at most 5 `filterGroups`, 10 filters per group, 25 filters in total' };
const EVERY_FIELD = { reference: 'search request schema marks every field required' };

/** Every rule with the reference's or the contract's words (HubSpot's own specs are not usable here). */
const RULES: SourcedRule[] = [
  {
    param: 'limit',
    rule: 'maximum',
    actions: LISTS,
    source: { reference: 'query `limit` (vendor default 10, max 100; max 50 when `propertiesWithHistory` is used)' },
  },
  { param: 'limit', rule: 'maximum', actions: SEARCH, source: { reference: 'search: body `limit` (max 200)' } },
  { param: 'filterGroups', rule: 'maxItems', source: LIMITS },
  { param: 'filterGroups[].filters', rule: 'maxItems', source: LIMITS },
  { param: 'filterGroups', rule: 'totalItems', source: LIMITS, note: '25 filters in all, across the groups' },
  { param: 'filterGroups[].filters[].propertyName', rule: 'required', source: EVERY_FIELD },
  { param: 'filterGroups[].filters[].operator', rule: 'required', source: EVERY_FIELD },
  {
    param: 'filterGroups[].filters[].operator',
    rule: 'enum',
    source: {
      seed: 'Filter operator values (api_search): BETWEEN, CONTAINS_TOKEN, EQ, GT, GTE, HAS_PROPERTY, IN, LT, LTE, NEQ, NOT_CONTAINS_TOKEN, NOT_HAS_PROPERTY, NOT_IN.',
    },
    note: 'The reference: "Operators (seed list) map one to one to HubSpot\'s".',
  },
  {
    param: 'filterGroups[].filters[]',
    rule: 'when',
    source: { reference: '`BETWEEN` uses `value` and `highValue`; `IN`/`NOT_IN` use `values`' },
  },
  { param: 'sorts[].propertyName', rule: 'required', source: EVERY_FIELD },
  { param: 'sorts[].direction', rule: 'enum', source: { seed: 'Sort direction values: ASCENDING, DESCENDING.' } },
  { param: 'query', rule: 'maxLength', source: { seed: '| query | string | search text, up to 3000 characters |' } },
];

/** Where our records go beyond the contract's record line, and why. */
const FIELDS: FieldException[] = [
  {
    at: ['Contact.companies', 'Company.contacts', 'Deal.companies', 'Deal.contacts', 'Deal.line_items'],
    kind: 'undocumented',
    why: "The contract's hosted search holds the associated ids (derived from associations.<type>.results[].id, which HubSpot sends when associations is asked for); optional and nullable here.",
    source: { seed: 'deals | archived boolean; companies array; contacts array; line_items array' },
  },
  {
    at: ['ObjectSchema.requiredProperties', 'ObjectSchema.searchableProperties'],
    kind: 'undocumented',
    why: 'The contract names both (its line runs the second name into its type: "searchablePropertiesarray<string> (both array<string>)"), so the record line cannot be read for them; typed array<string> here as it says.',
    source: { seed: 'requiredProperties, searchablePropertiesarray<string> (both array<string>)' },
  },
];

describeFidelity<null>({
  vendor: 'the vendor facts reference and the contract’s records',
  document: ['..', 'reference', 'vendor-apis.md'],
  load: () => null,
  metadata,
  recordSchemas,
  // No machine-readable HubSpot document: every rule is in the table, with the reference's words.
  vendorParam: () => undefined,
  vendorRecord: (_doc, action) => seedRecordShape(action.recordType === 'ObjectSchema' ? SCHEMA_RECORD : OBJECT_RECORD),
  rules: RULES,
  fields: FIELDS,
  alwaysPresent: [{ record: 'CrmObject', seedLine: OBJECT_RECORD }],
});

// The reference: "All property values arrive as strings (numbers and dates included) or `null`".
describeWithVendorSpec('HubSpot property values', ['..', 'reference', 'vendor-apis.md'], (path) => {
  it('are typed string or null in every object record, as the reference says they arrive', () => {
    expect(readFileSync(path, 'utf8')).toContain('All property values arrive as strings (numbers and dates included) or `null`');
    for (const name of ['CrmObject', 'Contact', 'Company', 'Deal']) {
      const record = recordSchemas.definitions[name as 'CrmObject'] as { properties: { properties: unknown } };
      expect(record.properties.properties, name).toMatchObject({
        type: 'object',
        additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      });
    }
  });
});
