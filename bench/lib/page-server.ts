/**
 * A loopback users.list server in its own process, so the client being measured does not share
 * its event loop, heap or garbage collector with the server. Prints one JSON line
 * (`{"url", "count", "bytes"}`) when listening and exits when its stdin closes.
 *
 *   node --import tsx bench/lib/page-server.ts small [bytes]   # the same ~1 KB page for every request
 *   node --import tsx bench/lib/page-server.ts lazy <total>    # <total> users generated from an index
 *   node --import tsx bench/lib/page-server.ts zendesk [count] # one page of [count] Zendesk tickets
 */
import { startServer } from '../../test/fakes/harness.js';
import { fixedPageHandler, lazyUsersHandler, smallPage } from './slack-users.js';
import { ticketsHandler, ticketsPage } from './zendesk-tickets.js';

const [mode = 'small', arg] = process.argv.slice(2);

let hello: Record<string, unknown>;
let server;
if (mode === 'small') {
  const page = smallPage(arg ? Number(arg) : 1024);
  server = await startServer(fixedPageHandler(page.body), { record: false });
  hello = { url: server.url, count: page.count, bytes: Buffer.byteLength(page.body) };
} else if (mode === 'lazy') {
  const total = Number(arg ?? 100_000);
  server = await startServer(lazyUsersHandler(total), { record: false });
  hello = { url: server.url, count: total };
} else if (mode === 'zendesk') {
  const page = ticketsPage(arg ? Number(arg) : 5);
  server = await startServer(ticketsHandler(page.body), { record: false });
  hello = { url: server.url, count: page.count, bytes: Buffer.byteLength(page.body) };
} else {
  throw new Error(`unknown mode ${mode}; use small, lazy or zendesk`);
}

const running = server;
process.stdout.write(`${JSON.stringify(hello)}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void running.close().then(() => process.exit(0));
});
