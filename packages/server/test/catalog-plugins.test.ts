/**
 * Connector packages an operator adds (src/catalog/load-packages.ts, resolve-package.ts): found by
 * path or by name, imported, checked against the runtime's ConnectorPackage contract, joined to the
 * built-in packages; and every way that fails stops the start with one line naming the package
 * and what is wrong. The plug-ins here are written by hand in temporary folders, as a package that
 * satisfies the contract without the generator would be.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConnectorPackage, ConfigurationError } from '@switchyard/runtime';
import { catalogWithPlugins, loadConnectorPackages } from '../src/catalog/load-packages.js';
import { CONNECTOR_PACKAGES } from '../src/catalog/connector-packages.js';
import { BUILT_IN_CONNECTOR_LOADERS } from '../src/catalog/connector-loaders.js';
import { connectorPackages, ConfigError } from '../src/config.js';

const temp = mkdtempSync(join(tmpdir(), 'switchyard-plugins-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A small package that satisfies the contract, as ES module text: a `notes` family (or another name). */
function pluginSource(family = 'demo-notes', overrides: Record<string, unknown> = {}): string {
  const objectSchema = { type: 'object', properties: {}, additionalProperties: false };
  const exports: Record<string, unknown> = {
    metadata: {
      name: family,
      title: 'Notes',
      vendor: 'Notes API',
      baseUrl: 'https://notes.example/api',
      config: {},
      auth: [{ name: 'Token', kind: 'bearer', token: '{api_token}', fields: { api_token: { required: true, secret: true } } }],
      bodyErrors: [],
      errorMessage: ['message'],
      errorCode: ['code'],
      actions: {
        notes: {
          list: {
            entity: 'notes',
            action: 'list',
            kind: 'list',
            idempotent: true,
            returnsList: true,
            params: { cursor: { type: 'string', in: 'query' } },
            request: { method: 'GET', path: '/notes' },
            response: { records: 'notes' },
            pagination: { style: 'cursor', cursorParam: 'cursor', next: 'next_cursor', metaMember: 'next_cursor' },
            meta: { next_cursor: '$next' },
          },
          search: {
            entity: 'notes',
            action: 'search',
            kind: 'search',
            hostedOnly: true,
            idempotent: true,
            params: { query: { type: 'object' } },
          },
        },
      },
      sync: { notes: { action: 'list', idField: 'id' } },
    },
    paramSchemas: { notes: { list: objectSchema, search: objectSchema } },
    credentialKinds: { Token: { kind: 'bearer', schema: objectSchema } },
    configSchema: objectSchema,
    replicationSchema: objectSchema,
    searchableFields: { notes: { id: 'string', title: 'string' } },
    ...overrides,
  };
  return Object.entries(exports)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

/** A folder with these files (paths relative to it), under the suite's temporary folder. */
function folder(name: string, files: Record<string, string>): string {
  const dir = join(temp, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const manifest = (fields: Record<string, unknown>) =>
  JSON.stringify({ name: 'notes-connector', version: '1.0.0', type: 'module', ...fields });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  const message = (error as Error).message;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

describe('the packages built into the service', () => {
  it('each satisfies the ConnectorPackage contract, as the plug-ins are checked', async () => {
    for (const pkg of CONNECTOR_PACKAGES) expect(checkConnectorPackage(pkg), pkg.metadata.name).toEqual([]);
    expect(await loadConnectorPackages(CONNECTOR_PACKAGES)).toHaveLength(CONNECTOR_PACKAGES.length);
  });

  it('the loaders the CLI uses hand out the same packages, one per type, keyed by the type', async () => {
    const loaded = await Promise.all(Object.entries(BUILT_IN_CONNECTOR_LOADERS).map(async ([type, load]) => [type, await load()] as const));
    expect(loaded.map(([type]) => type).sort()).toEqual(CONNECTOR_PACKAGES.map((pkg) => pkg.metadata.name).sort());
    for (const [type, pkg] of loaded) {
      expect(pkg.metadata.name).toBe(type);
      expect(pkg).toBe(CONNECTOR_PACKAGES.find((built) => built.metadata.name === type));
    }
  });
});

describe('finding a plug-in', () => {
  it('a folder through package.json exports (the import condition), main, or its index.js; a file as it is', async () => {
    const byExports = folder('by-exports', {
      'package.json': manifest({ exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js', require: './nope.cjs' } } }),
      'dist/index.js': pluginSource('notes-exports'),
    });
    // Named by a path relative to the working directory.
    folder('by-main', { 'package.json': manifest({ main: 'lib/main.js' }), 'lib/main.js': pluginSource('notes-main') });
    // No package.json: its index (an .mjs here, so Node reads it as a module whatever folder it is in).
    const byIndex = folder('by-index', { 'index.mjs': pluginSource('notes-index') });
    const file = join(folder('by-file', { 'package.json': manifest({}), 'plugin.js': pluginSource('notes-file') }), 'plugin.js');
    const catalog = await catalogWithPlugins([byExports, './by-main', byIndex, file], temp);
    for (const family of ['notes-exports', 'notes-main', 'notes-index', 'notes-file']) expect(catalog.get(family)?.name).toBe(family);
    expect(catalog.names()).toEqual(expect.arrayContaining(CONNECTOR_PACKAGES.map((pkg) => pkg.metadata.name)));
    expect(catalog.get('notes-exports')!.entitySchema('notes')?.fieldNames()).toEqual(['id', 'title']);
  });

  it('a package name from node_modules of the working directory or a parent, scoped names too', async () => {
    const project = folder('project', {
      'node_modules/@acme/notes-connector/package.json': manifest({ name: '@acme/notes-connector', exports: './index.js' }),
      'node_modules/@acme/notes-connector/index.js': pluginSource('notes-scoped'),
      'node_modules/notes-connector/package.json': manifest({ exports: { import: './index.js' } }),
      'node_modules/notes-connector/index.js': pluginSource('notes-named'),
      'app/deep/.keep': '',
    });
    const loaded = await loadConnectorPackages(['@acme/notes-connector', 'notes-connector'], join(project, 'app', 'deep'));
    expect(loaded.map((plugin) => plugin.pkg.metadata.name)).toEqual(['notes-scoped', 'notes-named']);
  });

  it('a CommonJS module whose exports are the package', async () => {
    const cjs = folder('cjs', {
      'package.json': JSON.stringify({ name: 'notes-cjs', main: 'index.js' }),
      'index.js': pluginSource('notes-cjs').replace(/^export const (\w+) = /gm, 'exports.$1 = '),
    });
    const [loaded] = await loadConnectorPackages([cjs]);
    expect(loaded!.pkg.metadata.name).toBe('notes-cjs');
  });
});

describe('a plug-in the service cannot run stops the start with one line naming it', () => {
  it('a path that does not exist, a package that is not built, a name that is not installed', async () => {
    expect(await refusal(loadConnectorPackages(['./missing-folder'], temp))).toBe(
      `connector package "./missing-folder": ${join(temp, 'missing-folder')} does not exist`,
    );
    const unbuilt = folder('unbuilt', {
      'package.json': manifest({ exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
    });
    expect(await refusal(loadConnectorPackages([unbuilt]))).toMatch(
      /^connector package ".*unbuilt": its entry .*dist\/index\.js does not exist \(is it built\?/,
    );
    expect(await refusal(loadConnectorPackages(['notes-nowhere'], temp))).toMatch(
      /^connector package "notes-nowhere": not found in node_modules of .* or its parents, nor beside the service; install it, or give its folder as a path/,
    );
  });

  it('a module that fails to import says why', async () => {
    const broken = folder('broken', { 'package.json': manifest({ main: 'index.js' }), 'index.js': 'export const metadata = {;\n' });
    expect(await refusal(loadConnectorPackages([broken]))).toMatch(
      /^connector package ".*broken": importing file:.*index\.js failed: \w*Error: /,
    );
  });

  it('exports that fall short of the contract are listed, each at its path', async () => {
    const empty = folder('not-a-connector', { 'package.json': manifest({ main: 'index.js' }), 'index.js': 'export const version = 1;\n' });
    expect(await refusal(loadConnectorPackages([empty]))).toMatch(
      /^connector package ".*not-a-connector" \(file:.*\) does not satisfy the ConnectorPackage contract: metadata is missing \(a connector package exports it\); paramSchemas is missing .*; searchableFields is missing \(a connector package exports it\)$/,
    );
    // Many shortfalls: the first six are listed, the rest counted, and the line stays one line.
    const hollow = folder('hollow', { 'package.json': manifest({ main: 'index.js' }), 'index.js': 'export const metadata = {};\n' });
    expect(await refusal(loadConnectorPackages([hollow]))).toMatch(
      /does not satisfy the ConnectorPackage contract: (?:[^;]+; ){6}and 9 more$/,
    );
    const wrong = folder('wrong-shapes', {
      'package.json': manifest({ main: 'index.js' }),
      'index.js': pluginSource('notes-wrong', {
        searchableFields: { notes: { id: 'uuid' } },
        paramSchemas: { notes: { list: { type: 'object' } } },
      }),
    });
    const message = await refusal(loadConnectorPackages([wrong]));
    expect(message).toContain('paramSchemas.notes.search is missing (metadata.actions has notes.search)');
    expect(message).toContain('searchableFields.notes.id must be one of string, integer, number, boolean, object, array, any, got "uuid"');
  });

  it('a package the service cannot serve (a searchable field no SQL identifier can carry)', async () => {
    const unsafe = folder('unsafe', {
      'package.json': manifest({ main: 'index.js' }),
      'index.js': pluginSource('notes-unsafe', { searchableFields: { notes: { 'title; drop': 'string' } } }),
    });
    expect(await refusal(loadConnectorPackages([unsafe]))).toMatch(
      /^connector package ".*unsafe" \(.*\) cannot be served: searchable field "title; drop" of notes/,
    );
  });

  it('the connector type of a built-in package, or of another plug-in', async () => {
    const builtIn = CONNECTOR_PACKAGES[0]!.metadata.name;
    const clash = folder('clash', { 'package.json': manifest({ main: 'index.js' }), 'index.js': pluginSource(builtIn) });
    expect(await refusal(catalogWithPlugins([clash]))).toBe(
      `connector package "${clash}": its connector type "${builtIn}" is built into this service, and a plug-in cannot replace a built-in connector`,
    );
    const first = folder('twin-a', { 'package.json': manifest({ main: 'index.js' }), 'index.js': pluginSource('notes-twin') });
    const second = folder('twin-b', { 'package.json': manifest({ main: 'index.js' }), 'index.js': pluginSource('notes-twin') });
    expect(await refusal(catalogWithPlugins([first, second]))).toBe(
      `connector packages "${first}" and "${second}" both provide the connector type "notes-twin"`,
    );
  });
});

describe('naming the plug-ins', () => {
  it('the flags win over SWITCHYARD_CONNECTOR_PACKAGES, which is split at commas; a name given twice or empty is refused', () => {
    expect(connectorPackages(undefined, ' notes-connector , ./plugins/crm ,')).toEqual(['notes-connector', './plugins/crm']);
    expect(connectorPackages(['./a'], 'ignored')).toEqual(['./a']);
    expect(connectorPackages([], 'b')).toEqual(['b']);
    expect(connectorPackages(undefined, undefined)).toEqual([]);
    expect(() => connectorPackages(['./a', './a'], undefined)).toThrow(new ConfigError('--connector-package names "./a" twice'));
    expect(() => connectorPackages([' '], undefined)).toThrow(ConfigError);
    expect(() => connectorPackages(undefined, 'a,a')).toThrow(/SWITCHYARD_CONNECTOR_PACKAGES names "a" twice/);
  });
});
