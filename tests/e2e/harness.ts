// What every e2e test needs: the real server (real database) serving the real built pages,
// a real Chromium, and the local reCAPTCHA stand-in script (Google cannot be reached here).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, type BrowserOptions, type TestBrowser } from '../support/browser.ts';
import type { ServerConfig } from '../../src/server/core/config.ts';
import { preparedDataDir, ROOT, startTestServer, type Json, type TestServer } from '../support/server.ts';
import { codeOf, contactKey } from '../../src/server/features/returning/codes.ts';

export const DIST = path.join(ROOT, 'dist');
const STAND_IN = path.join(ROOT, 'tests/support/grecaptcha-standin.js');

export interface E2E {
  server: TestServer;
  browser: TestBrowser;
  /** A fresh tab at `pathname` on the server, waiting until the page has rendered (and hydrated). */
  open(pathname: string): Promise<Page>;
  /**
   * `page` (a tab kept for many addresses) at `pathname`, waiting as open() does. A test that only reads
   * page after page keeps one tab: a new one starts a renderer of its own and compiles the pages' code
   * again, about a second of Chromium's CPU a page here.
   */
  visit(page: Page, pathname: string): Promise<Page>;
  /** A fresh tab signed in as `account` (the login call sets the HttpOnly cookie), on `pathname`. */
  signedIn(account: { email: string; password: string }, pathname: string): Promise<Page>;
  close(): Promise<void>;
}

/** Serves the stand-in script the way Google serves api.js: a script URL on another origin. */
async function serveStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (!request.url?.startsWith('/recaptcha/api.js')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    response.end(fs.readFileSync(STAND_IN));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/recaptcha/api.js`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The real server serving the built pages, its reCAPTCHA stand-in script beside it. */
async function startPagesServer(overrides: Partial<ServerConfig>): Promise<{ server: TestServer; close(): Promise<void> }> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('The pages are not built: run `npm run build` before the e2e tests.');
  const standIn = await serveStandIn();
  // The real server serves /runtime-config.js from these settings and allows the script's origin in its CSP.
  const server = await startTestServer({ webDistDir: DIST, recaptchaScriptUrl: standIn.url, recaptchaSiteKey: 'e2e-site-key', ...overrides });
  return {
    server,
    async close() {
      await server.close();
      await standIn.close();
    },
  };
}

function e2eOn(server: TestServer, browser: TestBrowser, closeServer: () => Promise<void>): E2E {
  const visit = async (page: Page, pathname: string) => {
    await page.goto(`${server.url}${pathname}`);
    await page.locator('h1').first().waitFor();
    // A form page arrives rendered by the server: it answers the guest once hydrated.
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    return page;
  };
  return {
    server,
    browser,
    visit,
    async open(pathname) {
      return visit(await browser.newPage(), pathname);
    },
    async signedIn(account, pathname) {
      const page = await browser.newPage();
      const login = await page.context().request.post(`${server.url}/api/users/login`, { data: account });
      if (login.status() !== 200) throw new Error(`Signing in as ${account.email} answered ${login.status()}`);
      await page.goto(`${server.url}${pathname}`);
      await page.locator('h1').first().waitFor();
      return page;
    },
    async close() {
      await browser.close();
      await closeServer();
    },
  };
}

/** A server of this file's own: for settings of its own (overrides: e.g. ALTCHA_MODE), or a test that counts or changes what every file sees. */
export async function startE2E(overrides: Partial<ServerConfig> = {}): Promise<E2E> {
  const pages = await startPagesServer(overrides);
  return e2eOn(pages.server, await launchBrowser(), pages.close);
}

const SHARED = Symbol.for('venue-forms.e2e.sharedServer');
type WithShared = typeof globalThis & { [SHARED]?: Promise<TestServer> };

/**
 * The default server shared by the e2e files of this worker process (vitest.config.ts runs the files
 * calling this one after another in each worker, isolate: false): starting one costs 5-10 s here. A file that uses
 * it reads only what it created (its reference, its unique answers), never counts rows or the latest
 * submission of a form, signs no one in (10 logins per address and minute) and changes no account or
 * content another file reads. close() closes the file's browser contexts; the server lives on until
 * the worker ends, its database in the run's folder, removed by the globalSetup (tests/support/e2e-setup.ts).
 * browserOptions: the file's pages may register the service worker (BrowserOptions, tests/support/browser.ts).
 */
export async function sharedE2E(browserOptions: BrowserOptions = {}): Promise<E2E> {
  const shared = globalThis as WithShared;
  shared[SHARED] ??= preparedDataDir({ parent: inject('sharedDataRoot') })
    .then((dataDir) => startPagesServer({ dataDir }))
    .then((pages) => pages.server);
  const server = await shared[SHARED];
  return e2eOn(server, await launchBrowser(browserOptions), async () => undefined);
}

/** Today's date as the page computes it (the browser runs on this machine, in its time zone). */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The returning-guest code last mailed to `email`, as the mail carries it (derived from its salt with the server's secret: never stored). */
export async function mailedReturningCode(server: TestServer, email: string): Promise<string> {
  const key = contactKey(server.ctx.jwtSecret, { kind: 'email', value: email });
  const { rows } = await server.ctx.db.query<{ salt: string }>('SELECT salt FROM returning_codes WHERE contact_key = $1 ORDER BY id DESC LIMIT 1', [key]);
  return codeOf(server.ctx.jwtSecret, rows[0].salt);
}

/**
 * A waiver's returning-guest step from the keyboard only: opened, given `email` and sent, until the page
 * says a code was sent and the code field has the focus.
 */
export async function askForReturningCode(page: Page, email: string): Promise<void> {
  await page.locator('details.returning-guest > summary', { hasText: 'Signed with us before?' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Phone number or email address').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'we sent a code to its email address' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code');
}

/** The stored submissions of a collection, read by staff who may read every form (whistle-blower reports are compliance's only; the public key reads none). */
export async function storedDocs(server: TestServer, collection: string, where: Record<string, string> = {}): Promise<Record<string, Json>[]> {
  const filters = Object.entries(where)
    .map(([field, value]) => `&where[${field}][equals]=${encodeURIComponent(value)}`)
    .join('');
  const answer = await server.api(`/api/${collection}?limit=100&depth=0&sort=-createdAt${filters}`, {
    as: 'none',
    headers: await server.staffAs(['admin', 'compliance']),
  });
  if (answer.status !== 200) throw new Error(`Reading ${collection} as staff answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.docs;
}

