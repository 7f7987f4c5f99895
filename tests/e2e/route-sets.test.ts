// The route set is a build setting: a private build does not serve the public forms.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { ROOT, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: TestBrowser;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-private-build-'));

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, ROUTE_SET: 'private' },
    stdio: 'pipe',
  });
  server = await startTestServer({ webDistDir: outDir });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(outDir, { recursive: true, force: true });
});

it('a private build answers Not Found for the public loyalty registration', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/printemps/loyalty-registration`);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
});

it('a private build still has the error page, which belongs to both sets', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/error`);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
  expect(await page.title()).toBe('Doha Oasis | Not Found');
});
