/**
 * The test files vitest runs (vitest.config.ts `include`), in a module of their own so tests that
 * reason about the suite (catalog-dependents.ts, the add/remove check) read the same globs without
 * loading the config.
 */
export const SUITE_INCLUDE = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'generator/test/**/*.test.ts'];

/**
 * The suites that run with vitest's module isolation (`isolate: true`: a fresh module graph for
 * every file). Every other suite shares its worker's modules with the files that ran there before it
 * (`isolate: false`), which more than halved the CPU of the runtime's and the families' suites
 * (CONTRIBUTING.md, "Where the suite's time goes"). Isolated: the suites that start services and
 * processes or wire the service's parts (server, MCP, hosted, plug-ins, packaging, examples, README
 * runs) and the generator's (one mocks a module). A suite elsewhere must not mock modules or change
 * process-wide state it does not restore: test/support/shared-modules.test.ts checks it.
 */
export const ISOLATED_SUITES = [
  'packages/server/test/**/*.test.ts',
  'packages/mcp/test/**/*.test.ts',
  'generator/test/**/*.test.ts',
  'test/docs/**/*.test.ts',
  'test/example/**/*.test.ts',
  'test/hosted/**/*.test.ts',
  'test/packaging/**/*.test.ts',
  'test/plugins/**/*.test.ts',
];
