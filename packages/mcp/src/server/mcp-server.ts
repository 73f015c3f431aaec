/**
 * A Toolset as an MCP server, on the SDK's protocol layer (`Server`): tools/list answers the
 * toolset's definitions exactly as built (our JSON Schemas, annotations and output schemas, in
 * their order), and tools/call runs the toolset, whose results and errors are already tool
 * results. A name the server does not have is a protocol error (-32602), as the MCP spec asks.
 */
import { readFileSync } from 'node:fs';
import { INVALID_PARAMS, ProtocolError, Server } from '@modelcontextprotocol/server';
import type { ToolDefinition, Toolset } from '../engine/toolset.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const INSTRUCTIONS =
  'Switchyard connects you to business systems (chat, tickets, CRM, code hosting, recruiting, …). ' +
  'Start with list_connectors, then describe_connector to see entities, actions and their parameters, then execute ' +
  '(and search, over the synced copy, when it is offered). Pass fields to get only the fields you need: results are capped in size, ' +
  'and a cut page tells you how to read the rest. Say why you call a tool in intent.';

export function createMcpServer(toolset: Toolset): Server {
  const server = new Server({ name: 'switchyard', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const names = new Set(toolset.tools.map((tool) => tool.name));
  const tools = toolset.tools.map(mcpTool);
  server.setRequestHandler('tools/list', async () => ({ tools }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    if (!names.has(name)) throw new ProtocolError(INVALID_PARAMS, `Unknown tool: ${name}`);
    const result = await toolset.call(name, request.params.arguments ?? {}, { signal: ctx.mcpReq.signal });
    return {
      content: [{ type: 'text' as const, text: result.text }],
      ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
      ...(result.isError ? { isError: true } : {}),
    };
  });
  return server;
}

function mcpTool(tool: ToolDefinition) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as { type: 'object'; [key: string]: unknown },
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as { type: 'object'; [key: string]: unknown } } : {}),
    annotations: tool.annotations,
  };
}
