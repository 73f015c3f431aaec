import { describe, expect, it } from 'vitest';
import { TEST_WORKERS_ENV, testWorkers } from './test-workers.js';

describe('how many test files run at once', () => {
  it('two more than the cores unless SWITCHYARD_TEST_WORKERS says', () => {
    expect(testWorkers({}, 2)).toBe(4);
    expect(testWorkers({ [TEST_WORKERS_ENV]: '' }, 4)).toBe(6);
    expect(testWorkers({ [TEST_WORKERS_ENV]: '1' }, 2)).toBe(1);
    expect(testWorkers({ [TEST_WORKERS_ENV]: '12' }, 2)).toBe(12);
  });

  it.each(['0', '-1', '1.5', 'two', ' 2', '2 ', '0x2'])('refuses %j, naming the variable and the rule', (value) => {
    expect(() => testWorkers({ [TEST_WORKERS_ENV]: value }, 2)).toThrow(
      `SWITCHYARD_TEST_WORKERS must be a whole number of test files at once, 1 or more; got ${JSON.stringify(value)}`,
    );
  });
});
