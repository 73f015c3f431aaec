/**
 * The service hop: `connector.users.list()` in hosted mode (SDK → execution service → vendor)
 * against open-source mode (SDK → vendor), on the same loopback vendor fake. The fake and the
 * service each run in their own process (bench/lib/page-server.ts, bench/lib/service-child.ts),
 * the client here; calls alternate in batches (ABBA order) so drift touches both sides. Measured
 * twice: against a fake that answers at once (the hop's whole cost, the target's row) and
 * against one that answers after 20 ms, as SaaS APIs do (the hop's share of a realistic call).
 */
import { MessagingConnector } from '@switchyard/connector-messaging';
import { startLongLived, tsxArgs } from './lib/child.js';
import type { Result } from './lib/result.js';
import { ms, percentile, progress } from './lib/stats.js';

const TOKEN = 'xoxb-bench-token';
const WARMUP = 300;
const BATCHES = 40;
const BATCH_SIZE = 50;
const TARGET_RATIO = 2.0;

type Call = () => Promise<number>;

/** A vendor answering after this long: the hop's share of a realistic call. */
const SLOW_VENDOR_MS = 20;

interface Measured {
  p50: { direct: number; hosted: number };
  p95: { direct: number; hosted: number };
  n: number;
}

export async function run(): Promise<Result> {
  progress('vendor fake answering at once');
  const instant = await measure(tsxArgs('bench/lib/page-server.ts', ['small', '1024']), BATCHES);
  progress(`vendor fake answering after ${SLOW_VENDOR_MS} ms`);
  const slow = await measure(tsxArgs('bench/lib/slow-page-server.ts', [String(SLOW_VENDOR_MS)]), 8);
  const ratio = instant.p50.hosted / instant.p50.direct;
  const slowRatio = slow.p50.hosted / slow.p50.direct;
  const how = (n: number) =>
    `${n} sequential \`users.list()\` calls each way after ${WARMUP} warm-up, in alternating batches of ${BATCH_SIZE} (ABBA order), ` +
    'against one ~1 KB users.list page served by a loopback fake in its own process; hosted = `MessagingConnector.hosted()` ' +
    'through the execution service (its own process, embedded store, scoped token, credentials decrypted per connector) ' +
    'to the same fake; results checked equal first.';
  return {
    name: 'hosted-execute',
    rows: [
      {
        question: 'Hosted execute vs open-source execute: users.list, p50 (vendor fake answers at once)',
        figure: `hosted p50 ${ms(instant.p50.hosted)}, p95 ${ms(instant.p95.hosted)}`,
        baseline: `open-source p50 ${ms(instant.p50.direct)}, p95 ${ms(instant.p95.direct)}`,
        ratio,
        target: `p50 ratio ≤ ${TARGET_RATIO.toFixed(2)}`,
        met: ratio <= TARGET_RATIO,
        method: `${how(instant.n)} The service hop's whole cost shows here, against a vendor round trip of a tenth of a millisecond.`,
      },
      {
        question: `Hosted execute vs open-source execute: users.list, p50 (vendor fake answers after ${SLOW_VENDOR_MS} ms)`,
        figure: `hosted p50 ${ms(slow.p50.hosted)}, p95 ${ms(slow.p95.hosted)}`,
        baseline: `open-source p50 ${ms(slow.p50.direct)}, p95 ${ms(slow.p95.direct)}`,
        ratio: slowRatio,
        target: '—',
        met: null,
        method: `${how(slow.n)} The fake delays every answer by ${SLOW_VENDOR_MS} ms, a typical SaaS API response time.`,
      },
    ],
    notes: [
      `instant vendor: hosted p50 ${ms(instant.p50.hosted)} vs open-source ${ms(instant.p50.direct)} (${ratio.toFixed(2)}×)`,
      `${SLOW_VENDOR_MS} ms vendor: hosted p50 ${ms(slow.p50.hosted)} vs open-source ${ms(slow.p50.direct)} (${slowRatio.toFixed(2)}×)`,
    ],
    data: { instant, slow },
  };
}

async function measure([vendorCommand, vendorArgs]: [string, string[]], batches: number): Promise<Measured> {
  const vendor = await startLongLived(vendorCommand, vendorArgs);
  try {
    const base = `${vendor.hello['url'] as string}/api`;
    const [serviceCommand, serviceArgs] = tsxArgs('bench/lib/service-child.ts', [base, TOKEN]);
    const service = await startLongLived(serviceCommand, serviceArgs, 120_000);
    try {
      const count = vendor.hello['count'] as number;
      const hello = service.hello as Record<string, string>;
      const direct = new MessagingConnector({ auth: { api_token: TOKEN }, baseUrl: base });
      const hosted = MessagingConnector.hosted({
        baseUrl: hello['url']!,
        externalUserId: hello['externalUserId']!,
        clientId: hello['clientId']!,
        clientSecret: hello['clientSecret']!,
        connectorId: hello['connectorId']!,
      });
      const viaDirect: Call = async () => (await direct.users.list({ limit: count })).data.length;
      const viaHosted: Call = async () => (await hosted.users.list({ limit: count })).data.length;
      // Same records both ways, or the comparison means nothing.
      const [a, b] = [await direct.users.list({ limit: count }), await hosted.users.list({ limit: count })];
      if (JSON.stringify(a.data) !== JSON.stringify(b.data)) throw new Error('hosted and open-source results differ');
      const warmup = Math.min(WARMUP, batches * 10);
      for (let i = 0; i < warmup; i++) {
        await viaDirect();
        await viaHosted();
      }
      const samples = { direct: [] as number[], hosted: [] as number[] };
      for (let batch = 0; batch < batches; batch++) {
        const order: ['direct' | 'hosted', Call][] = [
          ['direct', viaDirect],
          ['hosted', viaHosted],
        ];
        if (batch % 2 === 1) order.reverse();
        for (const [name, call] of order) {
          for (let i = 0; i < BATCH_SIZE; i++) {
            const t0 = performance.now();
            await call();
            samples[name].push(performance.now() - t0);
          }
        }
      }
      return {
        p50: { direct: percentile(samples.direct, 50), hosted: percentile(samples.hosted, 50) },
        p95: { direct: percentile(samples.direct, 95), hosted: percentile(samples.hosted, 95) },
        n: samples.direct.length,
      };
    } finally {
      await service.stop();
    }
  } finally {
    await vendor.stop();
  }
}
