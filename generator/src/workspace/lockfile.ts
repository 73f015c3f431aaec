/**
 * Does pnpm-lock.yaml still agree with the manifests the generator writes? `pnpm install
 * --frozen-lockfile` (CI's first step) refuses a lockfile whose importers disagree with their
 * package.json, but only when someone runs it; `pnpm generate --check` asks the same question
 * for the importers generation touches (the root, the server, every connector package), so the
 * mismatch is reported beside the generated-file drift, with the command that fixes it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

type LockImporter = Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, { specifier?: string }>>>;

/** The importers the generator's output affects: the root, the server, and every connector package on disk or in the lock. */
function generatorImporters(root: string, locked: Record<string, LockImporter>): string[] {
  const onDisk = existsSync(join(root, 'packages'))
    ? readdirSync(join(root, 'packages'))
        .filter((dir) => dir.startsWith('connector-') && existsSync(join(root, 'packages', dir, 'package.json')))
        .map((dir) => `packages/${dir}`)
    : [];
  const inLock = Object.keys(locked).filter((dir) => dir.startsWith('packages/connector-'));
  return [...new Set(['.', 'packages/server', ...onDisk, ...inLock])].sort();
}

/** pnpm-lock.yaml's `importers` section; the rest of the file (resolved packages) is not needed and is most of it. */
function readImporters(lockText: string): Record<string, LockImporter> {
  const end = lockText.indexOf('\npackages:\n');
  const head = end === -1 ? lockText : lockText.slice(0, end);
  return ((parse(head) as { importers?: Record<string, LockImporter> } | null)?.importers ?? {}) as Record<string, LockImporter>;
}

/** One line per disagreement between pnpm-lock.yaml and the manifests of the generator's importers; empty when they agree. */
export function lockfileMismatches(root: string): string[] {
  const lockFile = join(root, 'pnpm-lock.yaml');
  if (!existsSync(lockFile)) return ['pnpm-lock.yaml is missing'];
  const locked = readImporters(readFileSync(lockFile, 'utf8'));
  const problems: string[] = [];
  for (const importer of generatorImporters(root, locked)) {
    const manifestFile = join(root, importer, 'package.json');
    const lock = locked[importer];
    if (!existsSync(manifestFile)) {
      if (lock) problems.push(`pnpm-lock.yaml still locks ${importer}, which no longer exists`);
      continue;
    }
    if (!lock) {
      problems.push(`pnpm-lock.yaml has no importer ${importer}`);
      continue;
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const field of DEPENDENCY_FIELDS) {
      const wanted = manifest[field] ?? {};
      const have = lock[field] ?? {};
      for (const [name, range] of Object.entries(wanted)) {
        const specifier = have[name]?.specifier;
        if (specifier === undefined) problems.push(`pnpm-lock.yaml: ${importer} ${field} lacks ${name}`);
        else if (specifier !== range)
          problems.push(`pnpm-lock.yaml: ${importer} ${field} locks ${name}@${specifier}, package.json asks ${range}`);
      }
      for (const name of Object.keys(have)) {
        if (!(name in wanted)) problems.push(`pnpm-lock.yaml: ${importer} ${field} still locks ${name}`);
      }
    }
  }
  return problems;
}
