/**
 * The fairness policy (src/sync/fair-share.ts) on its own, over random tenants and loads: what it
 * picks, when a run yields, and — simulated page by page the way the runners apply it — that a
 * tenant arriving behind busy ones starts within a turn and a page, and that tenants with endless
 * work share the slots evenly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationKey, FairShare, RunningLoad, userKey, type Tenant } from '../src/sync/fair-share.js';

const tenantArb = fc.record({
  applicationId: fc.constantFrom('app-a', 'app-b', 'app-c'),
  externalUserId: fc.constantFrom('u1', 'u2', 'u3'),
});
const capArb = fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined });

describe('pick', () => {
  it('starts a startable, uncapped tenant whose application, then external user, runs the fewest; -1 when none may start', () => {
    fc.assert(
      fc.property(
        fc.array(tenantArb, { maxLength: 8 }),
        fc.array(tenantArb, { maxLength: 10 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        capArb,
        capArb,
        (running, waiting, blocked, maxRunsPerApplication, maxRunsPerExternalUser) => {
          const fair = new FairShare({ maxRunsPerApplication, maxRunsPerExternalUser });
          const load = RunningLoad.of(running);
          const startable = (i: number) => !blocked[i];
          const index = fair.pick(waiting, load, () => undefined, startable);
          const eligible = waiting.map((_, i) => i).filter((i) => startable(i) && !fair.capped(waiting[i]!, load));
          if (eligible.length === 0) {
            expect(index).toBe(-1);
            return;
          }
          expect(eligible).toContain(index);
          const chosen = waiting[index]!;
          for (const i of eligible) {
            const other = waiting[i]!;
            expect(load.application(chosen)).toBeLessThanOrEqual(load.application(other));
            if (other.applicationId === chosen.applicationId) expect(load.user(chosen)).toBeLessThanOrEqual(load.user(other));
          }
          // Nothing chosen is behind anything eligible: the order and isBehind agree.
          for (const i of eligible) expect(fair.isBehind(waiting[i]!, chosen, load)).toBe(false);
        },
      ),
    );
  });

  it('goes round-robin between level tenants: the one that started least recently first, then the oldest request', () => {
    const fair = new FairShare();
    const a = { applicationId: 'a', externalUserId: 'u' };
    const b = { applicationId: 'b', externalUserId: 'u' };
    const started = new Map([[applicationKey(a), 2]]);
    // a started a run more recently than b (never): b goes first although a asked first.
    expect(fair.pick([a, b], new RunningLoad(), (key) => started.get(key))).toBe(1);
    started.set(applicationKey(b), 3);
    expect(fair.pick([a, b], new RunningLoad(), (key) => started.get(key))).toBe(0);
    // Level everywhere: the oldest request.
    expect(fair.pick([b, a], new RunningLoad(), () => undefined)).toBe(0);
    // Within one application, users take turns the same way.
    const u1 = { applicationId: 'a', externalUserId: 'u1' };
    const u2 = { applicationId: 'a', externalUserId: 'u2' };
    expect(fair.pick([u1, u2], new RunningLoad(), (key) => (key === userKey(u1) ? 5 : undefined))).toBe(1);
  });
});

describe('shouldYield', () => {
  it('yields exactly when a waiting, uncapped tenant is behind the running one', () => {
    fc.assert(
      fc.property(
        tenantArb,
        fc.array(tenantArb, { maxLength: 6 }),
        fc.array(tenantArb, { maxLength: 6 }),
        capArb,
        (run, others, waiting, cap) => {
          const fair = new FairShare({ maxRunsPerExternalUser: cap });
          const load = RunningLoad.of([run, ...others]);
          const expected = waiting.some((w) => !fair.capped(w, load) && fair.isBehind(w, run, load));
          expect(fair.shouldYield(run, waiting, load)).toBe(expected);
          // A tenant never yields to itself.
          expect(fair.shouldYield(run, [run], load)).toBe(false);
        },
      ),
    );
  });

  it('compares applications first, and external users only within one application', () => {
    const fair = new FairShare();
    const big = { applicationId: 'big', externalUserId: 'u1' };
    const bigOther = { applicationId: 'big', externalUserId: 'u2' };
    const small = { applicationId: 'small', externalUserId: 'u9' };
    // big runs 2 (both u1), small runs 1: big's u2 is behind u1, small is behind big, big is not behind small.
    const load = RunningLoad.of([big, big, small]);
    expect(fair.isBehind(bigOther, big, load)).toBe(true);
    expect(fair.isBehind(small, big, load)).toBe(true);
    expect(fair.isBehind(bigOther, small, load)).toBe(false);
    // Applications level (1 each): their users are not compared across applications.
    const level = RunningLoad.of([big, small]);
    expect(fair.isBehind(small, big, level)).toBe(false);
    expect(fair.isBehind(big, small, level)).toBe(false);
  });

  it('refuses caps and turns that are not positive', () => {
    expect(() => new FairShare({ turnMs: 0 })).toThrow(/turnMs/);
    expect(() => new FairShare({ maxRunsPerApplication: 0 })).toThrow(/maxRunsPerApplication/);
    expect(() => new FairShare({ maxRunsPerExternalUser: 1.5 })).toThrow(/maxRunsPerExternalUser/);
  });
});

/**
 * The runners' loop in discrete time: one step is one page of every run; a run whose turn (in
 * pages) is over asks shouldYield at its page boundary; free slots are filled with pick. Jobs are
 * numbers of pages left. Returns, per tenant, the step its first job started and its slot-steps.
 */
