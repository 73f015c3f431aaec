/**
 * Greenhouse Harvest v1 fake. Point a connector at `${url}/v1` and authenticate with HTTP Basic,
 * the API key as username and an empty password. Attachment URLs point at a second server
 * (`fileUrl`, another port = another origin) that plays the part of S3 pre-signed URLs.
 */
import { startServer, type FakeServer, type RecordedRequest } from '../harness.js';
import { buildGreenhouseData } from './data.js';
import { createFileHandler, type FileServerState } from './files.js';
import { createGreenhouseHandler } from './handlers.js';
import type { GreenhouseData } from './types.js';

export interface GreenhouseFakeOptions {
  /** Harvest API key (default `gh_test_key`). */
  apiKey?: string;
  /** Candidates (default 120). */
  candidates?: number;
  /** Applications (default ceil(candidates × 1.3)); each candidate gets one before any gets a second. */
  applications?: number;
  /** Jobs (default 12). */
  jobs?: number;
  /** Greenhouse users (default 20; the last one is disabled). */
  users?: number;
  /** Keep `requests` / `fileRequests` (default true); benchmarks pass false. */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
  /** Start the attachment server (default true). Without it attachment URLs point at an unreachable S3-like host. */
  fileServer?: boolean;
  /** Make every attachment request answer 302 first (default false; see `redirectFilesOnce`). */
  redirectFiles?: boolean;
}

export interface GreenhouseFake extends FakeServer {
  readonly data: GreenhouseData;
  /** Origin of the attachment server (`http://127.0.0.1:OTHERPORT`), or undefined when disabled. */
  readonly fileUrl: string | undefined;
  /** Requests the attachment server received (check `headers.authorization` is absent). */
  readonly fileRequests: RecordedRequest[];
  /** The attachment server itself, e.g. to `failNext(/^\/files\//, {kind: 'drop-mid-body'})`. */
  readonly files: FakeServer | undefined;
  /** The next `times` (default 1) attachment requests answer 302 to another path on the same host. */
  redirectFilesOnce(times?: number): void;
}

export async function startGreenhouseFake(opts: GreenhouseFakeOptions = {}): Promise<GreenhouseFake> {
  let fileBase = 'https://prod-heroku.s3.amazonaws.com';
  let files: FakeServer | undefined;
  const fileState: FileServerState = {
    data: undefined as unknown as GreenhouseData, // set below, before the first request can arrive
    baseUrl: () => fileBase,
    redirects: 0,
    redirectAlways: opts.redirectFiles ?? false,
  };
  if (opts.fileServer ?? true) {
    files = await startServer(createFileHandler(fileState), { record: opts.record });
    fileBase = files.url;
  }
  const data = buildGreenhouseData({
    candidates: opts.candidates,
    applications: opts.applications,
    jobs: opts.jobs,
    users: opts.users,
    fileBase,
  });
  fileState.data = data;

  let baseUrl = '';
  const server = await startServer(createGreenhouseHandler({ data, apiKey: opts.apiKey ?? 'gh_test_key', baseUrl: () => baseUrl }), {
    record: opts.record,
    port: opts.port,
    // Bodies Harvest sends with these statuses when a test injects one without a body.
    failureBody: (status) => ({
      message: status === 429 ? 'Rate limit exceeded' : status >= 500 ? 'Internal server error' : 'Request failed',
    }),
  });
  baseUrl = server.url;

  const close = server.close.bind(server);
  const reset = server.reset.bind(server);
  return Object.assign(server, {
    data,
    fileUrl: files?.url,
    fileRequests: files?.requests ?? [],
    files,
    redirectFilesOnce(times = 1) {
      fileState.redirects += times;
    },
    reset() {
      reset();
      files?.reset();
      fileState.redirects = 0;
    },
    async close() {
      await Promise.all([close(), files?.close()]);
    },
  });
}

export type { GhFile, GreenhouseData, Json } from './types.js';
