/**
 * The fair queue in front of the store (src/search/limits/fair-queue.ts), driven step by step: a fake
 * clock says how long each turn ran, a manual `defer` says when dispatches happen, and each turn
 * is a promise the test settles. Most searches here take one turn (one statement); order and caps
 * are asserted, nothing is timed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError } from '@switchyard/runtime';
import { FairQueue, TenantQueueFullError, type FairQueueLimits, type FairTurns } from '../src/search/limits/fair-queue.js';

interface Task {
  readonly tenant: string;
  readonly label: string;
  readonly outcome: Promise<string>;
  started: boolean;
  finished: boolean;
  finish(): void;
  fail(error: Error): void;
}

/** A queue with a fake clock and manual dispatch, and the order in which tasks started. */
function harness(limits: Partial<FairQueueLimits> = {}) {
  let clock = 0;
  let pending: (() => void) | undefined;
  const queue = new FairQueue({
    concurrency: 1,
    tenantConcurrency: 1,
    tenantQueue: 100,
    ...limits,
    now: () => clock,
    defer: (dispatch) => {
      if (pending) throw new Error('the queue asked for a second dispatch while one was pending');
      pending = dispatch;
    },
  });
  const started: string[] = [];
  const tasks = new Map<string, Task>();
  return {
    queue,
    started,
    tasks,
    /** Lets the pending dispatch run (the next turn of the event loop). */
    async turn(): Promise<void> {
      await flush();
      const dispatch = pending;
      pending = undefined;
      dispatch?.();
      await flush();
    },
    advance(ms: number): void {
      clock += ms;
    },
    /** Tasks started and not finished. */
    running(): Task[] {
      return [...tasks.values()].filter((t) => t.started && !t.finished);
    },
    /** A search of one turn: enters, takes its turn, leaves. */
    submit(tenant: string, label: string, signal?: AbortSignal): Task {
      let turns: FairTurns;
      try {
        turns = queue.enter(tenant);
      } catch (error) {
        const refused: Task = { tenant, label, started: false, finished: true, outcome: Promise.reject(error), finish() {}, fail() {} };
        refused.outcome.catch(() => undefined);
        return refused;
      }
      const task = this.turnOf(turns, tenant, label, signal);
      void task.outcome.then(
        () => turns.leave(),
        () => turns.leave(),
      );
      return task;
    },
    /** One turn of an admitted search. */
    turnOf(turns: FairTurns, tenant: string, label: string, signal?: AbortSignal): Task {
      let settle!: { resolve: (v: string) => void; reject: (e: Error) => void };
      const inner = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
      const task: Task = {
        tenant,
        label,
        started: false,
        finished: false,
        outcome: turns.run(() => {
          task.started = true;
          started.push(label);
          return inner;
        }, signal),
        finish: () => {
          task.finished = true;
          settle.resolve(label);
        },
        fail: (error) => {
          task.finished = true;
          settle.reject(error);
        },
      };
      task.outcome.catch(() => undefined);
      tasks.set(label, task);
      return task;
    },
    /** Runs the running task `label` for `ms` of store time, finishes it and lets the next dispatch happen. */
    async complete(label: string, ms = 10): Promise<void> {
      const task = tasks.get(label)!;
      if (!task.started) throw new Error(`${label} has not started`);
      clock += ms;
      task.finish();
      await task.outcome;
      await this.turn();
    },
  };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('order', () => {
  it("a tenant arriving behind another's sixteen queued searches waits for the one running, no more", async () => {
    const h = harness();
    for (let i = 1; i <= 16; i++) h.submit('A', `A${i}`);
    await h.turn();
    expect(h.started).toEqual(['A1']);
    h.submit('B', 'B1');
    await h.turn();
    expect(h.started).toEqual(['A1']); // one at a time: B waits for the search in flight
    await h.complete('A1', 40);
    expect(h.started).toEqual(['A1', 'B1']);
    await h.complete('B1', 3);
    expect(h.started).toEqual(['A1', 'B1', 'A2']);
  });

  it("a search of several statements yields between them: another tenant's search runs after the first one", async () => {
    const h = harness();
    const turns = h.queue.enter('A');
    const first = h.turnOf(turns, 'A', 'A.1');
    await h.turn();
    h.submit('B', 'B1');
    await h.complete('A.1', 40);
    // A's search asks for its next statement at once; B's, waiting, goes first.
    const second = h.turnOf(turns, 'A', 'A.2');
    await h.turn();
    expect(h.started).toEqual(['A.1', 'B1']);
    await h.complete('B1', 2);
    expect(h.started).toEqual(['A.1', 'B1', 'A.2']);
    await h.complete('A.2', 40);
    turns.leave();
    await Promise.all([first.outcome, second.outcome]);
    expect(h.queue.inProgress).toBe(0);
    await expect(turns.run(() => Promise.resolve(1))).rejects.toThrow(/after the search left/);
  });

  it('a tenant whose request arrived while the store was busy goes before the tenant already waiting (dispatch waits a turn)', async () => {
    const h = harness();
    h.submit('A', 'A1');
    h.submit('A', 'A2');
    await h.turn();
    h.advance(30);
    h.tasks.get('A1')!.finish();
    await h.tasks.get('A1')!.outcome;
    // B's request is read on the turn after A1 ended, before the queue dispatches again.
    h.submit('B', 'B1');
    await h.turn();
    expect(h.started).toEqual(['A1', 'B1']);
  });

  it('store time decides the share: cheap searches of one tenant run between the expensive ones of another', async () => {
    const h = harness();
    for (let i = 1; i <= 4; i++) h.submit('heavy', `H${i}`);
    for (let i = 1; i <= 30; i++) h.submit('light', `L${i}`);
    await h.turn();
    // Both joined with no usage; the first to arrive goes first.
    for (let step = 0; step < 30; step++) {
      const [running] = h.running();
      if (!running) break;
      await h.complete(running.label, running.tenant === 'heavy' ? 50 : 5);
    }
    // Each 50 ms of heavy store time is followed by about 50 ms of light searches (ten of 5 ms).
    expect(h.started.slice(0, 24)).toEqual(['H1', ...labels('L', 1, 10), 'H2', ...labels('L', 11, 20), 'H3', 'L21']);
  });

  it('three tenants take turns; none is served twice while another waits with less store time', async () => {
    const h = harness();
    for (const tenant of ['A', 'B', 'C']) for (let i = 1; i <= 3; i++) h.submit(tenant, `${tenant}${i}`);
    await h.turn();
    for (let i = 0; i < 9; i++) await h.complete(h.started[h.started.length - 1]!, 10);
    expect(h.started).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3']);
  });

  it('idling earns no credit: a tenant returning after a pause is charged like the least-charged tenant present', async () => {
    const h = harness();
    // A runs alone for a long time, B once long ago.
    h.submit('B', 'B0');
    await h.turn();
    await h.complete('B0', 10);
    for (let i = 1; i <= 20; i++) h.submit('A', `A${i}`);
    await h.turn();
    for (let i = 1; i <= 10; i++) await h.complete(`A${i}`, 10);
    // B comes back with work: it must not get 100 ms worth of turns in a row for having been away.
    for (let i = 1; i <= 5; i++) h.submit('B', `B${i}`);
    await h.complete('A11', 10);
    for (let i = 0; i < 6; i++) await h.complete(h.started[h.started.length - 1]!, 10);
    expect(h.started.slice(12)).toEqual(['B1', 'A12', 'B2', 'A13', 'B3', 'A14', 'B4']);
  });
});

describe('caps', () => {
  it('at most `concurrency` run at once, at most `tenantConcurrency` of one tenant; the free slot goes to another tenant', async () => {
    const h = harness({ concurrency: 3, tenantConcurrency: 2 });
    for (let i = 1; i <= 5; i++) h.submit('A', `A${i}`);
    await h.turn();
    expect(h.started).toEqual(['A1', 'A2']);
    expect(h.queue.running).toBe(2);
    h.submit('B', 'B1');
    await h.turn();
    expect(h.started).toEqual(['A1', 'A2', 'B1']);
    h.submit('C', 'C1');
    await h.turn();
    expect(h.started).toHaveLength(3); // all three slots are busy
    await h.complete('B1');
    expect(h.started).toEqual(['A1', 'A2', 'B1', 'C1']);
    expect(h.queue.waiting).toBe(3);
  });

  it('a tenant with tenantConcurrency + tenantQueue searches in progress is refused at once, other tenants are not', async () => {
    const h = harness({ tenantQueue: 2 });
    h.submit('A', 'A1');
    await h.turn();
    h.submit('A', 'A2');
    h.submit('A', 'A3');
    const refused = h.submit('A', 'A4');
    await expect(refused.outcome).rejects.toBeInstanceOf(TenantQueueFullError);
    await expect(refused.outcome).rejects.toMatchObject({ inProgress: 3 });
    const other = h.submit('B', 'B1');
    await h.complete('A1');
    expect(other.started).toBe(true);
    expect(refused.started).toBe(false);
  });

  it('tenantQueue 0: a tenant runs as many searches as its running cap and no more', async () => {
    const h = harness({ tenantQueue: 0, concurrency: 3, tenantConcurrency: 2 });
    h.submit('A', 'A1');
    h.submit('A', 'A2');
    await expect(h.submit('A', 'A3').outcome).rejects.toBeInstanceOf(TenantQueueFullError);
    await h.turn();
    expect(h.started).toEqual(['A1', 'A2']);
    await h.complete('A1');
    h.submit('A', 'A4');
    await h.turn();
    expect(h.started).toEqual(['A1', 'A2', 'A4']);
  });
});

describe('failures and abandoned searches', () => {
  it('a task that fails frees its slot and passes its error on', async () => {
    const h = harness();
    const a = h.submit('A', 'A1');
    h.submit('A', 'A2');
    await h.turn();
    a.fail(new Error('boom'));
    await expect(a.outcome).rejects.toThrow('boom');
    await h.turn();
    expect(h.started).toEqual(['A1', 'A2']);
  });

  it('a task that throws before returning a promise frees its slot too', async () => {
    const h = harness();
    const thrown = h.queue.enter('A').run(() => {
      throw new Error('sync boom');
    });
    const next = h.submit('A', 'A2');
    await h.turn();
    await expect(thrown).rejects.toThrow('sync boom');
    await h.turn();
    expect(next.started).toBe(true);
  });

  it('a waiting search whose client went away leaves the queue and never runs', async () => {
    const h = harness();
    h.submit('A', 'A1');
    await h.turn();
    const gone = new AbortController();
    const abandoned = h.submit('B', 'B1', gone.signal);
    h.submit('C', 'C1');
    gone.abort();
    await expect(abandoned.outcome).rejects.toBeInstanceOf(AbortError);
    await flush();
    expect(h.queue.waiting).toBe(1);
    expect(h.queue.inProgress).toBe(2); // A1 running, C1 waiting: B1 has left
    await h.complete('A1');
    expect(h.started).toEqual(['A1', 'C1']);
    await expect(h.submit('D', 'D1', AbortSignal.abort()).outcome).rejects.toBeInstanceOf(AbortError);
  });

  it('aborting after the start changes nothing in the queue', async () => {
    const h = harness();
    const gone = new AbortController();
    const running = h.submit('A', 'A1', gone.signal);
    await h.turn();
    gone.abort();
    await h.complete('A1');
    await expect(running.outcome).resolves.toBe('A1');
    expect(h.queue.running).toBe(0);
  });

  it('limits must be usable', () => {
    expect(() => new FairQueue({ concurrency: 0, tenantConcurrency: 1, tenantQueue: 1 })).toThrow(RangeError);
    expect(() => new FairQueue({ concurrency: 1, tenantConcurrency: 1.5, tenantQueue: 1 })).toThrow(RangeError);
    expect(() => new FairQueue({ concurrency: 1, tenantConcurrency: 1, tenantQueue: -1 })).toThrow(RangeError);
  });
});

describe('properties over random schedules', () => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('submit' as const), tenant: fc.constantFrom('A', 'B', 'C', 'D') }),
    fc.record({ kind: fc.constant('finish' as const), pick: fc.nat(), ms: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ kind: fc.constant('turn' as const) }),
  );

  it('caps hold, the queue never idles with work it may start, and every task runs exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 80 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (steps, concurrency, tenantConcurrency) => {
          const h = harness({ concurrency, tenantConcurrency });
          let n = 0;
          const check = (): void => {
            const running = h.running();
            expect(running.length).toBeLessThanOrEqual(concurrency);
            const perTenant = new Map<string, number>();
            for (const t of running) perTenant.set(t.tenant, (perTenant.get(t.tenant) ?? 0) + 1);
            for (const count of perTenant.values()) expect(count).toBeLessThanOrEqual(tenantConcurrency);
            // After a dispatch: no waiting task that could start is left waiting.
            const waiting = [...h.tasks.values()].filter((t) => !t.started);
            const startable = waiting.some((t) => (perTenant.get(t.tenant) ?? 0) < tenantConcurrency);
            expect(startable && running.length < concurrency).toBe(false);
          };
          for (const s of steps) {
            if (s.kind === 'submit') h.submit(s.tenant, `${s.tenant}${++n}`);
            else if (s.kind === 'finish') {
              const running = h.running();
              const task = running[s.pick % Math.max(1, running.length)];
              if (!task) continue;
              h.advance(s.ms);
              task.finish();
              await task.outcome;
            }
            await h.turn();
            check();
          }
          // Drain: everything submitted runs exactly once.
          for (let guard = 0; guard < 1000; guard++) {
            const [task] = h.running();
            if (!task) break;
            task.finish();
            await task.outcome;
            await h.turn();
            check();
          }
          expect([...h.tasks.values()].every((t) => t.finished)).toBe(true);
          expect(h.started.length).toBe(new Set(h.started).size);
          expect(h.queue.running + h.queue.waiting + h.queue.inProgress).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with one slot, a tenant that starts waiting behind any backlog of another runs right after the search in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 200 }),
        async (backlog, earlierCosts, inFlightCost) => {
          const h = harness();
          for (let i = 1; i <= backlog + earlierCosts.length + 1; i++) h.submit('A', `A${i}`);
          await h.turn();
          // A has been served for a while (its usage grows), then B arrives.
          for (const [i, ms] of earlierCosts.entries()) await h.complete(`A${i + 1}`, ms);
          h.submit('B', 'B1');
          await h.complete(`A${earlierCosts.length + 1}`, inFlightCost);
          expect(h.started[h.started.length - 1]).toBe('B1');
        },
      ),
      { numRuns: 100 },
    );
  });
});

function labels(prefix: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
}
