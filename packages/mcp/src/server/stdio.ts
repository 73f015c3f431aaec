/**
 * Serves a Toolset over stdio (what a desktop MCP client spawns) until the client closes stdin or
 * the process is asked to stop. stdout is the protocol channel: nothing else may write to it.
 * stdin goes through `jsonRpcLines` first, so a line that is not a JSON-RPC message is answered
 * (-32700 or -32600) instead of being dropped in silence.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Toolset } from '../engine/toolset.js';
import { jsonRpcLines } from './json-rpc-lines.js';
import { createMcpServer } from './mcp-server.js';

export interface StdioOptions {
  /** Out-of-band errors (a malformed message from the client); never the protocol channel. */
  onerror?: (error: Error) => void;
  /** The client's end of the channel (default: this process's stdin and stdout). */
  stdin?: Readable;
  stdout?: Writable;
}

/** Resolves once the client has gone (stdin closed) or SIGINT/SIGTERM arrived, after closing the server. */
export async function serveToolsetOverStdio(toolset: Toolset, options: StdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const lines = jsonRpcLines({
    answer: (answer) => stdout.write(`${JSON.stringify(answer)}\n`),
    ...(options.onerror ? { onerror: options.onerror } : {}),
  });
  stdin.on('error', (error) => lines.destroy(error));
  stdin.pipe(lines);
  // One toolset for the connection; the SDK may build a second instance for a protocol probe.
  const handle = serveStdio(() => createMcpServer(toolset), {
    transport: new StdioServerTransport(lines, stdout),
    ...(options.onerror ? { onerror: options.onerror } : {}),
  });
  await new Promise<void>((resolve) => {
    const done = (): void => {
      lines.off('end', done);
      lines.off('close', done);
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    lines.once('end', done);
    lines.once('close', done);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await handle.close();
  stdin.unpipe(lines);
}
