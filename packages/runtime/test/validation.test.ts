import { describe, expect, it } from 'vitest';
import { SwitchyardError, ValidationError, type ParamRules, type ValidationIssue } from '@switchyard/runtime';
import { validateParams } from '@switchyard/runtime/internal';
import { rejection, routes, useServers, widgetsClient } from './helpers.js';

/** Runs validateParams and returns the ValidationError it must throw. */
function issuesOf(rules: ParamRules, params: unknown): ValidationIssue[] {
  try {
    validateParams('widgets test', rules, params);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  throw new Error('expected a ValidationError');
}

function only(rules: ParamRules, params: unknown): ValidationIssue {
  const issues = issuesOf(rules, params);
  expect(issues).toHaveLength(1);
  return issues[0]!;
}

describe('validateParams: types', () => {
  const rules: ParamRules = {
    s: { type: 'string' },
    i: { type: 'integer' },
    n: { type: 'number' },
    b: { type: 'boolean' },
    a: { type: 'array' },
    o: { type: 'object' },
    x: { type: 'any' },
  };

  it('accepts a value of every declared type', () => {
    const params = { s: 'x', i: 3, n: 2.5, b: false, a: [1], o: { k: 1 }, x: Symbol.iterator };
    expect(validateParams('ctx', rules, params)).toEqual(params);
  });

  it('integer rejects 2.5, number accepts it; number rejects NaN and Infinity', () => {
    expect(only(rules, { i: 2.5 })).toEqual({ path: 'i', rule: 'type', message: 'must be an integer, got the number 2.5' });
    expect(validateParams('ctx', rules, { n: 2.5, i: 2 })).toEqual({ n: 2.5, i: 2 });
    expect(only(rules, { n: Number.NaN }).rule).toBe('type');
    expect(only(rules, { n: Number.POSITIVE_INFINITY }).rule).toBe('type');
    expect(only(rules, { i: '3' })).toEqual({ path: 'i', rule: 'type', message: 'must be an integer, got string "3"' });
  });

  it('reports wrong types with the type words', () => {
    const issues = issuesOf(rules, { s: 1, b: 'true', a: { 0: 'x' }, o: [1] });
    expect(issues).toEqual([
      { path: 's', rule: 'type', message: 'must be a string, got number "1"' },
      { path: 'b', rule: 'type', message: 'must be a boolean, got string "true"' },
      { path: 'a', rule: 'type', message: 'must be an array, got an object' },
      { path: 'o', rule: 'type', message: 'must be an object, got an array' },
    ]);
  });

  it('null is rejected unless nullable, and a nullable null is kept', () => {
    expect(only({ s: { type: 'string' } }, { s: null })).toEqual({ path: 's', rule: 'type', message: 'must be a string, not null' });
    expect(validateParams('ctx', { s: { type: 'string', nullable: true, minLength: 3 } }, { s: null })).toEqual({ s: null });
  });

  it('params must be an object; undefined and null mean no params', () => {
    expect(issuesOf({}, 'x')).toEqual([{ path: '', rule: 'type', message: 'params must be an object' }]);
    expect(issuesOf({}, [1])).toEqual([{ path: '', rule: 'type', message: 'params must be an object' }]);
    expect(validateParams('ctx', { a: { type: 'string' } }, undefined)).toEqual({});
    expect(validateParams('ctx', { a: { type: 'string' } }, null)).toEqual({});
  });
});

describe('validateParams: rules', () => {
  it('required', () => {
    expect(only({ id: { type: 'string', required: true } }, {})).toEqual({ path: 'id', rule: 'required', message: 'is required' });
  });

  it('enum lists the accepted values', () => {
    const issue = only({ color: { type: 'string', enum: ['red', 'green'] } }, { color: 'pink' });
    expect(issue).toEqual({ path: 'color', rule: 'enum', message: 'must be one of "red", "green"; got "pink"' });
    expect(validateParams('ctx', { level: { type: 'integer', enum: [1, 2] } }, { level: 2 })).toEqual({ level: 2 });
  });

  it('minimum and maximum are inclusive', () => {
    const rules: ParamRules = { limit: { type: 'integer', minimum: 1, maximum: 100 } };
    expect(validateParams('ctx', rules, { limit: 1 })).toEqual({ limit: 1 });
    expect(validateParams('ctx', rules, { limit: 100 })).toEqual({ limit: 100 });
    expect(only(rules, { limit: 0 })).toEqual({ path: 'limit', rule: 'minimum', message: 'must be at least 1; got 0' });
    expect(only(rules, { limit: 101 })).toEqual({ path: 'limit', rule: 'maximum', message: 'must be at most 100; got 101' });
  });

  it('minLength and maxLength count characters (code points), not UTF-16 units', () => {
    const rules: ParamRules = { name: { type: 'string', minLength: 2, maxLength: 3 } };
    // Three emoji are six UTF-16 units but three characters.
    expect(validateParams('ctx', rules, { name: '😀😀😀' })).toEqual({ name: '😀😀😀' });
    expect(only(rules, { name: '😀😀😀😀' })).toEqual({
      path: 'name',
      rule: 'maxLength',
      message: 'must have at most 3 characters; got 4',
    });
    // One emoji is two UTF-16 units but one character: too short.
    expect(only(rules, { name: '😀' })).toEqual({ path: 'name', rule: 'minLength', message: 'must have at least 2 characters; got 1' });
    // Long strings take the same path.
    const long = 'é'.repeat(70) + '😀';
    expect(only({ t: { type: 'string', maxLength: 70 } }, { t: long }).message).toBe('must have at most 70 characters; got 71');
  });

  it('minLength 1 says "must not be empty"', () => {
    expect(only({ name: { type: 'string', minLength: 1 } }, { name: '' })).toEqual({
      path: 'name',
      rule: 'minLength',
      message: 'must not be empty',
    });
  });

  it('pattern uses patternText when given, else the regular expression', () => {
    const withText = only(
      { slug: { type: 'string', pattern: /^[a-z0-9_-]+$/, patternText: 'lowercase letters, digits, - and _' } },
      { slug: 'Hello World' },
    );
    expect(withText).toEqual({ path: 'slug', rule: 'pattern', message: 'must be lowercase letters, digits, - and _; got "Hello World"' });
    const bare = only({ code: { type: 'string', pattern: /^[A-Z]{3}$/ } }, { code: 'usd' });
    expect(bare.message).toBe('must match the pattern /^[A-Z]{3}$/; got "usd"');
  });

  it('pattern truncates long offending values in the message', () => {
    const issue = only({ slug: { type: 'string', pattern: /^[a-z]+$/ } }, { slug: 'X'.repeat(200) });
    expect(issue.message).toContain(`"${'X'.repeat(57)}..."`);
    expect(issue.message).not.toContain('X'.repeat(58));
  });

  describe('formats', () => {
    const rules: ParamRules = {
      utc: { type: 'string', format: 'utc-date-time' },
      dt: { type: 'string', format: 'date-time' },
      d: { type: 'string', format: 'date' },
    };

    it('accepts well-formed values', () => {
      const ok = { utc: '2024-05-01T12:00:00Z', dt: '2024-05-01T12:00:00.123+02:00', d: '2024-05-01' };
      expect(validateParams('ctx', rules, ok)).toEqual(ok);
      // RFC 3339 allows lower-case t and z, and a leap second at 23:59 UTC.
      expect(validateParams('ctx', rules, { dt: '2024-05-01t12:00:00z' })).toEqual({ dt: '2024-05-01t12:00:00z' });
      expect(validateParams('ctx', rules, { dt: '2016-12-31T23:59:60Z', utc: '2016-12-31T23:59:60Z' })).toEqual({
        dt: '2016-12-31T23:59:60Z',
        utc: '2016-12-31T23:59:60Z',
      });
      expect(validateParams('ctx', rules, { dt: '2016-12-31T20:59:60-03:00' })).toEqual({ dt: '2016-12-31T20:59:60-03:00' });
    });

    it('date-time follows RFC 3339: seconds required, hours 00-23, offsets as ±HH:MM, leap seconds only at 23:59 UTC', () => {
      for (const dt of [
        '2024-05-01T12:00Z', // no seconds
        '2024-05-01T24:00:00Z', // hour 24
        '2024-05-01T12:00:00+0200', // offset without colon
        '2024-05-01T12:00:00+02', // offset without minutes
        '2024-05-01 12:00:00Z', // space separator
        '2024-05-01T12:59:60Z', // leap second not at 23:59 UTC
        '2024-05-01T23:59:60+01:00', // 22:59 UTC
      ])
        expect(only(rules, { dt }).rule, dt).toBe('format');
    });

    it('utc-date-time rejects offsets and fractions', () => {
      expect(only(rules, { utc: '2024-05-01T12:00:00+00:00' })).toEqual({
        path: 'utc',
        rule: 'format',
        message: 'must be a UTC date-time in the form YYYY-MM-DDTHH:mm:ssZ; got "2024-05-01T12:00:00+00:00"',
      });
      expect(only(rules, { utc: '2024-05-01T12:00:00.5Z' }).rule).toBe('format');
    });

    it('date-time requires a time zone', () => {
      expect(only(rules, { dt: '2024-05-01T12:00:00' })).toEqual({
        path: 'dt',
        rule: 'format',
        message:
          'must be an ISO 8601 date-time in RFC 3339 form, with seconds and a time zone (2024-05-01T12:00:00Z or 2024-05-01T14:00:00+02:00); got "2024-05-01T12:00:00"',
      });
    });

    it('date rejects date-times, slashes and impossible months', () => {
      expect(only(rules, { d: '2024-05-01T00:00:00Z' }).message).toBe('must be a date in the form YYYY-MM-DD; got "2024-05-01T00:00:00Z"');
      expect(only(rules, { d: '2024/05/01' }).rule).toBe('format');
      expect(only(rules, { d: '2024-13-01' }).rule).toBe('format');
      expect(only(rules, { utc: '2024-05-01T25:00:00Z' }).rule).toBe('format');
    });

    // BUG: Date.parse('2024-02-30') is a valid timestamp in V8 (it rolls over to March 1), so the
    // format check accepts calendar dates that do not exist; vendors reject them with a 400.
    it('date and date-time reject days that do not exist (2024-02-30)', () => {
      expect(only(rules, { d: '2024-02-30' }).rule).toBe('format');
      expect(only(rules, { utc: '2023-02-29T10:00:00Z' }).rule).toBe('format');
      expect(validateParams('ctx', rules, { d: '2024-02-29' })).toEqual({ d: '2024-02-29' }); // leap day
    });
  });

  it('minItems and maxItems', () => {
    const rules: ParamRules = { tags: { type: 'array', minItems: 1, maxItems: 2 } };
    expect(only(rules, { tags: [] })).toEqual({ path: 'tags', rule: 'minItems', message: 'must have at least 1 item' });
    expect(only(rules, { tags: [1, 2, 3] })).toEqual({ path: 'tags', rule: 'maxItems', message: 'must have at most 2 items; got 3' });
    expect(only({ tags: { type: 'array', minItems: 2 } }, { tags: [1] }).message).toBe('must have at least 2 items');
  });

  it('checks array items with indexed paths', () => {
    const rules: ParamRules = { tags: { type: 'array', items: { type: 'string', maxLength: 3 } } };
    expect(issuesOf(rules, { tags: ['ok', 7, 'toolong'] })).toEqual([
      { path: 'tags[1]', rule: 'type', message: 'must be a string, got number "7"' },
      { path: 'tags[2]', rule: 'maxLength', message: 'must have at most 3 characters; got 7' },
    ]);
  });

  it('checks nested properties with dotted paths, down into arrays', () => {
    const rules: ParamRules = {
      filter: {
        type: 'object',
        required: true,
        properties: {
          callIds: { type: 'array', required: true, items: { type: 'string', pattern: /^\d+$/, patternText: 'digits' } },
          range: { type: 'object', properties: { from: { type: 'string', format: 'date', required: true } } },
        },
      },
    };
    expect(issuesOf(rules, { filter: { callIds: ['x1', '22'], range: {} } })).toEqual([
      { path: 'filter.callIds[0]', rule: 'pattern', message: 'must be digits; got "x1"' },
      { path: 'filter.range.from', rule: 'required', message: 'is required' },
    ]);
    expect(issuesOf(rules, { filter: {} })).toEqual([{ path: 'filter.callIds', rule: 'required', message: 'is required' }]);
  });

  it('unknown keys suggest the closest known name, at top level and nested', () => {
    const rules: ParamRules = {
      limit: { type: 'integer' },
      cursor: { type: 'string' },
      filter: { type: 'object', properties: { status: { type: 'string' } } },
    };
    const issues = issuesOf(rules, { limt: 5, Cursor: 'x', zzzzzzzz: 1, filter: { stauts: 'open' } });
    expect(issues).toEqual([
      { path: 'limt', rule: 'unknown', message: 'is not a known parameter; did you mean "limit"? known: limit, cursor, filter' },
      { path: 'Cursor', rule: 'unknown', message: 'is not a known parameter; did you mean "cursor"? known: limit, cursor, filter' },
      { path: 'zzzzzzzz', rule: 'unknown', message: 'is not a known parameter; known: limit, cursor, filter' },
      { path: 'filter.stauts', rule: 'unknown', message: 'is not a known parameter; did you mean "status"? known: status' },
    ]);
  });
});

describe('validateParams: the error and the result', () => {
  const rules: ParamRules = {
    name: { type: 'string', required: true, maxLength: 5 },
    limit: { type: 'integer', minimum: 1, default: 25 },
    color: { type: 'string', enum: ['red'] },
    tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
  };

  it('reports every issue at once in one ValidationError', () => {
    let caught: unknown;
    try {
      validateParams('widgets widgets.create', rules, { name: 'far too long', limit: 0, color: 'blue', extra: true });
    } catch (error) {
      caught = error;
    }
    const error = caught as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(SwitchyardError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ValidationError');
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ['extra', 'unknown'],
      ['name', 'maxLength'],
      ['limit', 'minimum'],
      ['color', 'enum'],
    ]);
    expect(error.message).toBe(
      'widgets widgets.create: 4 invalid parameters\n' +
        '  - extra: is not a known parameter; known: name, limit, color, tags [unknown]\n' +
        '  - name: must have at most 5 characters; got 12 [maxLength]\n' +
        '  - limit: must be at least 1; got 0 [minimum]\n' +
        '  - color: must be one of "red"; got "blue" [enum]',
    );
  });

  it('says "1 invalid parameter" in the singular', () => {
    expect(() => validateParams('ctx', rules, {})).toThrow(/^ctx: 1 invalid parameter\n {2}- name: is required \[required\]$/);
  });

  it('applies defaults and returns them; given values win', () => {
    expect(validateParams('ctx', rules, { name: 'a' })).toEqual({ name: 'a', limit: 25, tags: ['a'] });
    expect(validateParams('ctx', rules, { name: 'a', limit: 3 })).toEqual({ name: 'a', limit: 3, tags: ['a'] });
  });

  it('does not mutate the input', () => {
    const input = Object.freeze({ name: 'abc', nested: undefined });
    const copy = { ...input };
    const out = validateParams('ctx', { ...rules, nested: { type: 'object' } }, input);
    expect(input).toEqual(copy);
    expect(out).not.toBe(input);
    expect(out).toEqual({ name: 'abc', limit: 25, tags: ['a'] });
    expect('limit' in input).toBe(false);
  });
});

