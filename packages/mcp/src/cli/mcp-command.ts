/**
 * `switchyard mcp`: an MCP server over stdio, for a desktop client to spawn.
 *
 * - open-source: `--connector <type>` (repeatable), credentials and config from environment
 *   variables `SWITCHYARD_<TYPE>_<FIELD>`; `--base-url <type>=<url>` sends a type's calls to
 *   another host (a proxy, a fake). A missing credential stops the start, naming the variables.
 * - hosted: `--service <url> --external-user-id <id>` with SWITCHYARD_CLIENT_ID and
 *   SWITCHYARD_CLIENT_SECRET: the external user's connectors on that service, search included.
 *
 * stdout is the protocol channel; the one line saying what is served, and failures, go to stderr.
 */
import { parseArgs } from 'node:util';
import { type ConnectorMetadata } from '@switchyard/runtime';
import { createHostedAuth } from '@switchyard/runtime';
import { Redactor } from '@switchyard/runtime/internal';
import type { AgentConnector } from '../connectors/agent-connector.js';
import type { ConnectorPackage } from '../connectors/connector-package.js';
import { credentialsFromEnv, envVariable, MissingCredentialsError, type Environment } from '../connectors/env-credentials.js';
import { hostedSource } from '../connectors/hosted.js';
import { openSourceConnector } from '../connectors/open-source.js';
import { staticSource, type ConnectorSource } from '../connectors/source.js';
import { buildToolset, DEFAULT_MAX_RESULT_CHARS, type ToolsetOptions } from '../engine/toolset.js';
import { baseUrls, onlyEntries, positiveInteger, toolsChoice, UsageError } from './options.js';
import { packageSetOf, type PackageSet, type PackagesSource } from './package-set.js';
import { EXIT, exitRowOf } from './exit-codes.js';

export interface CommandDeps {
  /**
   * Every connector package this switchyard has (the service's catalog): the packages, or a loader
   * per type so that a command imports only the types it needs (package-set.ts).
   */
  readonly packages: PackagesSource;
  readonly env?: Environment;
  readonly stderr?: { write(text: string): unknown };
  /** Where definitions and help go; `write`'s callback says when the text has left (before the process exits). */
  readonly stdout?: { write(text: string, callback?: (error?: Error | null) => void): unknown };
}

