// Every page in Arabic shows Arabic: a Latin-script word on an Arabic page is an untranslated text,
// unless it is a name that stays the same in every language (brands, products, addresses), listed
// once in forms/untranslated-ok.json ("latinInArabic"). The routes come from routes.json.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCases } from '../../scripts/lib/local-site.ts';
import { sharedE2E, type E2E } from './harness.ts';
import { sentRecoverySurvey } from '../support/recovery.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Allowed names, longest first, so "Doha Oasis" is taken out before "Doha" could be. */
const allowed = (JSON.parse(readFileSync(resolve(ROOT, 'forms/untranslated-ok.json'), 'utf8')) as { latinInArabic: string[] }).latinInArabic.sort(
  (a, b) => b.length - a.length,
);

let e2e: E2E;
/** One tab, from page to page (E2E.visit): a page is only read here, nothing typed, so none leaves a draft or a sign-in to the next. */
let tab: Page;
beforeAll(async () => {
  e2e = await sharedE2E();
  tab = await e2e.browser.newPage();
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
      // The recovery survey's page is at a signed link of a survey sent.
      const at = path === '/recovery/:token' ? (await sentRecoverySurvey(e2e.server, 'ar')).path : path;
      const page = await e2e.visit(tab, `${at}${at.includes('?') ? '&' : '?'}lang=ar`);
      await page.waitForLoadState('networkidle');
      // What a reader sees and hears: the tab title, every text (visually hidden ones too), and the
      // names and hints of controls; not text marked as another language (the language switch), nor
      // the reCAPTCHA stand-in of the tests (Google's own widget is worded in the page language).
      const shown = await page.evaluate(() => {
        const foreign = (el: Element | null) =>
          !el || Boolean(el.closest('script, style, noscript, .grecaptcha-standin') || el.closest('[lang]:not([lang="ar"])'));
        const texts: string[] = [document.title];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!foreign(node.parentElement)) texts.push(node.textContent ?? '');
        for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
          if (!foreign(el)) texts.push(...['placeholder', 'aria-label', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''));
        }
        return texts.join('\n');
      });
      const withoutNames = allowed.reduce((text, name) => text.split(name).join(' '), shown);
      const found = [...new Set(latinWords(withoutNames))];
      expect(found, `${path} in ${lang}`).toEqual([]);
    });
  }
});
