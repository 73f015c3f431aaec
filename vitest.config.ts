import { configDefaults, defineConfig } from 'vitest/config';
import { WORKSPACE_BUILT_OUTPUT } from './test/support/built-output.js';
import { REPO_ROOT, specNames } from './test/support/connectors.js';
import { connectorTags, leftOutMessage, suitesWithoutTheirConnectors } from './test/support/example-connectors.js';
import LongFirstSequencer, { LONG_TAG } from './test/support/long-first-sequencer.js';
import { applyRunnerV8Flags } from './test/support/runner-v8-flags.js';
import { useScratchDir } from './test/support/scratch-dir.js';
import { testWorkers } from './test/support/test-workers.js';
import { ISOLATED_SUITES, SUITE_INCLUDE } from './test/support/suites.js';

// A suite that uses a connector as its example (`@module-tag connector/<family>`) is left out, with
// a line saying so, when that connector's spec is gone (test/support/example-connectors.ts).
const present = specNames();
const leftOut = suitesWithoutTheirConnectors(REPO_ROOT, SUITE_INCLUDE, present);
for (const suite of leftOut) console.warn(leftOutMessage(suite));

// Temporary files in memory when the machine has a tmpfs with room (test/support/scratch-dir.ts),
// set before any worker starts so they and every process they start inherit it.
const scratch = useScratchDir();
if (scratch) console.info(`[switchyard] ${scratch}`);

// V8 optimizes less eagerly in this process, whose worker threads run the suites: on Node 20, a
// fourfold interrupt budget, set before any worker starts (test/support/runner-v8-flags.ts says why;
// CONTRIBUTING.md has the figures). The processes the suites start keep Node's defaults.
applyRunnerV8Flags();

const excluded = [...configDefaults.exclude, ...leftOut.map(({ file }) => file)];

export default defineConfig({
  test: {
    // Two projects over the same files: the suites that mock a module keep vitest's module
    // isolation, every other suite shares its worker's modules (test/support/suites.ts says which
    // and why; CONTRIBUTING.md has the figures).
    projects: [
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED_SUITES, exclude: excluded },
      },
      {
        extends: true,
        // The type tests are checked once, in the project above.
        test: {
          name: 'shared-modules',
          include: SUITE_INCLUDE,
          exclude: [...excluded, ...ISOLATED_SUITES],
          isolate: false,
          // What a test stubs with vi.stubEnv or vi.stubGlobal is undone before the next one.
          unstubEnvs: true,
          unstubGlobals: true,
          typecheck: { enabled: false },
        },
      },
    ],
    // No `include` or `exclude` here: `extends: true` would add them to each project's lists.
    tags: [...connectorTags(present), LONG_TAG],
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content, id and Vite's configuration), so a rerun skips most of the transform: it cost
    // about 12 CPU seconds of every run (CONTRIBUTING.md, "Where the suite's time goes").
    experimental: { fsModuleCache: true },
    // The packages' built `dist/` (what the suites import by name) is loaded by Node itself, not
    // run through vitest's module runner: about 10 CPU seconds of a run
    // (test/support/built-output.ts says why; CONTRIBUTING.md has the figures).
    server: { deps: { external: [WORKSPACE_BUILT_OUTPUT] } },
    // A timeout is there to end a test that hangs, not to judge speed (bench/ does that). CI runs
    // every file beside three others on two cores; a test that opens a few stores took 11 s on a
    // slow machine and outlasted 20 s in CI's add-a-connector copy, where its suites run at once,
    // and the slowest tests on this default take up to 26 s in CI: twice 60 s leaves room for a
    // slower machine (CONTRIBUTING.md, "Tests that hold on a loaded machine").
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Loopback fakes bind port 0, so files can run in parallel safely.
    pool: 'threads',
    // Two files more than the cores. Vitest's default is one fewer than the cores (a single worker
    // on 2 cores, so the whole suite ran one file at a time), yet much of a file's time is spent
    // waiting: on processes it started (the CLI, pnpm, tsc), on the vendors' documented rate
    // spacing, on services starting. On 2 cores, 4 at once beat 3 and 5 (CONTRIBUTING.md, "Where
    // the suite's time goes", has the figures); SWITCHYARD_TEST_WORKERS sets another number
    // (test/support/test-workers.ts).
    maxWorkers: testWorkers(),
    // Files tagged `long` start first, so the run is not left waiting on one at its end.
    sequence: { sequencer: LongFirstSequencer },
    typecheck: {
      // Type tests (`*.test-d.ts`, in the family folder of the connector they type-check) are checked
      // by tsc alongside the runtime tests, so a generated type that regresses fails `pnpm test` and
      // counts in its report. They import the connectors by package name, which resolves to the built
      // `dist/*.d.ts` (`pnpm test` builds first).
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      // Their own project: only the type tests and what they import, not the whole root project
      // (`pnpm typecheck` covers that).
      tsconfig: 'test/tsconfig.types.json',
    },
  },
});
