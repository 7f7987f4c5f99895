// The one navigation of the staff console, in Arabic, in a real browser: at 1280 px beside the page
// (on its right, right-to-left) and walked with the keyboard; at 390 px folded behind a menu button
// (aria-expanded, Escape closes it and gives the focus back); the current page marked
// aria-current="page"; what an admin and a Cova manager each see (the manager: its one form, no
// users, audit or privacy); the home says what needs attention and leads to the Poor dinner; axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { STAFF } from '../support/server.ts';
import { DINING, diningAnswers } from '../api/samples.ts';
import { axeResults } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
const MANAGER = { email: 'nav.cova.manager@example.com', password: 'a manager password' };
const POOR = Object.fromEntries(
  ['rating_greeting', 'rating_service', 'rating_food', 'rating_beverage', 'rating_value_for_money', 'rating_cleanliness'].map((name) => [name, 'poor']),
);
let poorReference: string;

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, MANAGER.email, MANAGER.password, 'manager', ['cova']);
  const poor = await e2e.server.api(`/api/${DINING}`, { json: diningAnswers(POOR) });
  expect(poor.status).toBe(201);
  poorReference = poor.body.doc.reference;
  expect((await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: 'Crazy Pizza' }) })).status).toBe(201);
});
afterAll(() => e2e?.close());

async function signedIn(account: { email: string; password: string }, pathname: string, width: number): Promise<Page> {
  const context = await e2e.browser.browser.newContext({ bypassCSP: true, locale: 'ar', viewport: { width, height: 900 } });
  const login = await context.request.post(`${e2e.server.url}/api/users/login`, { data: account });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.locator('h1').first().waitFor();
  return page;
}

async function axeViolations(page: Page): Promise<string[]> {
  return (await axeResults(page)).map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''} ${n.html ?? ''}`).join(', ')}`);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'لوحة الموظفين' });
/** The accessible name of the focused element, and whether it is in the navigation. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    text: document.activeElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    inNav: Boolean(document.activeElement?.closest('nav.staff-nav')),
    tag: document.activeElement?.tagName,
  }));

/** The navigation's links as read out (their text, the hidden group names and counts' words too). */
const linkTexts = (page: Page) =>
  nav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.textContent?.replace(/\s+/g, ' ').trim() ?? ''));

/** Presses Tab until the focus is in the navigation (at most 30 times): the navigation is reached by the keyboard. */
async function tabIntoNav(page: Page): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).inNav) return;
  }
  throw new Error('Tab never reached the navigation');
}

