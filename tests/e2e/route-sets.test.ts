// The route set is a build setting: a private build does not serve the public forms.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formsOf, routeSetTable, type RoutesTable } from '../../src/engine/definition/routes.ts';
import routes from '../../routes.json' with { type: 'json' };
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
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
});

it('a public build holds neither the code nor the texts of private pages', async () => {
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-public-build-'));
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', publicDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      env: { ...process.env, ROUTE_SET: 'public' },
      stdio: 'pipe',
    });
    const assets = path.join(publicDir, 'assets');
    const files = fs.readdirSync(assets, { recursive: true, encoding: 'utf8' }).filter((name) => fs.statSync(path.join(assets, name)).isFile());
    const code = files.map((name) => fs.readFileSync(path.join(publicDir, 'assets', name), 'utf8')).join('\n');
    const textsOf = (form: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'build/forms/locales/en', `${form}.json`), 'utf8')) as Record<string, string>;
    const publicForms = formsOf(routeSetTable(routes as unknown as RoutesTable, 'public'));
    const publicTexts = new Set(publicForms.flatMap((form) => Object.values(textsOf(form))));
    // The employee survey (/employee) and the retail survey (/survey/retail) are private routes.
    for (const privateForm of ['employee-survey', 'retail-survey']) {
      expect(files.filter((name) => name.startsWith(privateForm))).toEqual([]);
      const own = Object.entries(textsOf(privateForm)).filter(([, text]) => text.length > 12 && !publicTexts.has(text));
      expect(own.length).toBeGreaterThan(5);
      for (const [key, text] of own) expect(code.includes(text), `${privateForm} ${key}: ${text}`).toBe(false);
    }
    // Staff pages (the chat) are not in it either: no chunk, and no call to their API.
    expect(files.filter((name) => /^(ChatPage|chatLoader|chatApi)-/.test(name))).toEqual([]);
    expect(code).not.toContain('/api/chat/');
    expect(code).not.toContain('Employee Satisfaction Survey');
    expect(code).not.toContain('Survey Retail');
    // Nor the staff console's content forms (forms/content/content-<collection>.json).
    const contentForms = fs.readdirSync(path.join(ROOT, 'forms/content')).map((name) => name.replace(/\.json$/, ''));
    expect(files.filter((name) => contentForms.some((form) => name.startsWith(`${form}-`) || name.startsWith(`${form}.`)))).toEqual([]);
    // The public forms are there, each with its own chunk.
    expect(files.some((name) => name.startsWith('loyalty-registration'))).toBe(true);
    expect(code).toContain('Whistle Blower');
    // The perks page of a public build has no sign-in page to send an employee to: it says so.
    const publicServer = await startTestServer({ webDistDir: publicDir });
    try {
      const page = await browser.newPage();
      await page.goto(`${publicServer.url}/employee/perks`);
      await page.getByText('Redeeming needs the employee sign-in, which this site does not offer. Issues? Please contact the IT service desk.').waitFor();
      expect(await page.getByRole('link', { name: 'Redeem' }).count()).toBe(0);
      await page.goto(`${publicServer.url}/login`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
    } finally {
      await publicServer.close();
    }
  } finally {
    fs.rmSync(publicDir, { recursive: true, force: true });
  }
  // A whole build runs inside: as long as the private build of beforeAll may take on a loaded machine.
}, 180_000);

it('a private build still has the error page, which belongs to both sets', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/error`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
  await expect.poll(() => page.title()).toBe('Doha Oasis | Not Found');
});
