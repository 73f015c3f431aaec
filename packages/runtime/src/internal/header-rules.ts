/**
 * Header names and values checked before any I/O. A CR or LF in a value would otherwise fail deep
 * inside fetch as a network error, be retried as one, and surface as a ConnectionError after
 * several attempts; worse, a permissive client could send it as a second header. The rules match
 * what fetch and undici accept: a name is an HTTP token, a value is Latin-1 without control
 * characters other than tab. The offending value is never repeated in the message: it may be a
 * credential.
 */
import type { ValidationIssue } from '../core/errors.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** Problems of `headers`, each with the path `<prefix>.<name>`; empty when every header is valid. */
export function headerIssues(headers: Readonly<Record<string, string>> | undefined, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!headers) return issues;
  for (const name in headers) {
    const value = headers[name];
    if (!TOKEN.test(name)) {
      issues.push({
        path: `${prefix}.${name}`,
        rule: 'header-name',
        message: "is not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)",
      });
    } else if (typeof value !== 'string' || BAD_VALUE.test(value)) {
      issues.push({
        path: `${prefix}.${name}`,
        rule: 'header-value',
        message:
          typeof value !== 'string'
            ? 'must be a string'
            : 'must not contain CR, LF or other control characters, nor characters outside Latin-1',
      });
    }
  }
  return issues;
}
