// npm run screenshots [-- <folder>] — every route of routes.json in every language its page offers,
// at a 390 px phone width, as PNG files in one folder (default screenshots/), for reviewing a
// pull request page by page. Runs the whole product on a free port with the demo content.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, routeCases, startLocalSite } from './lib/local-site.ts';

const folder = resolve(process.argv[2] ?? 'screenshots');
mkdirSync(folder, { recursive: true });
const site = await startLocalSite();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let written = 0;
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  for (const { path, lang } of routeCases()) {
    const page = await context.newPage();
    await page.goto(`${site.base}${path}?lang=${lang}`);
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const name = `${path.replace(/^\/$/, '/home').slice(1).replace(/[/:]+/g, '_')}.${lang}.png`;
    await page.screenshot({ path: resolve(folder, name), fullPage: true });
    await page.close();
    written++;
  }
} finally {
  await browser.close();
  site.close();
}
console.log(`Wrote ${written} screenshots (390 px wide) into ${folder}`);
