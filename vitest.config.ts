import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { routeSetPlugin } from './scripts/lib/route-set-plugin.ts';

// Unit, api (real server + PGlite) and e2e (real Chromium) tests; two cores, so two workers.
// Unit tests of the page's route table see the same `virtual:route-set` as a default build.
// The e2e files share one Chromium (globalSetup). The files on the shared server (they call
// sharedE2E, tests/e2e/harness.ts) run one after another in each worker's process (isolate: false);
// a file with a server of its own keeps a process of its own, because the pages' server-side render
// module is loaded once per process and answers through the server that started last.
const E2E = path.join(import.meta.dirname, 'tests/e2e');
const onSharedServer = fs
  .readdirSync(E2E)
  .filter((name) => name.endsWith('.test.ts') && fs.readFileSync(path.join(E2E, name), 'utf8').includes('sharedE2E('))
  .map((name) => `tests/e2e/${name}`);
// A browser page shows what a test waits for when the machine gets to it: polls wait up to 10 s (vitest's default is 1 s).
const e2e = { globalSetup: ['tests/support/e2e-setup.ts'], expect: { poll: { timeout: 10_000 } } };

export default defineConfig({
  plugins: [routeSetPlugin('default')],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit-api', include: ['tests/**/*.test.ts'], exclude: ['**/node_modules/**', 'tests/e2e/**'] } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: onSharedServer, ...e2e } },
      { extends: true, test: { name: 'e2e-shared', include: onSharedServer, isolate: false, ...e2e } },
    ],
  },
});
