/**
 * The workspace's own built output, which the suites load with Node's own module loader
 * (vitest.config.ts `server.deps.external`).
 *
 * The suites import the packages by name (`@switchyard/runtime`, `@switchyard/server`, …), which
 * resolves through the workspace's links to each package's built `dist/` (`pnpm test` builds
 * first). Vitest runs every module outside node_modules through its own module runner: it fetches
 * the file from vitest's main thread, rewrites each import into a call of its own and each use of
 * an imported name into a property read, and evaluates the result. That is right for the suites'
 * TypeScript, and a waste for JavaScript that Node runs as it is: the runtime's and the service's
 * hot paths ran every call between their modules through those property reads, and every worker
 * fetched and evaluated the packages' modules again. Loaded by Node instead, the run used about 10
 * CPU seconds less in two interleaved pairs of runs (CONTRIBUTING.md, "Where the suite's time goes").
 *
 * Only `.js` under a `dist/` folder outside node_modules: a dependency's own `dist/` keeps vitest's
 * rules (some must be inlined for Node to load them at all).
 */
export const WORKSPACE_BUILT_OUTPUT = /^(?!.*\/node_modules\/).*\/dist\/.*\.js$/;
