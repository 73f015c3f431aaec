import { sleep as runtimeSleep } from '@switchyard/runtime/internal';

/** Waits between job polls; an abort stops the wait, never the job. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return runtimeSleep(ms, signal, 'Waiting for the sync was aborted by the caller; the job keeps running');
}
