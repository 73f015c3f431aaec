/**
 * One entity's sync run: pages through the connector's list action, upserts each page, and
 * checkpoints after every page so a stop, a crash or a vendor failure resumes from the next page.
 *
 * Consistency rules:
 * - a page's cursor is checkpointed only after its records are upserted (a crash in between
 *   re-fetches that one page; upserts are idempotent, so nothing is lost or doubled);
 * - a full refresh deletes the records its run did not see only after every page was fetched,
 *   so a run that fails half-way never deletes anything;
 * - an incremental run's high-water mark moves only when the run completes;
 * - one record never fails a run: a record the engine cannot store (not an object, no id, or
 *   refused by the store) is skipped, counted and named in the run's record problems, and the
 *   rest of its page is stored. A full refresh in which some record had no id deletes nothing
 *   (that record may be one of those it would delete).
 */
import { randomUUID } from 'node:crypto';
import { ConfigurationError, Page, SwitchyardError, type ExecuteResult, type Executor, type RequestOptions } from '@switchyard/runtime';
import { getOwnPath } from '@switchyard/runtime/internal';
import { describeFailure } from '../execution/describe-failure.js';
import type { RecordProblem, RecordStore, SyncedRecord } from './record-store.js';
import type { EntityScope } from '../store/scope.js';
import type { ParentRecords } from './parent-records.js';
import { SyncRecordError } from './sync-errors.js';
import type { EntitySyncRule, SyncableMetadata } from './sync-rules.js';
import type { PagePosition, RunMode, SyncStateStore } from './sync-state-store.js';
import { formatTime, laterOf, readTime } from './watermark.js';

export interface EntitySyncContext {
  readonly scope: EntityScope;
  readonly metadata: SyncableMetadata;
  readonly rule: EntitySyncRule;
  readonly executor: Executor;
  readonly replicationConfig: Readonly<Record<string, unknown>>;
  readonly records: RecordStore;
  readonly state: SyncStateStore;
  /** The parent entity's copy, for entities listed per parent (`forEach`). */
  readonly parents: ParentRecords;
  /** Aborts in-flight vendor requests (a hard stop or a deleted connector). */
  readonly signal: AbortSignal;
  /** Asked between pages: true pauses the run after checkpointing (a graceful stop, a time slice, a turn given up). */
  readonly shouldPause: () => boolean | Promise<boolean>;
  /** Credential values, scrubbed from failure messages before they are stored (the runtime already redacts; this is a second net). */
  readonly secrets: readonly string[];
  /** Incremental runs re-read this much before the high-water mark (clock skew, same-second writes). */
  readonly overlapMs: number;
  /**
   * A run is full again once the last full one completed this long ago, even where the vendor
   * filters by update time: only a full run sees records deleted at the vendor (and removes them).
   */
  readonly fullRefreshEveryMs: number;
  readonly now: () => number;
}

/** `completed`: the copy is up to date; `paused`: checkpointed, resumes on the next run; `superseded`: another run or a delete took over. */
export type EntitySyncOutcome = 'completed' | 'paused' | 'superseded';

export async function syncEntity(ctx: EntitySyncContext): Promise<EntitySyncOutcome> {
  const { scope, state } = ctx;
  const previous = await state.get(scope);
  let runId: string;
  let mode: RunMode;
  let since: number | null;
  let position: PagePosition;
  if (previous?.runOpen && previous.runId && previous.runMode) {
    runId = previous.runId;
    mode = previous.runMode;
    since = previous.runSince;
    position = previous.position;
    if (!(await state.resume(scope, runId))) return 'superseded';
  } else {
    runId = randomUUID();
    // Incremental once a full run has completed and left a high-water mark, until the full refresh is due.
    const fullIsRecent =
      previous?.lastFullSuccessAt !== null &&
      previous?.lastFullSuccessAt !== undefined &&
      ctx.now() - previous.lastFullSuccessAt.getTime() < ctx.fullRefreshEveryMs;
    mode = ctx.rule.incremental && previous?.lastSuccessAt && previous.highWater !== null && fullIsRecent ? 'incremental' : 'full';
    since = mode === 'incremental' ? previous!.highWater! - ctx.overlapMs : null;
    position = null;
    await state.open(scope, runId, mode, since);
  }

  try {
    if (!(position && 'done' in position)) {
      const fetched = await fetchAll(ctx, runId, since, position);
      if (fetched !== 'done') return fetched;
    }
    // A record without an id may be any stored one: this run cannot tell what vanished.
    const unidentified = (await state.get(scope))?.problems.unidentified ?? 0;
    const deleted = mode === 'full' && unidentified === 0 ? await ctx.records.deleteMissing(scope, runId) : 0;
    return (await state.complete(scope, runId, deleted)) ? 'completed' : 'superseded';
  } catch (error) {
    // Aborted by a stop or a delete: the run stays open and its caller decides what the status shows.
    if (ctx.signal.aborted) return 'paused';
    const { name, message } = describe(error, ctx.secrets);
    await state.fail(scope, runId, name, message);
    throw error;
  }
}

