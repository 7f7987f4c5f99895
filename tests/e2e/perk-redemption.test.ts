// An employee redeems a perk at a restaurant as they would: "Redeem" while signed out leads to the
// sign-in page and back; signed in, the restaurant's staff type their confirmation code on the
// employee's phone; the perk then shows "Redeemed this week". In English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { axeViolations } from './axe.ts';

let e2e: E2E;
let codes: Record<string, string>;

beforeAll(async () => {
  e2e = await startE2E();
  for (const email of ['noor@example.com', 'omar@example.com']) {
    expect((await e2e.server.api('/api/users', { as: 'staff', json: { email, password: 'employee password', role: 'employee' } })).status).toBe(201);
  }
  // What an editor hands each restaurant.
  const list = await e2e.server.api('/api/perk-codes', { as: 'staff' });
  codes = Object.fromEntries(list.body.docs.map((doc: { perk: string; code: string }) => [doc.perk, doc.code]));
});
afterAll(async () => {
  await e2e?.close();
});

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });

describe('redeeming an employee perk', () => {
  it('signed out, Redeem leads to the sign-in page and back; the restaurant’s code redeems once', async () => {
    const page = await e2e.open('/employee/perks');
    await card(page, 'Cova').getByText('Sign in with your employee account to redeem this perk.').waitFor();
    await card(page, 'Cova').getByRole('link', { name: 'Redeem' }).click();
    await page.waitForURL(/\/login\?next=%2Femployee%2Fperks$/);
    await page.getByLabel('Email').fill('noor@example.com');
    await page.getByLabel('Password').fill('employee password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.server.url}/employee/perks`);

    await page.getByRole('region', { name: 'Your Info' }).getByText('noor@example.com').waitFor();
    const cova = card(page, 'Cova');
    expect(await cova.locator('.perk-status').innerText()).toBe('Status: Not yet redeemed this week');
    await cova.getByRole('button', { name: 'Redeem' }).click();
    await cova.getByText('Restaurant staff must enter the confirmation code to use this offer.').waitFor();
    const code = cova.getByLabel('Confirmation code');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid') ?? document.activeElement?.tagName)).toBe('INPUT');
    await code.fill('WRONG2345X');
    await cova.getByRole('button', { name: 'Confirm' }).click();
    await cova.getByRole('alert').filter({ hasText: 'Invalid code. Please try again.' }).waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    await code.fill(codes.cova.toLowerCase());
    await cova.getByRole('button', { name: 'Confirm' }).click();
    await cova.getByRole('status').filter({ hasText: 'Successfully redeemed!' }).waitFor();
    expect(await cova.locator('.perk-status').innerText()).toBe('Status: Redeemed this week');
    expect(await cova.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
    // Other partners are still open this week.
    expect(await card(page, 'Twiga').locator('.perk-status').innerText()).toBe('Status: Not yet redeemed this week');

    // The code appears nowhere in what the page received or shows.
    expect(await page.content()).not.toContain(codes.twiga);

    // Opening the page again: the server remembers.
    await page.reload();
    await card(page, 'Cova').locator('.perk-status').getByText('Redeemed this week').waitFor();
  });

  it('in Arabic: redeeming, then a second try the same week is refused with its message', async () => {
    const page = await e2e.open('/login?lang=ar&next=%2Femployee%2Fperks%3Flang%3Dar');
    await page.getByLabel('البريد الإلكتروني').fill('omar@example.com');
    await page.getByLabel('كلمة المرور').fill('employee password');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL(`${e2e.server.url}/employee/perks?lang=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('region', { name: 'معلوماتك' }).waitFor();
    const twiga = card(page, 'Twiga');
    expect(await twiga.locator('.perk-status').innerText()).toBe('الحالة: لم يُستخدم بعد هذا الأسبوع');
    await twiga.getByRole('button', { name: 'استخدام العرض' }).click();
    await twiga.getByLabel('رمز التأكيد').fill(codes.twiga);
    await twiga.getByRole('button', { name: 'تأكيد' }).click();
    await twiga.getByRole('status').filter({ hasText: 'تم الاستخدام بنجاح!' }).waitFor();
    expect(await twiga.locator('.perk-status').innerText()).toBe('الحالة: تم الاستخدام هذا الأسبوع');

    expect(await twiga.getByRole('button', { name: 'استخدام العرض' }).isDisabled()).toBe(true);

    // Another perk opened on this phone, and meanwhile redeemed from the employee's other phone: the server refuses the second one.
    const cova = card(page, 'Cova');
    await cova.getByRole('button', { name: 'استخدام العرض' }).click();
    const token = (await page.context().cookies()).find((c) => c.name === 'payload-token')!.value;
    expect(
      (await e2e.server.api('/api/perk-redemptions', { as: 'none', headers: { authorization: `JWT ${token}` }, json: { perk: 'cova', code: codes.cova } }))
        .status,
    ).toBe(201);
    await cova.getByLabel('رمز التأكيد').fill(codes.cova);
    await cova.getByRole('button', { name: 'تأكيد' }).click();
    await cova.getByRole('status').filter({ hasText: 'تم الاستخدام بالفعل هذا الأسبوع' }).waitFor();
    expect(await cova.locator('.perk-status').innerText()).toBe('الحالة: تم الاستخدام هذا الأسبوع');
  });

  it('in English, a second redemption the same week says "Already redeemed this week"', async () => {
    const page = await e2e.open('/login?next=%2Femployee%2Fperks');
    await page.getByLabel('Email').fill('omar@example.com');
    await page.getByLabel('Password').fill('employee password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.server.url}/employee/perks`);
    const crazy = card(page, 'Crazy Pizza');
    await crazy.getByRole('button', { name: 'Redeem' }).click();
    // Meanwhile the same perk is redeemed from his other phone.
    const token = (await page.context().cookies()).find((c) => c.name === 'payload-token')!.value;
    expect(
      (
        await e2e.server.api('/api/perk-redemptions', {
          as: 'none',
          headers: { authorization: `JWT ${token}` },
          json: { perk: 'crazy-pizza', code: codes['crazy-pizza'] },
        })
      ).status,
    ).toBe(201);
    await crazy.getByLabel('Confirmation code').fill(codes['crazy-pizza']);
    await crazy.getByRole('button', { name: 'Confirm' }).click();
    await crazy.getByRole('status').filter({ hasText: 'Already redeemed this week' }).waitFor();
    expect(await crazy.locator('.perk-status').innerText()).toBe('Status: Redeemed this week');
  });

  it('the signed-in perks page passes the accessibility rules, with the code form open and after a wrong code, in Arabic too', async () => {
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/login?next=%2Femployee%2Fperks%3Flang%3Dar`);
      await page.getByLabel('Email').fill('noor@example.com');
      await page.getByLabel('Password').fill('employee password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/employee\/perks\?lang=ar$/);
      await page.getByRole('region', { name: 'معلوماتك' }).waitFor();
      expect(await axeViolations(page), 'signed in').toEqual([]);
      const pierre = card(page, 'Pierre Hermé');
      await pierre.getByRole('button', { name: 'استخدام العرض' }).click();
      await pierre.getByLabel('رمز التأكيد').fill('NOPE');
      await pierre.getByRole('button', { name: 'تأكيد' }).click();
      await pierre.getByRole('alert').filter({ hasText: 'رمز غير صحيح. يرجى المحاولة مرة أخرى.' }).waitFor();
      expect(await axeViolations(page), 'after a wrong code').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
