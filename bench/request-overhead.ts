/**
 * Question 2: what does the connector add to one request, compared with the same request sent
 * bare over the same transport?
 *
 * A users.list server in its own process answers every request with the same ~1 KB page. This
 * process alternates batches of `connector.execute('users', 'list', { limit })` (validation,
 * request building, auth, retry bookkeeping, body checks, record and meta extraction) with a bare
 * request of the same URL and headers, one request at a time, and times every request. Three pairs:
 *
 * - the default connector against a bare global fetch (the question as first asked, with a target);
 * - the default connector (undici's dispatcher over a connection-capped Agent) against a bare
 *   `agent.request()` + JSON.parse on an identical Agent: the connector's own overhead;
 * - a connector given the global `fetch` (the `fetch` option) against a bare global fetch: the
 *   overhead on that path, where each attempt also carries its own AbortSignal so a timed-out
 *   attempt closes its socket.
 *
 * And one of the newer families, support-desk (Zendesk): `tickets.list` (Basic auth, a config
 * subdomain, cursor meta) against the same request on an identical undici Agent. That connector is
 * loaded by name and its row left out when the repository no longer has it (CONTRIBUTING.md,
 * "Tests and the set of connectors": only the reference connector, messaging, is imported here).
 */
import { MessagingConnector } from '@switchyard/connector-messaging';
import { ConnectorClient, type ConnectorMetadata } from '@switchyard/runtime';
import { Agent } from 'undici';
import { startLongLived, tsxArgs } from './lib/child.js';
import type { Result, Row } from './lib/result.js';
import { median, ms, progress, summarize } from './lib/stats.js';

const TOKEN = 'xoxb-bench-token';
const WARMUP_EACH = 400;
const BATCHES = 120; // 60 pairs A/B, order alternating
const BATCH_SIZE = 50;
const TARGET_RATIO = 1.1;

type Call = () => Promise<number>;

export async function run(): Promise<Result> {
  const [command, args] = tsxArgs('bench/lib/page-server.ts', ['small', '1024']);
  const server = await startLongLived(command, args);
  const agent = new Agent({ connections: 64 });
  try {
    const count = server.hello['count'] as number;
    const bytes = server.hello['bytes'] as number;
    const base = `${server.hello['url'] as string}/api`;
    const url = `${base}/users.list?limit=${count}`;
    const headers = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
    const connector = new MessagingConnector({ auth: { api_token: TOKEN }, baseUrl: base });
    const fetchConnector = new MessagingConnector({ auth: { api_token: TOKEN }, baseUrl: base, fetch: globalThis.fetch });

    const viaConnector: Call = async () => (await connector.execute('users', 'list', { limit: count })).data.length;
    const viaFetchConnector: Call = async () => (await fetchConnector.execute('users', 'list', { limit: count })).data.length;
    const viaAgent: Call = async () => {
      const response = await agent.request({ origin: new URL(url).origin, path: `/api/users.list?limit=${count}`, method: 'GET', headers });
      return (JSON.parse(await response.body.text()) as { members: unknown[] }).members.length;
    };
    const viaFetch: Call = async () => ((await (await fetch(url, { headers })).json()) as { members: unknown[] }).members.length;

    // Every side must see the same page.
    for (const call of [viaConnector, viaFetchConnector, viaAgent, viaFetch]) {
      const n = await call();
      if (n !== count) throw new Error(`expected ${count} records from every side, got ${n}`);
    }

    const method =
      `sequential requests each after ${WARMUP_EACH} warm-up, in alternating batches of ${BATCH_SIZE} (ABBA order), ` +
      `against a ${bytes} B users.list page served by a loopback server in another process; baseline =`;
    const headline = await compare(viaConnector, viaFetch);
    const own = await compare(viaConnector, viaAgent);
    const withFetch = await compare(viaFetchConnector, viaFetch);
    const rows: Row[] = [
      {
        question: "Request overhead: execute('users','list') vs bare fetch, p50",
        figure: `p50 ${ms(headline.a.p50)}, p95 ${ms(headline.a.p95)}`,
        baseline: `fetch p50 ${ms(headline.b.p50)}, p95 ${ms(headline.b.p95)}`,
        ratio: headline.ratio,
        target: `p50 ratio ≤ ${TARGET_RATIO.toFixed(2)}`,
        met: headline.ratio <= TARGET_RATIO,
        method: `${headline.each.toLocaleString('en-US')} ${method} \`await (await fetch(url, {headers})).json()\` on the same URL and headers (the question asked since the first release; the default connector now sends over undici's dispatcher).`,
      },
      {
        question: "Request overhead: execute('users','list') vs the same request on its transport, p50",
        figure: `p50 ${ms(own.a.p50)}, p95 ${ms(own.a.p95)}`,
        baseline: `undici agent.request p50 ${ms(own.b.p50)}, p95 ${ms(own.b.p95)}`,
        ratio: own.ratio,
        target: '—',
        met: null,
        method: `${own.each.toLocaleString('en-US')} ${method} \`agent.request()\` + JSON.parse on an identical undici Agent, same URL and headers.`,
      },
      {
        question: "Request overhead with the `fetch` option: execute('users','list') vs bare fetch, p50",
        figure: `p50 ${ms(withFetch.a.p50)}, p95 ${ms(withFetch.a.p95)}`,
        baseline: `fetch p50 ${ms(withFetch.b.p50)}, p95 ${ms(withFetch.b.p95)}`,
        ratio: withFetch.ratio,
        target: '—',
        met: null,
        method: `${withFetch.each.toLocaleString('en-US')} ${method} \`await (await fetch(url, {headers})).json()\`; the connector is given \`fetch: globalThis.fetch\`.`,
      },
    ];
    const supportDesk = await supportDeskRow(agent);
    if (supportDesk) rows.push(supportDesk);
    return {
      name: 'request-overhead',
      rows,
      notes: [
        `page: ${count} users, ${bytes} bytes`,
        `default connector p50 ${ms(own.a.p50)} vs undici agent ${ms(own.b.p50)}; with fetch ${ms(withFetch.a.p50)} vs bare fetch ${ms(withFetch.b.p50)}`,
        `default connector vs bare global fetch: ${(own.a.p50 / withFetch.b.p50).toFixed(2)}x`,
      ],
      data: { headline, own, withFetch, bytes, count },
    };
  } finally {
    await agent.close();
    await server.stop();
  }
}

