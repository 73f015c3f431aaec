/**
 * Checks a schedule before it is sent. The platform parses schedules as Quartz cron expressions
 * (seconds first, 6 or 7 fields, `?` in one day field) and rejects Unix 5-field cron with a 400, so
 * a wrong expression is caught here with a hint instead of after a round trip.
 *
 * On top of Quartz syntax the platform requires plain numbers for seconds and minutes (at most one
 * run an hour); that rule is enforced here too.
 */
import { ValidationError, type ValidationIssue } from '@switchyard/runtime';

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
  /** Quartz special items allowed in this field besides numbers, ranges, lists and steps. */
  special?: RegExp;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const FIELDS: readonly FieldRule[] = [
  { name: 'seconds', min: 0, max: 59 },
  { name: 'minutes', min: 0, max: 59 },
  { name: 'hours', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31, special: /^(\?|L(-\d{1,2})?|LW|\d{1,2}W)$/ },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  { name: 'day-of-week', min: 1, max: 7, names: DAYS, special: /^(\?|L|([1-7]|[A-Z]{3})(L|#[1-5]))$/ },
  { name: 'year', min: 1970, max: 2099 },
];

/** Returns every problem with `expression`; an empty list means the platform should accept it. */
export function cronExpressionIssues(expression: unknown): ValidationIssue[] {
  const issue = (message: string, rule = 'quartzCron'): ValidationIssue[] => [{ path: 'cronExpression', rule, message }];
  if (typeof expression !== 'string' || expression.trim() === '')
    return issue('must be a non-empty Quartz cron expression such as "0 0 0 * * ?"', 'nonEmpty');
  let fields = expression.trim().split(/\s+/);
  // The platform stores schedules in UTC and strips a trailing "UTC" before parsing.
  if (fields.length > 6 && fields[fields.length - 1]!.toUpperCase() === 'UTC') fields = fields.slice(0, -1);
  if (fields.length === 5) {
    return issue(
      `"${expression}" is Unix cron (5 fields); the platform uses Quartz cron with seconds first. Try "${quartzFromUnix(fields)}" ` +
        '(Quartz day-of-week runs 1-7 = SUN-SAT).',
    );
  }
  if (fields.length !== 6 && fields.length !== 7) {
    return issue(
      `"${expression}" has ${fields.length} fields; Quartz cron needs 6 or 7: seconds minutes hours day-of-month month day-of-week [year]`,
    );
  }
  const issues: ValidationIssue[] = [];
  const [seconds, minutes, , dayOfMonth, , dayOfWeek] = fields as [string, string, string, string, string, string];
  for (const [value, name] of [
    [seconds, 'seconds'],
    [minutes, 'minutes'],
  ] as const) {
    if (!/^\d{1,2}$/.test(value) || Number(value) > 59) {
      issues.push(...issue(`${name} must be a plain number 0-59 (the platform runs a connection at most once an hour), got "${value}"`));
    }
  }
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) {
    issues.push(...issue(`exactly one of day-of-month ("${dayOfMonth}") and day-of-week ("${dayOfWeek}") must be "?"`));
  }
  fields.forEach((value, index) => {
    if (index < 2) return; // checked above
    const rule = FIELDS[index]!;
    const problem = fieldProblem(value.toUpperCase(), rule);
    if (problem) issues.push(...issue(`${rule.name} "${value}": ${problem}`));
  });
  return issues;
}

/** Throws ValidationError listing every problem; returns the expression trimmed. */
export function validateCronExpression(operation: string, expression: unknown): string {
  const issues = cronExpressionIssues(expression);
  if (issues.length > 0) throw new ValidationError(operation, issues);
  return (expression as string).trim();
}

function fieldProblem(value: string, rule: FieldRule): string | undefined {
  for (const item of value.split(',')) {
    if (item === '') return 'empty list item';
    if (rule.special?.test(item)) {
      if (item === '?' && value !== '?') return '"?" cannot be combined with other values';
      continue;
    }
    const match = /^(\*|[0-9A-Z]+(?:-[0-9A-Z]+)?)(?:\/(\d+))?$/.exec(item);
    if (!match) return `"${item}" is not Quartz syntax`;
    const [, range, step] = match;
    if (step !== undefined && Number(step) < 1) return 'a step must be at least 1';
    if (range === '*') continue;
    for (const bound of range!.split('-')) {
      const n = toNumber(bound, rule);
      if (n === undefined) return `"${bound}" is not a valid ${rule.name} value`;
      if (n < rule.min || n > rule.max) return `${n} is outside ${rule.min}-${rule.max}`;
    }
  }
  return undefined;
}

function toNumber(token: string, rule: FieldRule): number | undefined {
  if (/^\d+$/.test(token)) return Number(token);
  const index = rule.names?.indexOf(token) ?? -1;
  return index === -1 ? undefined : index + 1;
}

/** `0 0 * * *` → `0 0 0 * * ?`: prefix seconds and put `?` in the day field that does not matter. */
function quartzFromUnix(fields: string[]): string {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  if (dayOfWeek === '*') return `0 ${minute} ${hour} ${dayOfMonth} ${month} ?`;
  return `0 ${minute} ${hour} ? ${month} ${dayOfWeek}`;
}
