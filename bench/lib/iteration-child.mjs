// Client side of bench/iteration.ts, run with plain `node` (no tsx loader) in a fresh process so the
// RSS it reports is the client's alone: the server lives in the parent.
//
//   node bench/lib/iteration-child.mjs <connector|fetch> <baseUrl> <limit> <expectedRecords>
//
// Prints one JSON line: records, pages, elapsed ms of the timed loop, and memory (peak RSS sampled
// every 50 ms, the kernel's maxRSS, RSS before the loop).
import { resourceUsage } from 'node:process';

const [mode, baseUrl, limitArg, expectedArg] = process.argv.slice(2);
const limit = Number(limitArg);
const expected = Number(expectedArg);
const TOKEN = 'xoxb-bench-token';
const WARMUP_RECORDS = 2_000;

let peakRss = process.memoryUsage.rss();
const sample = () => {
  const rss = process.memoryUsage.rss();
  if (rss > peakRss) peakRss = rss;
};
const sampler = setInterval(sample, 50);

/** @type {(max: number) => Promise<{ records: number, pages: number }>} */
let iterate;
if (mode === 'connector') {
  const { MessagingConnector } = await import('@switchyard/connector-messaging');
  const connector = new MessagingConnector({ auth: { api_token: TOKEN }, baseUrl });
  iterate = async (max) => {
    let records = 0;
    for await (const user of connector.users.list({ limit })) {
      if (user.id) records++;
      if (records >= max) break;
    }
    return { records, pages: Math.ceil(records / limit) };
  };
} else if (mode === 'fetch') {
  const headers = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
  iterate = async (max) => {
    let records = 0;
    let pages = 0;
    let cursor = '';
    for (;;) {
      const url = `${baseUrl}/users.list?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await fetch(url, { headers });
      const body = JSON.parse(await response.text());
      if (!body.ok) throw new Error(`users.list failed: ${body.error}`);
      pages++;
      for (const user of body.members) {
        if (user.id) records++;
        if (records >= max) return { records, pages };
      }
      cursor = body.response_metadata?.next_cursor ?? '';
      if (!cursor) return { records, pages };
    }
  };
} else {
  throw new Error(`unknown mode ${mode}`);
}

sample();
const rssBeforeLoop = process.memoryUsage.rss();
await iterate(WARMUP_RECORDS);

const started = performance.now();
const { records, pages } = await iterate(Number.POSITIVE_INFINITY);
const elapsedMs = performance.now() - started;
sample();
clearInterval(sampler);
if (records !== expected) throw new Error(`${mode}: expected ${expected} records, got ${records}`);

process.stdout.write(
  `${JSON.stringify({
    mode,
    records,
    pages,
    elapsedMs,
    peakRss,
    maxRss: resourceUsage().maxRSS * 1024,
    rssBeforeLoop,
  })}\n`,
);
