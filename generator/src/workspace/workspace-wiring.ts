/**
 * The places outside packages/connector-* that must name every connector, kept in step with
 * specs/ by `pnpm generate` so that adding (or removing) a spec needs no hand edit anywhere:
 *
 * - the root package.json `devDependencies` (the root test suites import every connector by name),
 * - packages/server/package.json `dependencies` (the execution service runs every connector),
 * - packages/server/src/catalog/connector-packages.ts (the service's built-in connectors: one import each),
 * - packages/server/src/catalog/connector-loaders.ts (the same set, one loader each: a `switchyard`
 *   CLI command imports only the connector types it names).
 *
 * The set of connectors is derived from every spec file present, never from the families named on
 * the command line: `pnpm generate crm` must not drop the other families' wiring.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatFile } from '../output/format.js';
import { pascalCase } from '../spec/defaults.js';
import { syncFile, type Drift } from '../output/write.js';

export const CONNECTOR_SCOPE = '@switchyard/connector-';
export const CATALOG_FILE = 'packages/server/src/catalog/connector-packages.ts';
export const LOADERS_FILE = 'packages/server/src/catalog/connector-loaders.ts';
/** The source files the wiring writes, each with what it holds for the set of connectors. */
const WIRED_SOURCES: readonly { file: string; source: (families: readonly string[]) => string }[] = [
  { file: CATALOG_FILE, source: catalogSource },
  { file: LOADERS_FILE, source: loadersSource },
];
/** Their paths (a copy of the repository that `--check` runs in needs them all). */
export const WIRED_SOURCE_FILES: readonly string[] = WIRED_SOURCES.map(({ file }) => file);

/** The manifests that depend on every connector, and under which dependency field. */
export const WIRED_MANIFESTS: readonly { file: string; field: 'dependencies' | 'devDependencies' }[] = [
  { file: 'package.json', field: 'devDependencies' },
  { file: 'packages/server/package.json', field: 'dependencies' },
];

/** The family name of every spec in specs/ (file name without .yaml; SY120 keeps `name` equal to it), sorted. */
export function specFamilies(root: string): string[] {
  return readdirSync(join(root, 'specs'))
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => file.replace(/\.ya?ml$/, ''))
    .sort();
}

export const packageNameOf = (family: string): string => `${CONNECTOR_SCOPE}${family}`;

/**
 * The range a manifest names a connector with. pnpm rewrites `workspace:` ranges when it packs or
 * publishes: `workspace:^` becomes `^<version>`, so a published package (the service) accepts any
 * compatible connector release and shares one copy with an application that installs the
 * connector too, where `workspace:*` would become an exact pin. A private manifest (the root) is
 * never published: `workspace:*` only links it.
 */
export const connectorRange = (manifest: Record<string, unknown>): string => (manifest['private'] === true ? 'workspace:*' : 'workspace:^');

/**
 * `text` (a package.json) with its `field` naming exactly `families` among the connector packages,
 * each with the manifest's `connectorRange`; other dependencies are kept. Keys are sorted as pnpm
 * sorts them, so a manifest pnpm wrote comes back byte for byte when nothing changed.
 */
export function wireManifest(text: string, field: string, families: readonly string[]): string {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  const current = (manifest[field] ?? {}) as Record<string, string>;
  const next: Record<string, string> = {};
  for (const [name, range] of Object.entries(current)) if (!name.startsWith(CONNECTOR_SCOPE)) next[name] = range;
  for (const family of families) next[packageNameOf(family)] = connectorRange(manifest);
  manifest[field] = Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The service's catalog module: one namespace import per connector package. */
export function catalogSource(families: readonly string[]): string {
  // `<camelCase>Package` never collides with a reserved word (a family named `delete` is valid).
  const binding = (family: string) => {
    const pascal = pascalCase(family);
    return `${pascal[0]!.toLowerCase()}${pascal.slice(1)}Package`;
  };
  return [
    '// Generated from specs/*.yaml by the Switchyard generator. Do not edit: add or remove a spec and run pnpm generate.',
    '/**',
    ' * The connector packages built into this service: one per spec in specs/ (an operator adds others',
    ' * with --connector-package, see load-packages.ts). Everything else (validation, execution, search,',
    ' * the connector-types listing) is derived from what each package exports.',
    ' */',
    "import type { ConnectorPackage } from '@switchyard/runtime';",
    ...families.map((family) => `import * as ${binding(family)} from '${packageNameOf(family)}';`),
    '',
    `export const CONNECTOR_PACKAGES: readonly ConnectorPackage[] = [${families.map(binding).join(', ')}];`,
    '',
  ].join('\n');
}

/**
 * The connector loaders file: one `import()` per connector, keyed by its type. The CLI imports
 * only the packages a command names; importing every package costs each short command a share of
 * its start that grows with the number of connectors (packages/mcp/README.md, "The CLI's start").
 */
export function loadersSource(families: readonly string[]): string {
  return [
    '// Generated from specs/*.yaml by the Switchyard generator. Do not edit: add or remove a spec and run pnpm generate.',
    '/**',
    " * The connector packages built into this service, one loader per type (the family's",
    ' * `metadata.name`): the `switchyard` CLI imports only the types a command names. The same set as',
    ' * connector-packages.ts, which the service imports whole.',
    ' */',
    "import type { ConnectorPackage } from '@switchyard/runtime';",
    '',
    'export const BUILT_IN_CONNECTOR_LOADERS: Readonly<Record<string, () => Promise<ConnectorPackage>>> = {',
    ...families.map((family) => `  ${JSON.stringify(family)}: () => import('${packageNameOf(family)}'),`),
    '};',
    '',
  ].join('\n');
}

/** The dependency lists of a manifest, as one comparable string (order-insensitive within a list). */
export function dependencyLists(text: string | undefined): string {
  if (text === undefined) return '';
  const manifest = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
  return JSON.stringify(
    ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].map((field) =>
      Object.entries(manifest[field] ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  );
}

export interface WiringResult {
  written: string[];
  drift: Drift[];
  /** True when a manifest's dependency list was rewritten: the lockfile and links need `pnpm install`. */
  dependenciesChanged: boolean;
}

/** Writes (or, in check mode, compares) the root and server manifests and the service's catalog and loaders. */
export async function syncWiring(root: string, families: readonly string[], check: boolean, prettierConfig: string): Promise<WiringResult> {
  const result: WiringResult = { written: [], drift: [], dependenciesChanged: false };
  for (const { file, field } of WIRED_MANIFESTS) {
    const target = join(root, file);
    if (!existsSync(target)) throw new Error(`${file} is missing: it is not a Switchyard repository (SWITCHYARD_ROOT=${root})`);
    const before = readFileSync(target, 'utf8');
    const after = wireManifest(before, field, families);
    const synced = syncFile(target, after, check, root);
    if (synced.drift) result.drift.push(synced.drift);
    if (synced.written) {
      result.written.push(synced.written);
      if (dependencyLists(before) !== dependencyLists(after)) result.dependenciesChanged = true;
    }
  }
  for (const { file, source } of WIRED_SOURCES) {
    const synced = syncFile(join(root, file), await formatFile(file, source(families), prettierConfig), check, root);
    if (synced.drift) result.drift.push(synced.drift);
    if (synced.written) result.written.push(synced.written);
  }
  return result;
}
