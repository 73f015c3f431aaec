import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'generator/test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Loopback fakes bind port 0, so files can run in parallel safely.
    pool: 'threads',
  },
});
