// An admin answers a data-subject request: finds a guest by phone from the console home, exports
// what is held (JSON and a readable copy), and erases it with a reason, all from the keyboard; the
// signed waiver is reported as kept under legal hold. The page passes axe, in Arabic too (right to
// left), and fits 320 px, also at 200 % text.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes } from '../support/browser.ts';
import { STAFF } from '../support/server.ts';
import { freshPhone, IFLY, loyaltyAnswers, register, waiverAnswers } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { openWithHeading, startE2E, type E2E, sidewaysAt320 } from './harness.ts';

let e2e: E2E;
let context: BrowserContext;
const PHONE = freshPhone();
const EMAIL = 'layla.privacy@example.com';
const ids: Record<string, number> = {};

beforeAll(async () => {
  e2e = await startE2E();
  // axe is injected as a script: the pages' Content-Security-Policy would (rightly) refuse it.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, acceptDownloads: true, viewport: { width: 390, height: 844 } });
  expect((await context.request.post(`${e2e.server.url}/api/users/login`, { data: STAFF })).status()).toBe(200);
  const registration = await register(e2e.server, await loyaltyAnswers(e2e.server, { phone: PHONE, email: EMAIL, first_name: 'Layla' }));
  expect(registration.status).toBe(201);
  ids.loyalty = registration.body.doc.id;
  const waiver = await e2e.server.api(`/api/${IFLY}`, { json: waiverAnswers({ phone: PHONE, name: 'Layla Nasser' }) });
  expect(waiver.status).toBe(201);
  ids.waiver = waiver.body.doc.id;
});
afterAll(() => e2e?.close());

const open = (pathname: string, heading: string): Promise<Page> => openWithHeading(context, e2e, pathname, heading);

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: (await downloadedBytes(file)).toString('utf8') };
}

