import { defineConfig } from 'vitest/config';

// Unit, api (real server + PGlite) and e2e (real Chromium) tests; two cores, so two workers.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
