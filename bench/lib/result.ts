/** What every benchmark script returns; bench/run.ts turns it into the console summary and the README table. */

export interface Row {
  /** The question, short ("Generation: per-spec cost, 100 vs 3 specs"). */
  question: string;
  /** The measured figure, with its unit. */
  figure: string;
  /** The baseline measured in the same run, with its unit ("—" when the row has none). */
  baseline: string;
  /** figure ÷ baseline, or null when the row has no meaningful ratio. */
  ratio: number | null;
  /** The target as written in the brief ("ratio ≤ 1.20", "< 100 ms"), or "—" when none was set. */
  target: string;
  /** Whether the target was met; null when there is no target. */
  met: boolean | null;
  /** One sentence on how the figure was measured. */
  method: string;
}

export interface Result {
  /** Script name (generation, request-overhead, iteration, cold-import). */
  name: string;
  rows: Row[];
  /** Extra lines for the console (distributions, sanity checks). */
  notes: string[];
  /** Raw figures, for anyone who wants to post-process a run. */
  data: Record<string, unknown>;
}

export type Benchmark = () => Promise<Result>;
