import type { BundledFake } from './bundled.js';
import { startZendeskFake } from './zendesk/index.js';

export { startZendeskFake, type Json, type ZendeskData, type ZendeskFake, type ZendeskFakeOptions } from './zendesk/index.js';

/** `switchyard fake support-desk` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'support-desk',
  vendor: 'Zendesk Support API v2',
  start: (options) => startZendeskFake({ ...options }),
  baseUrl: (fake) => `${fake.url}/api/v2`,
  credentials: { email: 'agent@acme.example', api_token: 'zd_test_token' },
  // The family's base URL names the account's subdomain; the fake answers for any.
  config: { subdomain: 'acme' },
};
