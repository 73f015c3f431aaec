/**
 * `switchyard serve | worker | --help`. stdout carries only what a script waits for (the one
 * `listening on http://<host>:<port>` line); logs go to stderr as JSON lines.
 */
import { inspect, parseArgs } from 'node:util';
import { ConfigError, DEFAULT_DATA_DIR, DEFAULT_HOST, loadConfig, parsePort } from './config.js';
import { BUILT_IN_CONNECTOR_LOADERS } from './catalog/connector-loaders.js';
import { OPTIONS, runAgentCommand } from './agent-commands.js';
import { untilShutdownSignal } from './shutdown-signal.js';
import { tuneServiceProcess } from './process-tuning.js';
import { SERVICE_VERSION } from './version.js';
// The service's own modules (Fastify, the store, the sync engine) load only for the commands that
// run them, so `switchyard describe`, `exec` and the other short commands start without them.
const serviceModule = () => import('./service.js');

const HELP = `Usage:
  switchyard serve [--data-dir <dir>] [--host <host>] [--port <port>] [--vendor-base-url <family>=<url> ...]
                   [--connector-package <name or path> ...]
  switchyard worker [--vendor-base-url <family>=<url> ...] [--connector-package <name or path> ...]
  switchyard rotate-keys [--data-dir <dir>]
  switchyard fake <family> [--port <port>]
  switchyard mcp (--connector <type> ... | --service <url> --external-user-id <id>) [options]
  switchyard tools --connector <type> ... --provider openai|anthropic|gemini|mcp [options]
  switchyard describe [<type> [<entity> [<action>]]]
  switchyard exec <type> <entity> <action> [--params <json>|@file] [--fields a,b] [--base-url <type>=<url>]
  switchyard exec --service <url> <connector-id> <entity> <action> [--params …] [--fields …]
  switchyard connectors list|create|delete …
  switchyard search <connector-id> <entity> --query <json>|@file
  switchyard sync <connector-id> [--wait]
  switchyard login --service <url> [--profile <name>]
  switchyard completion bash|zsh|fish
  switchyard --help

serve    Runs the execution service. Prints "listening on http://<host>:<port>" once it accepts
         requests; SIGTERM or SIGINT (Ctrl-C) finishes in-flight requests, checkpoints running
         syncs and exits 0; another signal more than a second later exits at once (130).
worker   Runs sync jobs only, from the pg-boss queue on PostgreSQL (needs DATABASE_URL and
         SWITCHYARD_MASTER_KEY, the same as the service's). Start as many as you like.
rotate-keys
         Re-encrypts every stored credential under the active master key. With
         SWITCHYARD_MASTER_KEY: add the new key as the last kid:base64 entry, restart the
         processes with it, then run this (the service keeps serving). Embedded with the key
         file: stop the service, run this; it adds a new active key to <data-dir>/master.key.
fake     Runs the bundled fake of a connector family's vendor on 127.0.0.1 (from a clone of
         the repository) and prints its base URL and credentials it accepts; Ctrl-C stops it.
         \`switchyard fake\` without a family lists them (on stderr, exit 2).
         Exit codes of serve, worker, rotate-keys and fake, and of an unknown command: 0 ok
         (a signal's stop too), 1 could not start or failed, 2 usage, 3 rotate-keys left
         credentials on an older key, 130 a second signal.
mcp      An MCP server over stdio for agents: open-source connectors with credentials from
         SWITCHYARD_<TYPE>_<FIELD> variables, or a service's connectors for one external user
         ("switchyard mcp --help").
tools    Prints tool definitions for a model provider as JSON ("switchyard tools --help").

For agents and people (each has --help; --json gives machine output):
describe   What a connector type offers: entities, actions, record fields, an action's parameters.
exec       Runs one action: open-source with SWITCHYARD_<TYPE>_<FIELD> credentials, or a service's
           connector with --service/--profile.
connectors Lists, creates and deletes an application's connectors on a service.
search     Searches a connector's synced copy on a service.
sync       Starts a sync on a service; --wait follows it (progress line on a terminal, NDJSON with --json).
login      Stores a service URL and an application's client id and secret as a profile
           ($XDG_CONFIG_HOME/switchyard/profiles.json, owner-only); --profile picks one.
completion Prints a completion script for bash, zsh or fish.
           Exit codes of these: 0 ok, 1 usage, 2 validation, 3 authentication or permission,
           4 not found, 5 vendor or service failure, 6 rate limited.

Options:
  --data-dir <dir>                   embedded store and key file (default ${DEFAULT_DATA_DIR})
  --host <host>                      address to bind (default ${DEFAULT_HOST})
  --port <port>                      port to bind; 0 picks a free one (default 0; also for fake)
  --vendor-base-url <family>=<url>   send every call of a connector family to another host
                                     (a proxy, a regional host, a local fake); repeatable
  --connector-package <name or path> run the connectors of another connector package too (one
                                     made with switchyard-generate, or any that satisfies the
                                     ConnectorPackage contract): an installed package's name, or
                                     a path to its folder or entry file; repeatable. Checked at
                                     start; give serve and every worker the same ones. The agent
                                     commands (describe, exec, mcp, …) take it too
  -h, --help                         this text
  -v, --version                      the version of @switchyard/server (this bin's package)

Environment:
  SWITCHYARD_DATA_DIR, PORT   defaults for --data-dir and --port (the flags win)
  SWITCHYARD_CONNECTOR_PACKAGES
                              default for --connector-package: names or paths, comma-separated
  DATABASE_URL                PostgreSQL instead of the embedded store (postgres://…)
  SWITCHYARD_ADMIN_TOKEN      enables the admin API (POST /api/v1/admin/applications); ≥ 16 characters
  SWITCHYARD_MASTER_KEY       key for credentials at rest (base64 of 32 bytes, or kid:base64 entries,
                              newest last); default: <data-dir>/master.key, created owner-only
  SWITCHYARD_CURSOR_SECRET    signs search cursors (≥ 32 bytes); default: derived from the master key
  SWITCHYARD_BODY_LIMIT_BYTES largest request body (default 1048576)
  SWITCHYARD_REQUEST_TIMEOUT_MS
                              time a client has to send a whole request, headers and body
                              (default 60000); a slower one gets 408 and is disconnected
  SWITCHYARD_RATE_LIMIT_MAX, SWITCHYARD_RATE_LIMIT_WINDOW_MS
                              requests per token, or per client address without a valid
                              token, per window (default 600 per 60000 ms)
  SWITCHYARD_SEARCH_CONCURRENCY, SWITCHYARD_SEARCH_TENANT_CONCURRENCY
                              search statements at the store at once, in all and per tenant
                              (default 1 and 1 embedded, 4 and 1 on PostgreSQL)
  SWITCHYARD_SEARCH_TENANT_QUEUE
                              searches a tenant may have waiting beyond those running (default 32)
  SWITCHYARD_SEARCH_TIMEOUT_MS
                              store time one search may use (default 5000)
  SWITCHYARD_LOG_LEVEL        trace | debug | info (default) | warn | error | silent
  SWITCHYARD_SYNC_CONCURRENCY sync runs at once in this process (default 2; 0 with DATABASE_URL:
                              this process only queues, workers run the syncs)
  SWITCHYARD_SYNC_HEARTBEAT_MS, SWITCHYARD_SYNC_LEASE_MS
                              a sync process beats every HEARTBEAT_MS (default 2000) and counts as
                              dead after LEASE_MS without a beat (default 10000); its runs then
                              resume elsewhere. Same values on every process of one database
  SWITCHYARD_SYNC_TURN_MS     how long a sync run keeps its slot while another tenant with fewer
                              runs waits (default 5000)
  SWITCHYARD_SYNC_MAX_RUNS_PER_APPLICATION, SWITCHYARD_SYNC_MAX_RUNS_PER_EXTERNAL_USER
                              sync runs one application / one external user may have at once,
                              across all processes (default: no cap)
`;