describe('the staff navigation', () => {
  it('at 1280 px in Arabic: beside the page on its right, every link reached with Tab, the current page marked, axe clean', async () => {
    const page = await signedIn(STAFF, '/staff?lang=ar', 1280);
    const menu = nav(page);
    await menu.waitFor();
    expect(await menu.getByRole('button', { name: 'القائمة' }).isVisible()).toBe(false);
    // Right to left: the navigation is at the start of the line, the right.
    const [navBox, pageBox] = [await menu.boundingBox(), await page.locator('.staff-frame-page').boundingBox()];
    expect(navBox!.x).toBeGreaterThan(pageBox!.x);
    // An admin opens users, audit and privacy; the forms by their staff names; no whistle-blower reports.
    const names = await linkTexts(page);
    for (const name of [
      'الرئيسية: ما يحتاج إلى متابعة',
      'الإرسالات: استبيان المطاعم',
      'المؤشرات: استبيان المطاعم',
      'المستخدمون',
      'سجل التدقيق',
      'طلبات أصحاب البيانات',
      'مكتب الإقرارات',
      'المحتوى',
    ]) {
      expect(
        names.some((text) => text.startsWith(name)),
        `${name} in ${JSON.stringify(names)}`,
      ).toBe(true);
    }
    expect(names.join(' ')).not.toContain('بلاغات المخالفات');
    expect(await menu.getByRole('link', { name: /الرئيسية/ }).getAttribute('aria-current')).toBe('page');
    expect(await menu.locator('[aria-current="page"]').count()).toBe(1);
    // Counts in the console's Latin digits.
    expect(names.join(' ')).not.toMatch(/[٠-٩]/);
    // The keyboard walks the links in order.
    await tabIntoNav(page);
    const walked = [(await focused(page)).text];
    for (let i = 1; i < names.length; i += 1) {
      await page.keyboard.press('Tab');
      walked.push((await focused(page)).text);
    }
    expect(walked).toEqual(names);
    expect(await axeViolations(page)).toEqual([]);
    // Opening a page from it moves the mark there.
    await menu.getByRole('link', { name: 'المستخدمون' }).click();
    await page.getByRole('heading', { level: 1, name: 'المستخدمون' }).waitFor();
    await expect.poll(() => menu.getByRole('link', { name: 'المستخدمون' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: /الرئيسية/ }).getAttribute('aria-current')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('at 390 px in Arabic: a menu button opens it, Escape closes it and gives the focus back; a Cova manager sees only what it may open', async () => {
    const page = await signedIn(MANAGER, '/staff?lang=ar', 390);
    const menu = nav(page);
    const button = menu.getByRole('button', { name: 'القائمة' });
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getByRole('link', { name: 'الإرسالات: استبيان المطاعم' }).isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    // The keyboard reaches the button, opens the menu and walks into it.
    await tabIntoNav(page);
    expect((await focused(page)).tag).toBe('BUTTON');
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'الإرسالات: استبيان المطاعم' }).waitFor();
    const names = await linkTexts(page);
    // A manager: its form and the pages every console account has; never users, audit, privacy or the desk.
    expect(names, JSON.stringify(names)).toContain('الإرسالات: استبيان المطاعم');
    for (const hidden of ['المستخدمون', 'سجل التدقيق', 'طلبات أصحاب البيانات', 'مكتب الإقرارات', 'الإرسالات: استبيان البادل'])
      expect(names, hidden).not.toContain(hidden);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect((await focused(page)).inNav).toBe(true);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page)).tag).toBe('BUTTON');
    expect(await menu.getByRole('link', { name: 'الإرسالات: استبيان المطاعم' }).isVisible()).toBe(false);
    // No sideways scroll on the phone, menu open or not.
    await button.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // A page opened from the menu: the menu folds, that page is marked.
    await menu.getByRole('link', { name: 'الإرسالات: استبيان المطاعم' }).click();
    await page.getByRole('heading', { level: 1, name: 'استبيان المطاعم' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getByRole('link', { name: 'الإرسالات: استبيان المطاعم', includeHidden: true }).getAttribute('aria-current')).toBe('page');
  });

  it("the home tells a Cova manager what needs attention and leads to the Poor dinner, none of Crazy Pizza's", async () => {
    const page = await signedIn(MANAGER, '/staff?lang=ar', 1280);
    const lowest = page.getByRole('region', { name: 'الأقل تقييمًا هذا الأسبوع' });
    const row = lowest.getByRole('row').filter({ hasText: poorReference });
    await row.waitFor();
    expect(await row.innerText()).toContain('1.0 من 5');
    expect(await lowest.getByRole('row').count()).toBe(2);
    const week = page.getByRole('region', { name: 'هذا الأسبوع', exact: true }).getByRole('row').filter({ hasText: 'استبيان المطاعم' });
    expect(await week.innerText()).toMatch(/\b1 \(0\)/);
    // The Cases headline of the manager's venue: the Poor dinner is a case (the seeded policy), not yet answered.
    const cases = page.getByRole('region', { name: 'الحالات (آخر 7 أيام)' });
    expect(await cases.innerText()).toMatch(/الحالات المفتوحة\s+1\s/);
    expect(await cases.innerText()).toContain('معدل الاستعادة');
    expect(await page.locator('main').innerText()).not.toMatch(/[٠-٩]/);
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('link', { name: poorReference }).click();
    await page.waitForURL(/\/staff\/forms\/dining-survey\/\d+\?lang=ar$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(poorReference) }).waitFor();
  });
});
