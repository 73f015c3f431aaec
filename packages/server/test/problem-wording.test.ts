/**
 * Problems the service builds from a connector's failure speak the service's terms. Whatever the
 * operator's vendor base URL (an internal proxy, a regional host, with a port and a path) and
 * whatever the credentials, no problem the service answers names that URL or its host, shows a
 * credential or gives SDK advice (`auth`, the timeout option, maxResponseBytes): for every runtime
 * error class the executor raises, driven through the service's real execution (its catalog,
 * executor pool and the runtime's open-source executor) against a vendor that repeats the URL,
 * host and token in its errors. The problem still says what went wrong (the vendor's status, code
 * and words) and carries what the SDK needs to raise the same class (problem-round-trip.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Problem } from '@switchyard/runtime';
import { CONNECTOR_ERRORS, PROBLEMS } from '@switchyard/runtime/internal';
import { toProblem } from '../src/index.js';
import { FAILURE_SCENARIOS, leaksIn, serviceFailure } from './support/failing-vendor.js';

/** The words of a problem an API client reads: everything but the data members kept for the SDK. */
function shownText(problem: Problem): string {
  return [problem.title, problem.detail, problem.vendor_message ?? '', ...(problem.errors ?? []).map((i) => i.message)].join('\n');
}

// Host labels end in a digit so no word of the service's own wording can contain one by chance.
// A label starting `xn--` is Punycode (RFC 3492) and must decode, which `new URL` checks: a random
// one such as `xn--0` is no host at all, and the service refuses it at start, so none is drawn.
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[0-9]$/).filter((l) => !l.startsWith('xn--'));
const host = fc.oneof(
  fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.')),
  fc.ipV4(),
);
const baseUrl = fc
  .record({
    scheme: fc.constantFrom('http', 'https'),
    host,
    port: fc.option(fc.integer({ min: 1024, max: 65_535 }), { nil: undefined }),
    path: fc.array(label, { maxLength: 3 }),
  })
  .map(({ scheme, host, port, path }) => `${scheme}://${host}${port === undefined ? '' : `:${port}`}${path.map((p) => `/${p}`).join('')}`);
const secret = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/);

describe('problems built from connector failures', () => {
  it.each(FAILURE_SCENARIOS.map((s) => [s.title, s] as const))(
    '%s: never the vendor URL, its host, a credential or SDK wording, for any base URL and credential',
    async (_title, scenario) => {
      await fc.assert(
        fc.asyncProperty(baseUrl, secret, async (url, token) => {
          const error = await serviceFailure(scenario, url, token);
          expect(error.name).toBe(scenario.raises);
          const { problem } = toProblem(error);
          expect(leaksIn(shownText(problem), { baseUrl: url, secret: token }), shownText(problem)).toEqual([]);
          // The whole document, data members included.
          expect(leaksIn(JSON.stringify(problem), { baseUrl: url, secret: token }).filter((l) => !l.startsWith('SDK'))).toEqual([]);
        }),
        { numRuns: 25 },
      );
    },
  );

  it.each(FAILURE_SCENARIOS.map((s) => [s.title, s] as const))(
    '%s: status, title and members as the runtime table says, and the detail says what went wrong',
    async (_title, scenario) => {
      const error = await serviceFailure(scenario, 'https://proxy7.internal9:8443/gadgets2', 'gadgets-secret-token-0123456789');
      const { problem } = toProblem(error);
      if (scenario.raises === 'ValidationError') {
        expect(problem).toMatchObject({ code: 'validation_failed', status: 422, title: PROBLEMS.validation_failed.title });
        return;
      }
      const entry = CONNECTOR_ERRORS.find((e) => e.name === scenario.raises)!;
      expect(problem).toMatchObject({
        code: 'connector_error',
        status: entry.status,
        title: PROBLEMS.connector_error.title,
        error_class: scenario.raises,
      });
      const members = Object.keys(problem).filter((key) => !['type', 'title', 'status', 'detail', 'code', 'error_class'].includes(key));
      expect(entry.members).toEqual(expect.arrayContaining(members));
      // The vendor's answer, when there was one, is in the detail: its status and code, and its words without the URL.
      const vendorStatus = (error as { status?: number }).status;
      if (vendorStatus !== undefined) expect(problem.detail).toContain(`HTTP ${vendorStatus}`);
      if (problem.vendor_code !== undefined) expect(problem.detail).toContain(problem.vendor_code);
      if (problem.vendor_message !== undefined) {
        expect(problem.vendor_message).toContain('no luck with');
        expect(problem.vendor_message).toContain('[vendor URL]');
        expect(problem.detail).toContain(problem.vendor_message);
      }
    },
  );

  it('the scenarios raise every class of the runtime table, so a class added there is tested here', () => {
    const raised = new Set(FAILURE_SCENARIOS.map((s) => s.raises));
    for (const { name } of CONNECTOR_ERRORS) expect(raised, name).toContain(name);
  });
});
