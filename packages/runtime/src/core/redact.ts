/**
 * Removes credentials from anything that may reach a log line or an error message. Secrets are
 * replaced wherever they appear (inside URLs, base64 Basic headers, echoed error bodies), which is
 * stronger than redacting known header names alone.
 */
const REDACTED = '[REDACTED]';
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const SECRET_QUERY =
  /([?&](?:token|access_token|refresh_token|api_key|apikey|key|client_secret|password|sig|signature|x-amz-signature|x-amz-credential)=)[^&#\s]*/gi;

export class Redactor {
  private readonly secrets: string[] = [];

  /** Registers values to hide; the Basic-auth form of each is hidden too. Short values are ignored. */
  add(...values: (string | undefined | null)[]): void {
    let added = false;
    for (const value of values) {
      if (!value || value.length < 4 || this.secrets.includes(value)) continue;
      this.secrets.push(value, Buffer.from(value).toString('base64'));
      added = true;
    }
    // Longest first, so a secret containing another is replaced whole.
    if (added) this.secrets.sort((a, b) => b.length - a.length);
  }

  text(input: string): string {
    let out = input.replace(SECRET_QUERY, `$1${REDACTED}`);
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : this.text(value);
    }
    return out;
  }

  /** Deep copy of a JSON value with every string redacted. */
  value<T>(input: T): T {
    if (typeof input === 'string') return this.text(input) as T;
    if (Array.isArray(input)) return input.map((v) => this.value(v)) as T;
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) out[k] = this.value(v);
      return out as T;
    }
    return input;
  }
}
