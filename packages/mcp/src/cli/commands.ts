/**
 * The command table of the `switchyard` bin's agent and people commands: one entry per command,
 * each in its own file. Parsing, `--help`, dispatch and the completion scripts all read it. `mcp`
 * and `tools` run their own parsers (mcp-command.ts, tools-command.ts); they are described here
 * from the same option objects those parse with, so completion offers exactly what they accept.
 */
import { PROVIDERS } from '../providers/definitions.js';
import type { CommandSpec, OptionSpec, Options } from './command-spec.js';
import { completionCommand } from './completion-command.js';
import { connectorsCommand } from './connectors-command.js';
import { describeCommand } from './describe-command.js';
import { execCommand } from './exec-command.js';
import { loginCommand } from './login-command.js';
import { MCP_OPTIONS } from './mcp-command.js';
import { TOOLS_CHOICES } from './options.js';
import { searchCommand } from './search-command.js';
import { syncCommand } from './sync-command.js';
import { TOOLS_OPTIONS } from './tools-command.js';

type ParseOptions = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly multiple?: boolean; readonly short?: string }>>;

/** A parser's options with a description for each (the type makes every option need one). */
function described<O extends ParseOptions>(
  options: O,
  descriptions: { readonly [K in keyof O]: string | Omit<OptionSpec, 'type' | 'multiple' | 'short'> },
): Options {
  return Object.fromEntries(
    Object.entries(options).map(([name, parse]) => {
      const text = descriptions[name as keyof O];
      return [name, { ...parse, ...(typeof text === 'string' ? { description: text } : text) } satisfies OptionSpec];
    }),
  );
}

const TOOLS = { description: 'compact (default), actions (one tool per action) or all', choices: TOOLS_CHOICES, value: '<set>' } as const;

export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary: 'An MCP server over stdio for agents (switchyard mcp --help).',
  usage: ['mcp (--connector <type> ... | --service <url> --external-user-id <id>) [options]'],
  options: described(MCP_OPTIONS, {
    connector: { description: 'a connector type to serve', choices: 'types', value: '<type>' },
    'base-url': { description: "send a type's calls to another host", value: '<type>=<url>' },
    service: { description: 'the Switchyard service (hosted mode)', value: '<url>' },
    'external-user-id': { description: 'whose connectors (hosted mode)', value: '<id>' },
    tools: TOOLS,
    only: { description: 'only these actions', value: '<type.entity.action,...>' },
    'read-only': 'no write tools',
    'max-result-chars': { description: 'largest tool result in characters', value: '<n>' },
    help: 'this text',
  }),
};

export const toolsCommand: CommandSpec = {
  name: 'tools',
  summary: 'Prints tool definitions for a model provider as JSON (switchyard tools --help).',
  usage: ['tools --connector <type> ... --provider openai|anthropic|gemini|mcp [options]'],
  options: described(TOOLS_OPTIONS, {
    connector: { description: 'a connector type', choices: 'types', value: '<type>' },
    provider: { description: 'the model provider', choices: PROVIDERS, value: '<provider>' },
    tools: TOOLS,
    only: { description: 'only these actions', value: '<type.entity.action,...>' },
    'read-only': 'no write tools',
    help: 'this text',
  }),
};

/** The commands this package runs, in the order `switchyard --help` lists them. */
export const CLI_COMMANDS: readonly CommandSpec[] = [
  describeCommand,
  execCommand,
  connectorsCommand,
  searchCommand,
  syncCommand,
  loginCommand,
  completionCommand,
];

/** Every command this package knows, for completion: the CLI commands, then mcp and tools. */
export const AGENT_COMMANDS: readonly CommandSpec[] = [...CLI_COMMANDS, mcpCommand, toolsCommand];
