/**
 * Waiting for the signal that stops a long-running process (`switchyard serve`, `worker`, `fake`,
 * the quickstart), with the same rules everywhere.
 *
 * One Ctrl-C often arrives more than once: the terminal signals the whole foreground process group,
 * and the wrappers in it (pnpm, npm, tsx) relay the signal to their child as well. Signals within
 * `graceMs` of the first are therefore the same request, and the handlers stay installed, so a
 * relayed copy never meets Node's default action (exit at once, mid-shutdown). A signal after that
 * is an impatient operator: `onImpatient` (by default, exit 130 at once).
 */
export interface ShutdownSignalOptions {
  /** How long repeated signals count as the first one (default 1000 ms). */
  readonly graceMs?: number;
  /** Called on a signal after the grace period (default: `process.exit(130)`). */
  readonly onImpatient?: (signal: NodeJS.Signals) => void;
  /** The clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** Resolves with the first SIGINT or SIGTERM. */
export function untilShutdownSignal(options: ShutdownSignalOptions = {}): Promise<NodeJS.Signals> {
  const graceMs = options.graceMs ?? 1000;
  const now = options.now ?? Date.now;
  const onImpatient = options.onImpatient ?? (() => process.exit(130));
  return new Promise((resolve) => {
    let firstAt: number | undefined;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (firstAt === undefined) {
        firstAt = now();
        resolve(signal);
      } else if (now() - firstAt > graceMs) {
        onImpatient(signal);
      }
    };
    for (const signal of SIGNALS) process.on(signal, onSignal);
  });
}
