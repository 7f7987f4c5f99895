// The server's checks after the schema run in the page too, with the same words: a birth date in
// the future and a phone number no country has are named next to their fields before anything is
// sent (the same engine modules as the server: engine/checks/date-limits.ts, engine/checks/phones.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedE2E, todayIso, type E2E } from './harness.ts';
import { fillDate, passHumanCheck } from './fill.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => e2e?.close());

const tomorrow = () => {
  const [y, m, d] = todayIso().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

describe('checks the page runs before sending', () => {
  it('a future birth date and an impossible phone are named in the page, and nothing is sent', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?store=doha');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/printemps-loyalty-registration')) posts.push(request.url());
    });
    await page.getByLabel('First Name').fill('Amal');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('1234 5678'); // +974 1234 5678: no Qatari number starts with 1
    await fillDate(page, 'Birth Date', tomorrow());
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.locator('[data-field="birth_date"]').getByText('The date cannot be in the future.').waitFor();
    await page.locator('[data-field="phone"]').getByText('Enter a valid phone number: choose the country code, then the number (digits only).').waitFor();
    expect(await page.getByRole('group', { name: 'Birth Date' }).getByLabel('Day').getAttribute('aria-invalid')).toBe('true');
    expect(posts.filter((url) => !url.includes('-media') && !url.includes('-store'))).toEqual([]);

    // Corrected answers lose their messages as the guest types (the checks run live after a first attempt).
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('5512 3456');
    await fillDate(page, 'Birth Date', '1990-04-12');
    await expect
      .poll(() =>
        page
          .locator('[data-field="phone"], [data-field="birth_date"]')
          .getByText(/valid phone number|in the future/)
          .count(),
      )
      .toBe(0);
  });

  it('says the same in Arabic', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?store=doha&lang=ar');
    await page.getByRole('textbox', { name: 'الهاتف', exact: true }).fill('1234 5678');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'تسجيل' }).click();
    await page.locator('[data-field="phone"]').getByText('أدخل رقم هاتف صحيحًا: اختر رمز الدولة ثم الرقم (أرقام فقط).').waitFor();
  });
});
