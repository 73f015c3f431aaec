/**
 * Fidelity of the messaging connector to Slack's own documents: slack_web_openapi_v2.json for
 * parameters and response schemas, completed by the response samples (real responses, keys only)
 * where the schema leaves members out. The checks and how the tables are held to them:
 * test/support/fidelity.ts. Skipped with a message when the vendor specs are absent.
 */
import { readFileSync } from 'node:fs';
import { metadata, recordSchemas } from '@switchyard/connector-messaging';
import { inferShape, recordShapeOf, withMembersFrom, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { OpenApiDocument } from '../support/openapi.js';
import { vendorSpec } from '../support/vendor-specs.js';

const SLACK = 'slack/slack_web_openapi_v2.json';

/** Rules Slack's schema does not state (it marks few parameters required and states no bounds). */
const RULES: SourcedRule[] = [
  {
    param: 'channel',
    rule: 'required',
    actions: ['channels.get'],
    source: { seed: '| channels.get | channel string (channel id) | none |' },
  },
  { param: 'channel', rule: 'required', actions: ['channels.update'], source: { seed: '| channels.update | channel string; name string' } },
  {
    param: 'channel',
    rule: 'required',
    actions: ['channel_messages.list'],
    source: { seed: '| channel_messages.list | channel string |' },
  },
  { param: 'channel', rule: 'required', actions: ['threads.list'], source: { seed: '| threads.list | channel string |' } },
  {
    param: 'channel',
    rule: 'required',
    actions: ['channel_topics.create'],
    source: { seed: '| channel_topics.create | channel string; topic string (max 250 chars) |' },
  },
  {
    param: 'channel',
    rule: 'required',
    actions: ['channel_purposes.create'],
    source: { seed: '| channel_purposes.create | channel string; purpose string (max 250 chars) |' },
  },
  { param: 'user', rule: 'required', source: { seed: '| users.get | user string (user id) | none |' } },
  { param: 'name', rule: 'required', actions: ['channels.create'], source: { seed: '| channels.create | name string' } },
  { param: 'name', rule: 'required', actions: ['channels.update'], source: { seed: 'name string (new name, same rules)' } },
  {
    param: 'name',
    rule: 'minLength',
    actions: ['channels.create', 'channels.update'],
    source: { vendor: SLACK, quote: '"invalid_name_required"' },
  },
  {
    param: 'name',
    rule: 'maxLength',
    actions: ['channels.create', 'channels.update'],
    source: { seed: 'name string (lowercase, no spaces, max 80 chars)' },
  },
  {
    param: 'name',
    rule: 'pattern',
    actions: ['channels.create', 'channels.update'],
    source: { reference: 'Channel names: lowercase letters, digits, `-`, `_`, at most 80 characters' },
  },
  { param: 'topic', rule: 'required', source: { seed: 'channel_topics.create | channel string; topic string (max 250 chars)' } },
  { param: 'topic', rule: 'maxLength', source: { seed: 'topic string (max 250 chars)' } },
  { param: 'purpose', rule: 'required', source: { seed: 'channel_purposes.create | channel string; purpose string (max 250 chars)' } },
  { param: 'purpose', rule: 'maxLength', source: { seed: 'purpose string (max 250 chars)' } },
  {
    param: 'text',
    rule: 'required',
    actions: ['messages.create'],
    source: { seed: 'channel string (channel id, private group id or user id); text string (message markup supported)' },
  },
  {
    param: 'text',
    rule: 'required',
    actions: ['messages.update'],
    source: { seed: '| messages.update | channel string; ts string; text string |' },
  },
  {
    param: 'text',
    rule: 'minLength',
    source: { vendor: SLACK, quote: '"no_text"' },
    note: 'chat.postMessage and chat.update list no_text among their errors: Slack refuses an empty text when no blocks or attachments come with it, and this connector sends none.',
  },
  {
    param: 'limit',
    rule: 'maximum',
    actions: ['users.list', 'channel_messages.list', 'threads.list'],
    source: { reference: 'keep under 1,000' },
    states: 'under 1,000',
  },
  {
    param: 'limit',
    rule: 'maximum',
    actions: ['channels.list'],
    source: { vendor: SLACK, quote: 'Must be an integer no larger than 1000.' },
  },
  {
    param: 'types',
    rule: 'pattern',
    source: { vendor: SLACK, quote: 'comma-separated list of any combination of `public_channel`, `private_channel`, `mpim`, `im`' },
  },
  {
    param: 'oldest',
    rule: 'pattern',
    source: { vendor: SLACK, quote: '"invalid_ts_oldest"' },
    note: 'conversations.history and conversations.replies type oldest as a number (a Unix timestamp).',
  },
  {
    param: 'latest',
    rule: 'pattern',
    source: { vendor: SLACK, quote: '"invalid_ts_latest"' },
    note: 'conversations.history and conversations.replies type latest as a number (a Unix timestamp).',
  },
  {
    param: 'ts',
    rule: 'pattern',
    actions: ['threads.list'],
    source: { vendor: SLACK, quote: "Unique identifier of a thread's parent message." },
    note: 'conversations.replies types ts as a number (a Unix timestamp).',
  },
  { param: 'timestamp', rule: 'pattern', source: { vendor: SLACK, quote: '"bad_timestamp"' } },
  {
    param: 'name',
    rule: 'pattern',
    actions: ['reactions.create'],
    source: { seed: 'name string (emoji name without colons)' },
    note: 'refuses only a name wrapped in colons (:thumbsup:); a skin tone keeps its inner colons.',
  },
];

const MESSAGE_PARTS = ['app_id', 'edited', 'is_locked'];
const ATTACHMENT_PARTS = [
  'author_icon',
  'author_link',
  'author_name',
  'color',
  'fields',
  'footer',
  'footer_icon',
  'pretext',
  'text',
  'thumb_url',
  'title',
  'title_link',
  'ts',
];
const THREAD_PARTS = [
  'app_id',
  'attachments',
  'blocks',
  'bot_id',
  'bot_profile',
  'edited',
  'files',
  'is_locked',
  'parent_user_id',
  'reactions',
  'subtype',
];

/** Where Slack's schema (and its samples) and our records differ, and why ours is right. */
const FIELDS: FieldException[] = [
  {
    at: ['User.is_email_confirmed', 'User.who_can_share_contact_card'],
    kind: 'undocumented',
    why: 'The contract names them; Slack sends them on current users (the 2020 schema predates them). Optional and nullable here.',
    source: { seed: 'who_can_share_contact_card string?' },
  },
  {
    at: ['User.tz_offset', 'User.updated'],
    kind: 'type',
    why: 'Slack types them number; they are whole seconds (an offset, a Unix time), and the contract types them integer.',
    source: { seed: 'tz_offset integer?; updated integer?' },
  },
  {
    at: ['Channel.context_team_id', 'Channel.properties', 'Channel.updated', 'Channel.locale'],
    kind: 'undocumented',
    why: 'The contract names them (locale is a searchable field of the contract); newer than the 2020 schema and the samples. Optional and nullable here.',
    source: { seed: 'name, name_normalized, context_team_id, creator, parent_conversation string?' },
  },
  {
    at: MESSAGE_PARTS.map((f) => `Message.${f}`),
    kind: 'undocumented',
    why: 'The contract names them on a message; Slack sends them on messages from apps, edits and locked threads. Optional here.',
    source: { seed: 'user, text, thread_ts, latest_reply, bot_id, app_id, team string?' },
  },
  {
    at: ATTACHMENT_PARTS.map((f) => `Message.attachments[].${f}`),
    kind: 'undocumented',
    why: "The contract's attachment members (Slack's legacy message attachments); the schema keeps only id and fallback. Optional here.",
    source: {
      seed: 'fallback, color, pretext, author_name, author_link, author_icon, title, title_link, text, image_url, thumb_url, footer, footer_icon string?',
    },
  },
  {
    at: THREAD_PARTS.map((f) => `ThreadMessage.${f}`),
    kind: 'undocumented',
    why: 'The members of a message (contract: thread records are messages plus parent_user_id); the replies schema describes fewer. Optional here.',
    source: { seed: 'Thread records add parent_user_id string?' },
  },
  {
    at: [
      'PostedMessage.type',
      'PostedMessage.subtype',
      'PostedMessage.user',
      'PostedMessage.bot_id',
      'PostedMessage.app_id',
      'PostedMessage.team',
      'PostedMessage.bot_profile',
    ],
    kind: 'undocumented',
    why: "chat.update's schema describes its message as text, attachments and blocks only; Slack sends the whole message, as chat.postMessage's sample shows. Optional here.",
    source: { seed: 'Fields: type, subtype, text, user, bot_id, app_id, team string?; ts string; bot_profile object | any.' },
  },
];

describeFidelity<OpenApiDocument>({
  vendor: "Slack's OpenAPI document and response samples",
  document: ['slack', 'slack_web_openapi_v2.json'],
  load: (path) => OpenApiDocument.load(path),
  metadata,
  recordSchemas,
  vendorParam(doc, rule) {
    const found = rule.meta && doc.operation(rule.meta.request!.method, rule.meta.request!.path);
    return found ? doc.param(found, rule) : undefined;
  },
  vendorRecord(doc, action) {
    const found = doc.operation(action.request!.method, action.request!.path);
    const schema = found && doc.responseShape(found);
    if (!schema) return undefined;
    // A real response of the method, keys kept and values anonymised: members the schema omits.
    const sample = vendorSpec('slack', 'response-samples', `${action.request!.path.slice(1)}.json`);
    const body = withMembersFrom(schema, sample ? inferShape([JSON.parse(readFileSync(sample, 'utf8'))]) : undefined);
    return recordShapeOf(action, body);
  },
  rules: RULES,
  fields: FIELDS,
  alwaysPresent: [
    { record: 'User', seedLine: 'user (entity users). Record:' },
    {
      record: 'Channel',
      seedLine: 'channel (entity channels; also the record returned by channel create, update, topic and purpose actions). Record:',
    },
    { record: 'Message', seedLine: 'message (entities channel_messages and threads). Record:' },
    { record: 'PostedMessage', seedLine: 'posted message (entity messages, create and update response). Fields:' },
    { record: 'ReactionResult', seedLine: 'reaction (entity reactions, create response). Field:' },
  ],
});
