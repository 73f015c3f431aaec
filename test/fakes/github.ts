import type { BundledFake } from './bundled.js';
import { startGitHubFake } from './github/index.js';

export { SECONDARY_LIMIT_MESSAGE, startGitHubFake, type GitHubData, type GitHubFake, type GitHubFakeOptions } from './github/index.js';

/** `switchyard fake code-hosting` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: 'code-hosting',
  vendor: 'GitHub GraphQL API',
  start: (options) => startGitHubFake({ ...options }),
  baseUrl: (fake) => fake.url,
  credentials: { token: 'ghp_test' },
};