export const MCP_OPTIONS = {
  connector: { type: 'string', multiple: true },
  'base-url': { type: 'string', multiple: true },
  service: { type: 'string' },
  'external-user-id': { type: 'string' },
  tools: { type: 'string' },
  only: { type: 'string', multiple: true },
  'read-only': { type: 'boolean' },
  'max-result-chars': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function mcpHelp(packages: readonly ConnectorPackage[]): string {
  const types = packages.map((p) => p.metadata.name).sort();
  const example = packages.find((p) => p.metadata.name === 'messaging') ?? packages[0];
  return `Usage:
  switchyard mcp --connector <type> [--connector <type> ...] [--base-url <type>=<url> ...] [options]
  switchyard mcp --service <url> --external-user-id <id> [options]

Serves MCP (Model Context Protocol) over stdio, for an MCP client to spawn.

Open-source mode (--connector): the connectors call the vendors directly. Credentials and config come
from environment variables SWITCHYARD_<TYPE>_<FIELD> (type and field upper-cased, "-" as "_")${
    example
      ? `,
e.g. ${credentialVariables(example.metadata)}`
      : ''
  }; the credential kind is the one whose required
variables are all set.
Hosted mode (--service): the external user's connectors on a Switchyard service, through its API,
search over the synced copy included; needs SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET.

Options:
  --connector <type>               a connector type to serve (repeatable): ${types.join(', ')}
  --base-url <type>=<url>          send a type's calls to another host (a proxy, a local fake)
  --service <url>                  the Switchyard service (hosted mode)
  --external-user-id <id>          whose connectors (hosted mode)
  --tools compact|actions|all      compact (default): list_connectors, describe_connector, execute,
                                   and search when hosted; actions: one tool per entity.action; all: both
  --only <type.entity.action,...>  only these actions, in either toolset (repeatable)
  --read-only                      no write tools; execute refuses writes before sending anything
  --max-result-chars <n>           largest tool result, in characters of JSON (default ${DEFAULT_MAX_RESULT_CHARS})
  -h, --help                       this text
`;
}

/** `SWITCHYARD_MESSAGING_API_TOKEN` (Token) or …: the variables of a type's first credential kind. */
function credentialVariables(metadata: ConnectorMetadata): string {
  const kind = metadata.auth[0];
  if (!kind) return '';
  return Object.entries(kind.fields)
    .filter(([, f]) => f.required)
    .map(([field]) => envVariable(metadata.name, field))
    .join(', ');
}

/** Runs `switchyard mcp <argv>`; resolves with the exit code once the client has gone. */
export async function runMcpCommand(argv: readonly string[], deps: CommandDeps): Promise<number> {
  const stderr = deps.stderr ?? process.stderr;
  const env = deps.env ?? process.env;
  let values;
  try {
    values = parseArgs({ args: [...argv], options: MCP_OPTIONS, allowPositionals: false, strict: true }).values;
  } catch (error) {
    return usage(stderr, error instanceof Error ? error.message : String(error));
  }
  let set: PackageSet;
  try {
    set = await packageSetOf(deps.packages);
  } catch (error) {
    stderr.write(`switchyard mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return exitRowOf(error).exit;
  }
  if (values.help) {
    (deps.stdout ?? process.stdout).write(mcpHelp(await set.all()));
    return 0;
  }
  const redactor = new Redactor();
  try {
    const options: ToolsetOptions = {
      tools: toolsChoice(values.tools),
      only: onlyEntries(values.only),
      readOnly: values['read-only'] === true,
      maxResultChars: positiveInteger('--max-result-chars', values['max-result-chars'], DEFAULT_MAX_RESULT_CHARS, 1000),
      packages: await set.all(),
    };
    const started = await startSource(values, set, env);
    redactor.add(...started.secrets);
    const toolset = await buildToolset(started.source, { ...options, secrets: started.secrets });
    const listed = (await started.source.list()).flatMap((l) => (l.connector ? [l.connector.ref] : []));
    stderr.write(
      `switchyard mcp: ${toolset.tools.length} tools (${options.tools}${options.readOnly ? ', read-only' : ''}) for ${listed.join(', ') || 'no connectors'} ` +
        `(${started.description}), on stdio\n`,
    );
    // The MCP SDK loads here, for the one command that serves it: every other `switchyard` command
    // starts without it (about 0.1 s of the CLI's 0.2 s start; packages/mcp/README.md, "The CLI's start").
    const { serveToolsetOverStdio } = await import('../server/stdio.js');
    await serveToolsetOverStdio(toolset, { onerror: (error) => stderr.write(`switchyard mcp: ${redactor.text(error.message)}\n`) });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return usage(stderr, error.message);
    const message =
      error instanceof MissingCredentialsError
        ? `missing credentials: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    stderr.write(`switchyard mcp: ${redactor.text(message)}\n`);
    // The same exit codes as the other commands (exit-codes.ts): missing credentials 3, …
    return exitRowOf(error).exit;
  }
}

interface StartedSource {
  readonly source: ConnectorSource;
  readonly secrets: string[];
  readonly description: string;
}

type Values = {
  connector?: string[] | undefined;
  'base-url'?: string[] | undefined;
  service?: string | undefined;
  'external-user-id'?: string | undefined;
};

async function startSource(values: Values, packages: PackageSet, env: Environment): Promise<StartedSource> {
  const types = values.connector ?? [];
  if (values.service !== undefined) {
    if (types.length > 0) throw new UsageError('give either --connector (open-source mode) or --service (hosted mode), not both');
    if ((values['base-url'] ?? []).length > 0)
      throw new UsageError('--base-url is for open-source mode; the service has its own vendor base URLs');
    const externalUserId = values['external-user-id'];
    if (!externalUserId) throw new UsageError('--service needs --external-user-id <id>: whose connectors to serve');
    const clientId = env['SWITCHYARD_CLIENT_ID'];
    const clientSecret = env['SWITCHYARD_CLIENT_SECRET'];
    if (!clientId || !clientSecret) {
      throw new MissingCredentialsError([
        `hosted mode: set SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET (your platform application's client id and secret)`,
      ]);
    }
    const auth = createHostedAuth({ baseUrl: values.service, externalUserId, clientId, clientSecret });
    return {
      source: hostedSource({ baseUrl: values.service, externalUserId, auth, packages: await packages.all() }),
      secrets: [clientSecret],
      description: `hosted at ${values.service} for ${externalUserId}`,
    };
  }
  if (values['external-user-id'] !== undefined) throw new UsageError('--external-user-id is for hosted mode (with --service)');
  if (types.length === 0) throw new UsageError('give --connector <type> (open-source mode) or --service <url> (hosted mode)');
  const selected = await packages.select(types);
  const urls = baseUrls(values['base-url'] ?? [], types);
  const problems: string[] = [];
  const connectors: AgentConnector[] = [];
  const secrets: string[] = [];
  for (const pkg of selected) {
    const baseUrl = urls.get(pkg.metadata.name);
    const found = credentialsFromEnv(pkg.metadata, env, { configOptional: baseUrl !== undefined });
    if ('problems' in found) {
      problems.push(...found.problems);
      continue;
    }
    secrets.push(...found.secrets);
    connectors.push(
      openSourceConnector(pkg, {
        auth: found.auth,
        ...(Object.keys(found.config).length ? { config: found.config } : {}),
        ...(baseUrl ? { baseUrl } : {}),
      }),
    );
  }
  if (problems.length > 0) throw new MissingCredentialsError(problems);
  return { source: staticSource(connectors), secrets, description: 'open-source' };
}

function usage(stderr: { write(text: string): unknown }, message: string): number {
  stderr.write(`switchyard mcp: ${message}\nRun "switchyard mcp --help" for usage.\n`);
  return EXIT.usage;
}
