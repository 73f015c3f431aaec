/**
 * Sequential calls on several sides in rotating batches, and the warm-up before them, for the
 * benchmarks that compare one call made several ways (bench/hosted-execute.ts, bench/mcp-call.ts).
 */

export type Call = () => Promise<unknown>;

/**
 * Calls each side makes before anything is measured, so every process is measured at steady
 * state, as a service that has been running meets its calls. The sides differ in how much
 * JavaScript a call runs (the execution service runs Fastify, the runtime and its own checks; a
 * bare relay a few lines), and V8 optimizes a function only after it has run often enough, so a
 * short warm-up measures the larger program before it is optimized and the small one after. In
 * the hop benchmark, after 300 calls each the hosted p50 was 1.75 to 1.85× the relay's, after
 * 6,000 1.28 and 1.37×, after 12,000 1.21× (2026-11-28, the 2-core development machine; the
 * server README, "The service hop").
 */
export const WARMUP_CALLS = 10_000;

/** Each side's call times over `batches` rounds of `batchSize` sequential calls per side. */
export async function rotatingBatches<S extends string>(
  sides: readonly S[],
  calls: Record<S, Call>,
  batches: number,
  batchSize: number,
): Promise<Record<S, number[]>> {
  const samples = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<S, number[]>;
  for (let batch = 0; batch < batches; batch++) {
    // Rotate the order each batch so drift touches every side alike.
    const order = sides.map((_, i) => sides[(i + batch) % sides.length]!);
    for (const side of order) {
      for (let i = 0; i < batchSize; i++) {
        const t0 = performance.now();
        await calls[side]();
        samples[side].push(performance.now() - t0);
      }
    }
  }
  return samples;
}

/** Warm-up calls in flight at once per side when the warm-up is concurrent. */
const WARMUP_CONCURRENCY = 32;

/**
 * WARMUP_CALLS calls per side: sequential in rotating batches of `batchSize`, as they will be
 * measured, or, against a vendor that takes its time (a 20 ms one would make a sequential warm-up
 * last minutes), WARMUP_CONCURRENCY at a time (`concurrent`), which runs the same code as often.
 */
export async function warmUp<S extends string>(
  sides: readonly S[],
  calls: Record<S, Call>,
  batchSize: number,
  { concurrent = false }: { concurrent?: boolean } = {},
): Promise<void> {
  if (!concurrent) {
    await rotatingBatches(sides, calls, Math.ceil(WARMUP_CALLS / batchSize), batchSize);
    return;
  }
  for (const side of sides) {
    let left = WARMUP_CALLS;
    await Promise.all(
      Array.from({ length: WARMUP_CONCURRENCY }, async () => {
        while (left-- > 0) await calls[side]();
      }),
    );
  }
}
