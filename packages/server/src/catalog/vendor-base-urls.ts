/**
 * The operator's vendor base URLs (`--vendor-base-url <family>=<url>`), checked against the catalog
 * at start, in every process that calls vendors (the service and each worker): a typo in a family
 * name or a URL must stop the start, not wait for the first call or the first sync.
 */
import { ConfigurationError } from '@switchyard/runtime';
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
    const problem = vendorBaseUrlProblem(url);
    if (problem) throw new ConfigurationError(`--vendor-base-url ${family}: ${problem}`);
    out.set(family, url);
  }
  return out;
}

/**
 * Why `url` cannot be a vendor base URL, or undefined when it can: an absolute http or https URL
 * without credentials (a user name or password in it would show wherever the URL is logged). The
 * one rule for the flags and environment (config.ts) and for an embedder's `vendorBaseUrls`
 * (above); the message does not repeat the URL, which may carry a secret.
 */
export function vendorBaseUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https URLs are allowed';
  if (parsed.username || parsed.password) return 'the URL must not carry credentials';
  return undefined;
}
