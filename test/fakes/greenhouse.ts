import type { BundledFake } from './bundled.js';
import { startGreenhouseFake } from './greenhouse/index.js';

export { startGreenhouseFake, type GreenhouseData, type GreenhouseFake, type GreenhouseFakeOptions } from './greenhouse/index.js';

/** `switchyard fake recruiting` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'recruiting',
  vendor: 'Greenhouse Harvest API',
  start: (options) => startGreenhouseFake({ ...options }),
  baseUrl: (fake) => `${fake.url}/v1`,
  credentials: { api_key: 'gh_test_key' },
};
