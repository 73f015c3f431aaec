/** This package's version, from its package.json: the OpenAPI document's and `switchyard --version`'s. */
import { readFileSync } from 'node:fs';

export const SERVICE_VERSION = readVersion();

function readVersion(): string {
  try {
    // src/version.ts and dist/version.js both sit one level below the package root.
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
