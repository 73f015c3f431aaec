/**
 * Which version a generated connector package carries. Changesets owns versions
 * (`pnpm changeset version` rewrites every package.json of the release set, see CONTRIBUTING.md),
 * so the generator never decides one for an existing package: it keeps the version already in
 * packages/connector-<family>/package.json, and `pnpm generate --check` stays green after a
 * release bump. A new connector joins the set at the runtime's current version, because the
 * published packages release together as one fixed set (.changeset/config.json) and the runtime
 * is the one package every connector depends on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const versionIn = (file: string): string | undefined => {
  if (!existsSync(file)) return undefined;
  const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
  return typeof version === 'string' && version !== '' ? version : undefined;
};

/** The version to write into packages/connector-<family>/package.json. */
export function connectorVersion(root: string, family: string): string {
  const current = versionIn(join(root, 'packages', `connector-${family}`, 'package.json'));
  if (current) return current;
  const runtime = versionIn(join(root, 'packages', 'runtime', 'package.json'));
  if (!runtime)
    throw new Error(`packages/runtime/package.json has no version: a new connector joins the release set at the runtime's version`);
  return runtime;
}