function simulate(input: { slots: number; turnPages: number; steps: number; jobs: { tenant: Tenant; pages: number; arrives: number }[] }): {
  firstStart: Map<Tenant, number>;
  slotSteps: Map<Tenant, number>;
} {
  const fair = new FairShare({ turnMs: input.turnPages });
  const waiting: { tenant: Tenant; pages: number; arrives: number }[] = [];
  const running: { tenant: Tenant; pages: number; turnStart: number }[] = [];
  const lastStarted = new Map<string, number>();
  const firstStart = new Map<Tenant, number>();
  const slotSteps = new Map<Tenant, number>();
  const pending = [...input.jobs].sort((a, b) => a.arrives - b.arrives);
  for (let step = 0; step < input.steps; step++) {
    while (pending[0] && pending[0].arrives <= step) waiting.push(pending.shift()!);
    // Page boundaries: finished runs leave, runs past their turn yield to a tenant behind them.
    for (const run of [...running]) {
      const load = RunningLoad.of(running.map((r) => r.tenant));
      if (run.pages === 0) running.splice(running.indexOf(run), 1);
      else if (
        step - run.turnStart >= fair.turnMs &&
        fair.shouldYield(
          run.tenant,
          waiting.map((w) => w.tenant),
          load,
        )
      ) {
        running.splice(running.indexOf(run), 1);
        waiting.push({ tenant: run.tenant, pages: run.pages, arrives: step });
      }
    }
    while (running.length < input.slots) {
      const index = fair.pick(
        waiting.map((w) => w.tenant),
        RunningLoad.of(running.map((r) => r.tenant)),
        (key) => lastStarted.get(key),
      );
      if (index === -1) break;
      const [job] = waiting.splice(index, 1);
      lastStarted.set(applicationKey(job!.tenant), step * 100 + running.length);
      lastStarted.set(userKey(job!.tenant), step * 100 + running.length);
      if (!firstStart.has(job!.tenant)) firstStart.set(job!.tenant, step);
      running.push({ tenant: job!.tenant, pages: job!.pages, turnStart: step });
    }
    for (const run of running) {
      run.pages -= 1;
      slotSteps.set(run.tenant, (slotSteps.get(run.tenant) ?? 0) + 1);
    }
  }
  return { firstStart, slotSteps };
}

describe('the policy applied page by page', () => {
  it('a tenant arriving while every other one has a run going starts within a turn and a page, however much they queued', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ tenant: tenantArb, pages: fc.integer({ min: 1, max: 200 }) }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 30 }),
        (slots, turnPages, busy, arrives) => {
          // Every busy tenant gets a slot at once (the fewest-running order guarantees it when there
          // are enough slots); tenants that wait as long as the newcomer share turns with it instead.
          fc.pre(new Set(busy.map((job) => userKey(job.tenant))).size <= slots);
          const newcomer = { applicationId: 'newcomer', externalUserId: 'n' };
          const { firstStart } = simulate({
            slots,
            turnPages,
            steps: arrives + turnPages + 3,
            jobs: [...busy.map((job) => ({ ...job, arrives: 0 })), { tenant: newcomer, pages: 3, arrives }],
          });
          expect(firstStart.get(newcomer)).toBeDefined();
          expect(firstStart.get(newcomer)! - arrives).toBeLessThanOrEqual(turnPages + 1);
        },
      ),
    );
  });

  it('applications with endless work share the slots evenly over time, however many jobs each queued', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 4 }),
        (slots, turnPages, jobsPerApplication) => {
          const tenants = jobsPerApplication.map((_, i) => ({ applicationId: `app-${i}`, externalUserId: 'u' }));
          const steps = 400;
          const { slotSteps } = simulate({
            slots,
            turnPages,
            steps,
            jobs: tenants.flatMap((tenant, i) =>
              Array.from({ length: jobsPerApplication[i]! }, () => ({ tenant, pages: 10_000, arrives: 0 })),
            ),
          });
          // Each application's fair share is the slots divided evenly, capped by the runs it has.
          const total = slots * steps;
          for (const [i, tenant] of tenants.entries()) {
            const fairShare = Math.min(jobsPerApplication[i]!, slots / tenants.length) / slots;
            expect((slotSteps.get(tenant) ?? 0) / total).toBeGreaterThanOrEqual(fairShare * 0.8);
          }
        },
      ),
    );
  });
});
