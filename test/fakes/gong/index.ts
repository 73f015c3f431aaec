/**
 * Gong API v2 fake. Point a connector at `${url}/v2`; authenticate with Basic
 * `base64(accessKey:accessKeySecret)` or a Bearer token from `bearerTokens`. Recording URLs point at
 * a second server (`mediaUrl`, another origin) that plays the part of Gong's pre-signed media links.
 */
import { startServer, type FakeServer, type RecordedRequest } from '../harness.js';
import { buildGongData, type GongData } from './data.js';
import { createGongHandler, nextRequestId } from './handlers.js';
import { createMediaHandler } from './media.js';

export interface GongFakeOptions {
  /** Access key pair accepted as Basic credentials (defaults `gong_test_key` / `gong_test_secret`). */
  accessKey?: string;
  accessKeySecret?: string;
  /** Bearer tokens accepted at start (default none). */
  bearerTokens?: string[];
  /** Users (default 30; the last one is inactive, the first three manage the rest). */
  users?: number;
  /** Calls (default 60). */
  calls?: number;
  /** Calls in the first library folder (default 25). */
  folderCalls?: number;
  /** Records per page; Gong chooses 100 (default 100). */
  pageSize?: number;
  /** Keep `requests` / `mediaRequests` (default true). */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface GongFake extends FakeServer {
  readonly data: GongData;
  /** Bearer tokens accepted now: delete one to make it expire. */
  readonly bearerTokens: Set<string>;
  /** Origin of the media host. */
  readonly mediaUrl: string;
  /** Requests the media host received (check `headers.authorization` is absent). */
  readonly mediaRequests: RecordedRequest[];
  /** The media host itself, e.g. to `failNext(/^\/media\//, { kind: 'drop-mid-body' })`. */
  readonly media: FakeServer;
  /** The media host under the name the shared suites look for (the host serving downloaded files). */
  readonly files: FakeServer;
}

export async function startGongFake(opts: GongFakeOptions = {}): Promise<GongFake> {
  // The media host starts first (recording URLs name its origin); it reads the data once built.
  const built: { data?: GongData } = {};
  const media = await startServer(
    createMediaHandler(() => built.data!),
    { record: opts.record },
  );
  const data = buildGongData({ users: opts.users, calls: opts.calls, folderCalls: opts.folderCalls, mediaBase: media.url });
  built.data = data;
  const bearerTokens = new Set(opts.bearerTokens ?? []);
  const server = await startServer(
    createGongHandler({
      data,
      accessKey: opts.accessKey ?? 'gong_test_key',
      accessKeySecret: opts.accessKeySecret ?? 'gong_test_secret',
      bearerTokens,
      pageSize: opts.pageSize ?? 100,
      mediaBase: () => media.url,
    }),
    {
      record: opts.record,
      port: opts.port,
      // The bodies Gong sends with these statuses when a test injects one without a body.
      failureBody: (status) => ({
        requestId: nextRequestId(),
        errors: [
          status === 429
            ? 'API request limit exceeded'
            : status === 404
              ? 'Resource not found'
              : status >= 500
                ? 'Failed to complete the operation due to an unexpected error'
                : 'Malformed request',
        ],
      }),
    },
  );

  const close = server.close.bind(server);
  const reset = server.reset.bind(server);
  return Object.assign(server, {
    data,
    bearerTokens,
    mediaUrl: media.url,
    mediaRequests: media.requests,
    media,
    files: media,
    reset() {
      reset();
      media.reset();
    },
    async close() {
      await Promise.all([close(), media.close()]);
    },
  });
}
