/**
 * Fidelity of the customer-messaging connector to Intercom's OpenAPI document
 * (api.intercom.io.v2.11.yaml): the checks and how the tables are held to them are in
 * test/support/fidelity.ts. Skipped with a message when the vendor specs are absent.
 */
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { metadata, recordSchemas } from '@switchyard/connector-customer-messaging';
import { recordShapeOf, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { OpenApiDocument } from '../support/openapi.js';

const INTERCOM = 'intercom/api.intercom.io.v2.11.yaml';

/** Rules Intercom's schema does not state as keywords; each is in Intercom's words or the facts reference. */
const RULES: SourcedRule[] = [
  {
    param: 'per_page',
    rule: 'maximum',
    actions: ['contacts.list'],
    source: { reference: '`per_page` (contacts default 50, conversations default 20; max 150)' },
  },
  {
    param: 'starting_after',
    rule: 'pattern',
    actions: ['companies.list'],
    source: { vendor: INTERCOM, quote: 'The page of results to fetch. Defaults to first page' },
    note: "sent as Intercom's integer `page` (the contract's cursor carries the page number): 1, 2, …",
  },
  {
    param: 'region',
    rule: 'enum',
    source: {
      reference: 'by workspace region: US `https://api.intercom.io`, EU `https://api.eu.intercom.io`, AU `https://api.au.intercom.io`',
    },
  },
];

const SEARCHABLE =
  "The contract's hosted search holds it, so the record names it; Intercom sends it on current workspaces although the 2.11 schema does not describe it. Optional and nullable here.";

/** Where Intercom's schema and our records differ, and why ours is right. */
const FIELDS: FieldException[] = [
  {
    at: [
      'opted_in_subscription_types',
      'opted_out_subscription_types',
      'referrer',
      'sms_consent',
      'unsubscribed_from_sms',
      'utm_campaign',
      'utm_content',
      'utm_medium',
      'utm_source',
      'utm_term',
    ].map((f) => `Contact.${f}`),
    kind: 'undocumented',
    why: SEARCHABLE,
    source: { seed: 'booleans has_hard_bounced, marked_email_as_spam, sms_consent, unsubscribed_from_emails, unsubscribed_from_sms' },
  },
  {
    at: ['assignee', 'conversation_message', 'customer_first_reply', 'customers', 'redacted', 'sent_at', 'topics', 'user'].map(
      (f) => `Conversation.${f}`,
    ),
    kind: 'undocumented',
    why: SEARCHABLE,
    source: {
      seed: 'objects ai_agent, assignee, contacts, conversation_message, conversation_rating, custom_attributes, customer_first_reply',
    },
  },
  {
    at: 'Conversation.conversation_parts',
    kind: 'undocumented',
    why: "The contract's conversation record names it (GET /conversations/{id} returns up to 500 parts; the list does not). Unconstrained and optional here.",
    source: { seed: 'statistics, conversation_parts object | any' },
  },
  {
    at: 'Admin.email_verified',
    kind: 'undocumented',
    why: "The contract's admin record names it; the 2.11 admin schema does not. Optional and nullable here.",
    source: { seed: 'email_verified, away_mode_enabled, away_mode_reassign, has_inbox_seat boolean?' },
  },
  {
    at: ['Tag.applied_at', 'Tag.applied_by'],
    kind: 'undocumented',
    why: "The contract's tag record names them (a tag as applied to a contact or conversation); the tag schema describes the bare tag. Optional here.",
    source: { seed: 'tags. Record: type, name string?; id string; applied_at integer?; applied_by object | any.' },
  },
  {
    at: 'Tag.id',
    kind: 'presence',
    why: "Intercom's tag schema lists no required members; the contract marks the id present, and every tag Intercom returns has one.",
    source: { seed: 'tags. Record: type, name string?; id string;' },
  },
];

describeFidelity<OpenApiDocument>({
  vendor: "Intercom's OpenAPI document",
  document: ['intercom', 'api.intercom.io.v2.11.yaml'],
  load: (path) => OpenApiDocument.load(path),
  metadata,
  recordSchemas,
  vendorParam(doc, rule) {
    const found = rule.meta && doc.operation(rule.meta.request!.method, rule.meta.request!.path);
    return found ? doc.param(found, rule) : undefined;
  },
  vendorRecord(doc, action) {
    const found = doc.operation(action.request!.method, action.request!.path);
    const body = found && doc.responseShape(found);
    return body && recordShapeOf(action, body);
  },
  rules: RULES,
  fields: FIELDS,
  alwaysPresent: [
    { record: 'Contact', seedLine: 'contacts. Record:' },
    { record: 'Conversation', seedLine: 'conversations. Record:' },
    { record: 'Company', seedLine: 'companies. Record:' },
    { record: 'Team', seedLine: 'teams. Record:' },
    { record: 'Admin', seedLine: 'admins. Record:' },
    { record: 'Tag', seedLine: 'tags. Record:' },
    { record: 'Segment', seedLine: 'segments. Record:' },
  ],
});

// Intercom 2.11's contact schema types avatar as {type, image_url}; its field table (and the
// contract) say a string. A contact with either, or null, is a valid record.
it('a contact avatar may be an object, a string or null', () => {
  const validate = new Ajv({ strict: false }).compile({ ...recordSchemas, $ref: '#/definitions/Contact' });
  for (const avatar of [
    { type: 'avatar', image_url: 'https://static.intercomassets.com/avatars/1.png' },
    'https://x.example/a.png',
    null,
  ]) {
    expect(validate({ id: '667d60a88a68186f43bafdb8', avatar }), JSON.stringify(avatar)).toBe(true);
  }
  expect(validate({ id: '667d60a88a68186f43bafdb8', avatar: 42 })).toBe(false);
});
