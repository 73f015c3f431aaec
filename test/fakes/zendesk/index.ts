/**
 * Zendesk Support API v2 fake. Point a connector at `${url}/api/v2` and authenticate with HTTP
 * Basic `{email}/token:{apiToken}` or `Bearer {accessToken}`. Attachment content URLs point at a
 * second server (`fileUrl`, another origin) that refuses credentials; with `attachmentsOnApiHost`
 * they are on this server, need the credentials and redirect to signed URLs on that second server.
 * Writes take ticks of a FakeClock, so two fakes started alike stay identical.
 */
import { startServer, type FakeServer, type RecordedRequest } from '../harness.js';
import { FakeClock } from '../shared/clock.js';
import { buildZendeskData } from './data.js';
import { createStorageHandler } from './files.js';
import { createZendeskHandler } from './handlers.js';
import type { ZendeskData } from './types.js';

export interface ZendeskFakeOptions {
  /** Token credentials accepted (defaults `agent@acme.example` / `zd_test_token`). */
  email?: string;
  apiToken?: string;
  /** OAuth access token accepted (default `zd_oauth_test`). */
  accessToken?: string;
  /** Tickets (default 80), end users (default 60), organizations (default 12). */
  tickets?: number;
  endUsers?: number;
  organizations?: number;
  /** Put attachment content URLs on the Zendesk host, behind the credentials (default false: on the attachment host). */
  attachmentsOnApiHost?: boolean;
  /** Origin in records' `url` fields (default https://acme.zendesk.com). */
  accountUrl?: string;
  /** Keep `requests` (here and on `files`) (default true); benchmarks pass false. */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface ZendeskFake extends FakeServer {
  readonly data: ZendeskData;
  /** Origin of the attachment host (another origin). */
  readonly fileUrl: string;
  /** The attachment host itself (its `requests`, `failNext`). */
  readonly files: FakeServer;
}

export async function startZendeskFake(opts: ZendeskFakeOptions = {}): Promise<ZendeskFake> {
  // The handlers read the data lazily: records name this server's origin, known once it listens.
  const state: { data?: ZendeskData } = {};
  const storage = await startServer(
    createStorageHandler(() => state.data!),
    { record: opts.record },
  );
  const clock = new FakeClock();
  let origin = '';
  const email = opts.email ?? 'agent@acme.example';
  const server = await startServer(
    createZendeskHandler({
      data: () => state.data!,
      write: () => ({
        data: state.data!,
        clock,
        origin,
        accountUrl: opts.accountUrl ?? 'https://acme.zendesk.com',
        actorId: () => (state.data!.users.find((u) => u.email === email) ?? state.data!.users[0]!).id as number,
      }),
      email,
      apiToken: opts.apiToken ?? 'zd_test_token',
      accessToken: opts.accessToken ?? 'zd_oauth_test',
      origin: () => origin,
      storageOrigin: () => storage.url,
      attachmentsOnApiHost: opts.attachmentsOnApiHost ?? false,
    }),
    {
      record: opts.record,
      port: opts.port,
      // What Zendesk sends with these statuses when a test injects one without a body.
      failureBody: (status) =>
        status === 429
          ? { error: 'APIRateLimitExceeded', description: 'Number of allowed API requests per minute exceeded' }
          : status === 409
            ? { error: 'UpdateConflict', description: 'The ticket was updated by another request; fetch it and try again.' }
            : status >= 500
              ? { error: 'InternalServerError', description: 'Something went wrong on our end. Please try again.' }
              : { error: 'InvalidRequest', description: 'The request failed' },
    },
  );
  origin = server.url;
  const data = buildZendeskData({
    // Record `url`s name the account, as Zendesk's do; two fakes started alike serve equal records.
    origin: opts.accountUrl ?? 'https://acme.zendesk.com',
    contentOrigin: opts.attachmentsOnApiHost ? origin : storage.url,
    tickets: opts.tickets,
    endUsers: opts.endUsers,
    organizations: opts.organizations,
  });
  state.data = data;

  const close = server.close.bind(server);
  const reset = server.reset.bind(server);
  return Object.assign(server, {
    data,
    fileUrl: storage.url,
    files: storage,
    reset() {
      reset();
      storage.reset();
    },
    async close() {
      await Promise.all([close(), storage.close()]);
    },
  });
}

export type { Json, ZdFile, ZendeskData } from './types.js';
export type { RecordedRequest };
