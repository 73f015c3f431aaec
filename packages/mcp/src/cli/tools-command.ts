/**
 * `switchyard tools --connector <type> --provider openai|anthropic|gemini|mcp [--tools …]`: prints
 * the tool definitions a model provider takes, as JSON, for the connector types given. No
 * credentials are needed: definitions come from the packages' metadata and schemas.
 */
import { parseArgs } from 'node:util';
import { PROVIDERS, toolDefinitions, type Provider } from '../providers/definitions.js';
import type { CommandDeps } from './mcp-command.js';
import { onlyEntries, toolsChoice, UsageError } from './options.js';
import { packageSetOf } from './package-set.js';
import { EXIT, exitRowOf } from './exit-codes.js';

export const TOOLS_OPTIONS = {
  connector: { type: 'string', multiple: true },
  provider: { type: 'string' },
  tools: { type: 'string' },
  only: { type: 'string', multiple: true },
  'read-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function toolsHelp(types: readonly string[]): string {
  return `Usage:
  switchyard tools --connector <type> [--connector <type> ...] --provider openai|anthropic|gemini|mcp [options]

Prints the tool definitions for a model provider as JSON (no credentials needed): OpenAI function
tools valid under strict mode, Anthropic tools, Gemini function declarations, or MCP tools.
executeToolCall() from @switchyard/mcp runs a model's call of any of them.

Options:
  --connector <type>               a connector type (repeatable): ${[...types].sort().join(', ')}
  --provider <name>                openai, anthropic, gemini or mcp
  --tools compact|actions|all      compact (default): list_connectors, describe_connector, execute;
                                   actions: one tool per entity.action; all: both
  --only <type.entity.action,...>  only these actions (repeatable)
  --read-only                      no write tools
  -h, --help                       this text
`;
}

export async function runToolsCommand(argv: readonly string[], deps: CommandDeps): Promise<number> {
  const stderr = deps.stderr ?? process.stderr;
  const stdout = deps.stdout ?? process.stdout;
  try {
    const set = await packageSetOf(deps.packages);
    let values;
    try {
      values = parseArgs({ args: [...argv], options: TOOLS_OPTIONS, allowPositionals: false, strict: true }).values;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (values.help) {
      stdout.write(toolsHelp(set.types));
      return 0;
    }
    const provider = values.provider;
    if (provider === undefined || !(PROVIDERS as readonly string[]).includes(provider)) {
      throw new UsageError(
        `--provider must be one of ${PROVIDERS.join(', ')}${provider === undefined ? '' : ` (got ${JSON.stringify(provider)})`}`,
      );
    }
    const types = values.connector ?? [];
    if (types.length === 0) throw new UsageError('give at least one --connector <type>');
    const packages = await set.select(types);
    const definitions = toolDefinitions(packages, {
      provider: provider as Provider,
      tools: toolsChoice(values.tools),
      only: onlyEntries(values.only),
      readOnly: values['read-only'] === true,
    });
    // Piped output is written asynchronously: wait for it, or an exit right after would cut it.
    await new Promise<void>((resolve, reject) =>
      stdout.write(`${JSON.stringify(definitions, null, 2)}\n`, (error) => (error ? reject(error) : resolve())),
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      stderr.write(`switchyard tools: ${error.message}\nRun "switchyard tools --help" for usage.\n`);
      return EXIT.usage;
    }
    stderr.write(`switchyard tools: ${error instanceof Error ? error.message : String(error)}\n`);
    return exitRowOf(error).exit;
  }
}
