import { AbortError } from './errors.js';

/** Waits, waking early with AbortError when the caller's signal fires. Used between retries and by polling clients. */
export function sleep(ms: number, signal?: AbortSignal, abortMessage = 'Request aborted by the caller'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError(abortMessage));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(abortMessage));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
