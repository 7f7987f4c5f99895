// Release gate: every route of routes.json, in every language it offers, passes axe-core's WCAG 2.2
// A and AA rules in its first state and after an empty submit, and no page is wider than a 320 px
// or 390 px phone. The list comes from routes.json, so a page added later is gated with no change here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCases } from '../../scripts/lib/local-site.ts';
import { startE2E, type E2E } from './harness.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const AXE = readFileSync(resolve(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const cases = routeCases();

let e2e: E2E;
let context: BrowserContext;
beforeAll(async () => {
  e2e = await startE2E();
  // axe is injected as a script: the pages' Content-Security-Policy would (rightly) refuse it.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const result = (await page.evaluate((tags) => (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }), WCAG)) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function overflow(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 844 });
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('accessibility gate', () => {
  for (const { path, lang, form } of cases) {
    it(`${path} in ${lang}`, async () => {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.locator('h1').first().waitFor();
      expect(await violations(page), 'first state').toEqual([]);
      for (const width of [320, 390]) expect(await overflow(page, width), `wider than ${width} px`).toBeLessThanOrEqual(0);
      if (form) {
        const submit = page.locator('form button[type=submit]');
        if ((await submit.count()) === 1 && (await submit.isEnabled())) {
          await submit.click();
          await page.locator('.error-summary, [role=alert]').first().waitFor({ timeout: 5000 }).catch(() => undefined);
          expect(await violations(page), 'after an empty submit').toEqual([]);
        }
      }
      await page.close();
    });
  }
});
