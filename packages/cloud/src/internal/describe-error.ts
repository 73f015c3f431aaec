/**
 * Reads the platform's two error body shapes for messages:
 * - public API: RFC 7807 problem+json `{type, title, status, detail, data?}`, where `type` ends in a
 *   stable fragment (`…/errors#resource-not-found`, `#try-again-later`) that makes a good code;
 * - config API: `{message, exceptionClassName, …}`.
 */
import type { DescribedError } from '@switchyard/runtime/internal';

/** The platform checks the caller's permissions before it looks an id up, so a 403 may hide a 404. */
const FORBIDDEN_HINT = 'the id may not exist, or may belong to a workspace these credentials cannot read';

export function describePlatformError(status: number, body: unknown): DescribedError {
  const described = readBody(body);
  if (status !== 403) return described;
  return { ...described, message: described.message ? `${described.message}; ${FORBIDDEN_HINT}` : FORBIDDEN_HINT };
}

function readBody(body: unknown): DescribedError {
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const data = (b['data'] && typeof b['data'] === 'object' ? b['data'] : {}) as Record<string, unknown>;
  // A locked connection says why in statusReason; it is the most useful sentence of the answer.
  const reason = text(b['statusReason']) ?? text(data['statusReason']);
  const base = text(b['detail']) ?? text(b['message']) ?? text(b['title']);
  const message = base && reason ? `${base} (status reason: ${reason})` : (base ?? reason);
  const type = text(b['type']);
  const code = type ? type.slice(type.lastIndexOf('#') + 1) : text(b['exceptionClassName']);
  return { message, code };
}
