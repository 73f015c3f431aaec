/**
 * The operator's vendor base URLs (`--vendor-base-url <family>=<url>`), checked against the catalog
 * at start, in every process that calls vendors (the service and each worker): a typo in a family
 * name or a URL must stop the start, not wait for the first call or the first sync.
 */
import { ConfigurationError } from '@switchyard/runtime';
import { baseUrlProblem } from '@switchyard/runtime/internal';
import type { ConnectorCatalog } from './catalog.js';

export type VendorBaseUrls = Readonly<Record<string, string>> | ReadonlyMap<string, string>;

export function checkVendorBaseUrls(
  catalog: Pick<ConnectorCatalog, 'get' | 'names'>,
  given: VendorBaseUrls | undefined,
): ReadonlyMap<string, string> {
  const entries = given === undefined ? [] : given instanceof Map ? [...given.entries()] : Object.entries(given);
  const out = new Map<string, string>();
  for (const [family, url] of entries) {
    if (!catalog.get(family)) {
      throw new ConfigurationError(
        `--vendor-base-url ${family}=…: "${family}" is not a connector type; known: ${catalog.names().join(', ')}`,
      );
    }
    const problem = baseUrlProblem(url);
    if (problem) throw new ConfigurationError(`--vendor-base-url ${family}: ${problem}`);
    out.set(family, url);
  }
  return out;
}