/** Waits until everything answered on the page is in its draft (the form's data-draft marker, draftStatus.tsx). */
export async function draftSaved(page: Page): Promise<void> {
  await page.locator('[data-draft="saved"]').waitFor({ state: 'attached' });
}

/** Width past the screen at 320 px, at normal text and with the browser's text size doubled (then the page's own size and text again). */
export async function sidewaysAt320(page: Page): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  const before = page.viewportSize();
  const over: number[] = [];
  await page.setViewportSize({ width: 320, height: 800 });
  for (const scale of [1, 2]) {
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * scale, fixed: 13 * scale } });
    over.push(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
  }
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
  if (before) await page.setViewportSize(before);
  await cdp.detach();
  return over;
}

/** Presses Tab until the focused element matches `selector`: how a keyboard user gets there (at most `limit` presses). */
export async function tabTo(page: Page, selector: string, limit = 60): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** A new tab of `context` (e.g. a signed-in one) on `pathname`, once its main heading reads `heading`. */
export async function openWithHeading(context: BrowserContext, e2e: E2E, pathname: string, heading: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

/** The sandboxed frame running the scripts of the document the page names (a restaurant's tag), once the page holds it. */
export function pageScriptsFrame(page: Page): Frame | undefined {
  return page.frames().find((frame) => new URL(frame.url(), 'http://x').pathname.startsWith('/page-scripts/'));
}

/**
 * The forms' drafts kept on this page's device (src/web/offline/draftStore.ts), opened the way the
 * page opens them: with the device's own key, usable in the page but never readable out of it.
 */
export async function deviceDrafts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'venue-forms-device')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('venue-forms-device');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(store: string, key?: string) =>
      new Promise<T>((resolve) => {
        const objects = db.transaction(store).objectStore(store);
        const request = key === undefined ? objects.getAll() : objects.get(key);
        request.onsuccess = () => resolve(request.result as T);
      });
    const key = await read<CryptoKey>('key', 'seal');
    const rows = await read<{ iv: Uint8Array<ArrayBuffer>; sealed: ArrayBuffer }[]>('drafts');
    db.close();
    return Promise.all(rows.map(async (row) => new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: row.iv }, key, row.sealed))));
  });
}
