import type { BundledFake } from './bundled.js';
import { startIntercomFake } from './intercom/index.js';

export { startIntercomFake, type IntercomData, type IntercomFake, type IntercomFakeOptions } from './intercom/index.js';

/** `switchyard fake customer-messaging` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'customer-messaging',
  vendor: 'Intercom REST API 2.11',
  start: (options) => startIntercomFake({ ...options }),
  baseUrl: (fake) => fake.url,
  credentials: { access_token: 'ic_test_token' },
};
