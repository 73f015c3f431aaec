import type { BundledFake } from './bundled.js';
import { startGongFake } from './gong/index.js';

export { startGongFake, type GongFake, type GongFakeOptions } from './gong/index.js';
export type { GongData, Json, Recording } from './gong/data.js';

/** `switchyard fake conversation-intelligence` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'conversation-intelligence',
  vendor: 'Gong API v2',
  start: (options) => startGongFake({ ...options }),
  baseUrl: (fake) => `${fake.url}/v2`,
  credentials: { access_key: 'gong_test_key', access_key_secret: 'gong_test_secret' },
};
