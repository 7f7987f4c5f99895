// The authors' live preview (npm run forms:preview): an edited label shows in both languages,
// and broken JSON is explained at its line.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';

let vite: ViteDevServer;
let browser: TestBrowser;
let page: Page;

/** Selects `text` in the editor (one highlighted token, its first occurrence on screen) and types `replacement` over it, as an author would. */
async function replaceInEditor(text: string, replacement: string) {
  await page.locator('.cm-content').click();
  await page.evaluate((needle) => {
    const walker = document.createTreeWalker(document.querySelector('.cm-content')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return;
    }
    throw new Error(`"${needle}" is not in the editor`);
  }, text);
  await page.keyboard.type(replacement);
}

beforeAll(async () => {
  vite = await createServer({
    configFile: resolve(import.meta.dirname, '../../preview/vite.config.ts'),
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  await vite.listen();
  browser = await launchBrowser();
  page = await browser.newPage();
  page.setViewportSize({ width: 1600, height: 1000 });
  const { port } = vite.httpServer!.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/preview/?form=dining-survey`);
  await page.locator('[data-lang="ar"] h1').waitFor({ timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vite?.close();
});

describe('the live preview', () => {
  it('shows the form in each of its languages, left to right and right to left', async () => {
    expect(await page.locator('[data-lang="en"]').getAttribute('dir')).toBe('ltr');
    expect(await page.locator('[data-lang="ar"]').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => page.locator('[data-lang="en"]').textContent()).toContain('Meal Period');
    await expect.poll(() => page.locator('[data-lang="ar"]').textContent()).toContain('الوجبة');
  });
  it('gives every element its own id, so a label in the Arabic column never points at an English input', async () => {
    const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const arabic = page.locator('[data-lang="ar"]');
    const forId = await arabic.locator('label[for]').first().getAttribute('for');
    expect(forId).toMatch(/^preview_ar_/);
    expect(await arabic.locator(`[id="${forId}"]`).count()).toBe(1);
  });
  it('re-renders an edited label in both languages', async () => {
    await replaceInEditor('"Meal Period"', '"Time of your meal"');
    await replaceInEditor('"الوجبة"', '"وقت الوجبة"');
    await expect.poll(() => page.locator('[data-lang="en"]').textContent(), { timeout: 40_000 }).toContain('Time of your meal');
    await expect.poll(() => page.locator('[data-lang="ar"]').textContent(), { timeout: 40_000 }).toContain('وقت الوجبة');
  });
  it('explains broken JSON at its line and keeps showing the last valid form', async () => {
    await replaceInEditor('"Your Voice, Our Improvement"', '"Your Voice" "Our Improvement"');
    // The title's line in the file as it is: the broken text is at its 33rd column.
    const titleLine =
      readFileSync(resolve(import.meta.dirname, '../../forms/dining-survey.json'), 'utf8')
        .split('\n')
        .findIndex((line) => line.includes('"Your Voice, Our Improvement"')) + 1;
    await expect.poll(() => page.locator('.preview-problems').textContent(), { timeout: 40_000 }).toContain(`line ${titleLine}:33`);
    expect(await page.locator('.preview-problems').textContent()).toContain('the JSON is broken here: a comma is missing between two entries');
    expect(await page.locator('[data-lang="en"]').textContent()).toContain('Time of your meal');
  });
  it('validates a submission with the compiled contract and shows the JSON that would be stored', async () => {
    await page.locator('.preview-bar select').selectOption('whistle-blower');
    await page.locator('[data-lang="en"] h1').waitFor();
    const english = page.locator('[data-lang="en"]');
    await english.locator('textarea').first().fill('The fire exit behind the kitchen is blocked.');
    await english.locator('[id="preview_en_acknowledgement"]').check();
    await english.locator('button[type="submit"]').click();
    await expect
      .poll(() => english.locator('.preview-stored pre').textContent(), { timeout: 40_000 })
      .toContain('"incident_or_concern": "The fire exit behind the kitchen is blocked."');
    expect(await english.locator('.preview-stored h2').textContent()).toContain('employee-whistle-blower');
  });
});
