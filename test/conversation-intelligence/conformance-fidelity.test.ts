/**
 * Fidelity of the conversation-intelligence connector to Gong's OpenAPI document
 * (gong-openapi.json): the checks and how the tables are held to them are in
 * test/support/fidelity.ts. Skipped with a message when the vendor specs are absent.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { metadata, recordSchemas } from '@switchyard/connector-conversation-intelligence';
import { recordShapeOf, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { OpenApiDocument } from '../support/openapi.js';

const GONG = 'gong/gong-openapi.json';

const ID = { vendor: GONG, quote: "Gong's unique numeric identifier for the call (up to 20 digits)." };
const USER_ID = { vendor: GONG, quote: "Gong's unique numeric identifier for the user (up to 20 digits)." };
const WORKSPACE_ID = { vendor: GONG, quote: "Gong's unique numeric identifier for the call's workspace (up to 20 digits)." };
const FOLDER_ID = { vendor: GONG, quote: "Gong's unique numeric identifier for the folder (up to 20 digits)." };
const DATE_TIME = {
  vendor: GONG,
  quote: "in ISO-8601 format: '2018-02-18T02:30:00-07:00' or '2018-02-18T08:00:00Z', where Z stands for UTC",
};
const DATE = { vendor: GONG, quote: 'The date should be specified in the following format: YYYY-MM-DD.' };
const MEDIA = {
  seed: 'filter.callIds array<string> (the single call id); contentSelector.exposedFields.media boolean (must be true to obtain media URLs); range_header string (partial download, byte range form)',
};
const DOWNLOADS = ['call_audio.download', 'call_video.download'];
const STATS = ['stats_activity_aggregate.list', 'stats_activity_day_by_day.list', 'stats_interaction.list'];

/** Rules Gong's schema does not state as keywords; each is in its words, or the contract's. */
const RULES: SourcedRule[] = [
  { param: 'id', rule: 'pattern', actions: ['calls.get'], source: ID },
  { param: 'id', rule: 'pattern', actions: ['users.get'], source: USER_ID },
  { param: 'filter.callIds[]', rule: 'pattern', source: ID },
  { param: 'filter.userIds[]', rule: 'pattern', source: USER_ID },
  { param: 'filter.workspaceId', rule: 'pattern', source: WORKSPACE_ID },
  { param: 'workspaceId', rule: 'pattern', source: WORKSPACE_ID },
  {
    param: 'workspace_id',
    rule: 'pattern',
    source: WORKSPACE_ID,
    note: 'Gong types workspace-id as an int64; the digits are sent as they are.',
  },
  { param: 'manager_id', rule: 'pattern', source: USER_ID, note: 'Gong types manager-id as an int64; the digits are sent as they are.' },
  { param: 'folderId', rule: 'pattern', source: FOLDER_ID },
  { param: 'folderId', rule: 'required', source: { seed: '| library_folder_content.list | folderId string | cursor string |' } },
  ...['fromDateTime', 'toDateTime', 'filter.fromDateTime', 'filter.toDateTime', 'from_', 'to'].map((param) => ({
    param,
    rule: 'format' as const,
    source: DATE_TIME,
  })),
  { param: 'filter.fromDate', rule: 'format', actions: STATS, source: DATE },
  { param: 'filter.toDate', rule: 'format', actions: STATS, source: DATE },
  { param: 'filter.callIds', rule: 'required', actions: DOWNLOADS, source: MEDIA },
  { param: 'filter.callIds', rule: 'minItems', actions: DOWNLOADS, source: MEDIA, note: 'the single call id: exactly one' },
  { param: 'filter.callIds', rule: 'maxItems', actions: DOWNLOADS, source: MEDIA, states: 'the single call id' },
  { param: 'contentSelector.exposedFields', rule: 'required', actions: DOWNLOADS, source: MEDIA },
  { param: 'contentSelector.exposedFields.media', rule: 'required', actions: DOWNLOADS, source: MEDIA },
  { param: 'contentSelector.exposedFields.media', rule: 'enum', actions: DOWNLOADS, source: MEDIA },
  { param: 'range_header', rule: 'pattern', actions: DOWNLOADS, source: MEDIA },
  {
    param: 'api_host',
    rule: 'pattern',
    source: { reference: 'per customer, e.g. `https://{tenant}.api.gong.io/v2`' },
    note: 'api.gong.io or one subdomain of it, so a tenant setting cannot send credentials to another host.',
  },
];

const SEED_PRESENT =
  'Gong’s document declares `required` on request bodies only, never on an answer (checked below), so it says nothing of presence; the contract marks these fields present (no `?`).';
