/**
 * Parameter validation before any I/O. Rules come precompiled from the generator (RegExp literals,
 * plain numbers), so nothing is compiled at import and checking costs a walk over the params.
 * Every problem is collected; the caller sees them all in one ValidationError.
 *
 * Keys are looked up as own properties only. Rules and params are plain objects, so `key in rules`
 * would find `constructor` or `toString` on Object.prototype and let such a key through unchecked;
 * a `"__proto__"` key parsed from JSON is an own property and is reported like any unknown key.
 */
import { ValidationError, type ValidationIssue } from './errors.js';
import { checkConditionalRules, checkTotalItems } from './cross-field.js';
import type { ParamRule, ParamRules } from './metadata.js';
import { hostNameMessage } from './host-name.js';
import { STRING_FORMATS } from './string-formats.js';

/**
 * Integers travel as decimal text; past 2^53 a JavaScript number no longer holds every integer,
 * and String(1e21) is "1e+21". The published JSON Schemas carry the same bounds.
 */
const MAX_INTEGER = Number.MAX_SAFE_INTEGER;
const MIN_INTEGER = Number.MIN_SAFE_INTEGER;

/** Values that would not stay one path segment: empty, or a dot segment the URL parser resolves. */
const NOT_A_SEGMENT = new Set(['', '.', '..']);

/** Validates `params` against `rules`; returns a copy with defaults filled in. Throws ValidationError. */
export function validateParams(context: string, rules: ParamRules, params: unknown): Record<string, unknown> {
  const issues: ValidationIssue[] = [];
  if (params === undefined || params === null) params = {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new ValidationError(context, [{ path: '', rule: 'type', message: 'params must be an object' }]);
  }
  const input = params as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  checkKeys(input, rules, '', issues);
  for (const name of Object.keys(rules)) {
    const rule = rules[name]!;
    const value = Object.hasOwn(input, name) ? input[name] : undefined;
    if (value === undefined) {
      if (rule.default !== undefined) out[name] = rule.default;
      else if (rule.required) issues.push({ path: name, rule: 'required', message: 'is required' });
      continue;
    }
    if (rule.in === 'path' && rule.type === 'string' && typeof value === 'string' && NOT_A_SEGMENT.has(value)) {
      issues.push({
        path: name,
        rule: 'path-segment',
        message: `must not be ${JSON.stringify(value)}: it is placed in the URL path as one segment, and "", "." and ".." would change which resource the path names`,
      });
      continue;
    }
    checkValue(name, rule, value, issues);
    out[name] = value;
  }
  if (issues.length > 0) throw new ValidationError(context, issues);
  return out;
}

/** Reports keys that name no rule, and keys the object only inherits (they would be dropped silently). */
function checkKeys(object: object, rules: Readonly<Record<string, ParamRule>>, parent: string, issues: ValidationIssue[]): void {
  for (const key in object) {
    if (!Object.hasOwn(object, key)) {
      issues.push({
        path: childPath(parent, key),
        rule: 'unknown',
        message: "is inherited from the object's prototype, not an own property; pass a plain object",
      });
    }
  }
  for (const key of Object.keys(object)) {
    if (!Object.hasOwn(rules, key)) issues.push(unknownKey(key, parent, Object.keys(rules)));
  }
}

/** `parent.key`; an empty key is shown as `""` so that every issue names a path. */
function childPath(parent: string, key: string): string {
  const shown = key === '' ? '""' : key;
  return parent ? `${parent}.${shown}` : shown;
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
    const integer = rule.type === 'integer';
    const minimum = integer ? Math.max(rule.minimum ?? MIN_INTEGER, MIN_INTEGER) : rule.minimum;
    const maximum = integer ? Math.min(rule.maximum ?? MAX_INTEGER, MAX_INTEGER) : rule.maximum;
    const why = (bound: number) => (integer && (bound === MAX_INTEGER || bound === MIN_INTEGER) ? ' (the safe integer range)' : '');
    if (minimum !== undefined && value < minimum)
      issues.push({ path, rule: 'minimum', message: `must be at least ${minimum}${why(minimum)}; got ${value}` });
    if (maximum !== undefined && value > maximum)
      issues.push({ path, rule: 'maximum', message: `must be at most ${maximum}${why(maximum)}; got ${value}` });
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
        message: `${rule.patternText ? `must be ${rule.patternText}` : `must match the pattern ${rule.pattern}`}; got ${JSON.stringify(truncate(value))}`,
      });
    }
    if (rule.hostname) {
      const message = hostNameMessage(value);
      if (message) issues.push({ path, rule: 'hostname', message });
    }
    if (rule.format) {
      const format = STRING_FORMATS.get(rule.format);
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
    if (rule.totalItems) checkTotalItems(path, rule.totalItems, value, issues);
  }
  if (rule.type === 'object' && rule.properties) {
    const object = value as Record<string, unknown>;
    checkKeys(object, rule.properties, path, issues);
    for (const key of Object.keys(rule.properties)) {
      const child = rule.properties[key]!;
      const childValue = Object.hasOwn(object, key) ? object[key] : undefined;
      if (childValue === undefined) {
        if (child.required) issues.push({ path: `${path}.${key}`, rule: 'required', message: 'is required' });
      } else checkValue(`${path}.${key}`, child, childValue, issues);
    }
  }
  if (rule.type === 'object' && rule.when) checkConditionalRules(path, rule.when, value as Record<string, unknown>, issues);
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
  const path = childPath(parent, key);
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
