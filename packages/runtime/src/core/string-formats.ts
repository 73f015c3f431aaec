/**
 * String formats of parameters. Each package also publishes its parameters as JSON Schema
 * (`paramSchemas`), which consumers check with ajv + ajv-formats (full mode); a value must be
 * accepted here exactly when it is accepted there, so these follow the same grammar:
 *
 * - `date`: RFC 3339 full-date, a day that exists (2024-02-29 yes, 2023-02-29 no).
 * - `date-time`: RFC 3339 date-time: `T` or `t`, seconds required, optional fraction, `Z`/`z` or
 *   an offset `±HH:MM`. A leap second (`:60`) is accepted when the time is 23:59 in UTC, as
 *   ajv-formats does. The published schema adds DATE_TIME_PATTERN next to `format: date-time`,
 *   because ajv-formats on its own is looser than RFC 3339 (it takes a space separator, `+0200`
 *   and `+02`); with the pattern, both sides accept exactly RFC 3339.
 * - `utc-date-time`: `YYYY-MM-DDTHH:mm:ssZ` (published as that pattern plus `format: date-time`).
 * - `uri`: an absolute RFC 3986 URI in ASCII (the same regular grammar ajv-formats uses);
 *   non-ASCII text must be percent-encoded.
 */

/** RFC 3339 date-time, as published in the JSON Schemas (one source for runtime and generator). */
export const DATE_TIME_PATTERN =
  '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$';
/** `utc-date-time`: whole seconds, upper-case T and Z. */
export const UTC_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:[Zz]|([+-])([01]\d|2[0-3]):([0-5]\d))$/;
const UTC_DATE_TIME = new RegExp(UTC_DATE_TIME_PATTERN);
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** A day that exists on the proleptic Gregorian calendar (RFC 3339 appendix C). */
function realDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month]!);
}

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && realDay(+m[1]!, +m[2]!, +m[3]!);
}

export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (m === null || !realDay(+m[1]!, +m[2]!, +m[3]!)) return false;
  if (m[6] !== '60') return true;
  // A leap second ends a UTC day: the local time minus its offset must be 23:59.
  const sign = m[7] === '-' ? -1 : 1;
  const offset = m[7] ? sign * (+m[8]! * 60 + +m[9]!) : 0;
  const utcMinutes = (((+m[4]! * 60 + +m[5]! - offset) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}

export function isUtcDateTime(value: string): boolean {
  return UTC_DATE_TIME.test(value) && isDateTime(value);
}

// RFC 3986 `URI` (scheme ":" hier-part [ "?" query ] [ "#" fragment ]), case-insensitive.
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

export function isUri(value: string): boolean {
  return /\/|:/.test(value) && URI.test(value);
}

export interface StringFormat {
  test: (value: string) => boolean;
  /** How the format reads in an error message. */
  words: string;
}

/** Format name → check. A Map, so a format named like an Object.prototype member finds nothing. */
export const STRING_FORMATS: ReadonlyMap<string, StringFormat> = new Map([
  ['utc-date-time', { test: isUtcDateTime, words: 'a UTC date-time in the form YYYY-MM-DDTHH:mm:ssZ' }],
  [
    'date-time',
    {
      test: isDateTime,
      words: 'an ISO 8601 date-time in RFC 3339 form, with seconds and a time zone (2024-05-01T12:00:00Z or 2024-05-01T14:00:00+02:00)',
    },
  ],
  ['date', { test: isDate, words: 'a date in the form YYYY-MM-DD' }],
  ['uri', { test: isUri, words: 'an absolute URI (RFC 3986, non-ASCII characters percent-encoded)' }],
]);
