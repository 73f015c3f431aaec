/**
 * Parameter validation before any I/O. Rules come precompiled from the generator (RegExp literals,
 * plain numbers), so nothing is compiled at import and checking costs a walk over the params.
 * Every problem is collected; the caller sees them all in one ValidationError.
 */
import { ValidationError, type ValidationIssue } from './errors.js';
import type { ParamRule, ParamRules } from './metadata.js';

/** Date.parse rolls 2024-02-30 over to March 1; a real day survives a round trip. */
function realDay(v: string): boolean {
  const day = v.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

const FORMATS: Record<string, { test: (v: string) => boolean; words: string }> = {
  'utc-date-time': {
    test: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(v) && !Number.isNaN(Date.parse(v)) && realDay(v),
    words: 'a UTC date-time in the form YYYY-MM-DDTHH:mm:ssZ',
  },
  'date-time': {
    test: (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)) && realDay(v),
    words: 'an ISO 8601 date-time with a time zone (2024-05-01T12:00:00Z)',
  },
  date: {
    test: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && realDay(v),
    words: 'a date in the form YYYY-MM-DD',
  },
  uri: { test: (v) => URL.canParse(v), words: 'an absolute URL' },
};

/** Validates `params` against `rules`; returns a copy with defaults filled in. Throws ValidationError. */
export function validateParams(context: string, rules: ParamRules, params: unknown): Record<string, unknown> {
  const issues: ValidationIssue[] = [];
  if (params === undefined || params === null) params = {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new ValidationError(context, [{ path: '', rule: 'type', message: 'params must be an object' }]);
  }
  const input = params as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (!(key in rules)) issues.push(unknownKey(key, '', Object.keys(rules)));
  }
  for (const [name, rule] of Object.entries(rules)) {
    const value = input[name];
    if (value === undefined) {
      if (rule.default !== undefined) out[name] = rule.default;
      else if (rule.required) issues.push({ path: name, rule: 'required', message: 'is required' });
      continue;
    }
    checkValue(name, rule, value, issues);
    out[name] = value;
  }
  if (issues.length > 0) throw new ValidationError(context, issues);
  return out;
}

function checkValue(path: string, rule: ParamRule, value: unknown, issues: ValidationIssue[]): void {
  if (value === null) {
    if (!rule.nullable) issues.push({ path, rule: 'type', message: `must be ${article(rule.type)}, not null` });
    return;
  }
  if (!hasType(rule.type, value)) {
    issues.push({ path, rule: 'type', message: `must be ${article(rule.type)}, got ${describe(value)}` });
    return;
  }
  if (rule.enum && !rule.enum.includes(value as string | number | boolean)) {
    issues.push({
      path,
      rule: 'enum',
      message: `must be one of ${rule.enum.map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(value)}`,
    });
  }
  if (typeof value === 'number') {
    if (rule.minimum !== undefined && value < rule.minimum)
      issues.push({ path, rule: 'minimum', message: `must be at least ${rule.minimum}; got ${value}` });
    if (rule.maximum !== undefined && value > rule.maximum)
      issues.push({ path, rule: 'maximum', message: `must be at most ${rule.maximum}; got ${value}` });
  }
  if (typeof value === 'string') {
    // Characters, not UTF-16 units: vendors count an emoji as one character.
    const length = value.length < 64 && !/[\uD800-\uDFFF]/.test(value) ? value.length : [...value].length;
    if (rule.minLength !== undefined && length < rule.minLength) {
      issues.push({
        path,
        rule: 'minLength',
        message: rule.minLength === 1 ? 'must not be empty' : `must have at least ${rule.minLength} characters; got ${length}`,
      });
    }
    if (rule.maxLength !== undefined && length > rule.maxLength) {
      issues.push({ path, rule: 'maxLength', message: `must have at most ${rule.maxLength} characters; got ${length}` });
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      issues.push({
        path,
        rule: 'pattern',
        message: `must be ${rule.patternText ?? `match ${rule.pattern}`}; got ${JSON.stringify(truncate(value))}`,
      });
    }
    if (rule.format) {
      const format = FORMATS[rule.format];
      if (format && !format.test(value))
        issues.push({ path, rule: 'format', message: `must be ${format.words}; got ${JSON.stringify(truncate(value))}` });
    }
  }
  if (Array.isArray(value)) {
    if (rule.minItems !== undefined && value.length < rule.minItems)
      issues.push({ path, rule: 'minItems', message: `must have at least ${rule.minItems} item${rule.minItems === 1 ? '' : 's'}` });
    if (rule.maxItems !== undefined && value.length > rule.maxItems)
      issues.push({ path, rule: 'maxItems', message: `must have at most ${rule.maxItems} items; got ${value.length}` });
    if (rule.items) value.forEach((item, i) => checkValue(`${path}[${i}]`, rule.items!, item, issues));
  }
  if (rule.type === 'object' && rule.properties) {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (!(key in rule.properties)) issues.push(unknownKey(key, path, Object.keys(rule.properties)));
    }
    for (const [key, child] of Object.entries(rule.properties)) {
      const childValue = object[key];
      if (childValue === undefined) {
        if (child.required) issues.push({ path: `${path}.${key}`, rule: 'required', message: 'is required' });
      } else checkValue(`${path}.${key}`, child, childValue, issues);
    }
  }
}

function hasType(type: ParamRule['type'], value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    case 'any':
      return true;
  }
}

function unknownKey(key: string, parent: string, known: string[]): ValidationIssue {
  const path = parent ? `${parent}.${key}` : key;
  const close = known.find((k) => k.toLowerCase() === key.toLowerCase() || editDistance(k, key) <= 2);
  const suggestion = close ? `did you mean "${close}"? ` : '';
  return { path, rule: 'unknown', message: `is not a known parameter; ${suggestion}known: ${known.join(', ') || 'none'}` };
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function article(type: string): string {
  return type === 'integer' || type === 'object' || type === 'array' || type === 'any'
    ? `an ${type === 'any' ? 'value' : type}`
    : `a ${type}`;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return `the number ${value}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(truncate(String(value)))}`;
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}
