/**
 * Deterministic time for the fakes. Seeded records are spread over the months before `SEED_NOW`;
 * every write after startup takes the next tick of a `FakeClock`, so new records sort after all
 * seeded ones and two runs produce identical timestamps (wall-clock time would not).
 */

/** 2024-06-03T16:00:00.000Z — "now" for every generated dataset. */
export const SEED_NOW_MS = Date.UTC(2024, 5, 3, 16, 0, 0);

export const DAY_MS = 86_400_000;

export class FakeClock {
  #ms: number;
  readonly #stepMs: number;

  constructor(startMs = SEED_NOW_MS, stepMs = 1_000) {
    this.#ms = startMs;
    this.#stepMs = stepMs;
  }

  /** Advances by one step and returns the new time in ms. */
  tick(): number {
    this.#ms += this.#stepMs;
    return this.#ms;
  }

  /** Current time in ms without advancing. */
  peek(): number {
    return this.#ms;
  }
}

/** `2024-06-03T16:00:00.000Z` */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** `2024-06-03T16:00:00Z` (no milliseconds — some vendors render timestamps this way). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `2024-06-03` */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
