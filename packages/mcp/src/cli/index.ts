/**
 * @switchyard/mcp/cli — the commands of the `switchyard` bin (@switchyard/server's), without the
 * MCP server: importing this entry does not load the MCP SDK, which `switchyard mcp` loads when it
 * starts serving, so the short commands (`describe`, `exec`, `connectors`, …) start without it.
 * The same names are exported by the package's main entry.
 */
export { runMcpCommand, mcpHelp, type CommandDeps } from './mcp-command.js';
export { runToolsCommand, toolsHelp } from './tools-command.js';
export { runCliCommand, isCliCommand, type CliDeps } from './run-cli.js';
export type { CommandSpec, OptionSpec } from './command-spec.js';
export type { CommandPackages, ConnectorPackageLoaders, PackagesSource } from './package-set.js';
export { EXIT, EXIT_TABLE, exitRowOf, type ExitCode, type ExitRow } from './exit-codes.js';
