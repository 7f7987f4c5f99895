// A viewer follows up a guest's low rating in a real browser against the real server: finds it by
// a rating range, sets it in progress, takes it, writes what was done, resolves it, and finds it
// again among the resolved ones; the panel is keyboard complete, axe clean, fits a 320 px phone at
// 200 % text, and works in Arabic (right to left), where a case is also resolved by keyboard
// alone, naming its outcome (refused without one), on a 390 px phone; the list shows when each case
// is due, in words. Each test makes the submissions it needs (followedUp()), so any one runs alone.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { DINING, diningAnswers } from '../api/samples.ts';
import { submissionConsolePath } from '../../src/engine/contract/followup.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
let context: BrowserContext;
const VIEWER = { email: 'follow-up-viewer@example.com', password: 'a viewer password' };
let viewerId: number;
let low: { id: number; reference: string };
let fine: { id: number; reference: string };
/** A list row's value under a column (the cell StaffTable names after its header: data-label), wherever the form's own columns put it. */
const cellIn = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);

/** A new dining survey of the test's own, its follow-up already changed as given (through the API, as an admin). */
async function followedUp(change: Record<string, unknown>, answers: Record<string, unknown> = {}): Promise<{ id: number; reference: string }> {
  const created = await e2e.server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  expect((await e2e.server.api(`/api/${DINING}/${created.body.doc.id}/followup`, { as: 'staff', method: 'PATCH', json: change })).status).toBe(200);
  return created.body.doc;
}

