/**
 * `switchyard connectors list|create|delete`: a platform application's connector records on a
 * service. Credentials for `create` come from `--credentials` (JSON, @file or @- for stdin) or,
 * without it, from the variables `exec` and `mcp` read (SWITCHYARD_<TYPE>_<FIELD>), so a secret
 * need not appear in the command line. Views never hold credentials.
 */
import { credentialsFromEnv, MissingCredentialsError } from '../connectors/env-credentials.js';
import {
  COMMON_OPTIONS,
  flag,
  positionals,
  SERVICE_OPTIONS,
  stringValue,
  type CliContext,
  type CommandSpec,
  type Parsed,
} from './command-spec.js';
import { jsonObjectOption } from './json-input.js';
import { UsageError } from './options.js';
import { ServiceClient, resolveTarget, type ConnectorView } from './service-client.js';
import { keyValues, table } from './table.js';

const SUBCOMMANDS = ['list', 'create', 'delete'] as const;

export const connectorsCommand: CommandSpec = {
  name: 'connectors',
  summary: "Lists, creates and deletes a platform application's connectors on a service.",
  usage: [
    'connectors list [--external-user-id <id>] [--json]',
    'connectors create <type> --external-user-id <id> [--credentials <json>|@file|@-] [--config <json>] [--replication-config <json>] [--name <name>] [--check] [--json]',
    'connectors delete <connector-id> [--json]',
  ],
  details: `create: without --credentials, the credentials (and config) come from SWITCHYARD_<TYPE>_<FIELD>
variables, as for exec. --check makes one cheap live read with them before anything is stored.
delete: also deletes the connector's synced records and checkpoints.`,
  options: {
    'external-user-id': { type: 'string', value: '<id>', description: 'list: only this user’s connectors; create: whose connector it is' },
    credentials: { type: 'string', value: '<json>|@file|@-', description: "create: the fields of one of the type's credential kinds" },
    config: { type: 'string', value: '<json>|@file|@-', description: "create: the type's config (see GET /api/v1/connector-types)" },
    'replication-config': { type: 'string', value: '<json>|@file|@-', description: 'create: sync settings (start date, …)' },
    name: { type: 'string', value: '<name>', description: "create: a display name (default: the type's title)" },
    check: { type: 'boolean', description: 'create: verify the credentials with one live read first' },
    ...SERVICE_OPTIONS,
    ...COMMON_OPTIONS,
  },
  subcommands: SUBCOMMANDS,
  run: (parsed, context) => runConnectors(parsed, context),
};

async function runConnectors(parsed: Parsed, context: CliContext): Promise<number> {
  const [sub, ...rest] = parsed.positionals;
  if (!(SUBCOMMANDS as readonly string[]).includes(sub ?? ''))
    throw new UsageError(
      sub === undefined ? 'name a subcommand: list, create or delete' : `unknown subcommand ${JSON.stringify(sub)} (list, create, delete)`,
    );
  const args: Parsed = { values: parsed.values, positionals: rest };
  const { out } = context;
  const externalUserId = stringValue(parsed, 'external-user-id');
  const createOnly = ['credentials', 'config', 'replication-config', 'name', 'check'].filter((o) => parsed.values[o] !== undefined);
  if (sub !== 'create' && createOnly.length > 0) throw new UsageError(`--${createOnly[0]} is for connectors create`);
  if (sub === 'delete' && externalUserId !== undefined) throw new UsageError('--external-user-id is for connectors list and create');

  // Validate the command line before reading any stored secret or calling anyone.
  const [ref] = sub === 'list' ? positionals(args, []) : positionals(args, [sub === 'create' ? 'type' : 'connector-id']);
  const body = sub === 'create' ? await creation(ref!, externalUserId, parsed, context) : undefined;

  const target = await resolveTarget({ service: stringValue(parsed, 'service'), profile: stringValue(parsed, 'profile') }, context.env);
  out.addSecrets(target.clientSecret);
  const client = new ServiceClient(target, context.fetch ? { fetch: context.fetch } : {});

  if (sub === 'list') {
    const views = await client.list(externalUserId);
    if (out.json) out.document({ data: views });
    else if (views.length === 0) out.text('no connectors');
    else
      out.text(
        table(
          ['id', 'type', 'name', 'external user', 'sync', 'last synced'],
          views.map((v) => [v.id, v.connector_type, v.name, v.external_user_id, v.sync_status, v.last_synced_at ?? '']),
        ),
      );
    return 0;
  }
  if (sub === 'create') {
    const view = await client.create(body!);
    if (out.json) out.document(view);
    else out.text(`created ${view.id}\n${describeView(view)}`);
    return 0;
  }
  await client.remove(ref!);
  if (out.json) out.document({ deleted: ref });
  else out.text(`deleted ${ref}`);
  return 0;
}

async function creation(
  type: string,
  externalUserId: string | undefined,
  parsed: Parsed,
  context: CliContext,
): Promise<Record<string, unknown>> {
  if (externalUserId === undefined) throw new UsageError('connectors create needs --external-user-id <id>: whose connector it is');
  let credentials = await jsonObjectOption('--credentials', stringValue(parsed, 'credentials'), context.stdin);
  let config = await jsonObjectOption('--config', stringValue(parsed, 'config'), context.stdin);
  const replication = await jsonObjectOption('--replication-config', stringValue(parsed, 'replication-config'), context.stdin);
  if (credentials === undefined) {
    const pkg = await context.packages.get(type);
    if (!pkg)
      throw new UsageError(
        `no connector type ${JSON.stringify(type)} here to read credentials for (known: ${context.packages.types.join(', ')}); give --credentials`,
      );
    const found = credentialsFromEnv(pkg.metadata, context.env, { configOptional: config !== undefined });
    if ('problems' in found) throw new MissingCredentialsError([...found.problems, 'or give --credentials <json>|@file|@-']);
    credentials = found.auth;
    if (config === undefined && Object.keys(found.config).length > 0) config = found.config;
  }
  // Every value given as a credential is kept out of the output, whatever the kind calls secret.
  context.out.addSecrets(...Object.values(credentials).filter((v): v is string => typeof v === 'string'));
  return {
    external_user_id: externalUserId,
    connector_type: type,
    credentials,
    ...(config ? { config } : {}),
    ...(replication ? { replication_config: replication } : {}),
    ...(stringValue(parsed, 'name') !== undefined ? { name: stringValue(parsed, 'name') } : {}),
    ...(flag(parsed, 'check') ? { check: true } : {}),
  };
}

export function describeView(view: ConnectorView): string {
  return keyValues([
    ['id', view.id],
    ['type', view.connector_type],
    ['name', view.name],
    ['external user', view.external_user_id],
    ['sync', view.sync_status],
    ['last synced', view.last_synced_at ?? ''],
  ]);
}
