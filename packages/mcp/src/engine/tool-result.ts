/** What a tool call answers, whichever way it is served (MCP, or `executeToolCall` for a model provider). */
export interface ToolResult {
  readonly isError: boolean;
  /** The JSON text a model reads: within the budget, always valid JSON. */
  readonly text: string;
  /** The same JSON as an object, for per-action tools (which declare an outputSchema). */
  readonly structuredContent?: Record<string, unknown>;
}
