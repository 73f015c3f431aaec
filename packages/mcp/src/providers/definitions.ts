/**
 * Tool definitions for a model provider, without MCP, and the way back: the same two toolsets
 * the MCP server offers (compact by default, or one tool per action), converted to each
 * provider's format, and `executeToolCall` to run a model's call of any of them.
 *
 * ```ts
 * const slack = openSourceConnector(messaging, { auth: { api_token } });
 * const tools = toolDefinitions([slack], { provider: 'openai' });
 * // … the model answers with a tool call …
 * const result = await executeToolCall([slack], call.function.name, call.function.arguments);
 * ```
 */
import type { AgentConnector } from '../connectors/agent-connector.js';
import type { ConnectorPackage } from '../connectors/connector-package.js';
import { definitionsOnlyConnector, isConnectorPackage } from '../connectors/open-source.js';
import { staticSource } from '../connectors/source.js';
import { createToolset, type Toolset, type ToolsChoice, type ToolDefinition } from '../engine/toolset.js';
import type { ToolAnnotations } from '../tools/action-kinds.js';
import { geminiDeclaration, type GeminiFunctionDeclaration } from './gemini.js';
import { openaiTool, type OpenAIFunctionTool } from './openai.js';
import type { Schema } from './schema-shapes.js';

export type Provider = 'openai' | 'anthropic' | 'gemini' | 'mcp';
export const PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'gemini', 'mcp'];

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Schema & { type: 'object' };
}

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Schema;
  outputSchema?: Schema;
  annotations: ToolAnnotations;
}

export interface ToolDefinitionsOptions<P extends Provider = Provider> {
  readonly provider: P;
  /** compact (default), actions (one per entity.action), or all. */
  readonly tools?: ToolsChoice | undefined;
  readonly only?: readonly string[] | undefined;
  readonly readOnly?: boolean | undefined;
}

type DefinitionOf<P extends Provider> = P extends 'openai'
  ? OpenAIFunctionTool
  : P extends 'anthropic'
    ? AnthropicTool
    : P extends 'gemini'
      ? GeminiFunctionDeclaration
      : McpToolDefinition;

/** Connectors as given: AgentConnectors run calls; bare packages give definitions only. */
export type ConnectorInput = AgentConnector | ConnectorPackage;

export function toolDefinitions<P extends Provider>(
  connectors: readonly ConnectorInput[],
  options: ToolDefinitionsOptions<P>,
): DefinitionOf<P>[] {
  if (!PROVIDERS.includes(options.provider)) {
    throw new TypeError(`provider must be one of ${PROVIDERS.join(', ')} (got ${JSON.stringify(options.provider)})`);
  }
  const toolset = toolsetFor(connectors, { tools: options.tools ?? 'compact', only: options.only, readOnly: options.readOnly });
  return toolset.tools.map((tool) => definitionFor(options.provider, tool) as DefinitionOf<P>);
}

export function definitionFor(
  provider: Provider,
  tool: ToolDefinition,
): OpenAIFunctionTool | AnthropicTool | GeminiFunctionDeclaration | McpToolDefinition {
  switch (provider) {
    case 'openai':
      return openaiTool(tool.name, tool.description, tool.inputSchema);
    case 'anthropic':
      return { name: tool.name, description: tool.description, input_schema: { ...tool.inputSchema, type: 'object' } };
    case 'gemini':
      return geminiDeclaration(tool.name, tool.description, tool.inputSchema);
    case 'mcp':
      return {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        annotations: tool.annotations,
      };
  }
}

interface ToolsetKey {
  readonly tools: ToolsChoice;
  readonly only?: readonly string[] | undefined;
  readonly readOnly?: boolean | undefined;
  readonly maxResultChars?: number | undefined;
}

/** One toolset per connectors array and settings: definitions and calls of the same array share it. */
const cache = new WeakMap<readonly ConnectorInput[], Map<string, Toolset>>();

export function toolsetFor(connectors: readonly ConnectorInput[], key: ToolsetKey): Toolset {
  let byKey = cache.get(connectors);
  if (!byKey) {
    byKey = new Map();
    cache.set(connectors, byKey);
  }
  const id = JSON.stringify([key.tools, key.only ?? null, key.readOnly === true, key.maxResultChars ?? null]);
  let toolset = byKey.get(id);
  if (!toolset) {
    const agents = connectors.map((c) => (isConnectorPackage(c) ? definitionsOnlyConnector(c) : c));
    toolset = createToolset(staticSource(agents), agents, key);
    byKey.set(id, toolset);
  }
  return toolset;
}
