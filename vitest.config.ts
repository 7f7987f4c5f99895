import { defineConfig } from 'vitest/config';
import { routeSetPlugin } from './scripts/lib/route-set-plugin.ts';

// Unit, api (real server + PGlite) and e2e (real Chromium) tests; two cores, so two workers.
// Unit tests of the page's route table see the same `virtual:route-set` as a default build.
// The e2e files share one Chromium (globalSetup) and, where they can, one server per worker
// (tests/e2e/harness.ts sharedE2E), so a worker runs its e2e files in one process (isolate: false).
export default defineConfig({
  plugins: [routeSetPlugin('default')],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit-api', include: ['tests/**/*.test.ts'], exclude: ['**/node_modules/**', 'tests/e2e/**'] } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], isolate: false, globalSetup: ['tests/support/e2e-setup.ts'] } },
    ],
  },
});
