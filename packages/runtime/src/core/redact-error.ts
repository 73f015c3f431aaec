/**
 * The one redaction point for errors. Every error leaving the HttpClient, the open-source executor
 * and a download passes through `redactError`, which returns a copy of the same class with every
 * field redacted: message, stack, body, code, headers (a new Headers), cause, issues and any field
 * a future error class adds. Redacting field by field where each error is built missed fields
 * (`code`, `headers`, the raw text of a non-JSON body); redacting the whole object cannot.
 */
import { setOwn } from './own-keys.js';
import type { Redactor } from './redact.js';

/** Deep enough for any error body worth reading; deeper values are cut rather than copied unredacted. */
const MAX_DEPTH = 32;
const CUT = '[…]';

/**
 * A redacted copy of `error` (same prototype, so `instanceof` and `name` are kept). Values that
 * are not errors are redacted as data. Idempotent: redacting twice (an inner client's redactor,
 * then an outer one knowing more secrets) is safe.
 */
export function redactError<E>(error: E, redactor: Redactor): E {
  return redactAny(error, redactor, 0) as E;
}

function redactAny(value: unknown, redactor: Redactor, depth: number): unknown {
  if (typeof value === 'string') return redactor.text(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return CUT;
  if (value instanceof Error) return copyError(value, redactor, depth);
  if (value instanceof Headers) return redactHeaders(value, redactor);
  // A point in time carries no secret (QuotaExceededError.resetAt); kept a Date so callers can compare it.
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map((item) => redactAny(item, redactor, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null) {
    // A vendor body's `"__proto__"` key is data: copied as an own key (core/own-keys.ts), not made the copy's prototype.
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) setOwn(out, key, redactAny(item, redactor, depth + 1));
    return out;
  }
  // Anything else (a URL, a Date, a class instance) is shown by its text, redacted.
  return redactor.text(String(value));
}

function copyError(error: Error, redactor: Redactor, depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
    if ('value' in descriptor) descriptor.value = redactAny(descriptor.value, redactor, depth + 1);
    else if (descriptor.get) {
      // Engines that expose `stack` as an accessor: keep its current text, redacted, as plain data.
      Object.defineProperty(copy, key, {
        value: redactAny(descriptor.get.call(error), redactor, depth + 1),
        writable: true,
        enumerable: descriptor.enumerable ?? false,
        configurable: true,
      });
      continue;
    }
    Object.defineProperty(copy, key, descriptor);
  }
  return copy;
}

function redactHeaders(headers: Headers, redactor: Redactor): Headers {
  const out = new Headers();
  headers.forEach((value, name) => out.append(name, redactor.headerValue(name, value)));
  return out;
}
