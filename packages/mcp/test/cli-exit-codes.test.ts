/**
 * The CLI's exit codes: one table keyed by the runtime's error classes. Every class the runtime's
 * problem table maps a service answer to, and every class a connector raises, has a row of its
 * own; a subclass never hides behind its parent; the root README documents exactly the table.
 * And the error line itself: one line (one JSON object with --json) whatever the message, never
 * showing a credential; a JSON option that does not parse is never echoed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as runtime from '@switchyard/runtime';
import { CONNECTOR_ERRORS, PROBLEMS } from '@switchyard/runtime/internal';
import { EXIT, EXIT_TABLE, exitRowOf } from '../src/cli/exit-codes.js';
import { jsonObjectOption } from '../src/cli/json-input.js';
import { UsageError } from '../src/cli/options.js';
import { Output } from '../src/cli/output.js';

type AnyClass = abstract new (...args: never[]) => Error;
const instanceOf = (cls: AnyClass): Error => Object.create(cls.prototype) as Error;

describe('the exit code table', () => {
  it('gives every class of the runtime’s problem table and of CONNECTOR_ERRORS a row of its own', () => {
    const classes = new Set<AnyClass>([
      ...Object.values(PROBLEMS).flatMap((p) => (p.errorClass ? [p.errorClass as AnyClass] : [])),
      ...CONNECTOR_ERRORS.map((c) => c.errorClass as AnyClass),
    ]);
    for (const cls of classes) expect(exitRowOf(instanceOf(cls)).error, cls.name).toBe(cls);
  });

  it('gives every error class the runtime exports a row of its own, but the programming errors', () => {
    const programmingErrors = ['NoNextPageError', 'SwitchyardError'];
    const classes = (Object.values(runtime) as unknown[]).filter(
      (value): value is AnyClass => typeof value === 'function' && value.prototype instanceof runtime.SwitchyardError,
    );
    for (const cls of classes) {
      if (programmingErrors.includes(cls.name)) continue;
      expect(exitRowOf(instanceOf(cls)).error, cls.name).toBe(cls);
    }
  });

  it('never lists a class after one of its parents (it would never be reached)', () => {
    EXIT_TABLE.forEach((row, i) => {
      for (const earlier of EXIT_TABLE.slice(0, i))
        expect(row.error.prototype instanceof earlier.error, `${row.error.name} after ${earlier.error.name}`).toBe(false);
    });
  });

  it('maps the seven documented codes: rate limits 6, not found 4, authentication 3, validation 2, usage 1', () => {
    expect(exitRowOf(instanceOf(runtime.QuotaExceededError))).toMatchObject({ exit: EXIT.rateLimited, retryable: false });
    expect(exitRowOf(instanceOf(runtime.RateLimitError))).toMatchObject({ exit: EXIT.rateLimited, retryable: true });
    expect(exitRowOf(instanceOf(runtime.NotFoundError)).exit).toBe(EXIT.notFound);
    expect(exitRowOf(instanceOf(runtime.PermissionDeniedError)).exit).toBe(EXIT.auth);
    expect(exitRowOf(instanceOf(runtime.ValidationError)).exit).toBe(EXIT.validation);
    expect(exitRowOf(new UsageError('x')).exit).toBe(EXIT.usage);
    expect(exitRowOf(instanceOf(runtime.ServerError))).toMatchObject({ exit: EXIT.failure, retryable: true });
    expect(exitRowOf('thrown text')).toMatchObject({ code: 'internal_error', exit: EXIT.failure });
  });

  it('is the table the root README documents', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| ([0-6])\s+\|[^|]*\|([^|]*)\|$/gm)].map((m) => ({
      exit: Number(m[1]),
      codes: [...m[2]!.matchAll(/`([a-z_]+)`/g)].map((c) => c[1]!),
    }));
    expect(rows.map((r) => r.exit)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const { exit, codes } of rows) {
      expect(codes.sort(), `exit ${exit}`).toEqual(
        EXIT_TABLE.filter((r) => r.exit === exit)
          .map((r) => r.code)
          .sort(),
      );
    }
  });
});

describe('the error line', () => {
  const capture = () => {
    let text = '';
    return { stream: { write: (t: string | Uint8Array) => ((text += String(t)), true) }, text: () => text };
  };
  const secret = 'sy_secret_Zm9vYmFy+/=';
  const messages = fc.oneof(
    fc.string(),
    fc.string().map((s) => `${s}\n  - ${secret}\n${s}`),
    fc.constant(`token ${secret}`),
  );
  const errors = fc.tuple(fc.constantFrom(...EXIT_TABLE.map((r) => r.error)), messages).map(([cls, message]) => {
    if (cls === runtime.ValidationError) return new runtime.ValidationError(message, [{ path: 'params.token', rule: 'type', message }]);
    const error = instanceOf(cls);
    Object.defineProperty(error, 'message', { value: message });
    return error;
  });

  it('is one line, without the credential, and the exit code of its class', () => {
    fc.assert(
      fc.property(errors, fc.boolean(), (error, json) => {
        const stderr = capture();
        const out = new Output(json, capture().stream, stderr.stream);
        out.addSecrets(secret);
        const code = out.error(error);
        expect(code).toBe(exitRowOf(error).exit);
        const text = stderr.text();
        expect(text.endsWith('\n')).toBe(true);
        expect(text.slice(0, -1)).not.toContain('\n');
        expect(text).not.toContain(secret);
        if (json) expect(JSON.parse(text)).toMatchObject({ code: exitRowOf(error).code, retryable: exitRowOf(error).retryable });
      }),
    );
  });

  it('a JSON option that is not a JSON object is a usage error that never shows the text given', async () => {
    const stdin = { text: async () => '' };
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 6 }).filter((s) => {
          try {
            const v: unknown = JSON.parse(s);
            return v === null || typeof v !== 'object' || Array.isArray(v);
          } catch {
            return !s.startsWith('@');
          }
        }),
        async (text) => {
          const error = await jsonObjectOption('--credentials', text, stdin).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).not.toContain(text);
        },
      ),
    );
  });
});
