/**
 * The vendor behind the fairness benchmark's service, in its own process: Slack's `users.list`
 * over the search benchmark's generated users (bench/lib/search-dataset.ts: Zipf-distributed
 * names, titles, time zones), and an empty `conversations.list`. The bearer token names the
 * dataset, `xoxb-fair-<seed>-<count>`, so each tenant's connector syncs its own copy and the
 * server keeps no state. Pages hold up to 1,000 users (Slack's largest `limit`; the sync asks for
 * none) and cursors are Slack-style base64 of the next index. Prints `{"url"}` when listening
 * and exits when its stdin closes.
 *
 *   node --import tsx bench/lib/fairness-vendor.ts
 */
import { one, startServer, type Handler, type Reply } from '../../test/fakes/harness.js';
import { benchUser } from './search-dataset.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const PAGE = 1000;

/** The token a connector of `count` users generated with `seed` is created with. */
export function datasetToken(seed: number, count: number): string {
  return `xoxb-fair-${seed}-${count}`;
}

function datasetOf(authorization: string | undefined): { seed: number; count: number } | undefined {
  const match = /^Bearer xoxb-fair-(\d+)-(\d+)$/.exec(authorization ?? '');
  return match ? { seed: Number(match[1]), count: Number(match[2]) } : undefined;
}

const handler: Handler = (req): Reply => {
  const dataset = datasetOf(req.headers['authorization']);
  if (!dataset) return { body: { ok: false, error: 'invalid_auth' } };
  if (req.path === '/api/conversations.list') return { body: { ok: true, channels: [], response_metadata: { next_cursor: '' } } };
  if (req.path !== '/api/users.list') return { status: 404, body: { ok: false, error: 'unknown_method' } };
  const cursor = one(req.query['cursor']);
  const start = cursor
    ? Number(
        Buffer.from(cursor, 'base64')
          .toString('utf8')
          .replace(/^next:/, ''),
      )
    : 0;
  if (!Number.isSafeInteger(start) || start < 0) return { body: { ok: false, error: 'invalid_cursor' } };
  const end = Math.min(dataset.count, start + PAGE);
  const members: string[] = [];
  for (let i = start; i < end; i++) members.push(JSON.stringify(benchUser(i, dataset.seed).data));
  const next = end < dataset.count ? Buffer.from(`next:${end}`).toString('base64') : '';
  return {
    headers: { 'content-type': JSON_TYPE },
    body: `{"ok":true,"members":[${members.join(',')}],"response_metadata":{"next_cursor":"${next}"}}`,
  };
};

if (process.argv[1]?.endsWith('fairness-vendor.ts')) {
  const server = await startServer(handler, { record: false });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => {
    void server.close().then(() => process.exit(0));
  });
}
