/**
 * V8 settings for a process whose one job is the service: `switchyard serve` and `switchyard worker`
 * apply them before they start it. They are process-wide, so `startService` leaves them to the
 * process's owner; an embedder running the service in a process of its own may call
 * `tuneServiceProcess()` first as the CLI does (the server README, "Throughput and V8's
 * pretenuring").
 *
 * Allocation-site pretenuring off. V8 records, for each object literal in the code, how many of the
 * objects it made were still alive at a young-generation collection, and once nearly all were, it
 * allocates that literal's later objects straight in the old generation. Under the service's load
 * that decision is a coin toss at warm-up: in about half of the starts some per-request literal is
 * moved to the old generation, each request's short-lived objects are then referenced from there,
 * and every collection copies and promotes garbage. Measured at saturation (32 callers, `users.list`
 * through the service, 8 s): young-generation pauses of 969 to 1,094 ms in those starts against 355
 * to 426 in the others, and 96 to 124 µs of the service's CPU a call against 80 to 94;
 * with pretenuring off, all 6 starts measured so were in the faster state. Set at run time, the flag
 * only stops new decisions, which is why it must come before the service's code runs.
 */
import { setFlagsFromString } from 'node:v8';

let tuned = false;

/** Applies the settings above to this process, once; later calls do nothing. */
export function tuneServiceProcess(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString('--no-allocation-site-pretenuring');
}
