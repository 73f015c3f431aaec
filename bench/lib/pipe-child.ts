/**
 * The lowest floor of a second hop, for bench/hosted-execute.ts: a TCP relay that opens one
 * connection to the vendor fake per client connection and copies bytes both ways. It does not
 * even parse HTTP, so no service that reads a request (to authenticate it, to know what to call)
 * can cost less; bench/lib/relay-child.ts is the same with an HTTP server and client.
 * Prints `{"url"}` when listening; exits when stdin closes.
 *
 *   node --import tsx bench/lib/pipe-child.ts <vendor origin>
 */
import { connect, createServer, type AddressInfo } from 'node:net';

const target = new URL(process.argv[2] ?? '');
const server = createServer((client) => {
  client.setNoDelay(true);
  const upstream = connect({ host: target.hostname, port: Number(target.port) });
  upstream.setNoDelay(true);
  client.pipe(upstream);
  upstream.pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.stdin.resume();
process.stdin.once('end', () => {
  server.close(() => process.exit(0));
  // Pooled keep-alive connections would hold close() open.
  setTimeout(() => process.exit(0), 200).unref();
});
