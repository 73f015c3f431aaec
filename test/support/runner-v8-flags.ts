/**
 * How eagerly V8 optimizes the JavaScript of vitest's own process, whose worker threads run every
 * suite (vitest.config.ts applies this before any worker starts; V8's flags are the process's, so
 * the workers have them). Nothing the suites start as a process of its own is affected: `switchyard
 * serve`, the CLI and the generator run with Node's defaults, as users run them.
 *
 * Why: a suite runs a great deal of code a few hundred times (the service, the runtime, PGlite's
 * JavaScript, vitest's `expect`), and V8 sends each function it sees running hot to TurboFan, its
 * optimizing compiler, on its four background threads, in each worker's isolate. `perf record` of a
 * whole run: 16 % of vitest's process was TurboFan compiling JavaScript. A larger interrupt budget
 * (how much bytecode a function runs before V8 considers optimizing it) leaves lukewarm code to the
 * baseline tiers and still optimizes what stays hot; four times the default cost the whole run
 * about 6 % less CPU in alternated runs, twice and eight times no less than the default on a
 * subset. CONTRIBUTING.md ("Where the suite's time goes") has the figures.
 *
 * Only on V8 11 (Node 20, the toolchain's Node): later V8s decide by invocation counts and have no
 * `--interrupt-budget` (Node 22 and 24 refuse it), and the choice there is unmeasured, so they run
 * with V8's defaults. `SWITCHYARD_TEST_V8_DEFAULTS=1` runs with the defaults anywhere, to measure
 * against.
 */
import { setFlagsFromString } from 'node:v8';

export const V8_DEFAULTS_ENV = 'SWITCHYARD_TEST_V8_DEFAULTS';
/** What vitest.config.ts set, for the suites to check (runner-v8-flags.test.ts). */
export const RUNNER_V8_FLAGS_ENV = 'SWITCHYARD_TEST_V8_FLAGS';

/** V8 11's default interrupt budget (`node --v8-options`: `--interrupt-budget=67584`), times four. */
export const RUNNER_INTERRUPT_BUDGET = 4 * 67_584;

/** The flags for a V8 of this version, with this environment. */
export function runnerV8Flags(v8Version: string = process.versions.v8, env: NodeJS.ProcessEnv = process.env): string[] {
  const defaults = env[V8_DEFAULTS_ENV];
  if (defaults !== undefined && defaults !== '' && defaults !== '0') return [];
  const major = Number(v8Version.split('.')[0]);
  return major === 11 ? [`--interrupt-budget=${RUNNER_INTERRUPT_BUDGET}`] : [];
}

/** Sets this process's flags (before vitest starts its workers) and says which, in RUNNER_V8_FLAGS_ENV. */
export function applyRunnerV8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = runnerV8Flags(process.versions.v8, env);
  for (const flag of flags) setFlagsFromString(flag);
  env[RUNNER_V8_FLAGS_ENV] = flags.join(' ');
  return flags;
}
