/**
 * The test files vitest runs (vitest.config.ts `include`), in a module of their own so tests that
 * reason about the suite (catalog-dependents.ts, the add/remove check) read the same globs without
 * loading the config.
 */
export const SUITE_INCLUDE = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'generator/test/**/*.test.ts'];
