// Every page in Arabic shows Arabic: a Latin-script word on an Arabic page is an untranslated text,
// unless it is a name that stays the same in every language (brands, products, addresses), listed
// once in forms/untranslated-ok.json ("latinInArabic"). The routes come from routes.json.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCases } from '../../scripts/lib/local-site.ts';
import { startE2E, type E2E } from './harness.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const allowed = new Set((JSON.parse(readFileSync(resolve(ROOT, 'forms/untranslated-ok.json'), 'utf8')) as { latinInArabic: string[] }).latinInArabic.map((w) => w.toLowerCase()));

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Latin-script words in a text (letters with accents included); e-mail addresses and web addresses are not words. */
export function latinWords(text: string): string[] {
  const withoutAddresses = text.replace(/\S+@\S+|https?:\/\/\S+|\b[\w-]+\.(?:com|qa|org)\b/g, ' ');
  return withoutAddresses.match(/\p{Script=Latin}[\p{Script=Latin}'’-]*/gu) ?? [];
}

describe('Arabic pages show no Latin-script words but allowed names', () => {
  for (const { path, lang } of routeCases().filter((c) => c.lang === 'ar')) {
    it(path, async () => {
      const page = await e2e.open(`${path}${path.includes('?') ? '&' : '?'}lang=ar`);
      await page.waitForLoadState('networkidle');
      // What a reader sees and hears: the page text, the tab title, and the names and hints of controls.
      const shown = await page.evaluate(() => {
        const attributes = [...document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')].map((el) => ['placeholder', 'aria-label', 'title', 'alt'].map((a) => el.getAttribute(a) ?? '').join(' '));
        const options = [...document.querySelectorAll('option')].map((o) => o.textContent ?? '');
        return [document.title, document.body.innerText, ...attributes, ...options].join('\n');
      });
      const found = [...new Set(latinWords(shown).filter((word) => !allowed.has(word.toLowerCase())))];
      expect(found, `${path} in ${lang}`).toEqual([]);
      await page.close();
    });
  }
});
