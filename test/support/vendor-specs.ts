/**
 * Where the vendors' official specs live: ../shared/vendor-specs beside the repository, or
 * SWITCHYARD_VENDOR_SPECS. Users' clones usually lack the folder; conformance suites then skip
 * with a message that says why and how to run them.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');

export const VENDOR_SPECS_DIR = resolve(process.env['SWITCHYARD_VENDOR_SPECS'] ?? join(repoRoot, '..', 'shared', 'vendor-specs'));

/** Absolute path of a file under the vendor-specs folder, or undefined when it is absent. */
export function vendorSpec(...parts: string[]): string | undefined {
  const path = join(VENDOR_SPECS_DIR, ...parts);
  return existsSync(path) ? path : undefined;
}

/**
 * A describe block that runs only when `parts` exist under the vendor-specs folder; otherwise it
 * is skipped and the reason is printed once.
 */
export function describeWithVendorSpec(name: string, parts: string[], body: (path: string) => void): void {
  const path = vendorSpec(...parts);
  if (path) {
    describe(name, () => body(path));
    return;
  }
  const wanted = join(VENDOR_SPECS_DIR, ...parts);
  console.warn(
    `[conformance] skipping "${name}": ${wanted} not found. Put the vendor specs at ../shared/vendor-specs ` +
      `or point SWITCHYARD_VENDOR_SPECS at them to run this suite.`,
  );
  describe.skip(`${name} (skipped: ${wanted} not found; set SWITCHYARD_VENDOR_SPECS)`, () => body(wanted));
}
