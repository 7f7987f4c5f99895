// Dates in the page's language: a date question is day, month and year with month names in the
// page's language (not the browser's), digits typed on an Arabic keyboard are taken, a date still
// being typed is kept in the draft and named until it is complete, and the limits speak with the
// server's words, all with the keyboard alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPng } from '../support/files.ts';
import { STAFF } from '../support/server.ts';
import { captchaProof, LOYALTY, loyaltyAnswers } from '../api/samples.ts';
import { fillDate, passHumanCheck, pickCountry } from './fill.ts';
import { draftSaved, startE2E, storedDocs, todayIso, type E2E } from './harness.ts';

let e2e: E2E;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-dates-'));
const receipt = path.join(files, 'receipt.png');
beforeAll(async () => {
  fs.writeFileSync(receipt, tinyPng());
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(files, { recursive: true, force: true });
});

const LOYALTY_PAGE = '/printemps/loyalty-registration?store=doha';
const INCOMPLETE = 'Enter a complete date: day, month and year.';

/** The month names a date question offers, in order. */
const monthNames = (page: Page, question: string, label: string) =>
  page.getByRole('group', { name: question, exact: true }).getByLabel(label, { exact: true }).locator('option:not([value=""])').allTextContents();

/** The labels of a date question's parts in the order they are read (left to right, or right to left on an Arabic page). */
async function partsInReadingOrder(page: Page, question: string): Promise<string[]> {
  return page
    .getByRole('group', { name: question, exact: true })
    .locator('.date-part')
    .evaluateAll((parts) => {
      const rtl = document.documentElement.dir === 'rtl';
      return parts
        .map((part) => ({
          label: part.querySelector('label')?.textContent ?? '',
          x: part.getBoundingClientRect().x,
          y: Math.round(part.getBoundingClientRect().y),
        }))
        .sort((a, b) => a.y - b.y || (rtl ? b.x - a.x : a.x - b.x))
        .map((part) => part.label);
    });
}

/** Two days ahead: the server also accepts tomorrow, as a guest east of it may already be there. */
const inTwoDays = () => {
  const [y, m, d] = todayIso().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
};

