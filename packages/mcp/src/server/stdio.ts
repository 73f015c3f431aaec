/**
 * Serves a Toolset over stdio (what a desktop MCP client spawns) until the client closes stdin or
 * the process is asked to stop. stdout is the protocol channel: nothing else may write to it.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Toolset } from '../engine/toolset.js';
import { createMcpServer } from './mcp-server.js';

export interface StdioOptions {
  /** Out-of-band errors (a malformed message from the client); never the protocol channel. */
  onerror?: (error: Error) => void;
}

/** Resolves once the client has gone (stdin closed) or SIGINT/SIGTERM arrived, after closing the server. */
export async function serveToolsetOverStdio(toolset: Toolset, options: StdioOptions = {}): Promise<void> {
  // One toolset for the connection; the SDK may build a second instance for a protocol probe.
  const handle = serveStdio(() => createMcpServer(toolset), options.onerror ? { onerror: options.onerror } : {});
  await new Promise<void>((resolve) => {
    const done = (): void => {
      process.stdin.off('end', done);
      process.stdin.off('close', done);
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.stdin.once('end', done);
    process.stdin.once('close', done);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await handle.close();
}
