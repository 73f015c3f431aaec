/**
 * The floor of any service hop, for bench/hosted-execute.ts: a bare HTTP relay that forwards each
 * request to the vendor fake and pipes the answer back, with keep-alive on both sides and nothing
 * else (no auth, no validation, no parsing). What the execution service costs beyond this is its
 * own work; up to this, it is what taking one HTTP request and sending one costs in Node (the
 * round trip alone is bench/lib/pipe-child.ts). Tried with undici as the outgoing client (what
 * the runtime uses): slower here, 3.43× against 2.59× in one run, so node:http stays the floor.
 * Prints `{"url"}` when listening; exits when stdin closes.
 *
 *   node --import tsx bench/lib/relay-child.ts <vendor origin>
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const target = new URL(process.argv[2] ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const server = createServer((incoming, outgoing) => {
  const forwarded = request(
    { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => outgoing.destroy());
  incoming.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.stdin.resume();
process.stdin.once('end', () => server.close(() => process.exit(0)));
