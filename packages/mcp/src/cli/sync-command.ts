/**
 * `switchyard sync <connector-id> [--wait]`: starts a sync of a connector's synced copy now.
 * With `--wait` it follows the run until every entity has completed one since the request (or
 * one failed): on a TTY a live progress line (entity, records, records/s, state); with `--json`,
 * NDJSON events on stdout, one per change, then a `done` event with the connector's status.
 *
 * "Completed since the request" is read from each entity's `last_synced_at` changing from what it
 * was just before the request; see outcomeOf for failures.
 */
import {
  COMMON_OPTIONS,
  flag,
  positionals,
  SERVICE_OPTIONS,
  stringValue,
  type CliContext,
  type CommandSpec,
  type Parsed,
} from './command-spec.js';
import { SyncFailedError, WaitTimeoutError } from './exit-codes.js';
import { positiveInteger, UsageError } from './options.js';
import { ServiceClient, resolveTarget, type ConnectorView, type EntityStatus } from './service-client.js';
import { table } from './table.js';

const POLL_MS = 500;
const FAILED_GRACE_MS = 5_000;

export const syncCommand: CommandSpec = {
  name: 'sync',
  summary: "Starts a sync of a connector's synced copy on a service; --wait follows it to the end.",
  usage: ['sync <connector-id> [--wait [--timeout <seconds>]] [--json]'],
  details: `--wait shows a live progress line on a terminal (entity, records, records/s, state); with --json it
streams NDJSON: {"event":"progress",...} per change, then {"event":"done",...}. A failed entity exits
with the code of its error class (e.g. 3 for refused credentials, 6 for a rate limit), else 5.`,
  options: {
    wait: { type: 'boolean', description: 'wait until every entity has completed a run (or one failed)' },
    timeout: { type: 'string', value: '<seconds>', description: 'with --wait: give up waiting after this long (exit 5; the sync goes on)' },
    ...SERVICE_OPTIONS,
    ...COMMON_OPTIONS,
  },
  run: (parsed, context) => runSync(parsed, context),
};

async function runSync(parsed: Parsed, context: CliContext): Promise<number> {
  const [id] = positionals(parsed, ['connector-id']) as [string];
  const wait = flag(parsed, 'wait');
  const timeoutText = stringValue(parsed, 'timeout');
  if (timeoutText !== undefined && !wait) throw new UsageError('--timeout is for --wait');
  const timeoutMs = timeoutText === undefined ? undefined : positiveInteger('--timeout', timeoutText, 0, 1) * 1000;
  const { out } = context;
  const target = await resolveTarget({ service: stringValue(parsed, 'service'), profile: stringValue(parsed, 'profile') }, context.env);
  out.addSecrets(target.clientSecret);
  const client = new ServiceClient(target, context.fetch ? { fetch: context.fetch } : {});

  if (!wait) {
    const view = await client.sync(id);
    if (out.json) out.document(view);
    else out.text(`sync requested for ${id}\n${statusTable(view.entities)}`);
    return 0;
  }
  const before = new Map((await client.get(id)).entities.map((e) => [e.entity, e]));
  await client.sync(id);
  const started = Date.now();
  const seenRunning = new Set<string>();
  const last = new Map<string, string>();
  for (;;) {
    const view = await client.get(id);
    for (const entity of view.entities) {
      if (entity.state === 'syncing' || entity.state === 'pending') seenRunning.add(entity.entity);
      const key = `${entity.state}/${entity.records}/${entity.records_per_second ?? ''}`;
      if (out.json && last.get(entity.entity) !== key)
        out.event({ event: 'progress', connector: id, ...progressOf(entity), at: new Date().toISOString() });
      last.set(entity.entity, key);
    }
    out.progress(progressLine(view.entities));
    const outcome = view.entities.map(
      (e) => [e, outcomeOf(e, before.get(e.entity), seenRunning.has(e.entity), Date.now() - started)] as const,
    );
    if (outcome.every(([, o]) => o !== 'running'))
      return finish(
        view,
        outcome.filter(([, o]) => o === 'failed').map(([e]) => e),
        context,
      );
    if (timeoutMs !== undefined && Date.now() - started >= timeoutMs) {
      throw new WaitTimeoutError(
        `the sync of ${id} had not finished after ${timeoutMs / 1000} s (${view.entities.map((e) => `${e.entity} ${e.state}`).join(', ')}); it goes on at the service`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

type Outcome = 'running' | 'done' | 'failed';

/**
 * The view has no run identity, so a failure is taken as this request's when the entity was not
 * failing before, or has been seen running since, or is still failing FAILED_GRACE_MS after the
 * request (the requested run starts at once unless the service is busy; its own retry of a failed
 * run waits 30 s or more).
 */
function outcomeOf(entity: EntityStatus, before: EntityStatus | undefined, seenRunning: boolean, elapsedMs: number): Outcome {
  if (entity.last_synced_at !== null && entity.last_synced_at !== (before?.last_synced_at ?? null)) return 'done';
  if (entity.state === 'failed' && (before?.state !== 'failed' || seenRunning || elapsedMs >= FAILED_GRACE_MS)) return 'failed';
  return 'running';
}

function finish(view: ConnectorView, failed: readonly EntityStatus[], { out }: CliContext): number {
  if (out.json) out.event({ event: 'done', connector: view.id, sync_status: view.sync_status, entities: view.entities.map(progressOf) });
  else out.text(statusTable(view.entities));
  const first = failed[0];
  if (first) {
    const error = first.error ?? { name: 'SwitchyardError', message: 'the run failed' };
    throw new SyncFailedError(
      `the sync of ${view.id} failed: ${failed.map((e) => `${e.entity}: ${e.error?.name ?? 'error'}: ${e.error?.message ?? 'the run failed'}`).join('; ')}`,
      error.name,
    );
  }
  return 0;
}

function progressOf(entity: EntityStatus) {
  return {
    entity: entity.entity,
    state: entity.state,
    records: entity.records,
    records_per_second: entity.records_per_second,
    last_synced_at: entity.last_synced_at,
    ...(entity.error ? { error: entity.error } : {}),
  };
}

/** `users 1,234 records 210/s syncing · channels 40 records ready`. */
export function progressLine(entities: readonly EntityStatus[]): string {
  return entities
    .map(
      (e) =>
        `${e.entity} ${e.records.toLocaleString('en-US')} records${e.records_per_second === null ? '' : ` ${Math.round(e.records_per_second).toLocaleString('en-US')}/s`} ${e.state}`,
    )
    .join(' · ');
}

function statusTable(entities: readonly EntityStatus[]): string {
  if (entities.length === 0) return 'no entities to sync (this connector type keeps no synced copy)';
  return table(
    ['entity', 'state', 'records', 'records/s', 'last synced', 'error'],
    entities.map((e) => [
      e.entity,
      e.state,
      e.records,
      e.records_per_second ?? '',
      e.last_synced_at ?? '',
      e.error ? `${e.error.name}: ${e.error.message}` : '',
    ]),
  );
}
