// globalSetup of the e2e project: one Chromium for the whole run (launching one costs about a second
// per file on this machine, connecting about 0.1 s), and one folder for the shared servers' databases,
// removed at the end (the worker processes that hold them are ended, not closed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared servers (tests/e2e/harness.ts sharedE2E) keep their databases. */
    sharedDataRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const sharedDataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-shared-'));
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint());
  project.provide('sharedDataRoot', sharedDataRoot);
  return async () => {
    await chromiumServer.close();
    fs.rmSync(sharedDataRoot, { recursive: true, force: true });
  };
}
