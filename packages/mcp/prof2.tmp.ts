import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { percentile } from '../../bench/lib/stats.js';
const text = JSON.stringify({ data: Array.from({ length: 3 }, (_, i) => ({ id: 'U' + i, name: 'x'.repeat(200) })), meta: {} });
const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 't', inputSchema: { type: 'object' } }] }));
server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'text', text }] }));
const [ct, st] = InMemoryTransport.createLinkedPair();
await server.connect(st);
const client = new Client({ name: 'x', version: '1' });
await client.connect(ct);
const sides: Record<string, () => Promise<unknown>> = {
  callTool: () => client.callTool({ name: 't', arguments: { a: 1 } }),
  ping: () => client.ping(),
};
const samples: Record<string, number[]> = { callTool: [], ping: [] };
for (let i = 0; i < 500; i++) for (const f of Object.values(sides)) await f();
for (let b = 0; b < 20; b++)
  for (const [k, f] of Object.entries(sides))
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await f();
      samples[k]!.push(performance.now() - t);
    }
for (const k of Object.keys(samples)) console.log(k, percentile(samples[k]!, 50).toFixed(3));
