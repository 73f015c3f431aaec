/**
 * `switchyard search <connector-id> <entity> --query <json>`: the seeds' search over a service's
 * synced copy of one connector (filters and sorting over the entity's searchable fields; see
 * `switchyard describe <type> <entity>`). Answers `{data: [{id, score, data}], meta: {next_cursor, took_ms}}`.
 */
import { findAction } from '@switchyard/runtime/internal';
import { COMMON_OPTIONS, listValue, positionals, SERVICE_OPTIONS, stringValue, type CommandSpec } from './command-spec.js';
import { hostedById, runAndPrint } from './action-run.js';
import { INTENT_OPTION } from './exec-command.js';
import { fieldsOption, jsonObjectOption } from './json-input.js';
import { positiveInteger } from './options.js';

export const searchCommand: CommandSpec = {
  name: 'search',
  summary: "Searches a connector's records in the service's synced copy.",
  usage: ['search <connector-id> <entity> --query <json>|@file|@- [--limit <n>] [--cursor <c>] [--fields a,b] [--json]'],
  details: `The query is {"filter": {...}, "sort": [...]} over the entity's searchable fields
("switchyard describe <type> <entity>" lists them); {} (the default) matches every record.
Until the entity's first sync has finished, search fails with search_not_ready (exit 5, retryable).`,
  options: {
    query: { type: 'string', value: '<json>|@file|@-', description: 'the search query: a JSON object, a file, or stdin (default {})' },
    limit: { type: 'string', value: '<n>', description: 'hits per page' },
    cursor: { type: 'string', value: '<cursor>', description: "the previous page's next_cursor" },
    fields: { type: 'string', multiple: true, value: '<a,b.c>', description: 'keep only these fields of each record' },
    ...SERVICE_OPTIONS,
    'external-user-id': { type: 'string', value: '<id>', description: 'act as this external user (its scoped token)' },
    intent: INTENT_OPTION,
    ...COMMON_OPTIONS,
  },
  run: async (parsed, context) => {
    const [id, entity] = positionals(parsed, ['connector-id', 'entity']) as [string, string];
    const query = (await jsonObjectOption('--query', stringValue(parsed, 'query'), context.stdin)) ?? {};
    const limit = stringValue(parsed, 'limit');
    const cursor = stringValue(parsed, 'cursor');
    const fields = fieldsOption(listValue(parsed, 'fields'));
    const params: Record<string, unknown> = { query };
    if (limit !== undefined) params['limit'] = positiveInteger('--limit', limit, 0, 1);
    if (cursor !== undefined) params['cursor'] = cursor;
    const connector = await hostedById(
      id,
      {
        service: stringValue(parsed, 'service'),
        profile: stringValue(parsed, 'profile'),
        externalUserId: stringValue(parsed, 'external-user-id'),
      },
      context,
    );
    const action = findAction(connector.metadata, entity, 'search', `${connector.metadata.name} search`);
    return runAndPrint(connector, action, params, { fields, intent: stringValue(parsed, 'intent') }, context);
  },
};
