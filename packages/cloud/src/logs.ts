/**
 * Renders job logs from the config API's `POST /jobs/get` answer. Attempts carry either structured
 * events (`logs.events`) or preformatted lines (`logs.logLines`); which one depends on the platform
 * version, so the shape present decides, not `logType`.
 */

export type LogAttempts = 'latest' | 'all';

interface LogEvent {
  timestamp?: number;
  level?: string;
  message?: string;
  stackTrace?: string;
}

interface AttemptInfo {
  attempt?: { id?: number; status?: string };
  logs?: { events?: LogEvent[]; logLines?: string[] };
}

/** `attempts`: latest = the last attempt only (it decides the outcome); all = oldest → newest with headers. */
export function renderJobLogs(jobInfo: unknown, attempts: LogAttempts): string {
  const list = readAttempts(jobInfo);
  if (list.length === 0) return '';
  if (attempts === 'latest') return renderAttempt(list[list.length - 1]!);
  return list
    .map((attempt, index) => `=== Attempt ${index} (${attempt.attempt?.status ?? 'unknown'}) ===\n${renderAttempt(attempt)}`)
    .join('\n\n');
}

function readAttempts(jobInfo: unknown): AttemptInfo[] {
  const attempts = (jobInfo as { attempts?: unknown } | null)?.attempts;
  return Array.isArray(attempts) ? (attempts as AttemptInfo[]) : [];
}

function renderAttempt(attempt: AttemptInfo): string {
  const logs = attempt.logs;
  if (logs && Array.isArray(logs.events)) return logs.events.map(renderEvent).join('\n');
  if (logs && Array.isArray(logs.logLines)) return logs.logLines.join('\n');
  return '';
}

/** ISO-8601 UTC instead of the raw epoch milliseconds: readable, and it sorts the same way. */
function renderEvent(event: LogEvent): string {
  const when = typeof event.timestamp === 'number' && Number.isFinite(event.timestamp) ? new Date(event.timestamp).toISOString() : '-';
  const line = `${when} ${(event.level ?? 'info').toUpperCase()} ${event.message ?? ''}`;
  return event.stackTrace ? `${line}\n${event.stackTrace}` : line;
}
