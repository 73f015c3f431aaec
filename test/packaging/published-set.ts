/**
 * The published set: every workspace package that is not `private`, found from
 * pnpm-workspace.yaml, never listed, so a new connector or a newly published package is covered
 * the moment it exists. Packing goes through pnpm, as `pnpm publish` does: it rewrites `workspace:`
 * ranges into the versions a registry understands.
 */
import { spawnSync, type SpawnSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const root = join(import.meta.dirname, '..', '..');

export type Manifest = Record<string, any>;

export interface WorkspacePackage {
  /** Relative to the repository root: `packages/runtime`. */
  dir: string;
  manifest: Manifest;
}

export interface PackedPackage extends WorkspacePackage {
  name: string;
  version: string;
  /** Absolute path of the .tgz pnpm wrote. */
  tarball: string;
  /** The files in it, relative to the package's folder (`dist/index.js`), as pnpm listed them. */
  files: string[];
}

export const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;

/** Every workspace package (pnpm-workspace.yaml's entries: folders, or `folder/*`), sorted by folder. */
export function workspacePackages(): WorkspacePackage[] {
  const { packages = [] } = parse(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')) as { packages?: string[] };
  const dirs = packages.flatMap((entry) => {
    if (!entry.endsWith('/*')) return [entry];
    const parent = entry.slice(0, -2);
    return readdirSync(join(root, parent)).map((name) => `${parent}/${name}`);
  });
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .sort()
    .map((dir) => ({ dir, manifest: readManifest(dir) }));
}

export const publishedPackages = (): WorkspacePackage[] => workspacePackages().filter((p) => p.manifest['private'] !== true);

/** The environment of a child command: this vitest run's own variables would confuse a child node or vitest. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TINYPOOL_WORKER_ID') delete env[key];
  return env;
}

/** Runs pnpm: the pnpm that runs this suite when there is one (CI runs it through npx), else the one on PATH. */
export function pnpm(args: string[], options: SpawnSyncOptions = {}): SpawnSyncReturns<string> {
  const execPath = process.env['npm_execpath'];
  const all = { cwd: root, env: childEnv(), maxBuffer: 64 * 1024 * 1024, ...options, encoding: 'utf8' as const };
  if (execPath && /pnpm/.test(execPath) && /\.[cm]?js$/.test(execPath)) return spawnSync(process.execPath, [execPath, ...args], all);
  return spawnSync(execPath && /pnpm/.test(execPath) ? execPath : 'pnpm', args, all);
}

/** Throws with the command's output when it failed; returns its output otherwise. */
export function ok(result: SpawnSyncReturns<string>, what: string): string {
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status}, ${result.error?.message ?? 'no spawn error'}):\n${output.slice(-6000)}`);
  return output;
}

/**
 * `pnpm pack` of every published package into `destination` (one pnpm run for the whole set: about
 * a second). Needs the packages built (`pnpm test` builds first).
 */
export function packPublished(destination: string): PackedPackage[] {
  const packages = publishedPackages();
  const filters = packages.flatMap((p) => ['--filter', `./${p.dir}`]);
  const result = pnpm(['-r', ...filters, 'pack', '--pack-destination', destination, '--json']);
  ok(result, 'pnpm pack');
  const packed = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as {
    name: string;
    version: string;
    filename: string;
    files: { path: string }[];
  }[];
  return packages.map((p) => {
    const found = packed.find((entry) => entry.name === p.manifest['name']);
    if (!found) throw new Error(`pnpm pack did not pack ${p.dir} (${String(p.manifest['name'])})`);
    return { ...p, name: found.name, version: found.version, tarball: found.filename, files: found.files.map((file) => file.path) };
  });
}

/** One file of a packed tarball (`package/<path>` inside it), read with the system's tar. */
export function readPacked(tarball: string, path: string): string {
  const result = spawnSync('tar', ['-xzOf', tarball, `package/${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  ok(result, `tar -xzOf ${tarball} package/${path}`);
  return result.stdout;
}
