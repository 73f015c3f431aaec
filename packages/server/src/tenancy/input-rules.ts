import type { ValidationIssue } from '@switchyard/runtime';
import { ServiceError } from '../service-error.js';

/**
 * The rules for text that arrives from outside and identifies something: an external user id, a
 * connector or application name, a connector type, a connector id in a path, a client id, the
 * claims of a token. One place, applied at every entry (request schemas through the
 * `x-switchyard-text` keyword of http/text-keyword.ts, the tenancy and repository methods, token
 * verification), so two ids a caller can tell apart are two ids everywhere:
 *
 * - **well-formed Unicode** (rule `well-formed-unicode`): no lone surrogate (`\ud800`). JSON can
 *   carry one, but PostgreSQL cannot store it and the drivers' UTF-8 encoding replaces it with
 *   U+FFFD, which once made `eve\ud800`, `eve\udc00` and `eve\ufffd` one tenant;
 * - **no control characters** (rule `no-control-characters`): nothing of Unicode's category Cc,
 *   i.e. C0 (U+0000–U+001F, NUL included), DEL (U+007F) and C1 (U+0080–U+009F). They end up in
 *   logs and filters, where they split lines or drive terminals (U+009B is a CSI), and NUL cannot
 *   be stored at all;
 * - **compared exactly**: nothing is normalised or replaced. U+FFFD, format characters (zero
 *   width, bidi controls) and noncharacters are ordinary characters, and NFC `é` and NFD `é` are
 *   two different ids.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const EXTERNAL_USER_ID_MAX = 256;
export const NAME_MAX = 200;

/** The Unicode rules alone (what a JSON Schema keyword checks next to type and length), or null. */
export function identifierTextIssue(path: string, value: string): ValidationIssue | null {
  if (!value.isWellFormed()) {
    return {
      path,
      rule: 'well-formed-unicode',
      message: 'must be well-formed Unicode: it holds a lone surrogate (a \\ud800–\\udfff escape)',
    };
  }
  if (CONTROL.test(value)) {
    return { path, rule: 'no-control-characters', message: 'must not contain control characters (U+0000–U+001F, U+007F–U+009F)' };
  }
  return null;
}

/**
 * A short identifier-like text chosen by a tenant (an external user id, a display name): a
 * non-blank string, bounded, and following the Unicode rules above.
 */
export function textIssue(path: string, value: unknown, maxLength: number): ValidationIssue | null {
  if (typeof value !== 'string') return { path, rule: 'type', message: 'must be a string' };
  const unicode = identifierTextIssue(path, value);
  if (unicode) return unicode;
  if (value.trim().length === 0) return { path, rule: 'min-length', message: 'must not be empty' };
  if (value.length > maxLength) return { path, rule: 'max-length', message: `must be at most ${maxLength} characters` };
  return null;
}

/**
 * Free JSON a tenant stores with a record (a connector's `config` and `replication_config`):
 * any text, except what PostgreSQL cannot hold, in values and keys at any depth — U+0000 (rule
 * `no-nul-character`) and lone surrogates (`well-formed-unicode`). Refused rather than escaped:
 * these are settings the service itself reads (a subdomain, a start date), not vendor data.
 */
export function storableJsonIssues(path: string, value: unknown, issues: ValidationIssue[] = [], depth = 0): ValidationIssue[] {
  if (depth > 64) return issues;
  const check = (at: string, text: string) => {
    if (!text.isWellFormed()) {
      issues.push({ path: at, rule: 'well-formed-unicode', message: 'must be well-formed Unicode: it holds a lone surrogate' });
    } else if (text.includes('\u0000')) {
      issues.push({ path: at, rule: 'no-nul-character', message: 'must not contain U+0000 (NUL)' });
    }
  };
  if (typeof value === 'string') check(path, value);
  else if (Array.isArray(value)) value.forEach((item, i) => storableJsonIssues(`${path}[${i}]`, item, issues, depth + 1));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      check(at, key);
      storableJsonIssues(at, item, issues, depth + 1);
    }
  }
  return issues;
}

/** Throws validation_failed listing every issue found. */
export function rejectIssues(context: string, issues: readonly (ValidationIssue | null)[]): void {
  const found = issues.filter((issue): issue is ValidationIssue => issue !== null);
  if (found.length > 0) {
    throw new ServiceError('validation_failed', `${context}: ${found.map((i) => `${i.path} ${i.message}`).join('; ')}`, {
      errors: found,
    });
  }
}