const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('a data-subject request', () => {
  it('an admin finds the guest by phone, exports, and erases with a reason from the keyboard; the waiver is kept under legal hold', async () => {
    const home = await open('/staff', 'Staff console');
    // (The harness's 420 px window: the navigation is folded behind its menu button.)
    const nav = home.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: /Data-subject requests/ }).click();
    await home.getByRole('heading', { level: 1, name: 'Data-subject requests' }).waitFor();
    const page = home;

    await page.getByLabel('Phone number, with country code').focus();
    await page.keyboard.type(`${PHONE.slice(1, 4)} ${PHONE.slice(4)}`);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Submissions found: 2' }).waitFor();
    const rows = page.getByRole('group', { name: 'What is held' }).getByRole('row');
    expect(await rows.count()).toBe(3);
    await page.getByRole('row').filter({ hasText: 'iFly Waiver Form' }).filter({ hasText: 'Held until' }).waitFor();
    expect(await axeViolations(page), 'the results').toEqual([]);
    expect(await sidewaysAt320(page), 'the results at 320 px, then at 200 % text').toEqual([0, 0]);

    const json = await download(page, 'Export (JSON)');
    expect(json.name).toMatch(/^privacy-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(json.text);
    expect(exported.submissions.map((submission: { id: number }) => submission.id).sort()).toEqual([ids.loyalty, ids.waiver].sort());
    expect(exported.submissions.find((submission: { id: number }) => submission.id === ids.loyalty).answers).toMatchObject({
      first_name: 'Layla',
      email: EMAIL,
    });
    const html = await download(page, 'Export a readable copy (HTML)');
    expect(html.text).toContain(`What we hold about ${PHONE}`);
    expect(html.text).toContain('Layla Nasser');

    // Without a reason, the page says what is missing, on the field.
    await page.getByRole('button', { name: 'Erase…' }).press('Enter');
    await page.getByText('Give the reason for the erasure').waitFor();
    expect(await page.getByLabel(/Reason for the erasure/).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel(/Reason for the erasure/).focus();
    await page.keyboard.type('Request by email of 2026-11-25');
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toBe('Erase…');
    await page.keyboard.press('Enter');
    // The confirmation step takes the focus; the next Tab is its button.
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Erase these submissions'));
    await page.keyboard.press('Tab');
    expect(await activeText(page)).toBe('Erase for good');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Erased submissions: 1; their files: 1. Kept under legal hold: 1.' }).waitFor();
    await page.getByText(/^iFly Waiver Form .*: held until/).waitFor();
    expect(await axeViolations(page), 'the summary').toEqual([]);

    const left = await e2e.server.ctx.db.query<{ id: number }>('SELECT id FROM documents WHERE id = ANY($1::int[])', [[ids.loyalty, ids.waiver]]);
    expect(left.rows.map((row) => row.id)).toEqual([ids.waiver]);
    const audit = await e2e.server.ctx.db.query<{ detail: { reason: string; erased: number } }>(`SELECT detail FROM audit_log WHERE action = 'privacy-erase'`);
    expect(audit.rows.map((row) => row.detail)).toEqual([expect.objectContaining({ reason: 'Request by email of 2026-11-25', erased: 1, held: 1 })]);
  });

  it('works in Arabic, right to left: a wrong phone is refused on its field, a search shows the held waiver', async () => {
    // A guest of its own (the first test erases its guest's registration): a signed waiver only.
    const phone = freshPhone();
    expect((await e2e.server.api(`/api/${IFLY}`, { json: waiverAnswers({ phone, name: 'Huda Nasser' }) })).status).toBe(201);
    const page = await open('/staff/privacy?lang=ar', 'طلبات أصحاب البيانات');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeViolations(page), 'the empty page').toEqual([]);
    await page.getByLabel('رقم الهاتف مع رمز الدولة').fill('12');
    await page.getByRole('button', { name: 'بحث' }).click();
    await page.getByText('أدخل رقم هاتف صحيحًا').waitFor();
    expect(await page.getByLabel('رقم الهاتف مع رمز الدولة').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('رقم الهاتف مع رمز الدولة').fill(phone);
    await page.getByRole('button', { name: 'بحث' }).click();
    await page.getByRole('status').filter({ hasText: 'عدد الإرساليات التي وُجدت: 1' }).waitFor();
    await page.getByRole('cell', { name: /محفوظ حتى/ }).waitFor();
    expect(await axeViolations(page), 'the results in Arabic').toEqual([]);
    expect(await sidewaysAt320(page), 'Arabic at 320 px, then at 200 % text').toEqual([0, 0]);
  });

  it('an admin places a legal hold on one submission from its row, with a reason, and lifts it', async () => {
    const phone = freshPhone();
    const registration = await register(e2e.server, await loyaltyAnswers(e2e.server, { phone, email: 'hold.me@example.com' }));
    const reference = registration.body.doc.reference as string;
    const page = await open('/staff/privacy', 'Data-subject requests');
    await page.getByLabel('Email').fill('hold.me@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('status').filter({ hasText: 'Submissions found: 1' }).waitFor();

    await page.getByRole('button', { name: `Place a legal hold on ${reference}` }).click();
    // The reason's field takes the focus; Enter places the hold.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`privacy-hold-${registration.body.doc.id}`);
    expect(await axeViolations(page), 'the hold form').toEqual([]);
    await page.keyboard.type('Insurance claim 2026-204');
    await page.keyboard.press('Enter');
    await page.getByText(`Legal hold placed on ${reference}`).waitFor();
    await page.getByRole('cell', { name: 'Held until the hold is lifted' }).waitFor();
    const held = await e2e.server.ctx.db.query<{ reason: string }>('SELECT reason FROM legal_holds WHERE document_id = $1', [registration.body.doc.id]);
    expect(held.rows).toEqual([{ reason: 'Insurance claim 2026-204' }]);

    await page.getByRole('button', { name: `Lift the hold on ${reference}` }).click();
    await page.getByText(`Legal hold lifted on ${reference}.`).waitFor();
    await page.getByRole('button', { name: `Place a legal hold on ${reference}` }).waitFor();
    expect((await e2e.server.ctx.db.query('SELECT 1 FROM legal_holds WHERE document_id = $1', [registration.body.doc.id])).rows).toEqual([]);
  });

  it('is not offered to a viewer: the console home has no link and the page says the account cannot open it', async () => {
    const viewer = await e2e.browser.browser.newContext();
    await e2e.server.staffAs(['viewer']);
    expect(
      (await viewer.request.post(`${e2e.server.url}/api/users/login`, { data: { email: 'viewer@roles.example.com', password: STAFF.password } })).status(),
    ).toBe(200);
    const page = await viewer.newPage();
    await page.goto(`${e2e.server.url}/staff`);
    await page.getByRole('heading', { level: 1, name: 'Staff console' }).waitFor();
    expect(await page.getByRole('link', { name: /Data-subject requests/ }).count()).toBe(0);
    await page.goto(`${e2e.server.url}/staff/privacy`);
    await page.waitForURL(/\/login-success\?denied=%2Fstaff%2Fprivacy/);
    await viewer.close();
  });
});
