/**
 * `substitutes` on a config variable (an enum value standing for other text in baseUrl) reaches
 * the published metadata as the runtime reads it, and every way of writing one that would have no
 * effect, or leave a caller's value without an entry, is reported (SY128) at the offending key.
 * Also: page-number paging whose cursor parameter is a string publishes a string cursor type.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const fixture = join(root, 'generator', 'test', 'fixtures', 'valid', 'regional-hosts.yaml');

describe('config substitutes', () => {
  it('the fixture compiles, and metadata carries the table and the string page cursor', async () => {
    const { ir, problems } = compileSpec(fixture, paths);
    expect(problems).toEqual([]);
    expect(Object.fromEntries(ir!.config)['region']!.substitutes).toEqual({ US: 'api.regional.example', EU: 'api.eu.regional.example' });
    const files = await emitPackage(ir!, paths);
    const metadata = files.get('src/metadata.ts')!;
    expect(metadata).toContain("substitutes: { US: 'api.regional.example', EU: 'api.eu.regional.example' }");
    expect(metadata).toContain("cursorType: 'string'");
    // The published config schema stays plain JSON Schema: the table is runtime data only.
    const schemas = files.get('src/schemas.ts')!;
    const configSchema = schemas.slice(schemas.indexOf('export const configSchema'));
    expect(configSchema.slice(0, configSchema.indexOf('as const'))).toMatch(/enum: \[\s*'US',\s*'EU',?\s*\]/);
    expect(configSchema).not.toContain('substitutes');
  });

  const spec = (config: string[], extra: string[] = []) =>
    [
      'name: regional-hosts',
      'title: Regional Hosts',
      'vendor: X',
      'baseUrl: https://{region}/v1',
      'config:',
      ...config,
      'auth:',
      "  Token: { kind: bearer, fields: { access_token: {} }, token: '{access_token}' }",
      'entities:',
      '  items:',
      '    actions:',
      '      get:',
      '        request: { method: GET, path: /item }',
      '        response: { records: "" }',
      ...extra,
    ].join('\n');
  const problemsOf = (source: string) =>
    compileSpec(fixture, paths, source).problems.map((p) => `${p.line}:${p.col} ${p.code} ${p.message.replace(/ \(.*\)$/, '')}`);

  /** `line:col code message` of each problem; expected ones name the text their position points at. */
  const at = (source: string, line: number, token: string, message: string) =>
    `${line}:${source.split('\n')[line - 1]!.indexOf(token) + 1} SY128 ${message}`;

  it.each([
    [
      'an enum value without an entry',
      ['  region: { type: string, enum: [US, EU], default: US, substitutes: { US: api.x.test } }'],
      [6, '{ US:', 'config variable region: no substitute for EU'],
    ],
    [
      'an entry that is not an enum value',
      ['  region: { type: string, enum: [US], default: US, substitutes: { US: api.x.test, EU: api.eu.x.test } }'],
      [6, 'api.eu.x.test', 'config variable region: substitute for EU, which is not an enum value'],
    ],
    [
      'no enum at all',
      ['  region: { type: string, default: US, substitutes: { US: api.x.test } }'],
      [6, '{ US:', "config variable region has substitutes but no enum, so a caller's value could have no entry"],
    ],
    [
      'a text with a brace',
      ['  region: { type: string, enum: [US], default: US, substitutes: { US: "api.{x}.test" } }'],
      [6, '"api.{x}', 'config variable region: substitute for US is empty, has surrounding spaces or a brace'],
    ],
    [
      'a variable baseUrl does not use',
      [
        '  region: { type: string, enum: [US], default: US, substitutes: { US: api.x.test } }',
        '  tier: { type: string, enum: [a], substitutes: { a: b } }',
      ],
      [7, '{ a: b }', 'config variable tier has substitutes but baseUrl has no {tier}'],
    ],
  ] as const)('reports %s', (_name, config, [line, token, message]) => {
    const source = spec([...config]);
    expect(problemsOf(source)).toEqual([at(source, line, token, message)]);
  });

  it('reports substitutes on an action parameter, where nothing reads them', () => {
    const source = spec(
      ['  region: { type: string, enum: [US], default: US, substitutes: { US: api.x.test } }'],
      ['        params:', '          mode: { type: string, enum: [a], substitutes: { a: b } }'],
    );
    expect(problemsOf(source)).toEqual([
      at(source, 16, '{ a: b }', 'items.get: parameter mode has substitutes, which only config variables use'),
    ]);
  });
});
