// `npm start` on a machine that cannot reach Google: with no reCAPTCHA keys the captcha forms use
// the self-hosted ALTCHA check and a guest registers end to end; with keys but Google's script
// unreachable, the page says so, offers to try again, and the form's own validation still speaks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPng } from '../support/files.ts';
import { ALTCHA_MODE } from '../support/server.ts';
import { startE2E, storedDocs, type E2E } from './harness.ts';
import { fillDate, pickCountry, REQUIRED } from './fill.ts';

const COLLECTION = 'printemps-loyalty-registration';
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-human-check-'));
const receipt = path.join(files, 'receipt.png');
fs.writeFileSync(receipt, tinyPng());
afterAll(() => fs.rmSync(files, { recursive: true, force: true }));

const SAY = {
  robot: { en: "I'm not a robot", ar: 'أنا لست روبوتاً' },
  register: { en: 'Register', ar: 'تسجيل' },
  uploaded: { en: 'Uploaded', ar: 'تم الرفع' },
  verified: { en: 'Verified: you can now submit.', ar: 'تم التحقق: يمكنك الإرسال الآن.' },
};

async function fillRegistration(page: Page, lang: 'en' | 'ar', guest: { email: string; phone: string }) {
  await page.locator('#root_first_name').fill('Amal');
  await page.locator('#root_last_name').fill('Haddad');
  await page.locator('[data-field="phone"] input[type="tel"]').fill(guest.phone);
  await page.locator('#root_email').fill(guest.email);
  await pickCountry(page.locator('#root_nationality'), 'Qatar');
  await fillDate(page, lang === 'ar' ? 'تاريخ الميلاد' : 'Birth Date', '1990-04-12', lang);
  await page.locator('[data-field="receipt"] input[type="file"]').setInputFiles(receipt);
  await page.getByText(SAY.uploaded[lang]).waitFor();
}

describe('no reCAPTCHA keys: the self-hosted ALTCHA check', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E(ALTCHA_MODE);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`a guest registers end to end, with the keyboard for the check (${lang})`, async () => {
      const page = await e2e.open(`/printemps/loyalty-registration?store=doha${lang === 'ar' ? '&lang=ar' : ''}`);
      const email = `altcha.${lang}@example.com`;
      await fillRegistration(page, lang, { email, phone: lang === 'ar' ? '٥٥١٢ ٣٤٥٧' : '5512 3456' });
      const register = page.getByRole('button', { name: SAY.register[lang], exact: true });
      expect(await register.isDisabled()).toBe(true);

      const check = page.getByRole('checkbox', { name: SAY.robot[lang] });
      if (lang === 'ar') expect(await page.locator('altcha-widget [dir="rtl"]').count()).toBeGreaterThan(0);
      await check.focus();
      await page.keyboard.press('Space');
      await page.getByText(SAY.verified[lang]).waitFor({ timeout: 20_000 });
      expect(await register.isEnabled()).toBe(true);
      await register.click();
      await page.locator('.guest-form').waitFor({ state: 'detached' }); // the success view replaced the form
      await expect.poll(async () => (await storedDocs(e2e.server, COLLECTION, { email })).length, { timeout: 10_000 }).toBe(1);
      const [stored] = await storedDocs(e2e.server, COLLECTION, { email });
      expect(stored).toMatchObject({ first_name: 'Amal', last_name: 'Haddad', birth_date: '1990-04-12', nationality: 'Qatar' });
      expect(e2e.browser.logs.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
    });
  }
});

describe("reCAPTCHA keys configured, but Google's script cannot be reached", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ recaptchaScriptUrl: 'http://127.0.0.1:9/recaptcha/api.js' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the page says so with a retry, and an empty submit still names the missing answers', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await page.getByText('The human check could not be loaded. Check your connection, then try again.').waitFor();
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();

    const register = page.getByRole('button', { name: 'Register', exact: true });
    expect(await register.isEnabled()).toBe(true);
    await register.click();
    await page.locator('[data-field="first_name"]').getByText(REQUIRED.en).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_first_name');

    // Trying again loads the script again (still unreachable here): the message comes back.
    await retry.click();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByText('The human check could not be loaded. Check your connection, then try again.').waitFor();
  });

  it('a complete form is not sent without the check: the guest is told to complete it', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?store=doha');
    await fillRegistration(page, 'en', { email: 'offline@example.com', phone: '5512 3458' });
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Please complete the human check first.').waitFor();
    expect(await storedDocs(e2e.server, COLLECTION, { email: 'offline@example.com' })).toEqual([]);
  });
});
