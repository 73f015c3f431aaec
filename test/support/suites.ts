/**
 * The test files vitest runs (vitest.config.ts `include`), in a module of their own so tests that
 * reason about the suite (catalog-dependents.ts, the add/remove check) read the same globs without
 * loading the config.
 */
export const SUITE_INCLUDE = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'generator/test/**/*.test.ts'];

/**
 * The suites that run with vitest's module isolation (`isolate: true`: a fresh module graph for
 * every file): only those that mock a module, since a mock does not reach a module another file
 * already loaded and would leak into the files after it. Every other suite shares its worker's
 * modules with the files that ran there before it (`isolate: false`): the service's, MCP's and the
 * generator's suites no longer load Fastify, PGlite's WebAssembly or ts-morph once per file, which
 * took the run's CPU down by about a tenth (CONTRIBUTING.md, "Where the suite's time goes"). A shared
 * suite must not mock modules or change process-wide state it does not restore:
 * test/support/shared-modules.test.ts checks it.
 */
export const ISOLATED_SUITES = ['generator/test/graphql.test.ts'];
