// Real Chromium for the e2e tests. One Chromium serves the whole run (tests/support/e2e-setup.ts,
// the e2e project's globalSetup); each test file connects to it, which is cheap, and every page opens
// in its own browser context, so no draft, cookie or cache leaks between tests or files. Closing the
// connection closes every context the file opened. Outside the e2e project a file launches its own.
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address (chromium.launchServer), set by the e2e project's globalSetup. */
    chromiumEndpoint: string;
  }
}

export interface TestBrowser {
  browser: Browser;
  /** A page in a new, empty browser context (its own storage), as a first-time visitor (service worker: BrowserOptions). */
  newPage(options?: { locale?: string }): Promise<Page>;
  /** Console messages and uncaught errors of every page, to explain a failure. */
  logs: string[];
  close(): Promise<void>;
}

async function connectOrLaunch(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    endpoint = inject('chromiumEndpoint');
  } catch {
    // not inside a vitest worker (a script): launch
  }
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface BrowserOptions {
  /**
   * Whether the pages may register the service worker (src/web/sw/sw.ts). Blocked unless a file asks
   * (tests/e2e/offline.test.ts): installed, it precaches every form page's code in each new context,
   * about 0.4 s of Chromium's CPU per page opened here (0.69 s a first visit without it, 1.08 s with).
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function launchBrowser({ serviceWorkers = 'block' }: BrowserOptions = {}): Promise<TestBrowser> {
  const browser = await connectOrLaunch();
  // The contexts a test opens itself on `browser` (bypassCSP for axe, a viewport...) get the same default; their own setting wins.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
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
      // Also the contexts a test opened itself on `browser` (a shared Chromium outlives the file).
      await Promise.all([...contexts, ...browser.contexts()].map((context) => context.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

/** A download's bytes: download.path() is refused on a connected (shared) Chromium, the stream is not. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
