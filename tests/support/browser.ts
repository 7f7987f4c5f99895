// Real Chromium for the e2e tests. chromium.launch gives every run a fresh temporary profile, and
// every page opens in its own browser context, so no draft, cookie or cache leaks between tests.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface TestBrowser {
  browser: Browser;
  /** A page in a new, empty browser context (its own storage), as a first-time visitor. */
  newPage(options?: { locale?: string }): Promise<Page>;
  /** Console messages and uncaught errors of every page, to explain a failure. */
  logs: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const logs: string[] = [];
  const contexts: BrowserContext[] = [];
  return {
    browser,
    logs,
    async newPage(options = {}) {
      const context = await browser.newContext({ locale: options.locale ?? 'en-US', viewport: { width: 420, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => logs.push(`[${message.type()}] ${message.text()}`));
      page.on('pageerror', (error) => logs.push(`[pageerror] ${error.message}`));
      return page;
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
    },
  };
}
