/** Small helpers every suite uses: catching a rejection, and a logger that keeps what it was told. */
import type { Logger } from '@switchyard/runtime';

/** Awaits `promise` expecting it to reject; returns the reason (fails the test if it resolves). */
export async function rejection(promise: PromiseLike<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
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
