/**
 * Every execute and search the service runs goes through here on its way to the execution layer,
 * whichever door it came through (the execute endpoint the SDK and the CLI call, or the service's
 * own /mcp), so one place writes the audit row: who asked, for which connector, entity.action,
 * the caller's intent, the outcome and the duration. The params and the result are never looked at.
 *
 * A download is recorded when its bytes have all been sent (ok), or when the transfer failed or the
 * client went away (the error's code), with the duration of the whole transfer.
 */
import { AbortError } from '@switchyard/runtime';
import type { Readable } from 'node:stream';
import { problemFromError } from '../execution/problem-from-error.js';
import type { ExecuteContext, Execution } from '../execution/create-execution.js';
import { ServiceError } from '../service-error.js';
import type { AuditEntry, AuditSink } from './audit-log.js';

export function auditedExecution(execution: Execution, audit: AuditSink, now: () => number = Date.now): Execution {
  return {
    ...execution,
    async execute(principal, record, request, signal, context?: ExecuteContext) {
      const started = now();
      const entry = (error: unknown): AuditEntry => ({
        occurredAt: new Date(started),
        applicationId: record.applicationId,
        externalUserId: record.externalUserId,
        connectorId: record.id,
        connectorType: record.connectorType,
        entity: request.entity,
        action: request.action,
        intent: context?.intent ?? null,
        ...outcomeOf(error),
        durationMs: now() - started,
        channel: context?.channel ?? 'http',
        tokenKind: principal.kind,
      });
      let outcome;
      try {
        outcome = await execution.execute(principal, record, request, signal, context);
      } catch (error) {
        await audit.record(entry(error));
        throw error;
      }
      if (outcome.kind === 'stream') {
        whenTransferEnds(outcome.stream, (error) => void audit.record(entry(error)).catch(() => undefined));
        return outcome;
      }
      await audit.record(entry(undefined));
      return outcome;
    },
  };
}

/** `ok`, or the problem code the failure answers with (and, for a connector error, its runtime class). */
export function outcomeOf(error: unknown): Pick<AuditEntry, 'outcome' | 'errorClass'> {
  if (error === undefined) return { outcome: 'ok', errorClass: null };
  if (error instanceof ServiceError) return { outcome: error.code, errorClass: null };
  const problem = problemFromError(error);
  if (!problem) return { outcome: 'internal_error', errorClass: null };
  return { outcome: problem.code, errorClass: typeof problem.error_class === 'string' ? problem.error_class : null };
}

function whenTransferEnds(stream: Readable, done: (error: unknown) => void): void {
  let settled = false;
  const settle = (error: unknown) => {
    if (settled) return;
    settled = true;
    done(error);
  };
  stream.once('end', () => settle(undefined));
  stream.once('error', (error) => settle(error));
  stream.once('close', () =>
    settle(stream.readableEnded ? undefined : new AbortError('the client went away before the download finished')),
  );
}
