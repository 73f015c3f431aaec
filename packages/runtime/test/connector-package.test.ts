/**
 * The connector package contract's check (core/check-connector-package.ts): a package built like a
 * generated one from the fictional widgets vendor passes; every required member removed or given a
 * value of another type is reported at its own path; and any value at all is checked without an
 * exception, so a service can hand it whatever an operator's `import()` produced.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkConnectorPackage, type ConnectorMetadata, type ConnectorPackage } from '../src/index.js';
import { widgetsMetadata } from './helpers.js';

/** A widgets package shaped like a generated one: a schema per action and credential kind, searchable widgets synced by their list. */
function widgetsPackage(): ConnectorPackage {
  const base = widgetsMetadata();
  const metadata: ConnectorMetadata = { ...base, sync: { widgets: { action: 'list', idField: 'id' } } };
  const objectSchema = { type: 'object', properties: {}, additionalProperties: false };
  return {
    metadata,
    paramSchemas: Object.fromEntries(
      Object.entries(metadata.actions).map(([entity, actions]) => [
        entity,
        Object.fromEntries(Object.keys(actions).map((a) => [a, objectSchema])),
      ]),
    ),
    credentialKinds: Object.fromEntries(metadata.auth.map((kind) => [kind.name, { kind: kind.kind, schema: objectSchema }])),
    configSchema: objectSchema,
    replicationSchema: objectSchema,
    searchableFields: { widgets: { id: 'string', name: 'string', owner: 'object' } },
  };
}

/** A deep copy that keeps RegExps (the metadata's patterns) as they are. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value && typeof value === 'object' && !(value instanceof RegExp))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  return value;
}

/** Every member the contract requires, as dot paths into widgetsPackage(). */
function requiredPaths(pkg: ConnectorPackage): string[] {
  const paths = ['metadata', 'paramSchemas', 'credentialKinds', 'configSchema', 'replicationSchema', 'searchableFields'];
  paths.push(
    ...['name', 'title', 'vendor', 'baseUrl', 'config', 'auth', 'bodyErrors', 'errorMessage', 'errorCode', 'actions'].map(
      (k) => `metadata.${k}`,
    ),
  );
  for (const [entity, actions] of Object.entries(pkg.metadata.actions)) {
    for (const [name, action] of Object.entries(actions)) {
      const at = `metadata.actions.${entity}.${name}`;
      paths.push(...['entity', 'action', 'kind', 'idempotent', 'params'].map((k) => `${at}.${k}`), `paramSchemas.${entity}.${name}`);
      if (!action.hostedOnly) paths.push(`${at}.request`);
    }
  }
  paths.push(
    ...pkg.metadata.auth.map((_, i) => `metadata.auth.${i}.kind`),
    ...Object.keys(pkg.credentialKinds).map((k) => `credentialKinds.${k}`),
  );
  paths.push('searchableFields.widgets', 'metadata.sync.widgets.action', 'metadata.sync.widgets.idField');
  return paths;
}

function parentOf(root: Record<string, unknown>, path: string): [Record<string, unknown>, string] {
  const segments = path.split('.');
  let node: any = root;
  for (const segment of segments.slice(0, -1)) node = node[segment];
  return [node, segments.at(-1)!];
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
/** Values of every JSON-ish type; a replacement is drawn from those whose type differs from the original's. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 6 }),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

describe('checkConnectorPackage', () => {
  it('passes a package shaped like a generated one, as a plain object and as a null-prototype namespace', () => {
    expect(checkConnectorPackage(widgetsPackage())).toEqual([]);
    expect(checkConnectorPackage(Object.assign(Object.create(null), widgetsPackage()))).toEqual([]);
  });

  it('names what is missing and what has the wrong shape, each at its path', () => {
    const pkg = clone(widgetsPackage()) as any;
    delete pkg.searchableFields.widgets;
    delete pkg.paramSchemas.widgets.get;
    pkg.metadata.name = 'Widgets Inc';
    pkg.metadata.actions.widgets.get.kind = 'fetch';
    pkg.metadata.sync.widgets.action = 'get';
    pkg.credentialKinds.Unknown = { kind: 'bearer', schema: { type: 'object' } };
    pkg.replicationSchema = { type: 'array' };
    const issues = checkConnectorPackage(pkg);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'metadata.name', message: expect.stringContaining('kebab-case') },
        { path: 'metadata.actions.widgets.get.kind', message: expect.stringContaining('got "fetch"') },
        { path: 'metadata.sync.widgets.action', message: 'must name a list action of widgets, got "get"' },
        { path: 'paramSchemas.widgets.get', message: 'is missing (metadata.actions has widgets.get)' },
        { path: 'searchableFields.widgets', message: expect.stringContaining('has a search action') },
        { path: 'credentialKinds.Unknown', message: 'names a credential kind that metadata.auth does not have' },
        { path: 'replicationSchema.type', message: 'must be "object", got "array"' },
      ]),
    );
  });

  it('refuses a value that is not an object at all, naming what it is', () => {
    expect(checkConnectorPackage(undefined)).toEqual([{ path: '', message: 'is nothing, not the exports of a connector package' }]);
    expect(checkConnectorPackage('pkg')[0]!.message).toContain('"pkg"');
    expect(checkConnectorPackage({}).map((i) => i.path)).toEqual([
      'metadata',
      'paramSchemas',
      'credentialKinds',
      'configSchema',
      'replicationSchema',
      'searchableFields',
    ]);
  });

  it('reads own properties only: members inherited from a prototype do not count', () => {
    const inherited = Object.create(widgetsPackage()) as object;
    expect(checkConnectorPackage(inherited).map((i) => i.path)).toContain('metadata');
  });

  it('reports any required member removed, at its own path', () => {
    const paths = requiredPaths(widgetsPackage());
    fc.assert(
      fc.property(fc.constantFrom(...paths), (path) => {
        const pkg = clone(widgetsPackage()) as unknown as Record<string, unknown>;
        const [parent, key] = parentOf(pkg, path);
        delete parent[key];
        expect(checkConnectorPackage(pkg).map((i) => i.path)).toContain(path);
      }),
      { numRuns: paths.length * 2 },
    );
  });

  it('reports any required member replaced by a value of another type, at its own path', () => {
    const paths = requiredPaths(widgetsPackage());
    fc.assert(
      fc.property(fc.constantFrom(...paths), anyValue, (path, replacement) => {
        const pkg = clone(widgetsPackage()) as unknown as Record<string, unknown>;
        const [parent, key] = parentOf(pkg, path);
        fc.pre(typeOf(replacement) !== typeOf(parent[key]));
        parent[key] = replacement;
        const issues = checkConnectorPackage(pkg).map((i) => i.path);
        // A schema object replaced by another object is reported at its `type`.
        expect(issues.some((p) => p === path || p === `${path}.type`)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('checks any value without throwing, and finds nothing wrong only in a package', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const issues = checkConnectorPackage(value);
        expect(Array.isArray(issues)).toBe(true);
        expect(issues.length).toBeGreaterThan(0);
      }),
    );
  });
});
