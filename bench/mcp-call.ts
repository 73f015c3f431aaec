/**
 * What MCP costs on a call: `users.list` as a tool call through `switchyard mcp` over stdio (the
 * SDK's client here, the server a child process, the compact `execute` tool and the per-action
 * tool) against the same `execute` called directly on a MessagingConnector in this process. A
 * fourth side, a bare JSON-lines relay child running the same execute
 * (bench/lib/stdio-relay-child.ts), is the floor of any tool call over stdio, so MCP's own cost
 * can be told from the process hop's. All against one loopback fake in its own process, measured
 * twice: answering at once (the hop's whole cost, the target's row) and after 20 ms, as SaaS APIs
 * do. Calls alternate in rotating batches so drift touches every side; results are checked equal
 * first.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import * as messaging from '@switchyard/connector-messaging';
import { MessagingConnector } from '@switchyard/connector-messaging';
import { buildToolset, openSourceConnector, staticSource } from '@switchyard/mcp';
import { ROOT, startLongLived, tsxArgs } from './lib/child.js';
import { spawnMcpClient } from './lib/mcp-stdio.js';
import type { Result } from './lib/result.js';
import { WARMUP_CALLS, rotatingBatches, warmUp } from './lib/rotating-batches.js';
import { ms, percentile, progress } from './lib/stats.js';

const TOKEN = 'xoxb-bench-token';
const BATCHES = 40;
const BATCH_SIZE = 50;
const TARGET_RATIO = 1.5;
const SLOW_VENDOR_MS = 20;

type Side = 'direct' | 'toolset' | 'relay' | 'execute' | 'tool';
const SIDES: Side[] = ['direct', 'toolset', 'relay', 'execute', 'tool'];

interface Measured {
  p50: Record<Side, number>;
  p95: Record<Side, number>;
  n: number;
}

export async function run(): Promise<Result> {
  progress('vendor fake answering at once');
  const instant = await measure(tsxArgs('bench/lib/page-server.ts', ['small', '1024']), BATCHES);
  progress(`vendor fake answering after ${SLOW_VENDOR_MS} ms`);
  const slow = await measure(tsxArgs('bench/lib/slow-page-server.ts', [String(SLOW_VENDOR_MS)]), 4, true);
  const r = (m: Measured, side: Side, over: Side = 'direct') => m.p50[side] / m.p50[over];
  const how = (n: number) =>
    `${n} sequential calls each way after ${WARMUP_CALLS.toLocaleString('en-US')} warm-up calls each (steady state), in rotating batches of ${BATCH_SIZE}, against one ~1 KB users.list page served by a loopback ` +
    'fake in its own process; MCP = the SDK client calling `switchyard mcp` spawned over stdio (JSON-RPC both ways, arguments checked, the ' +
    "result budgeted and serialized as the tool's text); direct = `MessagingConnector.execute` in the client's process; results checked equal first.";
  return {
    name: 'mcp-call',
    rows: [
      {
        question: 'MCP tool call (compact execute) over stdio vs execute called directly: users.list, p50 (vendor answers at once)',
        figure: `MCP p50 ${ms(instant.p50.execute)}, p95 ${ms(instant.p95.execute)}`,
        baseline: `direct p50 ${ms(instant.p50.direct)}, p95 ${ms(instant.p95.direct)}`,
        ratio: r(instant, 'execute'),
        target: `p50 ratio ≤ ${TARGET_RATIO.toFixed(2)}`,
        met: r(instant, 'execute') <= TARGET_RATIO,
        method: `${how(instant.n)} The whole cost of the hop shows here, against a vendor round trip of about a tenth of a millisecond.`,
      },
      {
        question:
          'MCP tool call (per-action tool, with structuredContent) over stdio vs execute called directly, p50 (vendor answers at once)',
        figure: `MCP p50 ${ms(instant.p50.tool)}, p95 ${ms(instant.p95.tool)}`,
        baseline: `direct p50 ${ms(instant.p50.direct)}`,
        ratio: r(instant, 'tool'),
        target: '—',
        met: null,
        method:
          "Same calls through messaging_users_list, which also returns the result as structuredContent (the client validates it against the tool's outputSchema).",
      },
      {
        question: 'Floor of any stdio tool call: users.list through a bare JSON-lines relay child vs direct, p50 (vendor answers at once)',
        figure: `relay p50 ${ms(instant.p50.relay)}, p95 ${ms(instant.p95.relay)}`,
        baseline: `direct p50 ${ms(instant.p50.direct)}`,
        ratio: r(instant, 'relay'),
        target: '—',
        met: null,
        method:
          'Same calls through bench/lib/stdio-relay-child.ts: a child that reads one JSON line, runs the same execute and writes the result as one JSON line ' +
          '(no protocol, no checks). A tool server on stdio must at least do this, so none can be under this ratio.',
      },
      {
        question: "MCP's own cost: the execute tool vs the bare stdio relay, p50 (vendor answers at once)",
        figure: `MCP p50 ${ms(instant.p50.execute)}`,
        baseline: `relay p50 ${ms(instant.p50.relay)}`,
        ratio: r(instant, 'execute', 'relay'),
        target: '—',
        met: null,
        method:
          "JSON-RPC framing and the SDK's message checks both ways, the tool's argument checks, the budget, and the result as the tool's text.",
      },
      {
        question:
          "Switchyard's tool layer in process: the execute tool's call (no MCP, no process hop) vs execute called directly, p50 (vendor answers at once)",
        figure: `tool layer p50 ${ms(instant.p50.toolset)}`,
        baseline: `direct p50 ${ms(instant.p50.direct)}`,
        ratio: r(instant, 'toolset'),
        target: '—',
        met: null,
        method:
          '`buildToolset(...).call("execute", …)` in the client\'s process, its JSON text parsed: argument checks, connector and action lookup, the budget and the ' +
          "credential scan, with the result's JSON written and read once more than a direct call's. What remains of MCP's own cost is the SDK's protocol handling.",
      },
      {
        question: `MCP tool call (compact execute) over stdio vs execute called directly, p50 (vendor answers after ${SLOW_VENDOR_MS} ms)`,
        figure: `MCP p50 ${ms(slow.p50.execute)}, p95 ${ms(slow.p95.execute)}`,
        baseline: `direct p50 ${ms(slow.p50.direct)}, p95 ${ms(slow.p95.direct)}`,
        ratio: r(slow, 'execute'),
        target: '—',
        met: null,
        method: `${how(slow.n)} The fake delays every answer by ${SLOW_VENDOR_MS} ms, a typical SaaS API response time.`,
      },
    ],
    notes: [
      `instant vendor: execute tool ${ms(instant.p50.execute)} (${r(instant, 'execute').toFixed(2)}×), per-action tool ${ms(instant.p50.tool)} ` +
        `(${r(instant, 'tool').toFixed(2)}×), bare stdio relay ${ms(instant.p50.relay)} (${r(instant, 'relay').toFixed(2)}×), ` +
        `tool layer in process ${ms(instant.p50.toolset)} (${r(instant, 'toolset').toFixed(2)}×), direct ${ms(instant.p50.direct)}`,
      `${SLOW_VENDOR_MS} ms vendor: execute tool ${ms(slow.p50.execute)} vs direct ${ms(slow.p50.direct)} (${r(slow, 'execute').toFixed(2)}×)`,
    ],
    data: { instant, slow },
  };
}

async function measure([vendorCommand, vendorArgs]: [string, string[]], batches: number, slowVendor = false): Promise<Measured> {
  const vendor = await startLongLived(vendorCommand, vendorArgs);
  const base = `${vendor.hello['url'] as string}/api`;
  const count = vendor.hello['count'] as number;
  const client = await spawnMcpClient(['--connector', 'messaging', '--base-url', `messaging=${base}`, '--tools', 'all'], {
    SWITCHYARD_MESSAGING_API_TOKEN: TOKEN,
  });
  const relay = startRelay(base);
  try {
    const direct = new MessagingConnector({ auth: { api_token: TOKEN }, baseUrl: base });
    const toolset = await buildToolset(staticSource([openSourceConnector(messaging, { auth: { api_token: TOKEN }, baseUrl: base })]));
    const text = (result: unknown): string => (result as { content: { text: string }[] }).content[0]!.text;
    const calls: Record<Side, () => Promise<unknown>> = {
      direct: () => direct.execute('users', 'list', { limit: count }),
      toolset: async () =>
        JSON.parse(
          (await toolset.call('execute', { connector: 'messaging', entity: 'users', action: 'list', params: { limit: count } })).text,
        ) as unknown,
      relay: async () => (JSON.parse(await relay.call({ limit: count })) as { result: unknown }).result,
      execute: () =>
        client.callTool({
          name: 'execute',
          arguments: { connector: 'messaging', entity: 'users', action: 'list', params: { limit: count } },
        }),
      tool: () => client.callTool({ name: 'messaging_users_list', arguments: { limit: count } }),
    };
    // Same records every way, or the comparison means nothing.
    const expected = JSON.stringify(await calls.direct());
    for (const side of ['execute', 'tool'] as const) {
      if (text(await calls[side]()) !== expected) throw new Error(`the ${side} tool's result differs from the direct call's`);
    }
    for (const side of ['relay', 'toolset'] as const) {
      if (JSON.stringify(await calls[side]()) !== expected) throw new Error(`the ${side}'s result differs from the direct call's`);
    }
    await warmUp(SIDES, calls, BATCH_SIZE, { concurrent: slowVendor });
    const samples = await rotatingBatches(SIDES, calls, batches, BATCH_SIZE);
    const at = (p: number) => Object.fromEntries(SIDES.map((side) => [side, percentile(samples[side], p)])) as Record<Side, number>;
    return { p50: at(50), p95: at(95), n: samples.direct.length };
  } finally {
    relay.stop();
    await client.close();
    await vendor.stop();
  }
}

/** The stdio relay child (bench/lib/stdio-relay-child.ts) as an async call. */
function startRelay(base: string): { call: (params: unknown) => Promise<string>; stop: () => void } {
  const [command, args] = tsxArgs('bench/lib/stdio-relay-child.ts', [base, TOKEN]);
  const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<number, (line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const id = Number(/^\{"id":(\d+)/.exec(line)![1]);
    waiting.get(id)!(line);
    waiting.delete(id);
  });
  let next = 0;
  return {
    call: (params) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        child.stdin!.write(`${JSON.stringify({ id, params })}\n`);
      }),
    stop: () => child.stdin!.end(),
  };
}