/** support-desk `tickets.list` vs `agent.request()` + JSON.parse of the same URL and headers; undefined without that connector. */
async function supportDeskRow(agent: Agent): Promise<Row | undefined> {
  const family = 'support-desk';
  let metadata: ConnectorMetadata;
  try {
    ({ metadata } = (await import(`@switchyard/connector-${family}`)) as { metadata: ConnectorMetadata });
  } catch {
    console.warn(`request-overhead: no @switchyard/connector-${family}; its row is left out`);
    return undefined;
  }
  const [command, args] = tsxArgs('bench/lib/page-server.ts', ['zendesk', '5']);
  const server = await startLongLived(command, args);
  try {
    const origin = server.hello['url'] as string;
    const count = server.hello['count'] as number;
    const bytes = server.hello['bytes'] as number;
    const auth = { email: 'agent@example.com', api_token: 'zendesk-bench-token' };
    const connector = new ConnectorClient(metadata, { auth, config: { subdomain: 'acme' }, baseUrl: `${origin}/api/v2` });
    const headers = {
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${auth.email}/token:${auth.api_token}`).toString('base64')}`,
    };
    const viaConnector: Call = async () =>
      ((await connector.executor.execute({ entity: 'tickets', action: 'list', params: {} })).data as unknown[]).length;
    const viaAgent: Call = async () => {
      const response = await agent.request({ origin, path: '/api/v2/tickets', method: 'GET', headers });
      return (JSON.parse(await response.body.text()) as { tickets: unknown[] }).tickets.length;
    };
    for (const call of [viaConnector, viaAgent]) {
      const n = await call();
      if (n !== count) throw new Error(`expected ${count} tickets from every side, got ${n}`);
    }
    const result = await compare(viaConnector, viaAgent);
    return {
      question: "Request overhead, support-desk: execute('tickets','list') vs the same request on its transport, p50",
      figure: `p50 ${ms(result.a.p50)}, p95 ${ms(result.a.p95)}`,
      baseline: `undici agent.request p50 ${ms(result.b.p50)}, p95 ${ms(result.b.p95)}`,
      ratio: result.ratio,
      target: '—',
      met: null,
      method:
        `${result.each.toLocaleString('en-US')} sequential requests each after ${WARMUP_EACH} warm-up, in alternating batches of ${BATCH_SIZE} ` +
        `(ABBA order), against a ${bytes} B page of ${count} tickets (the support-desk fake's seeded data) served by a loopback server in ` +
        'another process; baseline = `agent.request()` + JSON.parse on an identical undici Agent with the same Basic credentials.',
    };
  } finally {
    await server.stop();
  }
}

async function timeBatch(fn: Call, n: number, into: number[] | null): Promise<void> {
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    into?.push(performance.now() - started);
  }
}

/** Times `a` against `b` in alternating batches after a warm-up; the ratio is of the p50s. */
async function compare(a: Call, b: Call) {
  for (let i = 0; i < WARMUP_EACH / BATCH_SIZE; i++) {
    await timeBatch(b, BATCH_SIZE, null);
    await timeBatch(a, BATCH_SIZE, null);
  }
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  const pairRatios: number[] = [];
  const started = performance.now();
  for (let batch = 0; batch < BATCHES; batch += 2) {
    const x: number[] = [];
    const y: number[] = [];
    // ABBA across pairs: A first in even pairs, B first in odd ones.
    if ((batch / 2) % 2 === 0) {
      await timeBatch(a, BATCH_SIZE, x);
      await timeBatch(b, BATCH_SIZE, y);
    } else {
      await timeBatch(b, BATCH_SIZE, y);
      await timeBatch(a, BATCH_SIZE, x);
    }
    aTimes.push(...x);
    bTimes.push(...y);
    pairRatios.push(median(x) / median(y));
  }
  progress(`request-overhead: ${aTimes.length} + ${bTimes.length} requests in ${ms(performance.now() - started)}`);
  const sa = summarize(aTimes);
  const sb = summarize(bTimes);
  return { a: sa, b: sb, ratio: sa.p50 / sb.p50, each: aTimes.length, pairRatio: median(pairRatios) };
}
