/**
 * Removing a spec removes its connector: a generated package whose spec is gone would otherwise
 * stay in the workspace, be built and published, and fail the checks that pair every package with
 * a spec. Only folders the generator wrote are touched — a packages/connector-* whose package.json
 * does not carry the generator's header naming a spec in specs/ is handwritten and left alone.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Drift } from '../output/write.js';

/** The spec a generated package.json says it came from (`specs/<family>.yaml`), if it says so. */
function generatedFrom(manifestFile: string): string | undefined {
  try {
    const header = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { '//'?: unknown })['//'];
    return typeof header === 'string' ? /^Generated from (specs\/[^ ]+\.ya?ml) by the Switchyard generator/.exec(header)?.[1] : undefined;
  } catch {
    return undefined;
  }
}

/** packages/connector-<family> folders generated from a spec that no longer exists. */
export function orphanPackages(root: string): { dir: string; spec: string; family: string }[] {
  const packagesDir = join(root, 'packages');
  if (!existsSync(packagesDir)) return [];
  return readdirSync(packagesDir)
    .filter((dir) => dir.startsWith('connector-'))
    .sort()
    .flatMap((dir) => {
      const spec = generatedFrom(join(packagesDir, dir, 'package.json'));
      if (spec === undefined || existsSync(join(root, spec))) return [];
      return [{ dir: `packages/${dir}`, spec, family: dir.slice('connector-'.length) }];
    });
}

/** Handwritten files that still import a removed connector: the generator does not delete them, it names them. */
export function leftoverReferences(root: string, family: string): string[] {
  return [`test/matrix/connectors/${family}.ts`, `test/fakes/${family}.ts`, `test/fakes/${family}`, `test/${family}`].filter((path) =>
    existsSync(join(root, path)),
  );
}

/** Deletes orphaned packages (whole folders, build output included), or reports them in check mode. */
export function removeOrphanPackages(root: string, check: boolean): { written: string[]; drift: Drift[]; removed: string[] } {
  const written: string[] = [];
  const drift: Drift[] = [];
  const removed: string[] = [];
  for (const orphan of orphanPackages(root)) {
    if (check) drift.push({ file: `${orphan.dir}/ (${orphan.spec} is gone)`, reason: 'stale' });
    else {
      rmSync(join(root, orphan.dir), { recursive: true, force: true });
      written.push(`${orphan.dir}/ (removed: ${orphan.spec} is gone)`);
      removed.push(orphan.family);
    }
  }
  return { written, drift, removed };
}
