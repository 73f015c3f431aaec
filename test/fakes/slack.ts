import type { BundledFake } from './bundled.js';
import { startSlackFake } from './slack/index.js';

export { startSlackFake, type SlackFake, type SlackFakeOptions } from './slack/index.js';
export type { SlackChannel, SlackData, SlackMessage, SlackUser } from './slack/index.js';

/** `switchyard fake messaging` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'messaging',
  vendor: 'Slack Web API',
  start: (options) => startSlackFake({ ...options }),
  baseUrl: (fake) => `${fake.url}/api`,
  credentials: { api_token: 'xoxb-test-token' },
};
