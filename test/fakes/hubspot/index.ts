/**
 * HubSpot CRM fake. Point a connector at `${url}/crm/v3`; authenticate with
 * `Authorization: Bearer <access token>`: the fake's private app token, or a token it issued at
 * `POST /oauth/v1/token` (form-encoded refresh_token grant, 30-minute tokens).
 *
 * Vendor behaviours: HubSpot's error body on every failure, X-HubSpot-RateLimit-* headers on
 * object calls (not on search), search throttled at 4 requests per rolling second per account
 * (429, policyName SECONDLY), a spent daily allowance (429, policyName DAILY, see
 * `exhaustDailyQuota`), and the search limits of search.ts.
 */
import { startServer, type FakeServer, type RecordedRequest, type Reply } from '../harness.js';
import { buildHubspotData, type HubspotData, type HubspotDataOptions } from './data.js';
import { correlationId, dailyLimitReply, failureBody, hubspotError } from './errors.js';
import { createCrmRoutes } from './handlers.js';

export interface HubspotFakeOptions extends HubspotDataOptions {
  /** Private app token accepted as is (default `pat-na1-test-token`). */
  accessToken?: string;
  /** The OAuth app and the refresh token the token endpoint accepts. */
  oauth?: { clientId: string; clientSecret: string; refreshToken: string };
  /** Search requests allowed per rolling second (default 4, HubSpot's figure; 0 turns the limit off). */
  searchPerSecond?: number;
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface HubspotFake extends FakeServer {
  readonly data: HubspotData;
  /** Access tokens the token endpoint issued, oldest first. */
  readonly issuedTokens: string[];
  /** Search requests answered 429 because more than `searchPerSecond` came within one second. */
  readonly searchThrottled: number;
  /** Every following request answers HubSpot's daily-limit 429 until `reset()`. */
  exhaustDailyQuota(): void;
  /** Makes an issued access token invalid, as an expired one is. */
  revokeToken(token: string): void;
}

const TOKEN_PATH = '/oauth/v1/token';
const TEN_SECONDS_MAX = 190;
const JITTER_MS = 100;

export async function startHubspotFake(opts: HubspotFakeOptions = {}): Promise<HubspotFake> {
  const data = buildHubspotData(opts);
  const accessToken = opts.accessToken ?? 'pat-na1-test-token';
  const valid = new Set<string>([accessToken]);
  const issuedTokens: string[] = [];
  const searchTimes: number[] = [];
  const searchPerSecond = opts.searchPerSecond ?? 4;
  const state = { dailySpent: false, searchThrottled: 0, windowStart: 0, windowUsed: 0, issued: 0 };
  const routes = createCrmRoutes(data);

  const rateHeaders = (): Record<string, string> => {
    const now = Date.now();
    if (now - state.windowStart >= 10_000) {
      state.windowStart = now;
      state.windowUsed = 0;
    }
    state.windowUsed++;
    return {
      'x-hubspot-ratelimit-max': String(TEN_SECONDS_MAX),
      'x-hubspot-ratelimit-remaining': String(Math.max(0, TEN_SECONDS_MAX - state.windowUsed)),
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-secondly': '19',
      'x-hubspot-ratelimit-secondly-remaining': '18',
      'x-hubspot-ratelimit-daily': '1000000',
      'x-hubspot-ratelimit-daily-remaining': '999000',
    };
  };

  const token = (req: RecordedRequest): Reply => {
    const form = (req.body ?? {}) as Record<string, string>;
    const oauth = opts.oauth;
    if (!oauth || form['client_id'] !== oauth.clientId || form['client_secret'] !== oauth.clientSecret) {
      return { status: 400, body: { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id', correlationId: correlationId() } };
    }
    if (form['grant_type'] !== 'refresh_token' || form['refresh_token'] !== oauth.refreshToken) {
      return {
        status: 400,
        body: { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token', correlationId: correlationId() },
      };
    }
    const issued = `CJT-oauth-access-${++state.issued}-${'x'.repeat(8)}`;
    valid.add(issued);
    issuedTokens.push(issued);
    // HubSpot refresh tokens do not rotate: the same one is sent back.
    return { body: { token_type: 'bearer', refresh_token: oauth.refreshToken, access_token: issued, expires_in: 1800 } };
  };

  const server = await startServer(
    (req) => {
      if (req.method === 'POST' && req.path === TOKEN_PATH) return token(req);
      const bearer = /^Bearer (.+)$/.exec(req.headers['authorization'] ?? '')?.[1];
      if (!bearer || !valid.has(bearer)) {
        return hubspotError(
          401,
          'INVALID_AUTHENTICATION',
          'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
        );
      }
      if (state.dailySpent) return dailyLimitReply();
      const isSearch = req.method === 'POST' && req.path.endsWith('/search');
      if (isSearch && searchPerSecond > 0) {
        const now = Date.now();
        // A rolling second. HubSpot does not document its window's edges; requests paced 250 ms
        // apart are let through even when the first one arrived late (opening the connection).
        while (searchTimes.length && now - searchTimes[0]! >= 1000 - JITTER_MS) searchTimes.shift();
        if (searchTimes.length >= searchPerSecond) {
          state.searchThrottled++;
          return {
            status: 429,
            headers: { 'retry-after': '1' },
            body: {
              status: 'error',
              message: 'You have reached your secondly limit.',
              errorType: 'RATE_LIMIT',
              correlationId: correlationId(),
              policyName: 'SECONDLY',
              category: 'RATE_LIMITS',
            },
          };
        }
        searchTimes.push(now);
      }
      const reply = routes(req);
      // HubSpot documents that search responses do not carry the rate-limit headers.
      return isSearch ? reply : { ...reply, headers: { ...rateHeaders(), ...reply.headers } };
    },
    { record: opts.record, port: opts.port, failureBody },
  );

  const reset = server.reset.bind(server);
  // A live getter: Object.assign would copy its value once.
  Object.defineProperty(server, 'searchThrottled', { get: () => state.searchThrottled, enumerable: true });
  return Object.assign(server as FakeServer & { readonly searchThrottled: number }, {
    data,
    issuedTokens,
    exhaustDailyQuota() {
      state.dailySpent = true;
    },
    revokeToken(t: string) {
      valid.delete(t);
    },
    reset() {
      reset();
      state.dailySpent = false;
      state.searchThrottled = 0;
      searchTimes.length = 0;
    },
  });
}

export type { CrmRecord, HubspotData, Json, ObjectType } from './data.js';
