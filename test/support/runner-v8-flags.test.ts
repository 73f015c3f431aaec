import { describe, expect, it } from 'vitest';
import { RUNNER_INTERRUPT_BUDGET, RUNNER_V8_FLAGS_ENV, runnerV8Flags, V8_DEFAULTS_ENV } from './runner-v8-flags.js';

describe("the V8 flags of vitest's process", () => {
  it("raise V8 11's interrupt budget fourfold and leave later V8s at their defaults", () => {
    expect(RUNNER_INTERRUPT_BUDGET).toBe(270_336);
    expect(runnerV8Flags('11.3.244.8-node.38', {})).toEqual(['--interrupt-budget=270336']);
    // Node 22 and 24: no such flag (they print "unrecognized flag" for it).
    expect(runnerV8Flags('12.4.254.21-node.57', {})).toEqual([]);
    expect(runnerV8Flags('13.6.233.17-node.53', {})).toEqual([]);
  });

  it(`${V8_DEFAULTS_ENV} runs with V8's defaults, to measure against`, () => {
    expect(runnerV8Flags('11.3.244.8-node.38', { [V8_DEFAULTS_ENV]: '1' })).toEqual([]);
    expect(runnerV8Flags('11.3.244.8-node.38', { [V8_DEFAULTS_ENV]: '0' })).toEqual(['--interrupt-budget=270336']);
    expect(runnerV8Flags('11.3.244.8-node.38', { [V8_DEFAULTS_ENV]: '' })).toEqual(['--interrupt-budget=270336']);
  });

  it('vitest.config.ts set them in the process this suite runs in', () => {
    expect(process.env[RUNNER_V8_FLAGS_ENV]).toBe(runnerV8Flags().join(' '));
  });
});
