import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { routeSetPlugin } from './scripts/lib/route-set-plugin.ts';

// Unit, api (real server + PGlite) and e2e (real Chromium) tests; two cores, so two workers.
// Unit tests of the page's route table see the same `virtual:route-set` as a default build.
// Every project runs its files one after another in each worker's process (isolate: false): loading
// the server's modules and its first start (PGlite's WebAssembly, the route schemas) cost 5-10 s of
// CPU per process here, once per worker instead of once per file. Each file still starts and closes
// servers of its own (tests/support/server.ts); vitest gives a process to one project only.
// The e2e files share one Chromium (globalSetup). The files on the shared server (they call
// sharedE2E, tests/e2e/harness.ts) are a project of their own: the pages' server-side render module
// is loaded once per process and answers through the server that started last, so no file with a
// server of its own may run in their process (a file of the e2e project closes its servers before the next starts its own).
const E2E = path.join(import.meta.dirname, 'tests/e2e');
const onSharedServer = fs
  .readdirSync(E2E)
  .filter((name) => name.endsWith('.test.ts') && fs.readFileSync(path.join(E2E, name), 'utf8').includes('sharedE2E('))
  .map((name) => `tests/e2e/${name}`);
// Test data (a PGlite cluster of about 1,000 files per server) goes to memory when the machine has
// /dev/shm: removing a data directory from this disk takes 1-3 s, from memory a tenth of that. Set
// here, so the globalSetup, the workers and what they start all see it; a TMPDIR of the caller's own wins.
if (!process.env.TMPDIR && isWritableDir('/dev/shm')) process.env.TMPDIR = '/dev/shm';
// A browser page shows what a test waits for when the machine gets to it: polls wait up to 10 s (vitest's default is 1 s).
const e2e = { globalSetup: ['tests/support/e2e-setup.ts'], expect: { poll: { timeout: 10_000 } } };

function isWritableDir(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

export default defineConfig({
  plugins: [routeSetPlugin('default')],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit-api', include: ['tests/**/*.test.ts'], exclude: ['**/node_modules/**', 'tests/e2e/**'], isolate: false } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: onSharedServer, isolate: false, ...e2e } },
      { extends: true, test: { name: 'e2e-shared', include: onSharedServer, isolate: false, ...e2e } },
    ],
  },
});
