import type { BundledFake } from './bundled.js';
import { startHubspotFake } from './hubspot/index.js';

export { startHubspotFake, type HubspotData, type HubspotFake, type HubspotFakeOptions } from './hubspot/index.js';

/** `switchyard fake crm` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'crm',
  vendor: 'HubSpot CRM API v3',
  start: (options) => startHubspotFake({ ...options }),
  baseUrl: (fake) => `${fake.url}/crm/v3`,
  credentials: { access_token: 'pat-na1-test-token' },
};
