import type { FakeServer } from './harness.js';

/**
 * A fake as `switchyard fake <family>` runs it. Each fake's entry module (test/fakes/<name>.ts)
 * exports one as `bundledFake`; test/fakes/registry.ts collects them.
 */
export interface BundledFake {
  /** The connector family it stands in for: `specs/<family>.yaml`, `@switchyard/connector-<family>`. */
  readonly family: string;
  /** The vendor API it imitates. */
  readonly vendor: string;
  /** Starts it on 127.0.0.1 (`port` 0 or absent: a free one). */
  start(options?: { port?: number }): Promise<FakeServer>;
  /** The connector's base URL on this fake (the vendor's base path on the fake's origin). */
  baseUrl(fake: FakeServer): string;
  /** Credentials of one kind that the fake accepts, as the connector's `auth` fields. */
  readonly credentials: Readonly<Record<string, string>>;
  /** Config variables the connector family requires (the service stores them in the connector record). */
  readonly config?: Readonly<Record<string, unknown>>;
}
