/**
 * The intent rules (audit/intent.ts) as properties over open-ended text, and the audit settings
 * (config.ts): every sentence the MCP package may send comes back exactly as it was written; every
 * text that breaks a rule is refused naming the header and the rule, never stored altered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIntent, INTENT_HEADER, INTENT_MAX_LENGTH, intentFromHeader } from '../src/audit/intent.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { ServiceError } from '../src/service-error.js';

// eslint-disable-next-line no-control-regex -- the control characters are the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const refusal = (run: () => unknown): { path: string; rule: string } => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('validation_failed');
    return (error as ServiceError).extra.errors![0]!;
  }
  throw new Error('expected a refusal');
};
const sentence = fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => !CONTROL.test(s) && s.trim() !== '');

describe('x-switchyard-intent', () => {
  it('any sentence of well-formed Unicode without control characters comes back exactly as sent', () => {
    fc.assert(
      fc.property(sentence, (text) => {
        expect(intentFromHeader(encodeURIComponent(text))).toBe(text);
        expect(checkIntent(text)).toBe(text);
      }),
    );
  });

  it('a sentence with a control character is refused, naming the header and the rule', () => {
    fc.assert(
      fc.property(
        sentence,
        fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f),
        (text, code) => {
          const bad = `${text}${String.fromCharCode(code)}${text}`;
          expect(refusal(() => intentFromHeader(encodeURIComponent(bad)))).toMatchObject({
            path: `headers.${INTENT_HEADER}`,
            rule: 'no-control-characters',
          });
          expect(refusal(() => checkIntent(bad))).toMatchObject({ path: 'intent', rule: 'no-control-characters' });
        },
      ),
    );
  });

  it('bounds the length in characters (code points), as the MCP tools declare it', () => {
    expect(intentFromHeader(encodeURIComponent('😀'.repeat(INTENT_MAX_LENGTH)))).toBe('😀'.repeat(INTENT_MAX_LENGTH));
    expect(refusal(() => intentFromHeader(encodeURIComponent('a'.repeat(INTENT_MAX_LENGTH + 1)))).rule).toBe('max-length');
    expect(refusal(() => intentFromHeader('%41'.repeat(INTENT_MAX_LENGTH * 5))).rule).toBe('max-length');
  });

  it('refuses what is not percent-encoded UTF-8: malformed escapes, encoded surrogates, raw non-ASCII', () => {
    for (const bad of ['%', '%E2%82', '%ZZ', '%ED%A0%80', '%C0%AF', 'café', 'snow ☃']) {
      expect(
        refusal(() => intentFromHeader(bad)),
        bad,
      ).toMatchObject({ path: `headers.${INTENT_HEADER}`, rule: 'percent-encoding' });
    }
    // A lone surrogate cannot be percent-encoded at all; given as text (an MCP argument) it is refused too.
    expect(refusal(() => checkIntent('why \ud800')).rule).toBe('well-formed-unicode');
  });

  it('absent, empty or blank is no intent', () => {
    expect(intentFromHeader(undefined)).toBeNull();
    expect(intentFromHeader('')).toBeNull();
    expect(intentFromHeader('%20%20')).toBeNull();
    expect(checkIntent(undefined)).toBeNull();
  });
});

describe('audit settings', () => {
  it('SWITCHYARD_AUDIT_RETENTION_DAYS: 90 by default, a positive number of days, or forever', () => {
    expect(loadConfig({}, {}).auditRetentionDays).toBe(90);
    expect(loadConfig({}, { SWITCHYARD_AUDIT_RETENTION_DAYS: '7' }).auditRetentionDays).toBe(7);
    expect(loadConfig({}, { SWITCHYARD_AUDIT_RETENTION_DAYS: 'forever' }).auditRetentionDays).toBeNull();
    for (const bad of ['0', '-1', '1.5', 'never', '9999999999999999999']) {
      expect(() => loadConfig({}, { SWITCHYARD_AUDIT_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({}, { SWITCHYARD_AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/SWITCHYARD_AUDIT_RETENTION_DAYS/);
    }
  });

  it('SWITCHYARD_PUBLIC_URL: an absolute http(s) URL without credentials, query or fragment', () => {
    expect(loadConfig({}, {}).publicUrl).toBeUndefined();
    expect(loadConfig({}, { SWITCHYARD_PUBLIC_URL: 'https://switchyard.example.com/' }).publicUrl).toBe('https://switchyard.example.com');
    expect(loadConfig({}, { SWITCHYARD_PUBLIC_URL: 'https://example.com/switchyard' }).publicUrl).toBe('https://example.com/switchyard');
    for (const bad of [
      'switchyard.example.com',
      'ftp://example.com',
      'https://u:p@example.com',
      'https://example.com/?a=1',
      'https://example.com/#x',
    ]) {
      expect(() => loadConfig({}, { SWITCHYARD_PUBLIC_URL: bad }), bad).toThrow(/SWITCHYARD_PUBLIC_URL/);
    }
  });
});
