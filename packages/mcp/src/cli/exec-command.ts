/**
 * `switchyard exec`: runs one action of a connector.
 *
 * - open-source: `exec <type> <entity> <action>`, credentials and config from the variables
 *   `switchyard mcp` reads (SWITCHYARD_<TYPE>_<FIELD>), `--base-url <type>=<url>` as for `mcp`;
 * - hosted: `exec --service <url> <connector-id> <entity> <action>` (or `--profile`): the
 *   service's connector, as the application (or as `--external-user-id`, with its scoped token).
 *
 * Parameters are checked before anything is sent; the result is `{data, meta}` as every mode returns it.
 */
import { findAction } from '@switchyard/runtime/internal';
import {
  COMMON_OPTIONS,
  listValue,
  positionals,
  SERVICE_OPTIONS,
  stringValue,
  type CliContext,
  type CommandSpec,
  type Parsed,
} from './command-spec.js';
import { hostedById, openSourceFromEnv, runAndPrint } from './action-run.js';
import { fieldsOption, jsonObjectOption } from './json-input.js';
import { UsageError } from './options.js';

export const INTENT_OPTION = {
  type: 'string',
  value: '<text>',
  description: 'why you run it, in a sentence; the service records it in its audit log (hosted)',
} as const;

export const execCommand: CommandSpec = {
  name: 'exec',
  summary: 'Runs one action of a connector: open-source with credentials from the environment, or a connector on a service.',
  usage: [
    'exec <type> <entity> <action> [--params <json>|@file|@-] [--fields a,b] [--base-url <type>=<url>] [--json]',
    'exec --service <url> <connector-id> <entity> <action> [--params …] [--fields …] [--external-user-id <id>] [--json]',
  ],
  details: `Open-source mode (no --service or --profile): credentials and config come from environment variables
SWITCHYARD_<TYPE>_<FIELD> (type and field upper-cased, "-" as "_"), e.g. SWITCHYARD_MESSAGING_API_TOKEN;
the credential kind is the one whose required variables are all set.
Hosted mode (--service or --profile): the connector with that id on the service, with the application's
SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET or a stored profile (switchyard login).
"switchyard describe <type> <entity> <action>" lists an action's parameters.`,
  options: {
    params: { type: 'string', value: '<json>|@file|@-', description: "the action's parameters: a JSON object, a file, or stdin" },
    fields: { type: 'string', multiple: true, value: '<a,b.c>', description: 'keep only these fields (dot paths) of each record' },
    'base-url': {
      type: 'string',
      multiple: true,
      value: '<type>=<url>',
      description: 'open-source: send the calls to another host (a proxy, a fake)',
    },
    ...SERVICE_OPTIONS,
    'external-user-id': { type: 'string', value: '<id>', description: 'hosted: act as this external user (its scoped token)' },
    intent: INTENT_OPTION,
    output: { type: 'string', value: '<file>', description: 'downloads: write the file here (default: stdout when it is not a terminal)' },
    ...COMMON_OPTIONS,
  },
  firstArgument: 'types',
  run: (parsed, context) => runExec(parsed, context),
};

async function runExec(parsed: Parsed, context: CliContext): Promise<number> {
  const hosted = stringValue(parsed, 'service') !== undefined || stringValue(parsed, 'profile') !== undefined;
  const [ref, entity, actionName] = positionals(parsed, [hosted ? 'connector-id' : 'type', 'entity', 'action']) as [string, string, string];
  const params = (await jsonObjectOption('--params', stringValue(parsed, 'params'), context.stdin)) ?? {};
  const fields = fieldsOption(listValue(parsed, 'fields'));
  const externalUserId = stringValue(parsed, 'external-user-id');
  let connector;
  if (hosted) {
    if (listValue(parsed, 'base-url')) throw new UsageError('--base-url is for open-source mode; the service has its own vendor base URLs');
    connector = await hostedById(
      ref,
      { service: stringValue(parsed, 'service'), profile: stringValue(parsed, 'profile'), externalUserId },
      context,
    );
  } else {
    if (externalUserId !== undefined) throw new UsageError('--external-user-id is for hosted mode (with --service or --profile)');
    // What was asked for is checked before the credentials are looked for: a mistyped entity or
    // action is named first, whether or not the variables are set.
    findAction((await context.packages.select([ref], 'connector type'))[0]!.metadata, entity, actionName);
    connector = await openSourceFromEnv(ref, listValue(parsed, 'base-url') ?? [], context);
  }
  const action = findAction(connector.metadata, entity, actionName);
  return runAndPrint(
    connector,
    action,
    params,
    { fields, intent: stringValue(parsed, 'intent'), output: stringValue(parsed, 'output') },
    context,
  );
}
