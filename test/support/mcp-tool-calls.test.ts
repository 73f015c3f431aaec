/** The MCP suites' leak check fails on every form of a credential, and its failure does not print the credential. */
import { describe, expect, it } from 'vitest';
import { expectNoSecret, secretForms } from './mcp-tool-calls.js';

const SECRET = 'sk_live/a+b=c d';

describe('expectNoSecret', () => {
  it('passes texts that hold no form of the credential', () => {
    expect(() => expectNoSecret(['nothing here', 'sk_live/a+b', '{"token":"[REDACTED]"}'], [SECRET])).not.toThrow();
  });

  it.each([...new Set(secretForms([SECRET]))].map((form) => [form]))(
    'fails on the form %s, naming the text, without printing it',
    (form) => {
      const texts = ['clean line', `{"url":"/x?key=${form}&y=1"}`];
      let failure: Error | undefined;
      try {
        expectNoSecret(texts, [SECRET]);
      } catch (error) {
        failure = error as Error;
      }
      expect(failure?.message).toContain('text 1, character');
      expect(failure?.message).toContain('<credential>');
      expect(failure?.message).not.toContain(form);
    },
  );

  it('masks every credential in the excerpt it shows, not only the one it found first', () => {
    const other = 'xoxb-second-credential-1234';
    const text = `a=${SECRET} b=${Buffer.from(other).toString('base64')} c=${encodeURIComponent(other)}`;
    let failure: Error | undefined;
    try {
      expectNoSecret([text], [SECRET, other]);
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.message).toContain('text 0, character 2');
    for (const form of secretForms([SECRET, other])) expect(failure?.message).not.toContain(form);
  });

  it('checks a single text too', () => {
    expect(() => expectNoSecret(`Bearer ${SECRET}`, [SECRET])).toThrow(/text 0/);
  });
});
