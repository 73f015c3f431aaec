/**
 * Errors a tool call can end with that the runtime does not have, and the one place every error
 * becomes a tool result: `isError: true` with the error's class name, its message and, for
 * validation, every issue with its path — never a stack, and every string passed through the
 * redactor of the process's credentials.
 */
import { ApiError, RateLimitError, SwitchyardError, ValidationError, VendorError, type ValidationIssue } from '@switchyard/runtime';
import { type Redactor } from '@switchyard/runtime/internal';
import type { ToolResult } from './tool-result.js';

/** A write asked of a server started with `--read-only`. Nothing was sent. */
export class ReadOnlyError extends SwitchyardError {
  override readonly name: string = 'ReadOnlyError';
}

/** An action outside the server's `--only` allow-list. Nothing was sent. */
export class ActionNotAllowedError extends SwitchyardError {
  override readonly name: string = 'ActionNotAllowedError';
}

/** A result (or one record of it) over the size budget, even with nothing else in it. */
export class ResultTooLargeError extends SwitchyardError {
  override readonly name: string = 'ResultTooLargeError';
}

/** Issues at paths relative to a tool argument (`params`) rather than the action's parameters. */
export function withPrefix(error: ValidationError, prefix: string): ValidationError {
  const issues = error.issues.map((issue) => ({ ...issue, path: issue.path ? `${prefix}.${issue.path}` : prefix }));
  const context = error.message.split(':')[0] ?? 'tool call';
  return new ValidationError(context, issues);
}

/**
 * The error as a tool result. Within the budget too: a message longer than half of it is cut
 * (marked), and issues past what fits are counted instead of listed; the text stays valid JSON.
 */
export function errorResult(error: unknown, redactor: Redactor, budget: number): ToolResult {
  const body: Record<string, unknown> = {
    class: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
  if (error instanceof ValidationError) {
    body['issues'] = error.issues.map((issue: ValidationIssue) => ({ path: issue.path, rule: issue.rule, message: issue.message }));
  }
  if (error instanceof ApiError) {
    body['status'] = error.status;
    if (error.code !== undefined) body['code'] = error.code;
    if (error.requestId !== undefined) body['request_id'] = error.requestId;
  }
  if (error instanceof VendorError) body['code'] = error.code;
  if (error instanceof RateLimitError && error.retryAfterMs !== undefined) body['retry_after_ms'] = error.retryAfterMs;
  const progress = (error as { progress?: unknown }).progress;
  if (error instanceof SwitchyardError && error.name === 'SyncNotReadyError' && progress !== undefined) body['sync_progress'] = progress;
  const redacted = redactor.value({ error: body }) as { error: Record<string, unknown> };
  let text = JSON.stringify(redacted);
  if (text.length <= budget) return { isError: true, text };
  const message = String(redacted.error['message']);
  const limit = Math.floor(budget / 2);
  if (message.length > limit) redacted.error['message'] = `${message.slice(0, limit)}… [cut: ${message.length} characters]`;
  const issues = redacted.error['issues'];
  if (Array.isArray(issues)) {
    while (issues.length > 0 && JSON.stringify(redacted).length > budget - 100) issues.pop();
    redacted.error['issues_left_out'] = (error as ValidationError).issues.length - issues.length;
  }
  text = JSON.stringify(redacted);
  return { isError: true, text };
}
