import type { BundledFake } from './bundled.js';
import { startLinearFake } from './linear/index.js';

export { LINEAR_FAKE_SDL, startLinearFake, type LinearData, type LinearFake, type LinearFakeOptions } from './linear/index.js';

/** `switchyard fake issue-tracker` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'issue-tracker',
  vendor: 'Linear GraphQL API',
  start: (options) => startLinearFake({ ...options }),
  baseUrl: (fake) => fake.url,
  credentials: { api_key: 'lin_api_test' },
};