describe('validation through the client', () => {
  const serve = useServers();

  it('an invalid call sends no request and lists every issue', async () => {
    const server = await serve(routes({ 'POST /widgets': () => ({ status: 201, body: { widget: { id: 'w1' } } }) }));
    const client = widgetsClient(server);
    const error = await rejection(client.execute('widgets', 'create', { name: '', color: 'pink', tags: ['a', 'b', 'c', 'd'], nmae: 'x' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^widgets widgets\.create: 4 invalid parameters/);
    expect((error as ValidationError).issues.map((i) => `${i.path}:${i.rule}`)).toEqual([
      'nmae:unknown',
      'name:minLength',
      'color:enum',
      'tags:maxItems',
    ]);
    expect((error as ValidationError).issues[0]!.message).toContain('did you mean "name"?');
    expect(server.requests).toHaveLength(0);
  });

  it('a missing path parameter is caught before any request', async () => {
    const server = await serve(routes({}));
    const error = await rejection(widgetsClient(server).execute('widgets', 'get', {}));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: 'id', rule: 'required', message: 'is required' }]);
    expect(server.requests).toHaveLength(0);
  });

  it('defaults reach the wire', async () => {
    const server = await serve(routes({ 'GET /widgets': () => ({ body: { widgets: [], meta: {} } }) }));
    await widgetsClient(server).execute('widgets', 'list');
    expect(server.requests[0]!.query).toEqual({ limit: '2' });
  });
});