/** Every page of the run: one list, or one list per parent record (`forEach`). */
async function fetchAll(ctx: EntitySyncContext, runId: string, since: number | null, position: PagePosition): Promise<Step> {
  const base = requestParams(ctx, since);
  const forEach = ctx.rule.forEach;
  const resumeCursor = position && 'next' in position ? position.next : undefined;
  if (!forEach) return listPages(ctx, runId, base, resumeCursor, (next) => (next === null ? { done: true } : { next }));

  const parentScope = { ...ctx.scope, entity: forEach.entity };
  let after = position && 'parentAfter' in position ? (position.parentAfter ?? null) : null;
  let cursor = resumeCursor;
  for (;;) {
    const parents = await ctx.parents.page(parentScope, forEach.field ?? 'id', after, PARENT_PAGE);
    for (const parent of parents) {
      const done = after;
      if (parent.value !== null) {
        const params = { ...base, [forEach.param]: parent.value };
        const step = await listPages(ctx, runId, params, cursor, (next) =>
          next === null ? { parentAfter: parent.id } : { parentAfter: done, next },
        );
        if (step !== 'done') return step;
      }
      cursor = undefined;
      after = parent.id;
      if (await ctx.shouldPause()) return 'paused';
    }
    if (parents.length < PARENT_PAGE) break;
  }
  return (await ctx.state.pageDone(ctx.scope, runId, { done: true }, null, { seen: 0, upserted: 0, added: 0, problems: [] }))
    ? 'done'
    : 'superseded';
}

type Step = 'done' | 'paused' | 'superseded';
const PARENT_PAGE = 100;

/**
 * Pages through one list from `startCursor` (the first page when undefined), upserting and
 * checkpointing each page; `positionAfter` says what to remember after a page given its next cursor.
 */
async function listPages(
  ctx: EntitySyncContext,
  runId: string,
  params: Record<string, unknown>,
  startCursor: unknown,
  positionAfter: (next: unknown) => Exclude<PagePosition, null>,
): Promise<Step> {
  const { scope, rule, metadata, executor } = ctx;
  const action = metadata.actions[scope.entity]?.[rule.action];
  if (!action) throw new ConfigurationError(`${metadata.name}: sync rule of ${scope.entity} names the unknown action "${rule.action}"`);
  const pagination = action.pagination;
  const first: Record<string, unknown> = { ...params };
  if (startCursor !== undefined && startCursor !== null && pagination) first[pagination.cursorParam] = startCursor;

  const options: RequestOptions = { signal: ctx.signal };
  const fetchPage = async (p: Record<string, unknown>, o?: RequestOptions): Promise<ExecuteResult<unknown[]>> =>
    (await executor.execute({ entity: scope.entity, action: rule.action, params: p }, o)) as ExecuteResult<unknown[]>;
  const operation = `${metadata.name} ${scope.entity}.${rule.action}`;
  let page = new Page(await fetchPage(first, options), {
    fetchPage,
    params: first,
    rule: pagination,
    options,
    connector: metadata.name,
    operation,
  });

  for (;;) {
    const { records, problems } = toRecords(page.data, rule, operation);
    const report = await ctx.records.upsertEach(scope, records, { runId });
    const highWater = rule.incremental ? newestTime(page.data, rule.incremental) : null;
    const next = page.hasNextPage() ? page.nextCursor() : null;
    const counts = {
      seen: records.length + problems.length,
      upserted: report.written,
      added: report.added,
      problems: [...problems, ...report.refused],
    };
    if (!(await ctx.state.pageDone(scope, runId, positionAfter(next), highWater, counts))) return 'superseded';
    if (next === null) return 'done';
    if (await ctx.shouldPause()) return 'paused';
    page = await page.getNextPage();
  }
}

