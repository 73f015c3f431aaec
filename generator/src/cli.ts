/**
 * pnpm generate            regenerate every connector package from specs/*.yaml, and
 *                          generator/src/spec/spec-types.ts from specs/connector.schema.json; keep the
 *                          workspace wired to the specs (root and server package.json, the server's
 *                          connector catalog), remove packages whose spec is gone, and run
 *                          `pnpm install --offline` when a dependency list changed
 * pnpm generate --check    fail (exit 1) when committed output differs from what the specs produce,
 *                          including the wiring and pnpm-lock.yaml's entries for those packages
 * pnpm generate --no-install   as `pnpm generate`, but only print the install command
 * pnpm new-connector NAME  write a starter spec to specs/NAME.yaml, a fake and a matrix fixture for
 *                          it, and generate its package
 *
 * The root scripts call this package's scripts, which run this file with tsx and the
 * `@switchyard/source` export condition: `@switchyard/runtime` then resolves to the runtime's
 * TypeScript source instead of its dist/, so generating works on a fresh clone before anything
 * is built (see generator/README.md).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRepositoryCommand } from './repository.js';

// SWITCHYARD_ROOT lets a test run the CLI against a copy of the repository.
const root = process.env['SWITCHYARD_ROOT'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
process.exitCode = await runRepositoryCommand(process.argv.slice(2), root);
