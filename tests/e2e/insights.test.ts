// A manager of two restaurants opens its insights in Arabic: the charts run right to
// left with the console's Latin digits (src/web/staff/staffTime.ts), the view changes with the grouping and period (and the URL keeps
// it), a chart's numbers are read from its table and the chart saved as a PNG; axe clean, no sideways scroll at 320 px, also
// with text at 200 %. The case measures sit beside them, of the manager's venues only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { diningAnswers } from '../api/samples.ts';
import { downloadedBytes } from '../support/browser.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
let context: BrowserContext;
// A manager of Cova and Crazy Pizza (a Twiga survey is received too: the manager never sees it).
const READER = { email: 'reader-insights@example.com', password: 'a long enough password' };
const FROM = '2026-11-01';
const TO = '2026-11-28';

async function receive(answers: Record<string, unknown>, at: string): Promise<void> {
  const created = await e2e.server.api('/api/survey-customer-feedbacks', { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  await e2e.server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [at, created.body.doc.id]);
}

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, READER.email, READER.password, ['manager'], ['cova', 'crazy-pizza']);
  // Cova: food 'poor' (1) the week of 15 Nov, 'excellent' (5) and 'very-good' (4) the week of 22 Nov (Sundays, Doha time).
  await receive({ rating_food: 'poor', customer_comments: 'الحساء كان باردًا' }, '2026-11-18T12:00:00Z');
  await receive({ rating_food: 'excellent' }, '2026-11-22T12:00:00Z');
  await receive({ rating_food: 'very-good' }, '2026-11-23T12:00:00Z');
  await receive({ visited_restaurant: 'Crazy Pizza', rating_food: 'good' }, '2026-11-24T12:00:00Z');
  await receive({ visited_restaurant: 'Twiga', rating_food: 'poor' }, '2026-11-24T13:00:00Z');
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  expect((await context.request.post(`${e2e.server.url}/api/users/login`, { data: READER })).status()).toBe(200);
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** The table holding the numbers of the food rating's chart. */
const foodTable = (page: Page) => page.locator('table', { has: page.locator('caption', { hasText: 'الطعام' }) }).first();

async function widerThanScreen(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 844 });
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('insights in Arabic', () => {
  it('shows the trend per restaurant right to left, changes grouping and period, and reads the chart table', async () => {
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/staff/insights/dining-survey?lang=ar&from=${FROM}&to=${TO}`);
    await page.locator('h1', { hasText: 'المؤشرات' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await foodTable(page).waitFor();

    // Grouped by restaurant (the form's venue), one column per restaurant; Latin digits, as on every staff page.
    const headers = await foodTable(page).locator('thead th').allTextContents();
    expect(headers.slice(1).sort()).toEqual(['Cova', 'Crazy Pizza']);
    const rows = await foodTable(page)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    const cova = headers.indexOf('Cova');
    expect(rows.map((row) => row[cova])).toEqual(['1', '4.5']);

    // Time runs right to left: the first week's point is right of the last one's.
    const points = await page
      .locator('svg.insights-chart')
      .first()
      .locator('circle')
      .evaluateAll((circles) => circles.map((circle) => Number(circle.getAttribute('cx'))));
    expect(points[0]).toBeGreaterThan(points[1]);

    // The case measures of the manager's venues: Cova's Poor survey is a case (the seeded policy), not yet answered; Twiga's is not theirs.
    const cases = page.getByRole('region', { name: 'الحالات', exact: true });
    const perVenue = cases.locator('table', { has: page.locator('caption', { hasText: 'الحالات لكل مكان' }) }).first();
    await perVenue.waitFor();
    expect(await perVenue.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 3).map((cell) => cell.textContent)))).toEqual([
      ['cova', '1', 'لا شيء بعد'],
    ]);

    expect(await axeViolations(page)).toEqual([]);

    // The chart as a PNG, asked for from the keyboard: a file whose bytes start with PNG's signature.
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'تنزيل هذا الرسم (PNG)' }).first().focus();
        await page.keyboard.press('Enter');
      })(),
    ]);
    expect(png.suggestedFilename()).toMatch(/^dining-survey-.+\.png$/);
    const bytes = await downloadedBytes(png);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(1000);

    // No grouping, by month: the URL carries the view; one column, November's average food rating (1+5+4+3)/4.
    await page.getByLabel('التجميع حسب').selectOption('');
    await page.getByLabel('الفترة').selectOption('month');
    await page.getByRole('button', { name: 'عرض' }).click();
    await page.waitForURL(/period=month/);
    expect(new URL(page.url()).searchParams.get('by')).toBe('');
    await foodTable(page).locator('thead th', { hasText: 'كل الإرسالات' }).waitFor();
    const monthRows = await foodTable(page)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(monthRows).toHaveLength(1);
    expect(monthRows[0][1]).toBe('3.25');

    // The comments of the range link to their submission.
    await page
      .getByRole('link', { name: /فتح الإرسال/ })
      .first()
      .waitFor();
    expect(await page.locator('.insights-comments blockquote').allTextContents()).toContain('الحساء كان باردًا');

    // Keyboard: the chart's table scrolls inside a focusable group named by its caption (StaffTable).
    await foodTable(page).locator('xpath=..').focus();
    expect(
      await page.evaluate(() => [
        document.activeElement?.getAttribute('role'),
        document.getElementById(document.activeElement?.getAttribute('aria-labelledby') ?? '')?.tagName,
      ]),
    ).toEqual(['group', 'CAPTION']);

    expect(await axeViolations(page)).toEqual([]);
    expect(await widerThanScreen(page, 320)).toBeLessThanOrEqual(0);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    expect(await widerThanScreen(page, 320)).toBeLessThanOrEqual(0);
    expect(await widerThanScreen(page, 390)).toBeLessThanOrEqual(0);
  });
});
