/**
 * How many test files run at once (vitest.config.ts `maxWorkers`): SWITCHYARD_TEST_WORKERS, else
 * two more than the cores (the config says why). `--maxWorkers` on the command line does not
 * reach the config's two projects (a run with `--maxWorkers 1` still ran 2.2 files at once), so
 * the variable is the way to run one file at a time, as the timings reporter's per-file CPU needs.
 */
import { availableParallelism } from 'node:os';

export const TEST_WORKERS_ENV = 'SWITCHYARD_TEST_WORKERS';

export function testWorkers(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const value = env[TEST_WORKERS_ENV];
  if (value === undefined || value === '') return cores + 2;
  if (!/^[1-9]\d*$/.test(value)) {
    throw new Error(`${TEST_WORKERS_ENV} must be a whole number of test files at once, 1 or more; got ${JSON.stringify(value)}`);
  }
  return Number(value);
}
