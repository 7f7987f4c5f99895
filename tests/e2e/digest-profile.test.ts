// The profile's digest setting (/staff/profile) in a real Chromium: a manager changes the language of
// its emails to Arabic and turns the weekly digest off with the keyboard only, the server keeps both
// (its own account's, nobody else's), and "Preview my digest" shows this week's email, right to left;
// the page in Arabic is right to left, axe clean, and fits 320 px, also at 200 % text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { STAFF } from '../support/server.ts';
import { axeViolations } from './axe.ts';
import { sidewaysAt320, startE2E, type E2E } from './harness.ts';

const MANAGER = { email: 'profile.manager@example.com', password: STAFF.password };
let e2e: E2E;
let context: BrowserContext;

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, MANAGER.email, MANAGER.password, 'manager', ['cova']);
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 1024, height: 900 } });
  const login = await context.request.post(`${e2e.server.url}/api/users/login`, { data: MANAGER });
  expect(login.status()).toBe(200);
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function open(pathname: string, heading: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

/** Presses Tab until the focused element matches `selector` (at most 80 times): how a keyboard user gets there. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let n = 0; n < 80; n++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const preferences = async () =>
  (await e2e.server.ctx.db.query<{ lang: string; digest: boolean }>('SELECT lang, digest FROM users WHERE email = $1', [MANAGER.email])).rows[0];

describe('the profile: language and weekly digest', () => {
  it('changes both with the keyboard only, and previews the digest right to left', async () => {
    const page = await open('/staff/profile', 'My profile');
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Send me the weekly digest by email' }).isChecked()).toBe(true);
    expect(await axeViolations(page), 'the profile in English').toEqual([]);

    await tabTo(page, 'input[name="lang"]');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'العربية' }).isChecked()).toBe(true);
    await tabTo(page, '#profile-digest');
    await page.keyboard.press('Space');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Your settings are saved.' }).waitFor();
    expect(await preferences()).toEqual({ lang: 'ar', digest: false });
    // The admin's own settings are untouched.
    expect((await e2e.server.api('/api/users/me/preferences', { as: 'staff' })).body).toEqual({ lang: 'en', digest: true });

    await tabTo(page, '#profile-preview-button');
    await page.keyboard.press('Enter');
    await page.getByText('Your digest is off: this is what it would say.').waitFor();
    const frame = page.frameLocator('iframe[title="The digest email"]');
    await frame.locator('h1').waitFor();
    expect(await frame.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await frame.locator('h1').textContent()).toContain('الأسبوع الماضي');
    expect(await axeViolations(page), 'with the preview shown').toEqual([]);
  });

  it('reads right to left in Arabic, axe clean, and fits 320 px, also at 200 % text', async () => {
    const page = await open('/staff/profile?lang=ar', 'ملفي الشخصي');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('radio', { name: 'العربية' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'أرسل إليّ الملخص الأسبوعي بالبريد الإلكتروني' }).isChecked()).toBe(false);
    expect(await axeViolations(page), 'the profile in Arabic').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
    // Turned on again from the keyboard, in Arabic.
    await tabTo(page, '#profile-digest');
    await page.keyboard.press('Space');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'تم حفظ إعداداتك.' }).waitFor();
    expect(await preferences()).toEqual({ lang: 'ar', digest: true });
  });
});
