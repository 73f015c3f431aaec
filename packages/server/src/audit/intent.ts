/**
 * The caller's intent: one sentence saying why a call is made, recorded with it in the audit log.
 * It arrives as the `x-switchyard-intent` header of an execute request (percent-encoded UTF-8, as
 * the MCP package's hosted connectors send it, so any Unicode fits in a header), or as an MCP tool
 * call's `intent` argument on the service's own /mcp. Both go through `checkIntent`, so one
 * sentence is accepted or refused the same way whichever door it came through:
 *
 * - at most INTENT_MAX_LENGTH characters (Unicode code points, as JSON Schema's maxLength counts
 *   them; the MCP tools declare the same bound), so a client cannot fill the log with pages of text;
 * - the service's text rules (tenancy/input-rules.ts): well-formed Unicode, no control characters,
 *   since the log is read back by people and tools that split lines;
 * - empty or blank means none given.
 *
 * A refused intent fails the call before anything runs (422 validation_failed naming the header
 * or the argument): a caller who meant to say why must not have the call run unexplained.
 */
import { INTENT_HEADER, INTENT_MAX_LENGTH } from '@switchyard/runtime/internal';
import { identifierTextIssue, rejectIssues } from '../tenancy/input-rules.js';

export { INTENT_HEADER, INTENT_MAX_LENGTH };

/** The intent to record, or null for none; throws validation_failed (naming `path`) when it breaks a rule. */
export function checkIntent(value: string | undefined | null, path = 'intent'): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  rejectIssues('intent', [identifierTextIssue(path, value)]);
  const length = codePoints(value);
  if (length > INTENT_MAX_LENGTH) {
    rejectIssues('intent', [{ path, rule: 'max-length', message: `must be at most ${INTENT_MAX_LENGTH} characters (got ${length})` }]);
  }
  return value;
}

/** The intent of an `x-switchyard-intent` header value (percent-encoded UTF-8), or null when there is none. */
export function intentFromHeader(value: string | readonly string[] | undefined): string | null {
  if (value === undefined) return null;
  const path = `headers.${INTENT_HEADER}`;
  if (typeof value !== 'string') {
    rejectIssues('intent', [{ path, rule: 'single-value', message: 'must be sent once' }]);
    return null;
  }
  // Far longer than any accepted intent can be encoded (12 bytes per code point at most): refused
  // before decoding, so an oversized header costs nothing.
  if (value.length > INTENT_MAX_LENGTH * 12) {
    rejectIssues('intent', [{ path, rule: 'max-length', message: `must be at most ${INTENT_MAX_LENGTH} characters once decoded` }]);
  }
  let decoded: string;
  try {
    // Raw bytes above ASCII would be read as Latin-1 by the HTTP parser (mojibake, not the sentence sent).
    if (!/^[\x20-\x7e]*$/.test(value)) throw new URIError('not ASCII');
    decoded = decodeURIComponent(value);
  } catch {
    rejectIssues('intent', [
      {
        path,
        rule: 'percent-encoding',
        message:
          'must be percent-encoded UTF-8 (encodeURIComponent of the sentence): it holds a character outside printable ASCII, or an escape that is malformed or not UTF-8',
      },
    ]);
    return null;
  }
  return checkIntent(decoded, path);
}

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}
