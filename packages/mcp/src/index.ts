/**
 * @switchyard/mcp — the agent surface: an MCP server over Switchyard connectors (stdio and
 * Streamable HTTP), and tool definitions for model providers (OpenAI, Anthropic, Gemini) with the
 * way back from a model's tool call to a connector action.
 */
export type { AgentConnector, CallContext } from './connectors/agent-connector.js';
export type { ConnectorPackage, JsonSchema } from './connectors/connector-package.js';
export { openSourceConnector, definitionsOnlyConnector } from './connectors/open-source.js';
export {
  hostedSource,
  hostedConnector,
  connectorListing,
  INTENT_HEADER,
  INTENT_MAX_LENGTH,
  type HostedSourceOptions,
} from './connectors/hosted.js';
export { staticSource, type ConnectorSource, type ListedConnector } from './connectors/source.js';
export {
  credentialsFromEnv,
  envVariable,
  MissingCredentialsError,
  type EnvCredentials,
  type Environment,
} from './connectors/env-credentials.js';
export { allowListProblems } from './engine/allow-list.js';
export {
  buildToolset,
  DEFAULT_MAX_RESULT_CHARS,
  type Toolset,
  type ToolsetOptions,
  type ToolDefinition,
  type ToolsChoice,
  type CallOptions,
} from './engine/toolset.js';
export type { ToolResult } from './engine/tool-result.js';
export { ReadOnlyError, ActionNotAllowedError, ResultTooLargeError } from './engine/errors.js';
export { applyBudget, type BudgetRequest, type BudgetOutcome, type Truncation } from './engine/budget.js';
export { actionToolName, MAX_TOOL_NAME_LENGTH } from './tools/names.js';
export { actionAnnotations, type ToolAnnotations } from './tools/action-kinds.js';
export { createMcpServer } from './server/mcp-server.js';
export { serveToolsetOverStdio, type StdioOptions } from './server/stdio.js';
export {
  createMcpHttpHandler,
  protectedResourceMetadata,
  unauthorized,
  bearerChallenge,
  bearerToken,
  toNodeHandler,
  type McpHttpHandler,
  type McpHttpHandlerOptions,
  type McpFetchOptions,
  type ProtectedResourceOptions,
} from './server/http.js';
export {
  toolDefinitions,
  PROVIDERS,
  type Provider,
  type ToolDefinitionsOptions,
  type ConnectorInput,
  type AnthropicTool,
  type McpToolDefinition,
} from './providers/definitions.js';
export type { OpenAIFunctionTool } from './providers/openai.js';
export { OMIT } from './providers/openai.js';
export type { GeminiFunctionDeclaration } from './providers/gemini.js';
export { executeToolCall, type ExecuteToolCallOptions } from './providers/execute-tool-call.js';
export { openaiStrictProblems, geminiProblems, anthropicProblems, TOOL_NAME_PATTERN } from './providers/checks.js';
export { runMcpCommand, mcpHelp, type CommandDeps } from './cli/mcp-command.js';
export { runToolsCommand, toolsHelp } from './cli/tools-command.js';
export { runCliCommand, isCliCommand, type CliDeps } from './cli/run-cli.js';
export type { CommandSpec, OptionSpec } from './cli/command-spec.js';
export type { CommandPackages, ConnectorPackageLoaders, PackagesSource } from './cli/package-set.js';
export { EXIT, EXIT_TABLE, exitRowOf, type ExitCode, type ExitRow } from './cli/exit-codes.js';