const AGGREGATE = [
  'callsAsHost',
  'callsAttended',
  'callsCommentsGiven',
  'callsCommentsReceived',
  'callsGaveFeedback',
  'callsMarkedAsFeedbackGiven',
  'callsMarkedAsFeedbackReceived',
  'callsReceivedFeedback',
  'callsRequestedFeedback',
  'callsScorecardsFilled',
  'callsScorecardsReceived',
  'callsSharedExternally',
  'callsSharedInternally',
  'othersCallsListenedTo',
  'ownCallsListenedTo',
];
const CALL = [
  'id',
  'url',
  'title',
  'scheduled',
  'started',
  'duration',
  'primaryUserId',
  'direction',
  'system',
  'scope',
  'media',
  'language',
  'workspaceId',
  'meetingUrl',
  'isPrivate',
];

/** Where Gong's schema and our records differ, and why ours is right. */
const FIELDS: FieldException[] = [
  {
    at: [
      'id',
      'emailAddress',
      'created',
      'active',
      'emailAliases',
      'firstName',
      'lastName',
      'personalMeetingUrls',
      'settings',
      'spokenLanguages',
    ].map((f) => `User.${f}`),
    kind: 'presence',
    why: SEED_PRESENT,
    source: { seed: 'users. Record: id string; emailAddress string; created string; active boolean; emailAliases array<string>' },
  },
  {
    at: CALL.map((f) => `Call.${f}`),
    kind: 'presence',
    why: SEED_PRESENT,
    source: {
      seed: 'calls. Record: id, url, title, scheduled, started string; duration integer (seconds); primaryUserId, direction, system, scope, media, language, workspaceId, meetingUrl string',
    },
  },
  {
    at: ['ExtensiveCall.id', 'ExtensiveCall.startdatetime', 'ExtensiveCall.metaData', ...CALL.map((f) => `ExtensiveCall.metaData.${f}`)],
    kind: 'presence',
    why: `${SEED_PRESENT} An extensive call is its metaData (the basic call, "id, url, title, …" above) plus the parts asked for; id and startdatetime are derived from it, as the contract's searchable fields name them.`,
    source: { seed: 'id integer (taken from {base_url}); startdatetime string' },
  },
  {
    at: ['CallTranscript.callId', 'CallTranscript.transcript'],
    kind: 'presence',
    why: SEED_PRESENT,
    source: { seed: 'call_transcripts. Record: callId string; transcript array<object>.' },
  },
  {
    at: [
      'UserAggregateActivity.userId',
      'UserAggregateActivity.userEmailAddress',
      'UserAggregateActivity.userAggregateActivityStats',
      ...AGGREGATE.map((f) => `UserAggregateActivity.userAggregateActivityStats.${f}`),
    ],
    kind: 'presence',
    why: SEED_PRESENT,
    source: {
      seed: 'stats_activity_aggregate. Record: userId, userEmailAddress string; userAggregateActivityStats object with integer members callsAsHost',
    },
  },
  {
    at: [
      'UserDailyActivity.userId',
      'UserDailyActivity.userEmailAddress',
      'UserDailyActivity.userDailyActivityStats',
      ...[...AGGREGATE, 'fromDate', 'toDate'].map((f) => `UserDailyActivity.userDailyActivityStats[].${f}`),
    ],
    kind: 'presence',
    why: SEED_PRESENT,
    source: {
      seed: 'stats_activity_day_by_day. Record: userId, userEmailAddress string; userDailyActivityStats array<object>; each item has array<string> members',
    },
  },
  {
    at: ['userId', 'userEmailAddress', 'personInteractionStats', 'personInteractionStats[].name', 'personInteractionStats[].value'].map(
      (f) => `UserInteractionStats.${f}`,
    ),
    kind: 'presence',
    why: SEED_PRESENT,
    source: {
      seed: 'stats_interaction. Record: userId, userEmailAddress string; personInteractionStats array<object> of {name string, value number}.',
    },
  },
  {
    at: ['scorecardId', 'scorecardName', 'enabled', 'updaterUserId', 'created', 'updated', 'reviewMethod', 'questions'].map(
      (f) => `Scorecard.${f}`,
    ),
    kind: 'presence',
    why: SEED_PRESENT,
    source: {
      seed: 'settings_scorecards. Record: scorecardId, scorecardName string; workspaceId string?; enabled boolean; updaterUserId, created, updated, reviewMethod string; questions array<object>',
    },
  },
  {
    at: ['Scorecard.scorecardId', 'Scorecard.updaterUserId', 'Scorecard.workspaceId'],
    kind: 'type',
    why: "Gong types these ids int64; the contract reads ids as strings, and Gong's own example numbers (348056639626337000) have already lost digits to double precision, which a string cannot.",
    source: { seed: 'scorecardId, scorecardName string; workspaceId string?' },
  },
  {
    at: [
      'trackerId',
      'trackerName',
      'affiliation',
      'saidAt',
      'filterQuery',
      'created',
      'updated',
      'languageKeywords',
      'partOfQuestion',
      'saidInTopics',
    ].map((f) => `Tracker.${f}`),
    kind: 'presence',
    why: SEED_PRESENT,
    source: { seed: 'settings_trackers. Record: trackerId, trackerName, affiliation, saidAt, filterQuery, created, updated string' },
  },
  {
    at: ['Workspace.id', 'Workspace.workspaceId', 'Workspace.name', 'Workspace.description'],
    kind: 'presence',
    why: `${SEED_PRESENT} workspaceId is Gong's id.`,
    source: { seed: 'workspaces. Record: id, workspaceId, name, description string.' },
  },
  {
    at: ['LibraryFolder.id', 'LibraryFolder.name', 'LibraryFolder.updated'],
    kind: 'presence',
    why: SEED_PRESENT,
    source: { seed: 'library_folders. Record: id, name, updated string; parentFolderId, createdBy string?.' },
  },
  {
    at: ['LibraryCall.id', 'LibraryCall.callId', 'LibraryCall.title', 'LibraryCall.url'],
    kind: 'presence',
    why: `${SEED_PRESENT} callId is Gong's id.`,
    source: { seed: 'library_folder_content. Record: callId, title, started, primaryUserId, url string; duration integer.' },
  },
  {
    at: ['LibraryCall.started', 'LibraryCall.primaryUserId', 'LibraryCall.duration'],
    kind: 'undocumented',
    why: "The contract names them; Gong's folder-content call schema does not describe them, so they are optional and nullable here.",
    source: { seed: 'library_folder_content. Record: callId, title, started, primaryUserId, url string; duration integer.' },
  },
];