beforeAll(async () => {
  e2e = await startE2E();
  viewerId = (await saveStaffUser(e2e.server.ctx.db, VIEWER.email, VIEWER.password, 'viewer')).id;
  low = (await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ rating_food: 'poor', rating_service: 'average', customer_comments: 'Cold food.' }) }))
    .body.doc;
  fine = (await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ rating_food: 'excellent' }) })).body.doc;
  // axe is injected as a script, which the pages' Content-Security-Policy would (rightly) refuse.
  // The browser is not in Doha: the notes' times must still be Doha's.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York' });
  const login = await context.request.post(`${e2e.server.url}/api/users/login`, { data: VIEWER });
  expect(login.status()).toBe(200);
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${path}`);
  await page.locator('h1').first().waitFor();
  return page;
}

/** What makes the page wider than a `width` px screen with text at `scale` (Chromium's font-size setting, as a reader sets it). */
async function overflowAt(page: Page, width: number, scale: number): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * scale, fixed: 13 * scale } });
  await page.setViewportSize({ width, height: 844 });
  // What sticks out, named, so a failure says which element to fix.
  const over = await page.evaluate(() => {
    const screen = window.innerWidth;
    if (document.documentElement.scrollWidth <= screen) return [];
    const name = (el: Element) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + [...el.classList].map((c) => `.${c}`).join('');
    return [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > screen + 0.5 || box.left < -0.5);
      })
      .map((el) => `${name(el)} in ${el.parentElement ? name(el.parentElement) : ''}`)
      .slice(0, 8);
  });
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
  await page.setViewportSize({ width: 390, height: 844 });
  return over;
}

const dohaTime = (iso: string) =>
  new Intl.DateTimeFormat('en-u-nu-latn', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Qatar' }).format(new Date(iso)).replace(/\s/g, ' ');

describe('a viewer follows up a low rating', () => {
  it('finds it by a rating range, takes it in hand with the keyboard, notes what was done and resolves it', async () => {
    const list = await open('/staff/forms/dining-survey');
    await list.getByLabel('Rating question').selectOption({ label: 'Food' });
    await list.getByLabel('Lowest rating').selectOption('1');
    await list.getByLabel('Highest rating').selectOption('2');
    await list.getByRole('button', { name: 'Search' }).click();
    await list.waitForURL(/rating=rating_food&min=1&max=2/);
    await list.getByRole('link', { name: low.reference }).waitFor();
    expect(await list.getByRole('link', { name: fine.reference }).count()).toBe(0);
    const row = list.getByRole('row').filter({ hasText: low.reference });
    expect(await cellIn(row, 'State').innerText()).toBe('New');
    await row.getByRole('link', { name: low.reference }).click();

    const page = list;
    const panel = page.getByRole('region', { name: 'Follow-up' });
    await panel.waitFor();
    expect(await panel.getByRole('radio', { name: 'New' }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard only: the arrow moves the state, Tab reaches the assignee and the save button.
    await panel.getByRole('radio', { name: 'New' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await panel.getByRole('radio', { name: 'In progress' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('followup-assignee');
    await panel.getByLabel('Assignee').selectOption({ label: VIEWER.email });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Follow-up saved.').waitFor();

    // An empty note is refused, named on the note box.
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByRole('alert').getByText('Write the note before adding it.').waitFor();
    expect(await panel.getByLabel('Internal note (never shown to the guest)').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByLabel('Internal note (never shown to the guest)').fill('Called the guest and offered a voucher');
    await panel.getByLabel('Internal note (never shown to the guest)').press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Note added.').waitFor();
    const note = panel.getByRole('list', { name: 'Notes' }).getByRole('listitem');
    expect(await note.count()).toBe(1);
    const stored = (await e2e.server.api(`/api/${DINING}/${low.id}/followup`, { as: 'staff' })).body;
    expect(stored).toMatchObject({ state: 'in-progress', assignee: { email: VIEWER.email }, notes: [{ text: 'Called the guest and offered a voucher' }] });
    expect((await note.innerText()).replace(/\s/g, ' ')).toContain(`${VIEWER.email}, ${dohaTime(stored.notes[0].createdAt)}`);
    expect(await panel.getByLabel('Internal note (never shown to the guest)').inputValue()).toBe('');

    await panel.getByRole('radio', { name: 'Resolved' }).check();
    await panel.getByRole('radio', { name: 'Recovered', exact: true }).check();
    await panel.getByRole('button', { name: 'Save state and assignee' }).click();
    await panel.getByText(`Resolved by ${VIEWER.email} on`).waitFor();
    await panel.locator('.console-outcome').getByText('Outcome: Recovered').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflowAt(page, 320, 2), 'the submission page at 320 px and 200 % text').toEqual([]);
    // French has the longest words.
    const french = await open(`/staff/forms/dining-survey/${low.id}?lang=fr`);
    await french.getByRole('region', { name: 'Suivi' }).waitFor();
    expect(await overflowAt(french, 320, 2), 'the French submission page at 320 px and 200 % text').toEqual([]);

    // Read again, it is as left.
    await page.reload();
    await panel.getByText('Called the guest and offered a voucher').waitFor();
    expect(await panel.getByRole('radio', { name: 'Resolved' }).isChecked()).toBe(true);
    expect(await panel.getByLabel('Assignee').inputValue()).toBe(String(stored.assignee.id));
  });

  it('the list filtered by state "resolved" shows it, with its assignee', async () => {
    const resolved = await followedUp({ state: 'resolved', outcome: 'recovered', assigneeId: viewerId }, { rating_food: 'poor' });
    const inProgress = await followedUp({ state: 'in-progress' });
    const list = await open('/staff/forms/dining-survey');
    await list.getByLabel('State').selectOption({ label: 'Resolved' });
    await list.getByRole('button', { name: 'Search' }).click();
    await list.waitForURL(/state=resolved/);
    await list.getByRole('link', { name: resolved.reference }).waitFor();
    const row = list.getByRole('row').filter({ hasText: resolved.reference });
    expect(await cellIn(row, 'State').innerText()).toBe('Resolved');
    expect(await cellIn(row, 'Assignee').innerText()).toBe(VIEWER.email);
    // Every row the filter shows is resolved (another test may have resolved one of its own).
    for (const shown of await list.locator('tbody tr').all()) expect(await cellIn(shown, 'State').innerText()).toBe('Resolved');
    expect(await list.getByRole('link', { name: inProgress.reference }).count()).toBe(0);
    expect(await list.getByRole('link', { name: fine.reference }).count()).toBe(0);
    expect(await axeViolations(list)).toEqual([]);
    expect(await overflowAt(list, 320, 2), 'the list at 320 px and 200 % text').toEqual([]);
  });
});

describe('an alert links straight to its submission', () => {
  it('a signed-out reader of the link signs in and lands on the submission and its follow-up', async () => {
    const noted = await followedUp({ note: 'Called the guest and offered a voucher' });
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}${submissionConsolePath('dining-survey', noted.id)}`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Email').fill(VIEWER.email);
    await page.getByLabel('Password').fill(VIEWER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`${submissionConsolePath('dining-survey', noted.id)}$`));
    await page.getByRole('region', { name: 'Follow-up' }).getByText('Called the guest and offered a voucher').waitFor();
  });
});

