/**
 * Removes credentials from anything that may reach a log line or an error. A secret is replaced
 * wherever it appears and in every form a vendor or a proxy may echo it: raw, base64 (Basic
 * headers, with or without padding, URL-safe), percent-encoded (a token inside an echoed URL),
 * form-encoded (`+` for space, as in an echoed request body) and JSON-escaped. That is stronger
 * than redacting known header names alone. Errors are redacted as a whole by `redactError`.
 */
import { setOwn } from './own-keys.js';

export const REDACTED = '[REDACTED]';
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const SECRET_QUERY =
  /([?&](?:token|access_token|refresh_token|api_key|apikey|key|client_secret|password|sig|signature|x-amz-signature|x-amz-credential)=)[^&#\s]*/gi;
/** Shorter values are too likely to occur by chance (and redacting them would shred messages). */
const MIN_SECRET_LENGTH = 4;

export class Redactor {
  /** Values registered so far, to keep `add` cheap: the transport re-registers credentials on every attempt. */
  private readonly known = new Set<string>();
  /** Every form of every secret, longest first. */
  private forms: string[] = [];

  /** Registers values to hide, with all their encoded forms. Values shorter than 4 characters are ignored. */
  add(...values: (string | undefined | null)[]): void {
    let added = false;
    for (const value of values) {
      if (!value || value.length < MIN_SECRET_LENGTH || this.known.has(value)) continue;
      this.known.add(value);
      for (const form of encodedForms(value)) if (form.length >= MIN_SECRET_LENGTH && !this.forms.includes(form)) this.forms.push(form);
      added = true;
    }
    // Longest first, so a secret containing another is replaced whole.
    if (added) this.forms.sort((a, b) => b.length - a.length);
  }

  text(input: string): string {
    let out = input.replace(SECRET_QUERY, `$1${REDACTED}`);
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }

  /** Request headers for a log line: credential headers are hidden whole, others have secrets replaced. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) setOwn(out, name, this.headerValue(name, value));
    return out;
  }

  headerValue(name: string, value: string): string {
    return SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : this.text(value);
  }

  /** Deep copy of a JSON value with every string redacted. */
  value<T>(input: T): T {
    if (typeof input === 'string') return this.text(input) as T;
    if (Array.isArray(input)) return input.map((v) => this.value(v)) as T;
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) setOwn(out, k, this.value(v));
      return out as T;
    }
    return input;
  }
}

/** The forms in which `secret` may be echoed back. */
function encodedForms(secret: string): string[] {
  const base64 = Buffer.from(secret).toString('base64');
  const percent = encodeURIComponent(secret);
  // application/x-www-form-urlencoded as URLSearchParams writes it: space as +, !'()~ escaped.
  const form = percent.replace(/%20/g, '+').replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    base64,
    base64.replace(/=+$/, ''),
    base64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
    percent,
    form,
    encodeURI(secret),
    // Percent-encoders disagree on the case of hex digits (%2B, %2b).
    lowerHex(percent),
    lowerHex(form),
    lowerHex(encodeURI(secret)),
    json,
    // JSON encoders that escape everything outside ASCII (Python's default): \u00e9.
    json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  ];
  return [...new Set(forms)];
}

function lowerHex(text: string): string {
  return text.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
}
