/**
 * CloudWorkspace: the entry point. It holds the workspace id, the resolved roots and one transport
 * (the runtime's HttpClient with one token cache), and hands out CloudConnection objects. Nothing
 * here performs I/O: construction validates input, getConnection is lazy, and
 * `connection.checkIsValid()` is the explicit eager check.
 */
import { type TransportOptions } from '@switchyard/runtime';
import { HttpClient, Redactor } from '@switchyard/runtime/internal';
import { cloudAuth, readCredentials } from './auth.js';
import { CloudConnection } from './connection.js';
import { describePlatformError } from './internal/describe-error.js';
import { Platform } from './internal/platform.js';
import { registerPlatform } from './internal/platform-registry.js';
import { requireNonEmptyString, requirePathSegment, requirePositiveNumber } from './internal/validate.js';
import { resolveRoots, type RootOptions } from './roots.js';

/** The reference client polls every 2 s; tests and CLIs can go faster or slower. */
export const DEFAULT_POLL_INTERVAL_MS = 2_000;

export interface CloudWorkspaceCommonOptions extends RootOptions, TransportOptions {
  workspaceId: string;
  /** Milliseconds between job polls in runSync / waitForCompletion (default 2000). */
  pollIntervalMs?: number;
  /** Advanced: the clock used for token lifetimes (default Date.now). */
  now?: () => number;
}

/** Application credentials; the client fetches, caches and renews access tokens. */
export interface ClientCredentialsOptions extends CloudWorkspaceCommonOptions {
  clientId: string;
  clientSecret: string;
  bearerToken?: undefined;
}

/** A ready access token; nothing is renewed, so a 401 is an AuthenticationError. */
export interface BearerTokenOptions extends CloudWorkspaceCommonOptions {
  bearerToken: string;
  clientId?: undefined;
  clientSecret?: undefined;
}

export type CloudWorkspaceOptions = ClientCredentialsOptions | BearerTokenOptions;

export class CloudWorkspace {
  readonly workspaceId: string;
  /** Public API root, without a trailing slash. */
  readonly apiRoot: string;
  /** Config API root, or null when it cannot be derived (catalog, state and logs then throw). */
  readonly configApiRoot: string | null;
  /** Web UI root, or null (connection links are then null). */
  readonly webRoot: string | null;
  readonly tokenUrl: string;
  readonly authMode: 'client-credentials' | 'bearer';
  readonly pollIntervalMs: number;

  constructor(options: CloudWorkspaceOptions) {
    const operation = 'new CloudWorkspace';
    if (!options || typeof options !== 'object') requireNonEmptyString(operation, 'options', undefined);
    // The id is a path segment of every web link (`/workspaces/{workspaceId}/connections/…`).
    this.workspaceId = requirePathSegment(operation, 'workspaceId', options.workspaceId);
    const credentials = readCredentials(options as unknown as Record<string, unknown>);
    this.pollIntervalMs = requirePositiveNumber(operation, 'pollIntervalMs', options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    const roots = resolveRoots(options);
    this.apiRoot = roots.apiRoot;
    this.configApiRoot = roots.configApiRoot;
    this.webRoot = roots.webRoot;
    this.tokenUrl = roots.tokenUrl;
    this.authMode = credentials.kind;

    const redactor = new Redactor();
    const http = new HttpClient({
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      redactor,
      describeError: describePlatformError,
      defaultHeaders: { accept: 'application/json' },
    });
    const auth = cloudAuth(credentials, { http, tokenUrl: roots.tokenUrl, now: options.now });
    // The static credentials are hidden from the first request on, the token endpoint's included;
    // the transport adds every token the provider fetches later, before the request that uses it.
    redactor.add(...auth.secrets());
    registerPlatform(this, new Platform(roots, http, auth));
  }

  /** Link to the workspace in the web UI, or null without a web root. */
  get workspaceUrl(): string | null {
    return this.webRoot === null ? null : `${this.webRoot}/workspaces/${encodeURIComponent(this.workspaceId)}`;
  }

  /**
   * The recommended way to get a connection. No request is sent; the first property read or
   * operation fetches it, and `checkIsValid()` checks it exists in this workspace.
   */
  getConnection(connectionId: string): CloudConnection {
    return new CloudConnection(this, connectionId);
  }
}