describe('in Arabic', () => {
  it('follows up right to left, in Arabic, axe clean', async () => {
    const page = await open(`/staff/forms/dining-survey/${fine.id}?lang=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const panel = page.getByRole('region', { name: 'المتابعة' });
    await panel.getByRole('button', { name: 'إضافة ملاحظة' }).click();
    await panel.getByRole('alert').getByText('اكتب الملاحظة قبل إضافتها.').waitFor();
    await panel.getByRole('radio', { name: 'قيد المتابعة' }).check();
    await panel.getByLabel('المكلَّف').selectOption({ label: VIEWER.email });
    await panel.getByRole('button', { name: 'حفظ الحالة والمكلَّف' }).click();
    await panel.getByRole('status').getByText('تم حفظ المتابعة.').waitFor();
    await panel.getByLabel('ملاحظة داخلية (لا تظهر للضيف أبدًا)').fill('اتصلنا بالضيف وشكرناه');
    await panel.getByRole('button', { name: 'إضافة ملاحظة' }).click();
    await panel.getByRole('listitem').getByText('اتصلنا بالضيف وشكرناه').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflowAt(page, 320, 2), 'the Arabic submission page at 320 px and 200 % text').toEqual([]);

    const list = await open('/staff/forms/dining-survey?lang=ar&state=in-progress');
    const row = list.getByRole('row').filter({ hasText: fine.reference });
    expect(await cellIn(row, 'الحالة').innerText()).toBe('قيد المتابعة');
    expect(await axeViolations(list)).toEqual([]);
  });

  it('resolves a case by keyboard alone, naming its outcome (refused without one), on a 390 px phone; the list says when cases are due', async () => {
    const poor = (await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ rating_food: 'poor', customer_comments: 'Cold soup.' }) })).body.doc;
    const page = await open(`/staff/forms/dining-survey/${poor.id}?lang=ar`);
    const panel = page.getByRole('region', { name: 'المتابعة' });
    await panel.getByRole('radio', { name: 'جديد' }).focus();
    // New, in progress, waiting for the guest, resolved: the outcome picker appears only for the last.
    expect(await panel.getByRole('group', { name: 'النتيجة' }).count()).toBe(0);
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    expect(await panel.getByRole('radio', { name: 'تم الحل' }).isChecked()).toBe(true);
    const outcomes = panel.getByRole('group', { name: 'النتيجة' });
    await outcomes.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Through the outcome (none chosen), its note and the assignee to the button: refused, said beside the outcome, focus brought there.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('recovered');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('followup-outcome-note');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('حفظ الحالة والمكلَّف');
    await page.keyboard.press('Enter');
    await outcomes.getByRole('alert').getByText('اختر النتيجة لحل الحالة: استُعيد رضا الضيف أو لم يُستعد أو لا يلزم أي إجراء.').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('recovered');
    expect(await axeViolations(page)).toEqual([]);
    expect((await e2e.server.api(`/api/${DINING}/${poor.id}/followup`, { as: 'staff' })).body.state).toBe('new');

    await page.keyboard.press('ArrowDown');
    expect(await outcomes.getByRole('radio', { name: 'لم يُستعد رضا الضيف' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('اعتذرنا، ولم يرغب الضيف في العودة.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('تم حفظ المتابعة.').waitFor();
    await panel.locator('.console-outcome').getByText('النتيجة: لم يُستعد رضا الضيف').waitFor();
    await panel.locator('.console-outcome').getByText('اعتذرنا، ولم يرغب الضيف في العودة.').waitFor();
    const stored = (await e2e.server.api(`/api/${DINING}/${poor.id}/followup`, { as: 'staff' })).body;
    expect(stored).toMatchObject({ state: 'resolved', outcome: 'not-recovered', outcomeNote: 'اعتذرنا، ولم يرغب الضيف في العودة.' });
    // Its history: who resolved it and with which outcome.
    const history = panel.getByRole('list', { name: 'السجل' }).getByRole('listitem');
    expect(await history.count()).toBe(1);
    expect(await history.innerText()).toContain(`${VIEWER.email} حدّد النتيجة: لم يُستعد رضا الضيف`);
    expect(await history.innerText()).toContain('نقل الحالة إلى «تم الحل»');
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflowAt(page, 390, 1), 'the Arabic submission page at 390 px').toEqual([]);
    expect(await overflowAt(page, 320, 2), 'the Arabic submission page at 320 px and 200 % text').toEqual([]);

    // The list: a Poor case (the seeded policy: a first response within 24 hours) says when it is due, the time isolated left to right.
    const open_ = (await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ rating_food: 'poor' }) })).body.doc;
    const list = await open('/staff/forms/dining-survey?lang=ar&sort=followUp.due');
    const row = list.getByRole('row').filter({ hasText: open_.reference });
    const due = cellIn(row, 'الموعد');
    expect(await due.locator('.console-due').innerText()).toBe('الموعد');
    expect(await due.locator('bdi').innerText()).toMatch(/\d{1,2}:\d{2}/);
    expect(await list.getByRole('columnheader', { name: /الموعد/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await axeViolations(list)).toEqual([]);
    expect(await overflowAt(list, 390, 1), 'the Arabic list at 390 px').toEqual([]);
  });
});
