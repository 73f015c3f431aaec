/**
 * `switchyard fake <family> [--port <n>]`: a bundled fake of a connector family's vendor on
 * 127.0.0.1, to try the service (or a connector) without a vendor account. The fakes live in the
 * repository (test/fakes, the private workspace package @switchyard/fakes); they are not published
 * with the service, so this command finds them by name and says where they come from when it cannot.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from './config.js';

/** What this command needs of @switchyard/fakes (its registry.ts). */
export interface FakesModule {
  readonly BUNDLED_FAKES: readonly BundledFakeEntry[];
}

export interface BundledFakeEntry {
  readonly family: string;
  readonly vendor: string;
  start(options?: { port?: number }): Promise<{ readonly url: string; close(): Promise<void> }>;
  baseUrl(fake: { readonly url: string }): string;
  readonly credentials: Readonly<Record<string, string>>;
  readonly config?: Readonly<Record<string, unknown>>;
}

export const FAKES_PACKAGE = '@switchyard/fakes';

/**
 * Loads @switchyard/fakes, resolved from this package (inside a clone of the repository the
 * workspace links it) and then from the current directory (a project that installed it).
 */
export async function loadFakes(
  resolveFrom: readonly string[] = [import.meta.url, pathToFileURL(join(process.cwd(), 'package.json')).href],
): Promise<FakesModule> {
  for (const from of resolveFrom) {
    let resolved: string;
    try {
      resolved = createRequire(from).resolve(FAKES_PACKAGE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') continue;
      throw error;
    }
    return (await import(pathToFileURL(resolved).href)) as FakesModule;
  }
  throw new ConfigError(
    `switchyard fake needs the vendor fakes (${FAKES_PACKAGE}), which come with the Switchyard repository, not with @switchyard/server: ` +
      'clone the repository, run `pnpm install --frozen-lockfile && pnpm build` in it, then `pnpm exec switchyard fake <family>` there',
  );
}

/** The lines printed once the fake listens: what to point a connector or the service at. */
export function describeRunningFake(entry: BundledFakeEntry, url: string): string {
  const baseUrl = entry.baseUrl({ url });
  const lines = [
    `listening on ${url} (${entry.family}: a fake ${entry.vendor})`,
    `base url:    ${baseUrl}`,
    `credentials: ${JSON.stringify(entry.credentials)}`,
    ...(entry.config ? [`config:      ${JSON.stringify(entry.config)}`] : []),
    `service:     switchyard serve --vendor-base-url ${entry.family}=${baseUrl}`,
    'Ctrl-C stops it.',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The fakes of the connector families this service runs. A fake whose connector was removed (its
 * spec deleted: the fake is handwritten and stays until someone deletes it) is not offered, since
 * the service would refuse its `--vendor-base-url`.
 */
export function offeredFakes(fakes: FakesModule, families: readonly string[]): BundledFakeEntry[] {
  return fakes.BUNDLED_FAKES.filter((fake) => families.includes(fake.family));
}

export function familyList(offered: readonly BundledFakeEntry[]): string {
  return offered.map((fake) => `  ${fake.family.padEnd(28)}${fake.vendor}`).join('\n');
}