describeFidelity<OpenApiDocument>({
  vendor: "Gong's OpenAPI document",
  document: ['gong', 'gong-openapi.json'],
  load: (path) => OpenApiDocument.load(path),
  metadata,
  recordSchemas,
  vendorParam(doc, rule) {
    const found = rule.meta && doc.operation(rule.meta.request!.method, `/v2${rule.meta.request!.path}`);
    return found ? doc.param(found, rule) : undefined;
  },
  vendorRecord(doc, action) {
    const found = doc.operation(action.request!.method, `/v2${action.request!.path}`);
    const body = found && doc.responseShape(found);
    return body && recordShapeOf(action, body);
  },
  rules: RULES,
  fields: FIELDS,
  // Library calls are left out: the contract marks started, primaryUserId and duration present,
  // but Gong's folder-content schema does not describe them, so they stay optional (FIELDS).
  alwaysPresent: [
    { record: 'User', seedLine: 'users. Record:' },
    { record: 'Call', seedLine: 'calls. Record:' },
    { record: 'Workspace', seedLine: 'workspaces. Record:' },
    { record: 'CallTranscript', seedLine: 'call_transcripts. Record:' },
    { record: 'Tracker', seedLine: 'settings_trackers. Record:' },
    { record: 'LibraryFolder', seedLine: 'library_folders. Record:' },
  ],
});

describeWithVendorSpec("Gong's document says nothing of presence in answers", ['gong', 'gong-openapi.json'], (path) => {
  it('no answer schema of an action the connector calls lists a required member', () => {
    const doc = OpenApiDocument.load(path);
    const withRequired: string[] = [];
    const walk = (node: unknown, seen: Set<unknown>, at: string): void => {
      const schema = doc.deref(node);
      if (!schema || seen.has(schema)) return;
      seen.add(schema);
      if (Array.isArray(schema['required']) && schema['required'].length > 0) withRequired.push(at);
      for (const [name, member] of Object.entries((schema['properties'] ?? {}) as Record<string, unknown>))
        walk(member, seen, `${at}.${name}`);
      if (schema['items']) walk(schema['items'], seen, `${at}[]`);
      for (const part of [...((schema['allOf'] ?? []) as unknown[]), ...((schema['oneOf'] ?? []) as unknown[])]) walk(part, seen, at);
    };
    const actions = Object.values(metadata.actions)
      .flatMap((a) => Object.values(a))
      .filter((a) => a.request);
    for (const action of actions) {
      const found = doc.operation(action.request!.method, `/v2${action.request!.path}`);
      expect(found, `${action.entity}.${action.action}`).toBeDefined();
      walk(doc.responseSchema(found!), new Set(), `${action.entity}.${action.action}`);
    }
    expect(withRequired).toEqual([]);
    expect(readFileSync(path, 'utf8')).toContain('"required"');
  });
});
