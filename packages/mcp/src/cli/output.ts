/**
 * Where every CLI command writes. stdout carries the result only: tables and key–value lines for
 * people, or, with `--json`, one JSON document (NDJSON events for `sync --wait --json`). stderr
 * carries the one-line error (a JSON object with `--json`) and, on a TTY only, the live progress
 * line. Every byte passes the process's credentials through the scrubber first (the client
 * secret, vendor credentials, tokens the transport learnt), so no output shows one.
 */
import { Redactor } from '@switchyard/runtime/internal';
import { secretScrubber, type Scrub } from '../engine/scrub.js';
import { exitRowOf, type ExitCode } from './exit-codes.js';
import { ValidationError, RateLimitError } from '@switchyard/runtime';

export interface Writable {
  write(text: string | Uint8Array, callback?: (error?: Error | null) => void): unknown;
  readonly isTTY?: boolean | undefined;
}

export class Output {
  private readonly redactor = new Redactor();
  private secrets: string[] = [];
  private scrub: Scrub = secretScrubber([]);
  private progressShown = false;

  constructor(
    readonly json: boolean,
    private readonly stdout: Writable,
    private readonly stderr: Writable,
  ) {}

  /** Whether stdout is a terminal (a person watching): tables and the progress line. */
  get tty(): boolean {
    return this.stdout.isTTY === true;
  }

  /** Values never to show, in any encoding. */
  addSecrets(...values: readonly (string | undefined)[]): void {
    const given = values.filter((v): v is string => typeof v === 'string' && v !== '');
    this.secrets.push(...given);
    this.redactor.add(...given);
    this.scrub = secretScrubber(this.secrets);
  }

  /** The one JSON document of a `--json` command. */
  document(value: unknown): void {
    this.stdout.write(`${JSON.stringify(this.clean(value), null, 2)}\n`);
  }

  /** One NDJSON event (`sync --wait --json`). */
  event(value: unknown): void {
    this.stdout.write(`${JSON.stringify(this.clean(value))}\n`);
  }

  /** Lines for people. */
  text(text: string): void {
    this.endProgress();
    this.stdout.write(this.redactor.text(text.endsWith('\n') ? text : `${text}\n`));
  }

  /** Raw bytes (a download to stdout). */
  bytes(chunk: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.stdout.write(chunk, (error) => (error ? reject(error) : resolve())));
  }

  /** The live progress line, rewritten in place; only on a TTY and never with --json. */
  progress(line: string): void {
    if (!this.tty || this.json) return;
    this.stderr.write(`\r\u001b[2K${this.redactor.text(line)}`);
    this.progressShown = true;
  }

  endProgress(): void {
    if (!this.progressShown) return;
    this.stderr.write('\n');
    this.progressShown = false;
  }

  /** The failure as one line on stderr (one JSON object with --json); returns its exit code. */
  error(error: unknown, hint?: string): ExitCode {
    this.endProgress();
    const row = exitRowOf(error);
    const message = this.redactor.text(error instanceof Error ? error.message : String(error));
    if (this.json) {
      const body: Record<string, unknown> = { code: row.code, message, retryable: row.retryable };
      if (error instanceof Error && row.code !== 'usage') body['class'] = error.name;
      if (error instanceof ValidationError) body['issues'] = error.issues.map(({ path, rule, message: m }) => ({ path, rule, message: m }));
      if (error instanceof RateLimitError && error.retryAfterMs !== undefined) body['retry_after_ms'] = error.retryAfterMs;
      this.stderr.write(`${JSON.stringify(this.redactor.value(body))}\n`);
    } else {
      // One line: a ValidationError's issues are on lines of their own in its message.
      // A list of problems starts with a line break before its first item: no separator there.
      const oneLine = message.replace(/^\s*\n\s*-\s*/, '').replace(/\s*\n\s*-?\s*/g, '; ');
      this.stderr.write(`switchyard: ${oneLine}${hint ? ` (${hint})` : ''}\n`);
    }
    return row.exit;
  }

  private clean(value: unknown): unknown {
    return this.scrub.shows(JSON.stringify(value) ?? '') ? this.scrub.scrub(value) : value;
  }
}
