/**
 * Keeps the process's credentials out of successful results. Errors go through the runtime's
 * Redactor (errors.ts); a result is vendor data, where the Redactor's patterns for secret-looking
 * query parameters would also rewrite genuine values (a pre-signed URL's signature), so here only
 * the credentials themselves are replaced, raw, base64- and percent-encoded, in every string of
 * the value, and the value is measured and serialized again (so the text stays valid JSON within
 * budget). The serialized result is checked first, so a result without any costs a few `includes`.
 */
import { setOwn } from '@switchyard/runtime/internal';

export interface Scrub {
  /** Whether a JSON text may show a credential (in any form, JSON escapes included): cheap, for every result. */
  shows(text: string): boolean;
  /** A deep copy of the value with every credential replaced (in strings and keys). */
  scrub<T>(value: T): T;
}

const MIN_SECRET_LENGTH = 4;
export const REDACTED = '[REDACTED]';

export function secretScrubber(secrets: readonly string[]): Scrub {
  const forms = [
    ...new Set(
      secrets
        .filter((s) => s.length >= MIN_SECRET_LENGTH)
        .flatMap((s) => [
          s,
          Buffer.from(s).toString('base64'),
          Buffer.from(s).toString('base64').replace(/=+$/, ''),
          encodeURIComponent(s),
        ]),
    ),
  ].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return { shows: () => false, scrub: (value) => value };
  const text = (input: string): string => {
    let out = input;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) setOwn(out, text(key), walk(item));
      return out;
    }
    return value;
  };
  return { shows: mayHoldSecret(secrets), scrub: <T>(value: T) => walk(value) as T };
}

/**
 * Whether a JSON text may hold one of the credentials: every form, also as JSON escapes it. The
 * hot path (a result without any) costs a few `includes` over the text instead of a deep copy.
 */
function mayHoldSecret(secrets: readonly string[]): (text: string) => boolean {
  const forms = [
    ...new Set(
      secrets
        .filter((s) => s.length >= MIN_SECRET_LENGTH)
        .flatMap((s) => [s, Buffer.from(s).toString('base64').replace(/=+$/, ''), encodeURIComponent(s)])
        .flatMap((form) => [form, JSON.stringify(form).slice(1, -1)]),
    ),
  ];
  if (forms.length === 0) return () => false;
  return (text) => forms.some((form) => text.includes(form));
}
