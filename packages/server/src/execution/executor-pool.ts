/**
 * One open-source executor per connector record, reused across calls so its connection pool (and,
 * for OAuth kinds, its token manager) is shared by every execute of that connector. An entry is
 * keyed on the record's `updatedAt`: changing the credentials moves it, so the next call builds a
 * fresh executor with the new credentials instead of using the stale one.
 */
import { type ConnectorMetadata, type OpenSourceOptions, type TokenSet } from '@switchyard/runtime';
import { OpenSourceExecutor } from '@switchyard/runtime/internal';
import type { ConnectorRecord } from '../service-types.js';

/** Transport settings shared by every executor the service builds (timeouts, retries, a test fetch). */
export type ExecutorTransport = Omit<OpenSourceOptions, 'auth' | 'config' | 'baseUrl' | 'headers' | 'onTokenRefresh'>;

export interface ExecutorPoolOptions {
  /** Decrypted credentials of a record (the connector repository's `credentials`). */
  readonly credentials: (record: ConnectorRecord) => Promise<Record<string, string>>;
  readonly metadataOf: (connectorType: string) => ConnectorMetadata | undefined;
  /** The operator's base URL for a family, when one is set. */
  readonly baseUrlOf: (connectorType: string) => string | undefined;
  readonly transport: ExecutorTransport;
  /** Most executors kept; the least recently used is dropped beyond it. */
  readonly maxEntries?: number;
  /**
   * An OAuth kind renewed the tokens of a stored connector: persist them (the refresh token may
   * have rotated, and the stored one is then spent). Returns the record as updated, if it was.
   */
  readonly onTokenRefresh?: (
    record: ConnectorRecord,
    credentials: Record<string, string>,
    tokens: TokenSet,
  ) => Promise<StoredCredentials | null>;
}

/** A record and the credentials it now holds, after renewed tokens were stored. */
export interface StoredCredentials {
  readonly record: ConnectorRecord;
  readonly credentials: Record<string, string>;
}

interface Entry {
  readonly updatedAt: string;
  readonly executor: Promise<OpenSourceExecutor>;
}

const DEFAULT_MAX_ENTRIES = 1000;

export class ExecutorPool {
  readonly #options: ExecutorPoolOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  /**
   * The key at the end of #entries (the most recently used). Calls to the connector used last, the
   * common case under load, leave the map alone: moving an entry is a delete and a set, and V8
   * rebuilds a small map's table every few of those, a garbage object per call or two.
   */
  #newest: string | undefined;

  constructor(options: ExecutorPoolOptions) {
    this.#options = options;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  /** The record's executor, built on first use or after its credentials changed. */
  executorFor(record: ConnectorRecord): Promise<OpenSourceExecutor> {
    const cached = this.#entries.get(record.id);
    if (cached && cached.updatedAt === record.updatedAt) {
      if (this.#newest !== record.id) this.#moveToEnd(record.id, cached);
      return cached.executor;
    }
    // The promise is cached, so concurrent first calls share one executor (and one pool).
    const executor = this.#build(record);
    const entry: Entry = { updatedAt: record.updatedAt, executor };
    this.#moveToEnd(record.id, entry);
    // A failed build is not kept: the next call tries again.
    executor.catch(() => {
      if (this.#entries.get(record.id) === entry) this.#entries.delete(record.id);
    });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return executor;
  }

  /** Map order is the LRU order: re-inserting puts the entry at the end. */
  #moveToEnd(connectorId: string, entry: Entry): void {
    this.#entries.delete(connectorId);
    this.#entries.set(connectorId, entry);
    this.#newest = connectorId;
  }

  /** Drops a connector's executor (the connector was deleted). */
  forget(connectorId: string): void {
    this.#entries.delete(connectorId);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** An executor for credentials that are not stored yet (creation's `check`); never cached. */
  transient(connectorType: string, credentials: Record<string, string>, config: Record<string, unknown>): OpenSourceExecutor {
    return this.#construct(connectorType, credentials, config);
  }

  async #build(record: ConnectorRecord): Promise<OpenSourceExecutor> {
    const credentials = await this.#options.credentials(record);
    const persist = this.#options.onTokenRefresh;
    // What is stored now: a second renewal starts from the first one's tokens, not the originals.
    let current: StoredCredentials = { record, credentials };
    const executor = this.#construct(
      record.connectorType,
      credentials,
      record.config,
      persist &&
        (async (tokens) => {
          const before = current.record;
          const updated = await persist(before, current.credentials, tokens);
          if (!updated) return;
          current = updated;
          // The stored record moved only because this executor renewed its own tokens: keep it
          // (its pool and its token manager, which already holds the new tokens) under the new key.
          const entry = this.#entries.get(record.id);
          if (entry && entry.updatedAt === before.updatedAt)
            this.#entries.set(record.id, { updatedAt: updated.record.updatedAt, executor: entry.executor });
        }),
    );
    return executor;
  }

  #construct(
    connectorType: string,
    credentials: Record<string, string>,
    config: Record<string, unknown>,
    onTokenRefresh?: (tokens: TokenSet) => Promise<void>,
  ): OpenSourceExecutor {
    const metadata = this.#options.metadataOf(connectorType);
    if (!metadata) throw new TypeError(`connector type ${JSON.stringify(connectorType)} is not in the catalog`);
    const baseUrl = this.#options.baseUrlOf(connectorType);
    return new OpenSourceExecutor(metadata, {
      ...this.#options.transport,
      auth: credentials,
      config,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      ...(onTokenRefresh ? { onTokenRefresh } : {}),
    });
  }
}