describe('a date question in the page language', () => {
  it("names the months in English, Arabic and French, with its parts in each language's order", async () => {
    const en = await e2e.open(LOYALTY_PAGE);
    expect(await monthNames(en, 'Birth Date', 'Month')).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(await partsInReadingOrder(en, 'Birth Date')).toEqual(['Month', 'Day', 'Year']);
    // Nothing on the page suggests another format.
    expect(await en.locator('main').innerText()).not.toMatch(/mm\/dd|dd\/mm|yyyy/i);

    // The server's HTML already has them (the page is rendered there, then hydrated).
    const html = await (await fetch(`${e2e.server.url}${LOYALTY_PAGE}&lang=ar`)).text();
    expect(html).toContain('>يناير</option>');
    expect(html).toContain('>اليوم</label>');

    const ar = await e2e.open(`${LOYALTY_PAGE}&lang=ar`);
    const arabicMonths = await monthNames(ar, 'تاريخ الميلاد', 'الشهر');
    expect(arabicMonths).toHaveLength(12);
    expect(arabicMonths[0]).toBe('يناير');
    expect(arabicMonths.join(' ')).not.toMatch(/[A-Za-z]/);
    expect(await partsInReadingOrder(ar, 'تاريخ الميلاد')).toEqual(['اليوم', 'الشهر', 'السنة']);

    // Staff editing content in French (a benefit's "shown until" date).
    const staff = await e2e.browser.newPage();
    expect((await staff.context().request.post(`${e2e.server.url}/api/users/login`, { data: STAFF })).status()).toBe(200);
    await staff.goto(`${e2e.server.url}/staff/content/benefits/new?lang=fr`);
    await staff.getByRole('group', { name: "Affiché jusqu'au" }).waitFor();
    expect(await monthNames(staff, "Affiché jusqu'au", 'Mois')).toEqual([
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ]);
    expect(await partsInReadingOrder(staff, "Affiché jusqu'au")).toEqual(['Jour', 'Mois', 'Année']);
  });

  it('a guest types a birth date with Arabic-Indic digits on the Arabic page and the server stores the ISO date', async () => {
    const page = await e2e.open(`${LOYALTY_PAGE}&lang=ar`);
    const email = `dates.${Date.now()}@example.com`;
    await page.locator('#root_first_name').fill('أمل');
    await page.locator('#root_last_name').fill('حداد');
    await page.locator('[data-field="phone"] input[type="tel"]').fill(`٥٥${String(Date.now()).slice(-6)}`);
    await page.locator('#root_email').fill(email);
    await pickCountry(page.locator('#root_nationality'), 'قطر');
    const birth = page.getByRole('group', { name: 'تاريخ الميلاد', exact: true });
    await birth.getByLabel('اليوم', { exact: true }).fill('٠٧');
    await birth.getByLabel('الشهر', { exact: true }).selectOption({ label: 'مارس' });
    await birth.getByLabel('السنة', { exact: true }).fill('١٩٩١');
    // What was typed stays as typed.
    expect(await birth.getByLabel('السنة', { exact: true }).inputValue()).toBe('١٩٩١');
    await page.locator('[data-field="receipt"] input[type="file"]').setInputFiles(receipt);
    await page.getByText('تم الرفع').waitFor();
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'تسجيل', exact: true }).click();
    await page.locator('#thank-you-title').waitFor();
    const [stored] = await storedDocs(e2e.server, LOYALTY, { email });
    expect(stored.birth_date).toBe('1991-03-07');
  });

  it('a half-typed date survives a reload, is named on leaving it and on sending, and the server refuses it naming the field', async () => {
    const page = await e2e.open(LOYALTY_PAGE);
    const birth = page.getByRole('group', { name: 'Birth Date', exact: true });
    const day = birth.getByLabel('Day', { exact: true });
    await birth.getByLabel('Month', { exact: true }).selectOption({ label: 'April' });
    await day.fill('12');
    await day.press('Tab'); // the year, still inside the date
    expect(await page.getByText(INCOMPLETE).count()).toBe(0);
    await page.keyboard.press('Tab'); // out of the date
    await birth.getByText(INCOMPLETE, { exact: true }).waitFor();
    expect(await day.getAttribute('aria-invalid')).toBe('true');

    await draftSaved(page);
    await page.reload();
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    const restored = page.getByRole('group', { name: 'Birth Date', exact: true });
    await expect.poll(() => restored.getByLabel('Day', { exact: true }).inputValue()).toBe('12');
    expect(await restored.getByLabel('Month', { exact: true }).inputValue()).toBe('4');
    expect(await restored.getByLabel('Year', { exact: true }).inputValue()).toBe('');

    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.locator('[data-field="birth_date"] .field-error').getByText(INCOMPLETE, { exact: true }).waitFor();
    await page.locator('.error-summary').getByText(INCOMPLETE).waitFor();

    // Sent anyway (by a client that skips the page's checks): refused with 400, naming the field.
    const answer = await e2e.server.api(`/api/${LOYALTY}?locale=en`, {
      json: await loyaltyAnswers(e2e.server, { birth_date: '-04-12' }),
      headers: { 'x-captcha-proof': await captchaProof(e2e.server) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'birth_date', message: INCOMPLETE })]);
  });

  it("an impossible date and a future birth date are refused in the page, with the server's words", async () => {
    const page = await e2e.open(`${LOYALTY_PAGE}&lang=ar`);
    const question = 'تاريخ الميلاد';
    const birth = page.getByRole('group', { name: question, exact: true });
    await fillDate(page, question, '2001-02-31', 'ar');
    await page.locator('#root_receipt').focus();
    await birth.getByText('هذا التاريخ غير موجود: تحقّق من اليوم والشهر.', { exact: true }).waitFor();

    await fillDate(page, question, inTwoDays(), 'ar');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'تسجيل', exact: true }).click();
    const shown = await page.locator('[data-field="birth_date"] .field-error').innerText();
    const server = await e2e.server.api(`/api/${LOYALTY}?locale=ar`, {
      json: await loyaltyAnswers(e2e.server, { birth_date: inTwoDays() }),
      headers: { 'x-captcha-proof': await captchaProof(e2e.server) },
    });
    expect(server.status).toBe(400);
    expect(server.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'birth_date', message: shown })]);
    expect(shown).toBe('لا يمكن أن يكون التاريخ في المستقبل.');
  });

  it('is answered with the keyboard alone: Tab through day, month and year in reading order', async () => {
    const page = await e2e.open(`${LOYALTY_PAGE}&lang=ar`);
    await page.locator('[data-field="gender"] input').last().focus();
    const stops: string[] = [];
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement?.closest('.date-part')?.querySelector('label')?.textContent ?? ''));
    await page.keyboard.type('٣');
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement?.closest('.date-part')?.querySelector('label')?.textContent ?? ''));
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown'); // May
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement?.closest('.date-part')?.querySelector('label')?.textContent ?? ''));
    await page.keyboard.type('1985');
    expect(stops).toEqual(['اليوم', 'الشهر', 'السنة']);
    const birth = page.getByRole('group', { name: 'تاريخ الميلاد', exact: true });
    expect(await birth.getByLabel('الشهر', { exact: true }).inputValue()).toBe('5');
    await page.keyboard.press('Tab');
    await page.locator('[data-field="birth_date"] fieldset[data-checked]').waitFor(); // the page checked the date as it was left
    expect(await birth.locator('.field-error').count()).toBe(0);
  });
});
