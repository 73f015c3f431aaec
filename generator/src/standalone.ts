/**
 * The generator outside this repository: one spec in, one connector package out, written into a
 * folder of the caller's choosing and nowhere else (`switchyard-generate <spec.yaml> --out <dir>`,
 * bin.ts). The package is the one `pnpm generate` writes for a spec in specs/, but for what ties
 * that one to this workspace: it depends on `@switchyard/runtime` with a real range (`^` the
 * runtime this generator runs with), has a tsconfig of its own, and its headers say to regenerate
 * with switchyard-generate. `npm install && npm run build` in the folder builds it; the execution
 * service runs it with `switchyard serve --connector-package <dir>`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSpec, defaultPaths, emitPackage, type PackageTarget, type Paths } from './pipeline.js';
import type { Problem } from './spec/problems.js';
import { syncPackage, type Drift } from './output/write.js';
import { makeDirectories } from '@switchyard/runtime/internal';

export interface StandaloneOptions {
  /** The spec file (YAML), in the format of specs/connector.schema.json. */
  readonly spec: string;
  /** The folder the package is written into: missing, empty, or a package this generator wrote before. */
  readonly out: string;
  /** The package's npm name (default `switchyard-connector-<family>`). */
  readonly packageName?: string;
  /** Compare with what is in `out` and write nothing. */
  readonly check?: boolean;
}

export type StandaloneResult =
  | { readonly ok: false; readonly problems: readonly Problem[] }
  | {
      readonly ok: true;
      readonly family: string;
      readonly packageName: string;
      /** Files written (or, with `check`, none), relative to `out`. */
      readonly written: readonly string[];
      /** With `check`: files that differ from what the spec produces. */
      readonly drift: readonly Drift[];
    };

/** Thrown for a request the generator refuses before reading the spec (an `out` folder it must not write into, a bad name). */
export class StandaloneUsageError extends Error {
  override readonly name = 'StandaloneUsageError';
}

/** npm's rule for package names: lowercase, URL-safe, optionally scoped. */
const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
/** What the `//` field of a package.json this generator wrote starts with. */
const GENERATED_MARK = 'Generated from ';

export async function generateStandalone(options: StandaloneOptions): Promise<StandaloneResult> {
  if (options.packageName !== undefined && (!PACKAGE_NAME.test(options.packageName) || options.packageName.length > 214))
    throw new StandaloneUsageError(
      `--name ${JSON.stringify(options.packageName)} is not an npm package name (lowercase, optionally @scope/name)`,
    );
  const spec = resolve(options.spec);
  const out = resolve(options.out);
  if (!existsSync(spec)) throw new StandaloneUsageError(`no spec at ${spec}`);
  if (!statSync(spec).isFile()) throw new StandaloneUsageError(`${spec} is not a file: name the spec's YAML file`);
  if (existsSync(out) && !statSync(out).isDirectory()) throw new StandaloneUsageError(`--out ${out} is not a directory`);
  refuseForeignFolder(out);
  // Problems and headers name the spec by its file name, so the output is the same wherever it is run.
  const paths: Paths = { ...assetPaths(), root: dirname(spec) };
  const { ir, problems } = compileSpec(spec, paths);
  if (!ir) return { ok: false, problems };
  // The folder is made before the package is emitted (the costly part), so one that cannot be made
  // fails at once; and only after the spec compiled, so a broken spec leaves nothing behind.
  if (!options.check) makeDirectories(out);
  const existing = manifestIn(out);
  const packageName = options.packageName ?? existing.name ?? `switchyard-connector-${ir.name}`;
  const target: PackageTarget = {
    runtimeRange: keptRuntimeSource(existing.runtime) ?? `^${runtimeVersion()}`,
    regenerate: 'switchyard-generate',
    standalone: true,
  };
  const files = await emitPackage({ ...ir, packageName }, paths, existing.version ?? '0.1.0', target);
  const result = syncPackage(out, files, options.check ?? false, out);
  return { ok: true, family: ir.name, packageName, written: result.written, drift: result.drift };
}

/**
 * The files the generator reads (the spec schema, templates, prettier settings, LICENSE): shipped
 * in the built package under dist/assets (scripts/copy-assets.mjs); when run from source in this
 * repository, the repository's own.
 */
export function assetPaths(): Paths {
  const here = dirname(fileURLToPath(import.meta.url));
  const shipped = join(here, 'assets');
  if (!existsSync(join(shipped, 'connector.schema.json'))) return defaultPaths(join(here, '..', '..'));
  return {
    root: shipped,
    schemaFile: join(shipped, 'connector.schema.json'),
    templatesDir: join(shipped, 'templates'),
    prettierConfig: join(shipped, 'prettierrc.json'),
    licenseFile: join(shipped, 'LICENSE'),
    // Derived from the schema in the repository only; never written from here.
    specTypesFile: join(here, 'spec-types.ts'),
  };
}

/** The version of the runtime this generator emits code for (its own dependency). */
export function runtimeVersion(): string {
  const manifest = createRequire(import.meta.url)('@switchyard/runtime/package.json') as { version?: unknown };
  if (typeof manifest.version !== 'string') throw new Error('@switchyard/runtime/package.json has no version');
  return manifest.version;
}

/** Files in `out` are the caller's: only a folder that is empty, or holds a package this generator wrote, is written into. */
function refuseForeignFolder(out: string): void {
  if (!existsSync(out)) return;
  const entries = readdirSync(out);
  if (entries.length === 0) return;
  const manifest = join(out, 'package.json');
  const mark = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>)['//'] : undefined;
  if (typeof mark === 'string' && mark.startsWith(GENERATED_MARK)) return;
  throw new StandaloneUsageError(
    `${out} is not empty and holds no package this generator wrote (its package.json would say "${GENERATED_MARK}…"); give an empty or new folder`,
  );
}

interface ExistingManifest {
  readonly name?: string | undefined;
  readonly version?: string | undefined;
  /** Its `@switchyard/runtime` dependency as written. */
  readonly runtime?: string | undefined;
}

/**
 * What the package already in `out` says of itself, which regenerating keeps: its version (the
 * package's owner bumps it) and its name (given once with --name, not again each time).
 */
function manifestIn(out: string): ExistingManifest {
  const manifest = join(out, 'package.json');
  if (!existsSync(manifest)) return {};
  const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown; dependencies?: Record<string, unknown> };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { name: text(json.name), version: text(json.version), runtime: text(json.dependencies?.['@switchyard/runtime']) };
}

/**
 * A runtime dependency the owner pointed somewhere other than the registry (a tarball, a folder, a
 * link: `file:../switchyard-runtime-0.1.0.tgz`) is kept; a version range is not, since the code
 * regenerated here needs the runtime this generator emits for.
 */
function keptRuntimeSource(dependency: string | undefined): string | undefined {
  return dependency !== undefined && /^(?:file:|link:|https?:|git\+|\.{0,2}\/)/.test(dependency) ? dependency : undefined;
}
