import { defineConfig } from 'vitest/config';
import { routeSetPlugin } from './scripts/lib/route-set-plugin.ts';

// Unit, api (real server + PGlite) and e2e (real Chromium) tests; two cores, so two workers.
// Unit tests of the page's route table see the same `virtual:route-set` as a default build.
export default defineConfig({
  plugins: [routeSetPlugin('default')],
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
