/**
 * After `pnpm generate` changes which workspace packages depend on which (a connector added or
 * removed), the lockfile and the node_modules links must follow, or the root tests and the server
 * cannot import the new package. This brings them in step without network: the generator writes
 * the lockfile's importer entries itself (lockfile-patch.ts), then `pnpm install --offline
 * --frozen-lockfile` links them from the store — and pnpm's frozen check verifies the entries
 * match the manifests. If the lockfile cannot be patched, a resolving `pnpm install --offline`
 * is tried; if that fails too, the exact command to run is printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lines } from '../output/lines.js';
import { lockfileMismatches } from './lockfile.js';
import { patchLockfile } from './lockfile-patch.js';
import { WIRED_MANIFESTS, packageNameOf } from './workspace-wiring.js';

export const INSTALL_COMMAND = 'pnpm install --offline';

/** Why the workspace needs an install now, or undefined when lockfile and links are in step. */
export function installReason(root: string, families: readonly string[], dependenciesChanged: boolean): string | undefined {
  if (dependenciesChanged) return 'package.json dependency lists changed';
  const mismatches = lockfileMismatches(root);
  if (mismatches.length > 0) return `pnpm-lock.yaml disagrees with the manifests (${mismatches[0]})`;
  // An earlier install that failed or was skipped leaves the manifests and lockfile right but the links missing.
  for (const { file } of WIRED_MANIFESTS) {
    const dir = join(file, '..');
    const missing = families.find((family) => !existsSync(join(root, dir, 'node_modules', packageNameOf(family))));
    if (missing) return `${packageNameOf(missing)} is not linked in ${join(dir, 'node_modules')}`;
  }
  return undefined;
}

/** Brings pnpm-lock.yaml and the links in step with the manifests, or says how to; returns the exit code. */
export function syncInstallation(
  root: string,
  out: Lines,
  families: readonly string[],
  dependenciesChanged: boolean,
  install: boolean,
): number {
  const reason = installReason(root, families, dependenciesChanged);
  if (reason === undefined) return 0;
  if (!install) {
    out.log(`${reason}; not installing (--no-install). Run: ${INSTALL_COMMAND}`);
    return 0;
  }
  const lockFile = join(root, 'pnpm-lock.yaml');
  if (lockfileMismatches(root).length > 0 && existsSync(lockFile)) {
    const before = readFileSync(lockFile, 'utf8');
    const patched = patchLockfile(root, before, families);
    if (patched !== undefined && patched !== before) {
      writeFileSync(lockFile, patched);
      out.log('  wrote pnpm-lock.yaml (importer entries of the connector packages)');
    }
  }
  if (lockfileMismatches(root).length === 0) {
    out.log(`${reason}: running pnpm install --offline --frozen-lockfile (links workspace packages; downloads nothing)`);
    if (runPnpm(root, ['install', '--offline', '--frozen-lockfile'])) return 0;
  }
  out.log(`${reason}: running ${INSTALL_COMMAND} (resolves from the local store; downloads nothing)`);
  if (runPnpm(root, ['install', '--offline'])) return 0;
  out.error(
    `\n${INSTALL_COMMAND} failed. The generated files are written; finish with, from the repository root:\n  ${INSTALL_COMMAND}\n` +
      '(or `pnpm install` if it reports that package metadata or a package is missing from the local store).',
  );
  return 1;
}

/**
 * Runs pnpm at the root, with the pnpm that runs this script when there is one (`npm_execpath`,
 * set by `pnpm run`; CI runs pnpm through npx, so it may not be on PATH).
 */
function runPnpm(root: string, args: string[]): boolean {
  const execPath = process.env['npm_execpath'];
  const options = { cwd: root, stdio: 'inherit' as const };
  let result;
  if (execPath && /pnpm/.test(execPath) && existsSync(execPath)) {
    // pnpm.cjs under npm or npx; the standalone pnpm executable runs as itself.
    result = /\.[cm]?js$/.test(execPath) ? spawnSync(process.execPath, [execPath, ...args], options) : spawnSync(execPath, args, options);
  } else {
    result = spawnSync('pnpm', args, { ...options, shell: process.platform === 'win32' });
  }
  return result.status === 0;
}
