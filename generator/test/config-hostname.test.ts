/**
 * `hostname: true` on a config variable (a whole host name such as `company-17.api.x.test`, not
 * one DNS label) reaches the published metadata as the runtime reads it and the config schema as
 * `format: hostname`; a pattern that would not keep the host on the vendor's domain is reported
 * (SY129), and so is a flag the runtime would never read (SY130), each at the offending key.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
// compileSpec reads the name from this path; the source is given inline.
const file = join(root, 'generator', 'test', 'fixtures', 'valid', 'company-hosts.yaml');

const GOOD = "'^(?:[a-z0-9-]+\\.)?api\\.x\\.test$'";
const spec = (config: string[], { baseUrl = 'https://{api_host}/v1', extra = [] as string[] } = {}) =>
  [
    'name: company-hosts',
    'title: Company Hosts',
    'vendor: X',
    `baseUrl: ${baseUrl}`,
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
  compileSpec(file, paths, source).problems.map((p) => `${p.line}:${p.col} ${p.code} ${p.message.replace(/ \([a-z-]+\)$/, '')}`);

/** `line:col code message`; problems point at a key's value, so `token` is the text the column must find. */
const at = (source: string, line: number, token: string, code: string, message: string) =>
  `${line}:${source.split('\n')[line - 1]!.indexOf(token) + 1} ${code} ${message}`;

describe('config hostname', () => {
  it('reaches the metadata and the config schema', async () => {
    const source = spec([`  api_host: { type: string, hostname: true, default: api.x.test, pattern: ${GOOD} }`]);
    const { ir, problems } = compileSpec(file, paths, source);
    expect(problems).toEqual([]);
    const files = await emitPackage(ir!, paths);
    const metadata = files.get('src/metadata.ts')!;
    expect(metadata).toMatch(/api_host: \{[^}]*hostname: true,/);
    const schemas = files.get('src/schemas.ts')!;
    const configSchema = schemas.slice(schemas.indexOf('export const configSchema'));
    expect(configSchema.slice(0, configSchema.indexOf('as const'))).toContain("format: 'hostname'");
  });

  it('accepts alternatives each anchored at the end, and a port after the host', () => {
    const pattern = "'^api\\.x\\.test$|^(?:eu|us)-[0-9]+\\.api\\.x\\.io$'";
    expect(problemsOf(spec([`  api_host: { type: string, hostname: true, default: api.x.test, pattern: ${pattern} }`]))).toEqual([]);
    expect(
      problemsOf(
        spec([`  api_host: { type: string, hostname: true, default: api.x.test, pattern: ${GOOD} }`], {
          baseUrl: 'https://{api_host}:8443/v1',
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'no pattern',
      '  api_host: { type: string, hostname: true, default: api.x.test }',
      'true',
      'config variable api_host is declared a host name but has no pattern, so any host would receive the credentials',
    ],
    [
      'a pattern open at the end',
      "  api_host: { type: string, hostname: true, default: api.x.test, pattern: '^(?:[a-z0-9-]+\\.)?api\\.x\\.test' }",
      "'^",
      "config variable api_host is declared a host name but its pattern is not anchored at the end in every alternative, so a host can go on past the vendor's domain",
    ],
    [
      'one alternative open at the end',
      "  api_host: { type: string, hostname: true, default: api.x.test, pattern: '^api\\.x\\.test$|^eu\\.api\\.x\\.test' }",
      "'^",
      "config variable api_host is declared a host name but its pattern is not anchored at the end in every alternative, so a host can go on past the vendor's domain",
    ],
    [
      'an escaped dollar at the end',
      "  api_host: { type: string, hostname: true, default: api.x.test, pattern: '^api\\.x\\.test\\$|^api\\.x\\.test$' }",
      "'^",
      "config variable api_host is declared a host name but its pattern is not anchored at the end in every alternative, so a host can go on past the vendor's domain",
    ],
    [
      'a pattern anchored but open to any host',
      "  api_host: { type: string, hostname: true, default: api.x.test, pattern: '^[a-z0-9.-]+$' }",
      "'^",
      'config variable api_host is declared a host name but its pattern accepts example.com, a host of another domain',
    ],
  ])('reports %s (SY129)', (_name, line, token, message) => {
    const source = spec([line]);
    expect(problemsOf(source)).toEqual([at(source, 6, token, 'SY129', message)]);
  });

  it.each([
    [
      'a placeholder that is one label of the host',
      { baseUrl: 'https://{api_host}.x.test/v1' },
      'config variable api_host is declared a host name but is not the whole host of https://{api_host}.x.test/v1',
    ],
    [
      'a placeholder in the path',
      { baseUrl: 'https://api.x.test/{api_host}' },
      'config variable api_host is declared a host name but is not the whole host of https://api.x.test/{api_host}',
    ],
    [
      'a placeholder used twice',
      { baseUrl: 'https://{api_host}/{api_host}' },
      'config variable api_host is declared a host name but is not the whole host of https://{api_host}/{api_host}',
    ],
  ])('reports %s (SY130)', (_name, options, message) => {
    const source = spec([`  api_host: { type: string, hostname: true, default: api.x.test, pattern: ${GOOD} }`], options);
    expect(problemsOf(source)).toEqual([at(source, 6, 'true', 'SY130', message)]);
  });

  it('reports a host name on a variable the runtime cannot read as one (SY130)', () => {
    const source = spec([
      `  api_host: { type: string, hostname: true, default: api.x.test, pattern: ${GOOD} }`,
      `  region: { type: string, hostname: true, enum: [US], default: US, pattern: '^US$', substitutes: { US: api.x.test } }`,
      `  port: { type: integer, hostname: true, default: 1 }`,
    ]);
    expect(problemsOf(source)).toEqual([
      at(
        source,
        7,
        'true',
        'SY130',
        'config variable region is declared a host name but has substitutes, whose texts take its place in the URL',
      ),
      at(source, 7, 'true', 'SY130', 'config variable region is declared a host name but no base URL uses {region}'),
      at(source, 7, '{ US:', 'SY128', 'config variable region has substitutes but baseUrl has no {region}'),
      at(
        source,
        8,
        'true',
        'SY129',
        'config variable port is declared a host name but has no pattern, so any host would receive the credentials',
      ),
      at(source, 8, 'true', 'SY130', 'config variable port is declared a host name but is of type integer, not string'),
      at(source, 8, 'true', 'SY130', 'config variable port is declared a host name but no base URL uses {port}'),
    ]);
  });

  it('reports hostname on an action parameter, where nothing reads it (SY130)', () => {
    const source = spec([`  api_host: { type: string, hostname: true, default: api.x.test, pattern: ${GOOD} }`], {
      extra: ['        params:', '          host: { type: string, hostname: true }'],
    });
    expect(problemsOf(source)).toEqual([
      at(source, 16, 'true', 'SY130', "items.get: parameter host has hostname, which only config variables in the base URL's host use"),
    ]);
  });

  it('judges the default by the runtime rule (SY113): it must be a host name', () => {
    const source = spec([`  api_host: { type: string, hostname: true, default: 'api.x.test/', pattern: '^.*api\\.x\\.test/?$' }`]);
    const problems = compileSpec(file, paths, source).problems;
    expect(problems.map((p) => p.code)).toEqual(['SY113']);
    expect(problems[0]!.message).toMatch(/^api_host: default "api\.x\.test\/" breaks its own rule: .*host name.*\(default-breaks-rule\)$/);
  });
});
