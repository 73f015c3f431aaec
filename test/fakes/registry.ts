/**
 * Every bundled fake by the connector family it stands in for (specs/<family>.yaml): how to start
 * it, the base URL a connector (or the service's `--vendor-base-url`) points at, and credentials it
 * accepts, as a connector's `auth` / a connector record's `credentials`. `switchyard fake <family>`
 * reads this list; the tests check it has one entry per spec and that each entry works through its
 * generated connector. The fakes' own defaults are used throughout (each fake's header says them).
 */
import type { FakeServer } from './harness.js';
import { startGitHubFake } from './github.js';
import { startGongFake } from './gong.js';
import { startGreenhouseFake } from './greenhouse.js';
import { startHubspotFake } from './hubspot.js';
import { startIntercomFake } from './intercom.js';
import { startLinearFake } from './linear.js';
import { startSlackFake } from './slack.js';
import { startZendeskFake } from './zendesk.js';

export interface BundledFake {
  /** The connector family it stands in for: `specs/<family>.yaml`, `@switchyard/connector-<family>`. */
  readonly family: string;
  /** The vendor API it imitates. */
  readonly vendor: string;
  /** Starts it on 127.0.0.1 (`port` 0 or absent: a free one). */
  start(options?: { port?: number }): Promise<FakeServer>;
  /** The connector's base URL on this fake (the vendor's base path on the fake's origin). */
  baseUrl(fake: FakeServer): string;
  /** Credentials of one kind that the fake accepts. */
  readonly credentials: Readonly<Record<string, string>>;
  /** Config variables the connector family requires (the service stores them in the connector record). */
  readonly config?: Readonly<Record<string, unknown>>;
}

export const BUNDLED_FAKES: readonly BundledFake[] = [
  {
    family: 'code-hosting',
    vendor: 'GitHub GraphQL API',
    start: (options) => startGitHubFake({ ...options }),
    baseUrl: (fake) => fake.url,
    credentials: { token: 'ghp_test' },
  },
  {
    family: 'conversation-intelligence',
    vendor: 'Gong API v2',
    start: (options) => startGongFake({ ...options }),
    baseUrl: (fake) => `${fake.url}/v2`,
    credentials: { access_key: 'gong_test_key', access_key_secret: 'gong_test_secret' },
  },
  {
    family: 'crm',
    vendor: 'HubSpot CRM API v3',
    start: (options) => startHubspotFake({ ...options }),
    baseUrl: (fake) => `${fake.url}/crm/v3`,
    credentials: { access_token: 'pat-na1-test-token' },
  },
  {
    family: 'customer-messaging',
    vendor: 'Intercom REST API 2.11',
    start: (options) => startIntercomFake({ ...options }),
    baseUrl: (fake) => fake.url,
    credentials: { access_token: 'ic_test_token' },
  },
  {
    family: 'issue-tracker',
    vendor: 'Linear GraphQL API',
    start: (options) => startLinearFake({ ...options }),
    baseUrl: (fake) => fake.url,
    credentials: { api_key: 'lin_api_test' },
  },
  {
    family: 'messaging',
    vendor: 'Slack Web API',
    start: (options) => startSlackFake({ ...options }),
    baseUrl: (fake) => `${fake.url}/api`,
    credentials: { api_token: 'xoxb-test-token' },
  },
  {
    family: 'recruiting',
    vendor: 'Greenhouse Harvest API',
    start: (options) => startGreenhouseFake({ ...options }),
    baseUrl: (fake) => `${fake.url}/v1`,
    credentials: { api_key: 'gh_test_key' },
  },
  {
    family: 'support-desk',
    vendor: 'Zendesk Support API v2',
    start: (options) => startZendeskFake({ ...options }),
    baseUrl: (fake) => `${fake.url}/api/v2`,
    credentials: { email: 'agent@acme.example', api_token: 'zd_test_token' },
    // The family's base URL names the account's subdomain; the fake answers for any.
    config: { subdomain: 'acme' },
  },
];

/** The bundled fake of a connector family, if there is one. */
export function bundledFake(family: string): BundledFake | undefined {
  return BUNDLED_FAKES.find((fake) => fake.family === family);
}
