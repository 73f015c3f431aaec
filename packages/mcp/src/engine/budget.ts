/**
 * The size cap on a tool result. A client breaks a session on results past its limit (about
 * 25,000 tokens in a popular one), so every result is checked against a budget of characters of
 * the JSON text a model reads. A page over it keeps its first whole records, as many as fit, and
 * says how many it left out and how to get them; a result that is one record (or whose first
 * record alone) is over it is refused with a message naming what to narrow. Nothing is ever cut
 * inside a record, and the text is always valid JSON: it is `JSON.stringify` of what is returned.
 */

export interface BudgetRequest {
  /** The whole result; its members keep their order, `truncated` comes last when added. */
  readonly value: Readonly<Record<string, unknown>>;
  /** The member holding the records when the result is a page (absent: the result is one piece). */
  readonly listKey?: string | undefined;
  /** Characters of JSON text allowed. */
  readonly budget: number;
  /** Records the caller already skipped at the start of this page (their `skip`). */
  readonly skipped?: number | undefined;
  /** How to get the records left out, given the skip that reads them. */
  readonly howToGetTheRest: (nextSkip: number) => string;
}

export interface Truncation {
  readonly records_returned: number;
  readonly records_left_out: number;
  readonly next_skip: number;
  readonly budget_chars: number;
  readonly how_to_get_the_rest: string;
}

export type BudgetOutcome =
  | { readonly ok: true; readonly value: Record<string, unknown>; readonly text: string; readonly truncation?: Truncation }
  /** `size`: characters of the result (or of its first record) as JSON; nothing of it fits. */
  | { readonly ok: false; readonly size: number; readonly firstRecordOnly: boolean };

export function applyBudget(request: BudgetRequest): BudgetOutcome {
  const { value, listKey, budget } = request;
  const whole = JSON.stringify(value);
  if (whole.length <= budget) return { ok: true, value: { ...value }, text: whole };
  const records = listKey !== undefined ? value[listKey] : undefined;
  if (!Array.isArray(records)) return { ok: false, size: whole.length, firstRecordOnly: false };

  const skipped = request.skipped ?? 0;
  const note = (kept: number): Truncation => ({
    records_returned: kept,
    records_left_out: records.length - kept,
    next_skip: skipped + kept,
    budget_chars: budget,
    how_to_get_the_rest: request.howToGetTheRest(skipped + kept),
  });
  const shape = (kept: number) => ({ ...value, [listKey!]: records.slice(0, kept), truncated: note(kept) });
  // The text with k records is the text with none, plus each record's JSON and a comma between
  // two. Each record adds at least two characters (itself and a comma) while the note can only
  // shrink by one (a digit of records_left_out), so the size grows with k: stop at the first
  // k that does not fit.
  const lengths = records.map((record) => JSON.stringify(record ?? null).length);
  const empty = JSON.stringify(shape(0)).length;
  // Not even the page's other members fit: no number of records helps.
  if (records.length === 0 || empty > budget) return { ok: false, size: whole.length, firstRecordOnly: false };
  const emptyNote = JSON.stringify(note(0)).length;
  let kept = 0;
  let recordChars = 0;
  while (kept < records.length) {
    const next = recordChars + lengths[kept]! + (kept > 0 ? 1 : 0);
    if (empty + next + JSON.stringify(note(kept + 1)).length - emptyNote > budget) break;
    recordChars = next;
    kept++;
  }
  // The arithmetic above is the fast path; the text returned is measured as it is.
  let result = shape(kept);
  let text = JSON.stringify(result);
  while (text.length > budget && kept > 0) {
    kept--;
    result = shape(kept);
    text = JSON.stringify(result);
  }
  if (kept === 0) return { ok: false, size: lengths[0] ?? whole.length, firstRecordOnly: true };
  return { ok: true, value: result, text, truncation: result.truncated };
}
