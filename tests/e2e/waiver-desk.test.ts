// The waiver desk on a tablet: a desk account signs in and lands on /staff/waivers, finds a guest's
// waiver by the phone number they say, and checks a child in from the keyboard, in English and in
// Arabic (right to left), seeing QID/passport numbers and the phone masked to their last 4 until
// it opens that waiver; the page passes axe and fits 320 px at 200 % text; the desk sees nothing
// else of the console.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { STAFF } from '../support/server.ts';
import { IFLY, minor, waiverAnswers } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E, sidewaysAt320 } from './harness.ts';

const DESK = { email: 'desk.e2e@dohaquest.example', password: STAFF.password };

let e2e: E2E;
let context: BrowserContext;
beforeAll(async () => {
  e2e = await startE2E();
  // The iFly desk: the attraction these tests' waivers are signed at.
  await saveStaffUser(e2e.server.ctx.db, DESK.email, DESK.password, ['desk'], ['ifly']);
  // A tablet; axe is injected as a script, which the pages' Content-Security-Policy would (rightly) refuse.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 820, height: 1180 }, hasTouch: true });
  expect((await context.request.post(`${e2e.server.url}/api/users/login`, { data: DESK })).status()).toBe(200);
});
afterAll(() => e2e?.close());

async function signWaiver(overrides: Record<string, unknown>): Promise<string> {
  const created = await e2e.server.api(`/api/${IFLY}`, { json: waiverAnswers(overrides) });
  expect(created.status).toBe(201);
  return created.body.doc.reference;
}

/** Types the search from the keyboard and presses Enter, then waits for the count the page announces. */
async function searchFor(page: Page, label: string, text: string, found: string): Promise<void> {
  const box = page.getByLabel(label);
  await box.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: found }).waitFor();
}

describe('the desk checks a child in', () => {
  it('in English: lands on the desk after signing in, finds the waiver by the local phone number and checks the second child in', async () => {
    const reference = await signWaiver({
      phone: '+97455507311',
      name: 'Noor Haddad',
      dependents: [minor('Lina Haddad', { qid: 'P7654321' }), minor('Omar Haddad', { birth_date: '2019-03-04' })],
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login-success`);
    await page.getByRole('heading', { level: 1, name: 'Waiver desk' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/waivers');

    await searchFor(page, 'Name, phone number, QID/passport number or Form ID', '55507311', '1 waiver found');
    const card = page.getByRole('article', { name: /Noor Haddad/ });
    await card.getByText(reference, { exact: false }).waitFor();
    await card.getByText(/^Waiver on file, valid until /).waitFor();
    expect(await card.getByText('Not checked in yet').count()).toBe(3);
    // Masked to the last 4, each kept left to right.
    await card.getByText('QID/passport: \u2066•••••••0123\u2069').waitFor();
    await card.getByText('QID/passport: \u2066••••4321\u2069').waitFor();
    await card.getByText('Phone: \u2066••••••••7311\u2069').waitFor();
    expect(await page.getByText('28463400123').count()).toBe(0);
    expect(await axeViolations(page), 'the results').toEqual([]);

    // Opening the waiver (from the keyboard) shows them in full.
    await card.getByRole('button', { name: 'Show ID and phone of Noor Haddad' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: "The QID/passport numbers and phone of Noor Haddad's waiver are shown." }).waitFor();
    await card.getByText('QID/passport: \u206628463400123\u2069').waitFor();
    await card.getByText('QID/passport: \u2066P7654321\u2069').waitFor();
    await card.getByText('Phone: \u2066+97455507311\u2069').waitFor();
    expect(await card.getByRole('button', { name: /^Show ID and phone/ }).count()).toBe(0);

    await card.getByRole('button', { name: 'Check in Omar Haddad' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Omar Haddad is checked in.' }).waitFor();
    // The line names who checked Omar in (the address isolated left to right, so any language's line reads right).
    const omar = card.getByRole('listitem').filter({ hasText: 'Omar Haddad' }).first();
    await omar.getByText(/^Checked in .* by \u2066desk\.e2e@dohaquest\.example\u2069$/).waitFor();
    // A minor is a person of their own: under their guardian, with their date of birth.
    await omar.getByText('Guardian: \u2068Noor Haddad\u2069').waitFor();
    await omar.getByText(/^Born .*2019$/).waitFor();
    expect(await card.getByText('Not checked in yet').count()).toBe(2);
    expect(await axeViolations(page), 'after the check-in').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    // Coming back later shows the earlier check-in, recorded by the server.
    await page.reload();
    await omar.getByText(/^Checked in .* by /).waitFor();
    await page.close();
  });

  it('in Arabic, right to left: asks for a whole word of a name, a full phone, QID/passport or Form ID, then finds the waiver, masked, and checks a child in', async () => {
    await signWaiver({ phone: '+97455507322', name: 'مريم الكعبي', dependents: [minor('سارة الكعبي')] });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/staff/waivers?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'مكتب الإقرارات' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const label = 'الاسم أو رقم الهاتف أو رقم البطاقة الشخصية/جواز السفر أو رقم النموذج';

    const box = page.getByLabel(label);
    await box.focus();
    // One letter per word, as the review's `n n n`, finds nobody: the refusal is said beside the box.
    await page.keyboard.type('م م م');
    await page.keyboard.press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: 'اكتب كلمة كاملة من الاسم (3 أحرف على الأقل)' });
    await refusal.waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
    expect(await axeViolations(page), 'the refused search').toEqual([]);

    await box.fill('');
    await searchFor(page, label, '55507322', 'عُثر على إقرار واحد');
    const card = page.getByRole('article', { name: /مريم الكعبي/ });
    // Right to left around it, the masked number reads left to right (isolated).
    await card.getByText('الهاتف: \u2066••••••••7322\u2069').waitFor();
    await card.getByRole('button', { name: 'تسجيل الوصول: سارة الكعبي' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'تم تسجيل وصول سارة الكعبي.' }).waitFor();
    await card.getByText(/^سُجّل الوصول في/).waitFor();
    await card.getByText('الوليّ: \u2068مريم الكعبي\u2069').waitFor();
    expect(await axeViolations(page), 'the Arabic results').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
    await page.close();
  });

  it('sees nothing else of the console: its home and any form’s submissions lead back to the desk', async () => {
    const page = await context.newPage();
    for (const pathname of ['/staff', '/staff/forms/ifly-waiver', '/staff/alerts']) {
      await page.goto(`${e2e.server.url}${pathname}`);
      await page.getByRole('heading', { level: 1, name: 'Waiver desk' }).waitFor();
      expect(new URL(page.url()).pathname, pathname).toBe('/staff/waivers');
    }
    await page.close();
  });
});
