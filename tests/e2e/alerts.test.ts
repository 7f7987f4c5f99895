// An admin writes an alert rule in the Arabic console (right to left), is told in Arabic which
// field is wrong, saves it, and sees the alert a guest's survey triggers in the alert inbox and the
// delivery log; the pages pass axe, work from the keyboard and fit 320 px, also at 200 % text.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { DINING, diningAnswers } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { openWithHeading, startE2E, type E2E, sidewaysAt320 } from './harness.ts';

let e2e: E2E;
let context: BrowserContext;
beforeAll(async () => {
  e2e = await startE2E();
  // axe is injected as a script: the pages' Content-Security-Policy would (rightly) refuse it.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  expect((await context.request.post(`${e2e.server.url}/api/users/login`, { data: STAFF })).status()).toBe(200);
});
afterAll(() => e2e?.close());

const open = (pathname: string, heading: string): Promise<Page> => openWithHeading(context, e2e, pathname, heading);

describe('an admin writes an alert rule in Arabic', () => {
  it('is told in Arabic which field is wrong, saves it, and the next breakfast survey shows in the inbox', async () => {
    const page = await open('/staff/content/alert-rules/new?lang=ar', 'قاعدة تنبيه');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeViolations(page), 'the empty rule').toEqual([]);

    await page.getByLabel('اسم القاعدة').fill('ملاحظات الإفطار');
    await page.getByLabel('مفعّلة').check();
    await page.getByLabel('النموذج').selectOption({ label: 'استبيان المطاعم' });
    await page.getByRole('radiogroup', { name: 'متى' }).getByRole('radio', { name: 'عندما تستوفي الإجابات شرطًا' }).check();
    const condition = page.getByLabel('الشرط (JSON)');
    await condition.fill('{"field": "meal", "equals": "breakfast"}');
    await page.getByLabel('عناوين البريد الإلكتروني').fill('breakfast.lead@dohaoasis.example');
    await page.getByRole('radiogroup', { name: 'لغة الرسائل' }).getByRole('radio', { name: 'العربية' }).check();
    await page.getByLabel('الموضوع (بالعربية)').fill('ملاحظة على الإفطار {reference} في {venue}');
    await page.getByLabel('النص (بالعربية)').fill('وصل استبيان {form} في {time}: {link}');
    await page.getByRole('button', { name: 'حفظ' }).click();

    // The server's refusal, in Arabic, next to the condition.
    await page.getByText('لا يحتوي النموذج dining-survey على سؤال باسم meal.').first().waitFor();
    expect(await condition.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page), 'with the refusal shown').toEqual([]);

    await condition.fill('{"field": "meal_period", "equals": "breakfast"}');
    // Saved from the keyboard.
    await page.getByRole('button', { name: 'حفظ' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'تم الحفظ' }).waitFor();
    const rules = (await e2e.server.api('/api/alert-rules?where[name][equals]=ملاحظات الإفطار', { as: 'staff' })).body.docs;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ form: 'dining-survey', language: 'ar', subject: { ar: 'ملاحظة على الإفطار {reference} في {venue}' } });

    const created = await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ meal_period: 'breakfast', visited_restaurant: 'Cova' }) });
    expect(created.status).toBe(201);
    const { reference, id } = created.body.doc;

    const inbox = await open('/staff/alerts?lang=ar', 'التنبيهات');
    const row = inbox.getByRole('row').filter({ hasText: `ملاحظة على الإفطار ${reference} في Cova` });
    await row.waitFor();
    expect(await row.getByRole('link', { name: reference }).getAttribute('href')).toBe(`/staff/forms/dining-survey/${id}?lang=ar`);
    // No mail server here: the email waits in the log, and the page says why.
    await inbox.getByText('لم يُضبط خادم بريد (SMTP_URL)').waitFor();
    expect(await inbox.getByRole('row').filter({ hasText: 'breakfast.lead@dohaoasis.example' }).getByText('في الانتظار').count()).toBe(1);
    expect(await axeViolations(inbox), 'the alerts page').toEqual([]);
    expect(await sidewaysAt320(inbox)).toEqual([0, 0]);

    // Marked read from the keyboard: the unread count goes down by one.
    const unread = async () => Number((await inbox.getByRole('status').first().textContent())?.match(/\d+/)?.[0]);
    const before = await unread();
    await row.getByRole('button', { name: `وضع علامة مقروء على ${reference}` }).focus();
    await inbox.keyboard.press('Enter');
    await row.getByText('مقروء', { exact: true }).waitFor();
    expect(await unread()).toBe(before - 1);

    // An admin queues a delivery again (audited); the page says so.
    await inbox.getByRole('button', { name: 'إعادة الإرسال إلى breakfast.lead@dohaoasis.example' }).click();
    await inbox.getByText('أُعيد إلى الانتظار: breakfast.lead@dohaoasis.example').waitFor();
    const { rows } = await e2e.server.ctx.db.query("SELECT 1 FROM audit_log WHERE action = 'resend-alert'");
    expect(rows).toHaveLength(1);

    // The console's home shows the count and leads here.
    const home = await open('/staff?lang=ar', 'لوحة الموظفين');
    await home.getByRole('link', { name: `التنبيهات غير المقروءة: ${before - 1}` }).click();
    await home.getByRole('heading', { level: 1, name: 'التنبيهات' }).waitFor();
  });
});

describe('an admin who is also compliance writes a whistle-blower rule with a condition', () => {
  it("is told next to the condition that a confidential form's alerts cannot depend on its answers", async () => {
    const compliance = { email: 'compliance.admin@example.com', password: 'compliance admin password' };
    await saveStaffUser(e2e.server.ctx.db, compliance.email, compliance.password, ['admin', 'compliance']);
    const own = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    try {
      expect((await own.request.post(`${e2e.server.url}/api/users/login`, { data: compliance })).status()).toBe(200);
      const page = await openWithHeading(own, e2e, '/staff/content/alert-rules/new?lang=en', 'Alert rule');
      await page.getByLabel('Name of the rule').fill('Who reported');
      await page.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'Whistle-blower report' });
      await page.getByRole('radiogroup', { name: 'When' }).getByRole('radio', { name: 'When the answers meet a condition' }).check();
      const condition = page.getByLabel('Condition (JSON)');
      await condition.fill('{"field": "contact_email", "equals": "noor@example.com"}');
      await page.getByLabel('Email addresses').fill('probe@dohaoasis.example');
      await page.getByRole('radiogroup', { name: 'Language of the emails' }).getByRole('radio', { name: 'English' }).check();
      await page.getByLabel('Subject (English)').fill('Report {reference}');
      await page.getByLabel('Text (English)').fill('{link}');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The form whistle-blower is confidential: its alerts cannot depend on its answers. Choose "Every submission".').first().waitFor();
      await expect.poll(() => condition.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page), 'with the refusal shown').toEqual([]);
      expect((await e2e.server.api('/api/alert-rules?where[name][equals]=Who reported', { as: 'staff' })).body.docs).toHaveLength(0);
    } finally {
      await own.close();
    }
  });
});