/** The list request's params: the rule's fixed ones, the incremental filter and the start_date bound. */
function requestParams(ctx: EntitySyncContext, since: number | null): Record<string, unknown> {
  const { rule } = ctx;
  const params: Record<string, unknown> = { ...rule.params };
  const startMs = rule.startDate ? startDateOf(ctx.replicationConfig) : null;
  if (rule.incremental && since !== null) {
    // When start_date and the incremental filter share a parameter, the later bound wins.
    const sameParam = rule.startDate?.param === rule.incremental.param;
    params[rule.incremental.param] = formatTime(sameParam ? laterOf(since, startMs)! : since, rule.incremental.format);
  }
  if (rule.startDate && startMs !== null && params[rule.startDate.param] === undefined) {
    params[rule.startDate.param] = formatTime(startMs, rule.startDate.format);
  }
  return params;
}

function startDateOf(replicationConfig: Readonly<Record<string, unknown>>): number | null {
  const raw = replicationConfig['start_date'];
  if (typeof raw !== 'string') return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : ms;
}

/** The page's records, and the items that cannot be records (reported, not thrown: one bad item never fails the run). */
function toRecords(data: unknown, rule: EntitySyncRule, operation: string): { records: SyncedRecord[]; problems: RecordProblem[] } {
  if (!Array.isArray(data)) throw new SyncRecordError(`${operation} returned ${typeof data} instead of a list of records`);
  const idField = rule.idField ?? 'id';
  const records: SyncedRecord[] = [];
  const problems: RecordProblem[] = [];
  data.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ recordId: null, problem: 'not-an-object', message: `${operation}: item ${i} of a page is not an object` });
      return;
    }
    const id = readPath(item, idField);
    if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
      problems.push({
        recordId: null,
        path: idField,
        problem: 'missing-id',
        message: `${operation}: item ${i} of a page has no id at "${idField}"`,
      });
      return;
    }
    records.push({ id: String(id), data: item as Record<string, unknown> });
  });
  return { records, problems };
}

function newestTime(data: unknown[], incremental: NonNullable<EntitySyncRule['incremental']>): number | null {
  let newest: number | null = null;
  for (const item of data) newest = laterOf(newest, readTime(readPath(item, incremental.field), incremental.format));
  return newest;
}

/** The record's own keys only: a record without `id` has none, whatever Object.prototype holds. */
function readPath(value: unknown, path: string): unknown {
  return getOwnPath(value, path.split('.'));
}

/**
 * What the status view shows of a failure: the typed error's name and what went wrong, bounded. API
 * clients read the view, so a connector's failure is said in the service's terms, as a problem's
 * detail is (describe-failure.ts: no operator setting such as the vendor URL, no SDK advice).
 */
function describe(error: unknown, secrets: readonly string[]): { name: string; message: string } {
  const name = error instanceof Error ? error.name : 'Error';
  let message =
    error instanceof SwitchyardError && !(error instanceof SyncRecordError)
      ? describeFailure(error)
      : error instanceof Error
        ? error.message
        : String(error);
  for (const secret of secrets) if (secret.length >= 4) message = message.split(secret).join('[redacted]');
  if (message.length > 1000) message = `${message.slice(0, 1000)}…`;
  return { name: statusText(name), message: statusText(message) };
}

/** A message may quote the vendor; the status keeps it as text, with U+FFFD for what text cannot hold (U+0000, a lone surrogate). */
function statusText(text: string): string {
  return text.toWellFormed().replaceAll('\u0000', '\ufffd');
}
