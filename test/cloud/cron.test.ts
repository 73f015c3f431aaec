import { describe, expect, it } from 'vitest';
import { ValidationError, cronExpressionIssues, rejection, useFakePlatform } from './helpers.js';

describe('Quartz cron validation', () => {
  it.each([
    '0 0 0 * * ?',
    '0 0 0/6 * * ?',
    '0 0 0 ? * SUN',
    '0 30 2 ? * MON-FRI',
    '0 15 10 L * ?',
    '0 0 12 ? * 6#3',
    '0 0 0 1,15 JAN-JUN ? 2027',
    '0 0 0 * * ? UTC',
    '  0 0 0 * * ?  ',
  ])('accepts %j', (expression) => {
    expect(cronExpressionIssues(expression)).toEqual([]);
  });

  it.each([
    ['0 0 * * *', 'Unix cron'],
    ['* * * * *', 'Unix cron'],
    ['0 0 0 *', 'Quartz cron needs 6 or 7'],
    ['0 0 0 * * ? 2027 x', 'Quartz cron needs 6 or 7'],
    ['* 0 0 * * ?', 'seconds must be a plain number'],
    ['0 */5 * * * ?', 'minutes must be a plain number'],
    ['0 0 0 * * *', 'exactly one of day-of-month'],
    ['0 0 0 ? * ?', 'exactly one of day-of-month'],
    ['0 0 24 * * ?', 'outside 0-23'],
    ['0 0 0 32 * ?', 'outside 1-31'],
    ['0 0 0 ? 13 MON', 'outside 1-12'],
    ['0 0 0 ? * FUNDAY', 'not a valid day-of-week'],
    ['0 0 ? * * ?', 'hours "?"'],
    ['', 'non-empty'],
  ])('rejects %j (%s)', (expression, why) => {
    const issues = cronExpressionIssues(expression);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((i) => i.message).join(' | ')).toContain(why);
  });

  it('hints the Quartz form of a Unix expression, putting ? in the unused day field', () => {
    expect(cronExpressionIssues('0 0 * * *')[0]!.message).toContain('"0 0 0 * * ?"');
    expect(cronExpressionIssues('30 6 * * MON')[0]!.message).toContain('"0 30 6 ? * MON"');
  });
});

describe('setSchedule input', () => {
  const ctx = useFakePlatform();

  it.each(['0 0 * * *', '0 */5 * * * ?', 'daily', ''])('throws ValidationError for %j before any request', async (expression) => {
    const { fake, workspace } = ctx;
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).setSchedule(expression));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.name).toBe('ValidationError');
    expect(fake.requests).toHaveLength(0);
  });

  it('sends an expression with a trailing UTC as given (the platform strips it)', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await workspace.getConnection(c.connectionId).setSchedule('0 0 6 * * ? UTC');
    expect(fake.calls('PATCH', /^\/connections\//)[0]!.body).toEqual({
      schedule: { scheduleType: 'cron', cronExpression: '0 0 6 * * ? UTC' },
    });
  });
});
