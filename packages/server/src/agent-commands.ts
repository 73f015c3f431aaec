/**
 * The `switchyard` bin's agent and people commands (`mcp`, `tools`, `describe`, `exec`,
 * `connectors`, `search`, `sync`, `login`, `completion`: packages/mcp) with the connectors this
 * service runs, and the bin's own commands described for `completion`. cli.ts dispatches here
 * before it parses its own options; the CLI suites run the same function in their own process
 * (packages/mcp/test/cli-support.ts) and the built bin for what only a process shows.
 */
import { isCliCommand, runCliCommand, runMcpCommand, runToolsCommand, type CliDeps, type CommandSpec } from '@switchyard/mcp/cli';
import { BUILT_IN_CONNECTOR_LOADERS } from './catalog/connector-loaders.js';

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
 * crm package alone).
 */
export async function runAgentCommand(argv: readonly string[], io: CommandIo = {}): Promise<number | undefined> {
  const packages = BUILT_IN_CONNECTOR_LOADERS;
  if (argv[0] === 'mcp') return runMcpCommand(argv.slice(1), { packages, ...io });
  if (argv[0] === 'tools') return runToolsCommand(argv.slice(1), { packages, ...io });
  if (isCliCommand(argv[0])) return runCliCommand(argv, { packages, hostCommands: SERVICE_COMMANDS, ...io });
  return undefined;
}