async function main(argv: readonly string[]): Promise<number> {
  const agent = await runAgentCommand(argv);
  if (agent !== undefined) return agent;
  let parsed;
  try {
    // `pnpm serve -- --port 0` hands the `--` through; no argument of ours is positional after it.
    parsed = parseArgs({ args: argv.filter((arg) => arg !== '--'), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.version) {
    if (command !== undefined) return usageError(`--version goes alone, not with ${JSON.stringify(command)}`);
    process.stdout.write(`${SERVICE_VERSION}\n`);
    return 0;
  }
  if (values.help || command === 'help' || command === undefined) {
    process.stdout.write(HELP);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command === 'fake') return fake(positionals.slice(1), values);
  if (positionals.length > 1) return usageError(`unexpected argument ${JSON.stringify(positionals[1])}`);
  if (command === 'serve') return serve(values);
  if (command === 'worker') return worker(values);
  if (command === 'rotate-keys') return rotateKeysCommand(values);
  return usageError(`unknown command ${JSON.stringify(command)}`);
}

type Values = {
  'data-dir'?: string | undefined;
  host?: string | undefined;
  port?: string | undefined;
  'vendor-base-url'?: string[] | undefined;
  'connector-package'?: string[] | undefined;
};

async function serve(values: Values): Promise<number> {
  const config = loadConfig({
    dataDir: values['data-dir'],
    host: values.host,
    port: values.port,
    vendorBaseUrls: values['vendor-base-url'],
    connectorPackages: values['connector-package'],
  });
  tuneServiceProcess();
  // Listening for signals from the start: a SIGTERM during startup (migrations, first open of the
  // store) lets startup finish cleanly and then shuts down, instead of killing the process mid-write.
  const { startService } = await serviceModule();
  const signalled = untilShutdownSignal();
  const service = await startService(config, { log: { level: config.logLevel, stream: process.stderr } });
  process.stdout.write(`listening on ${service.url}\n`);
  await signalled;
  await service.close();
  return 0;
}

async function worker(values: Values): Promise<number> {
  const config = loadConfig({ vendorBaseUrls: values['vendor-base-url'], connectorPackages: values['connector-package'] });
  if (!config.databaseUrl) throw new ConfigError('switchyard worker needs DATABASE_URL: workers take sync jobs from the PostgreSQL queue');
  if (!config.masterKey)
    throw new ConfigError("switchyard worker needs SWITCHYARD_MASTER_KEY: the service's master key, to decrypt connector credentials");
  tuneServiceProcess();
  const [{ syncOptionsOf }, { runWorker }] = await Promise.all([serviceModule(), import('./sync/run-worker.js')]);
  const signalled = untilShutdownSignal();
  const running = await runWorker({
    databaseUrl: config.databaseUrl,
    masterKey: config.masterKey,
    vendorBaseUrls: config.vendorBaseUrls,
    connectorPackages: config.connectorPackages ?? [],
    ...syncOptionsOf(config.sync ?? {}),
    logger: stderrLogger(config.logLevel),
  });
  process.stdout.write('worker running\n');
  await signalled;
  await running.stop();
  return 0;
}

async function fake(args: readonly string[], values: Values): Promise<number> {
  const { describeRunningFake, familyList, loadFakes, offeredFakes } = await import('./fake-command.js');
  // The families the service runs, by name: no connector package needs importing for that.
  const offered = offeredFakes(await loadFakes(), Object.keys(BUILT_IN_CONNECTOR_LOADERS));
  const family = args[0];
  const entry = offered.find((candidate) => candidate.family === family);
  if (args.length > 1) return usageError(`unexpected argument ${JSON.stringify(args[1])}`);
  if (!entry) {
    const which = family === undefined ? 'name a connector family' : `no bundled fake for ${JSON.stringify(family)}`;
    process.stderr.write(`switchyard fake: ${which}; the fakes are:\n${familyList(offered)}\n`);
    return 2;
  }
  const port = parsePort(values.port ?? 0);
  const signalled = untilShutdownSignal();
  const server = await entry.start({ port }).catch(async (error: unknown) => {
    throw (await import('./listen-errors.js')).cannotListen(error, '127.0.0.1', port);
  });
  process.stdout.write(describeRunningFake(entry, server.url));
  await signalled;
  await server.close();
  return 0;
}

async function rotateKeysCommand(values: Values): Promise<number> {
  const config = loadConfig({ dataDir: values['data-dir'] });
  const { rotateKeys } = await import('./rotate-keys.js');
  const outcome = await rotateKeys({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    masterKey: config.masterKey,
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(
    `rotated ${outcome.rotated} credentials to master key "${outcome.keyId}" (from ${outcome.source}); ` +
      `${outcome.skipped} changed meanwhile and already current; ${outcome.remaining} still on an older key\n`,
  );
  if (outcome.remaining > 0) {
    process.stderr.write(
      'a process with an older key ring wrote credentials during the run: restart it with the new key, then run rotate-keys again\n',
    );
    return 3;
  }
  return 0;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'];

/** The worker has no HTTP app: its runtime-redacted log lines go to stderr as JSON. */
function stderrLogger(level: string) {
  const min = Math.max(0, LEVELS.indexOf(level));
  const line =
    (name: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (LEVELS.indexOf(name) < min) return;
      process.stderr.write(`${JSON.stringify({ level: name, time: Date.now(), msg, ...fields })}\n`);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

function usageError(message: string): number {
  process.stderr.write(`switchyard: ${message}\nRun "switchyard --help" for usage.\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Settings mistakes get one clear line; anything else its stack, for the operator.
    const known = error instanceof ConfigError || (error instanceof Error && error.name === 'ConfigurationError');
    process.stderr.write(
      `switchyard: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : inspect(error, { depth: 4 })}\n`,
    );
    process.exit(1);
  },
);
