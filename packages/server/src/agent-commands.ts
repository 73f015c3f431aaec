/**
 * The `switchyard` bin's agent and people commands (`mcp`, `tools`, `describe`, `exec`,
 * `connectors`, `search`, `sync`, `login`, `completion`: packages/mcp) with the connectors this
 * service runs, and the bin's own commands described for `completion`. cli.ts dispatches here
 * before it parses its own options; the CLI suites run the same function in their own process
 * (packages/mcp/test/cli-support.ts) and the built bin for what only a process shows.
 */
import {
  isCliCommand,
  runCliCommand,
  runMcpCommand,
  runToolsCommand,
  type CliDeps,
  type CommandSpec,
  type ConnectorPackageLoaders,
  type PackagesSource,
} from '@switchyard/mcp/cli';
import { BUILT_IN_CONNECTOR_LOADERS } from './catalog/connector-loaders.js';
import { claimConnectorTypes, importConnectorPackages } from './catalog/plugin-packages.js';
import { ConfigurationError } from '@switchyard/runtime';
import { ConfigError, connectorPackages } from './config.js';

/** The options of the bin's own commands (serve, worker, rotate-keys, fake), as cli.ts parses them. */
export const OPTIONS = {
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'vendor-base-url': { type: 'string', multiple: true },
  'connector-package': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** This bin's own commands, as `switchyard completion` offers them (the agent commands describe themselves). */
const SERVICE_COMMANDS: readonly CommandSpec[] = (() => {
  const option = (name: keyof typeof OPTIONS, description: string, value?: string) => ({
    [name]: { ...OPTIONS[name], description, ...(value ? { value } : {}) },
  });
  const help = option('help', 'this text');
  const vendor = {
    ...option('vendor-base-url', "send a connector family's calls to another host", '<family>=<url>'),
    ...option('connector-package', 'run the connectors of another connector package too', '<name or path>'),
  };
  const dataDir = option('data-dir', 'embedded store and key file', '<dir>');
  return [
    {
      name: 'serve',
      summary: 'Runs the execution service.',
      usage: [],
      options: {
        ...dataDir,
        ...option('host', 'address to bind', '<host>'),
        ...option('port', 'port to bind', '<port>'),
        ...vendor,
        ...help,
      },
    },
    { name: 'worker', summary: 'Runs sync jobs from the PostgreSQL queue.', usage: [], options: { ...vendor, ...help } },
    {
      name: 'rotate-keys',
      summary: 'Re-encrypts stored credentials under the active master key.',
      usage: [],
      options: { ...dataDir, ...help },
    },
    { name: 'fake', summary: 'Runs a bundled vendor fake.', usage: [], options: { ...option('port', 'port to bind', '<port>'), ...help } },
  ];
})();

/** Where a command reads and writes: the process's own streams and environment unless given. */
export type CommandIo = Pick<CliDeps, 'env' | 'stdout' | 'stderr' | 'stdin'>;

/**
 * Runs `switchyard <argv>` when argv names an agent or people command and resolves with its exit
 * code; resolves `undefined` for the bin's own commands (and `--help`, `--version`), which cli.ts
 * runs. The agent surface has its own options (packages/mcp); it runs every connector this service
 * runs, and imports a connector package only when a command needs it (`exec crm …` imports the
 * crm package alone). `--connector-package` (any position) and SWITCHYARD_CONNECTOR_PACKAGES add
 * the operator's packages, as for `serve`: imported and checked when the command runs, so a
 * package that fails the contract fails the command with the reason.
 */
export async function runAgentCommand(argv: readonly string[], io: CommandIo = {}): Promise<number | undefined> {
  const [name, ...rest] = argv;
  if (name !== 'mcp' && name !== 'tools' && !isCliCommand(name)) return undefined;
  const { args, flags } = takeConnectorPackageFlags(rest);
  const env = io.env ?? process.env;
  const packages: PackagesSource =
    flags.length > 0 || (env['SWITCHYARD_CONNECTOR_PACKAGES'] ?? '').trim() !== ''
      ? () => withPlugins(flags, env['SWITCHYARD_CONNECTOR_PACKAGES'])
      : BUILT_IN_CONNECTOR_LOADERS;
  if (name === 'mcp') return runMcpCommand(args, { packages, ...io });
  if (name === 'tools') return runToolsCommand(args, { packages, ...io });
  return runCliCommand([name!, ...args], { packages, hostCommands: SERVICE_COMMANDS, ...io });
}

/**
 * The `--connector-package` flags (`--connector-package <v>` or `--connector-package=<v>`, before a
 * `--`), taken out of the arguments the command parses: the bin adds the packages, as `serve` does.
 */
function takeConnectorPackageFlags(argv: readonly string[]): { args: string[]; flags: string[] } {
  const args: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (arg === FLAG)
      flags.push(argv[++i] ?? ''); // a missing value is refused with the others (connectorPackages)
    else if (arg.startsWith(`${FLAG}=`)) flags.push(arg.slice(FLAG.length + 1));
    else args.push(arg);
  }
  return { args, flags };
}

const FLAG = '--connector-package';

/** The built-in loaders and the operator's plug-ins (imported now: their types are known only from their metadata). */
async function withPlugins(flags: readonly string[], env: string | undefined): Promise<ConnectorPackageLoaders> {
  let sources: string[];
  try {
    sources = connectorPackages(flags, env);
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigurationError(error.message) : error;
  }
  const plugins = await importConnectorPackages(sources, process.cwd());
  claimConnectorTypes(Object.keys(BUILT_IN_CONNECTOR_LOADERS), plugins);
  return {
    ...BUILT_IN_CONNECTOR_LOADERS,
    ...Object.fromEntries(plugins.map(({ pkg }) => [pkg.metadata.name, () => Promise.resolve(pkg)])),
  };
}
