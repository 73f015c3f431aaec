/**
 * Does the embedded store's work hold up the service's other requests? One caller makes hosted
 * `users.list` calls one at a time (a vendor call: no store work of its own), first with nothing
 * else running, then while two other callers of the same connector run heavy searches over its
 * synced copy back to back (infix like and fuzzy on real_name, limit 1000). The figure is the
 * execute p50 and p99 during the searches against idle, in the same run.
 *
 * The service runs in its own process as the hosted-execute benchmark starts it
 * (bench/lib/service-child.ts: embedded store in a temporary directory), its users synced from a
 * paging vendor fake (bench/lib/page-server.ts `lazy`, USERS users). No target: the service keeps
 * its store on a thread of its own (packages/server/README.md, "The store's thread"), and this row
 * shows what that buys. Opt-in (`pnpm bench execute-during-search`): the first sync takes most of
 * its minute.
 */
import type { MessagingConnector } from '@switchyard/connector-messaging';
import { startLongLived, tsxArgs } from './lib/child.js';
import { hostedFromServiceChild } from './lib/service-child-client.js';
import type { Result } from './lib/result.js';
import { ms, percentile, progress } from './lib/stats.js';

const TOKEN = 'xoxb-bench-token';
const USERS = 30_000;
const SEARCHERS = 2;
const WARMUP_CALLS = 200;
const CALLS = 300;
/** A pause between one caller's calls, so it samples the service rather than saturating it. */
const PAUSE_MS = 5;
const READY_WITHIN_MS = 180_000;

type UsersSearch = Parameters<MessagingConnector['users']['search']>[0];

const HEAVY: UsersSearch[] = [
  ...['%son%', '%mar%', '%er %', '%ill%'].map((pattern) => ({ query: { filter: { like: { real_name: pattern } } }, limit: 1000 })),
  ...['jmaes smith', 'mary jonson', 'john willaims'].map((text) => ({ query: { filter: { fuzzy: { real_name: text } } }, limit: 1000 })),
];

export async function run(): Promise<Result> {
  const vendor = await startLongLived(...tsxArgs('bench/lib/page-server.ts', ['lazy', String(USERS)]));
  try {
    const service = await startLongLived(
      ...tsxArgs('bench/lib/service-child.ts', [`${vendor.hello['url'] as string}/api`, TOKEN]),
      READY_WITHIN_MS,
    );
    try {
      const connector = hostedFromServiceChild(service.hello);
      progress(`waiting for the first sync of ${USERS} users`);
      await searchReady(connector);
      const timedCalls = async (count: number): Promise<number[]> => {
        const took: number[] = [];
        for (let i = 0; i < count; i++) {
          const started = performance.now();
          await connector.users.list({ limit: 5 });
          took.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
        return took;
      };
      await timedCalls(WARMUP_CALLS);
      const idle = await timedCalls(CALLS);
      let searching = true;
      const searchTimes: number[] = [];
      const searchers = Array.from({ length: SEARCHERS }, async (_, worker) => {
        for (let i = worker; searching; i++) {
          const started = performance.now();
          await connector.users.search(HEAVY[i % HEAVY.length]!);
          searchTimes.push(performance.now() - started);
        }
      });
      const busy = await timedCalls(CALLS);
      searching = false;
      await Promise.all(searchers);
      const [idleP50, idleP99, busyP50, busyP99] = [percentile(idle, 50), percentile(idle, 99), percentile(busy, 50), percentile(busy, 99)];
      return {
        name: 'execute-during-search',
        rows: [
          {
            question: `Hosted users.list p50 while ${SEARCHERS} other callers run heavy searches vs idle (embedded store)`,
            figure: `p50 ${ms(busyP50)}, p99 ${ms(busyP99)}`,
            baseline: `idle p50 ${ms(idleP50)}, p99 ${ms(idleP99)}`,
            ratio: busyP50 / idleP50,
            target: '—',
            met: null,
            method:
              `${CALLS} calls one at a time (${PAUSE_MS} ms apart) idle, then ${CALLS} more while ${SEARCHERS} callers search a synced copy of ${USERS} users ` +
              `back to back (infix like and fuzzy on real_name, limit 1000; search p50 ${ms(percentile(searchTimes, 50))}, ${searchTimes.length} searches); same service, same run.`,
          },
        ],
        notes: [`execute p99 during the searches ${ms(busyP99)} against ${ms(idleP99)} idle; slowest ${ms(Math.max(...busy))}`],
        data: { idle, busy, searchTimes },
      };
    } finally {
      await service.stop();
    }
  } finally {
    await vendor.stop();
  }
}

/** Searches until the first sync of users has finished (the service answers search_not_ready before). */
async function searchReady(connector: ReturnType<typeof hostedFromServiceChild>): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    try {
      await connector.users.search({ query: { filter: { like: { real_name: '%a%' } } }, limit: 1 });
      return;
    } catch (error) {
      if ((error as Error).name !== 'SyncNotReadyError' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
