/**
 * Small helpers every suite uses: catching a rejection, waiting for background work, a logger that
 * keeps what it was told, and a fast deep equality for large values.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '@switchyard/runtime';
import { expect } from 'vitest';

/** Awaits `promise` expecting it to reject; returns the reason (fails the test if it resolves). */
export async function rejection(promise: PromiseLike<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
}

/**
 * Polls `check` until it returns a value other than undefined, and returns that value; fails after
 * `timeoutMs`, naming `what`. For work a test cannot await (a timer, a queued write, another
 * process): as quick as the work itself, and patient on a loaded machine, where a fixed sleep is
 * not.
 */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** A logger writing every call as one line (`level [message, fields]`), for leak checks. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(`${level} ${JSON.stringify(args)}`);
  return { logger: { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') }, lines };
}

/**
 * `expect(actual).toEqual(expected)` for large values compared many times (a connector's pages,
 * hundreds of records each). Node's `isDeepStrictEqual` is stricter than `toEqual` (it also tells
 * `undefined` properties from missing ones and compares prototypes), so when it holds `toEqual`
 * holds too, and it is several times faster than vitest's recursive equality; when it does not,
 * `toEqual` decides and reports the difference.
 */
export function expectDeepEqual(actual: unknown, expected: unknown): void {
  if (isDeepStrictEqual(actual, expected)) return;
  expect(actual).toEqual(expected);
}
