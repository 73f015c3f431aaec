/**
 * Fidelity of the support-desk connector to Zendesk's OpenAPI document (support-oas.yaml): the
 * checks and how the tables are held to them are in test/support/fidelity.ts. Skipped with a
 * message when the vendor specs are absent.
 */
import { metadata, recordSchemas } from '@switchyard/connector-support-desk';
import { recordShapeOf, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { OpenApiDocument } from '../support/openapi.js';

const ZENDESK = 'zendesk/support-oas.yaml';
const LISTS = [
  'brands.list',
  'groups.list',
  'macros.list',
  'organizations.list',
  'satisfaction_ratings.list',
  'ticket_comments.list',
  'ticket_fields.list',
  'tickets.list',
  'users.list',
  'views.list',
];

/** Rules Zendesk's schema does not state as keywords; each is in its words, or the contract's. */
const RULES: SourcedRule[] = [
  { param: 'page_size', rule: 'maximum', actions: LISTS, source: { reference: 'page[size]` max 100 on most endpoints' } },
  {
    param: 'page_size',
    rule: 'maximum',
    actions: ['tickets.api_search'],
    source: { vendor: ZENDESK, quote: 'Returns a maximum of 1000 records per page.' },
  },
  {
    param: 'access',
    rule: 'enum',
    actions: ['views.list'],
    source: { vendor: ZENDESK, quote: 'Only views with given access. May be "personal", "shared", or "account"' },
  },
  {
    param: 'access',
    rule: 'enum',
    actions: ['macros.list'],
    source: { vendor: ZENDESK, quote: 'Possible values are "personal", "agents", "shared", or "account".' },
  },
  {
    param: 'filter_type',
    rule: 'enum',
    source: { vendor: ZENDESK, quote: 'Can be `ticket`, `organization`, `user`, or `group`.' },
    note: 'This action exports tickets; the other types are the records of other entities.',
  },
  {
    param: 'query',
    rule: 'pattern',
    actions: ['tickets.api_search'],
    source: { vendor: ZENDESK, quote: 'Searches with type in the query string will result in an error.' },
    note: 'type:ticket is dropped on the wire (drop), so the pattern refuses only other type: terms and a query with nothing else.',
  },
  { param: 'range_header', rule: 'pattern', source: { seed: 'range_header string (partial download, byte range form)' } },
  { param: 'subdomain', rule: 'required', source: { seed: 'subdomain, string, required, the support desk subdomain' } },
  {
    param: 'subdomain',
    rule: 'pattern',
    source: { reference: "`https://{subdomain}.zendesk.com/api/v2` (the seed's `subdomain` config variable)" },
    note: 'one label of that host name: letters, digits and inner hyphens, so no value can change the host.',
  },
];

/** Where Zendesk's schema and our records differ, and why ours is right. */
const FIELDS: FieldException[] = [
  {
    at: [
      'Attachment',
      'Brand',
      'Group',
      'Macro',
      'Organization',
      'SatisfactionRating',
      'Ticket',
      'TicketComment',
      'TicketField',
      'User',
      'View',
    ].map((record) => `${record}.id`),
    kind: 'presence',
    why: 'Zendesk marks ids readOnly ("Automatically assigned when the ticket is created"), not required: its schemas serve requests too. Every answer carries the id of what it returns.',
    source: { vendor: ZENDESK, quote: 'Automatically assigned when the ticket is created' },
  },
  {
    at: 'TicketComment.attachments[].id',
    kind: 'presence',
    why: 'An attachment of a comment is always returned with its id (readOnly in the schema).',
  },
  {
    at: 'Ticket.tags',
    kind: 'type',
    why: 'The ticket schema serves requests too, where tags may be "A single tag string"; answers carry the array, as every ticket example shows.',
    source: { vendor: ZENDESK, quote: 'A single tag string' },
  },
  {
    at: 'View.url',
    kind: 'undocumented',
    why: 'Zendesk sends the API URL of every view (as of every other record); the view schema omits it. Optional and nullable here.',
  },
];

describeFidelity<OpenApiDocument>({
  vendor: "Zendesk's OpenAPI document",
  document: ['zendesk', 'support-oas.yaml'],
  load: (path) => OpenApiDocument.load(path),
  metadata,
  recordSchemas,
  vendorParam(doc, rule) {
    const found = rule.meta && doc.operation(rule.meta.request!.method, `/api/v2${rule.meta.request!.path}`);
    return found ? doc.param(found, rule) : undefined;
  },
  vendorRecord(doc, action) {
    // Export results are the exported objects themselves: "May consist of tickets, users, groups,
    // or organizations, as specified by the `filter_type` parameter" (ExportSearchResults); the
    // document's generic search result schema does not describe a ticket, so Show Ticket's does.
    const exported = action.kind === 'api_search';
    const found = exported
      ? doc.operation('GET', '/api/v2/tickets/{ticket_id}')
      : doc.operation(action.request!.method, `/api/v2${action.request!.path}`);
    const body = found && doc.responseShape(found);
    if (!body) return undefined;
    if (exported) return recordShapeOf({ ...action, returnsList: false, response: { records: 'ticket' } }, body);
    const record = recordShapeOf(action, body);
    // Show Satisfaction Rating's schema wraps the one rating in an array; the API answers with the
    // object (the quirk is asserted in conformance.test.ts).
    return action.entity === 'satisfaction_ratings' && action.kind === 'get' && record?.items ? record.items : record;
  },
  rules: RULES,
  fields: FIELDS,
});
