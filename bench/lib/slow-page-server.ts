/**
 * Like page-server.ts `small`, but every users.list answer leaves after a fixed delay: a vendor
 * with a realistic response time (SaaS APIs answer in tens of milliseconds), for
 * bench/hosted-execute.ts. Prints `{"url", "count", "bytes"}` when listening; exits when stdin closes.
 *
 *   node --import tsx bench/lib/slow-page-server.ts <delay ms>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../../test/fakes/harness.js';
import { fixedPageHandler, smallPage } from './slack-users.js';

const delayMs = Number(process.argv[2] ?? 20);
const page = smallPage(1024);
const handler = fixedPageHandler(page.body);
const server = await startServer(
  async (req, res) => {
    await sleep(delayMs);
    return handler(req, res);
  },
  { record: false },
);
process.stdout.write(`${JSON.stringify({ url: server.url, count: page.count, bytes: Buffer.byteLength(page.body) })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void server.close().then(() => process.exit(0));
});
