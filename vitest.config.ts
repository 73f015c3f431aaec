import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'generator/test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Loopback fakes bind port 0, so files can run in parallel safely.
    pool: 'threads',
    typecheck: {
      // Type tests (`*.test-d.ts`) are checked by tsc alongside the runtime tests, so a generated type
      // that regresses fails `pnpm test` and counts in its report. They import the connectors by
      // package name, which resolves to the built `dist/*.d.ts` (`pnpm test` builds first).
      enabled: true,
      include: ['test/types/**/*.test-d.ts'],
      // Their own project: only the type tests and what they import, not the whole root project
      // (`pnpm typecheck` covers that).
      tsconfig: 'test/types/tsconfig.json',
    },
  },
});
