/**
 * Runs a model's call of any definition `toolDefinitions` gives (any provider, either toolset):
 * the arguments (an object, or the JSON text OpenAI sends) are turned back into canonical form
 * (decode-arguments.ts) and the call runs exactly as the MCP server runs it: same validation,
 * refusals, budget and error results.
 */
import { ValidationError } from '@switchyard/runtime';
import { Redactor } from '@switchyard/runtime/internal';
import { actionOf } from '../connectors/agent-connector.js';
import { paramSchemaOf } from '../connectors/connector-package.js';
import { isConnectorPackage } from '../connectors/open-source.js';
import type { ToolResult } from '../engine/tool-result.js';
import { DEFAULT_MAX_RESULT_CHARS } from '../engine/toolset.js';
import { decodeArguments } from './decode-arguments.js';
import { toolsetFor, type ConnectorInput } from './definitions.js';
import { isSchema } from './schema-shapes.js';
import { errorResult } from '../engine/errors.js';

export interface ExecuteToolCallOptions {
  /** The same as given to toolDefinitions, so the same tools exist. */
  readonly only?: readonly string[] | undefined;
  readonly readOnly?: boolean | undefined;
  /** Characters of JSON text a result may have (default 100,000). */
  readonly maxResultChars?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Whose definitions the model called. OpenAI and Gemini definitions carry a value of any type
   * (and a free-form object) as JSON text, which is parsed back; Anthropic and MCP definitions
   * carry it as it is, so a string stays a string (`"0"` is not `0`). Without it, arguments given
   * as JSON text are OpenAI's and an object's strings holding JSON are read as JSON text, which
   * is right for OpenAI and Gemini and reads a canonical string like `"0"` as a number.
   */
  readonly provider?: 'openai' | 'gemini' | 'anthropic' | 'mcp' | undefined;
}

/** Whether the definitions called carry open values as JSON text (see ExecuteToolCallOptions.provider). */
function carriesJsonText(provider: ExecuteToolCallOptions['provider']): boolean {
  return provider === undefined || provider === 'openai' || provider === 'gemini';
}

export async function executeToolCall(
  connectors: readonly ConnectorInput[],
  name: string,
  args: unknown,
  options: ExecuteToolCallOptions = {},
): Promise<ToolResult> {
  const toolset = toolsetFor(connectors, {
    tools: 'all',
    only: options.only,
    readOnly: options.readOnly,
    maxResultChars: options.maxResultChars,
  });
  let parsed: unknown = args;
  if (typeof args === 'string') {
    try {
      parsed = args.trim() === '' ? {} : (JSON.parse(args) as unknown);
    } catch {
      const error = new ValidationError(name, [{ path: '', rule: 'json', message: 'the arguments are not valid JSON text' }]);
      return errorResult(error, new Redactor(), options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS);
    }
  }
  const tool = toolset.tools.find((t) => t.name === name);
  if (tool && isSchema(parsed)) {
    const jsonText = carriesJsonText(options.provider);
    parsed = decodeArguments(tool.inputSchema, parsed as Record<string, unknown>, { jsonText });
    if (name === 'execute') parsed = decodeExecuteParams(connectors, parsed as Record<string, unknown>, jsonText);
  }
  return toolset.call(name, parsed, { signal: options.signal });
}

/** `execute`'s params decoded with the action's own schema, when the connector and action are known. */
function decodeExecuteParams(
  connectors: readonly ConnectorInput[],
  args: Record<string, unknown>,
  jsonText: boolean,
): Record<string, unknown> {
  const params = args['params'];
  if (!isSchema(params)) return args;
  const connector =
    connectors.find((c) => !isConnectorPackage(c) && c.ref === args['connector']) ??
    connectors.find((c) => isConnectorPackage(c) && c.metadata.name === args['connector']);
  if (!connector || typeof args['entity'] !== 'string' || typeof args['action'] !== 'string') return args;
  const pkg = isConnectorPackage(connector) ? connector : connector.package;
  if (!actionOf(pkg.metadata, args['entity'], args['action'])) return args;
  const schema = paramSchemaOf(pkg, args['entity'], args['action']);
  return schema ? { ...args, params: decodeArguments(schema, params as Record<string, unknown>, { jsonText }) } : args;
}
