// QR table cards and the response funnel, as a manager and a guest use them: the manager of Cova
// makes a card for a table in Arabic with the keyboard only (a wrong source tag refused next to its
// field, in Arabic), edits it, selects it for a sheet of cards; a guest scans the card, answers the
// first question (the page's "started" beacon), sends and is offered the review link whatever they
// answered; the manager reads the funnel by source on the insights page. Axe clean, no sideways
// scroll at 320 px, also with text at 200 %. A card is deleted after a second question, and its short address then answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { axeViolations } from './axe.ts';
import { sidewaysAt320, startE2E, type E2E } from './harness.ts';

let e2e: E2E;
let manager: BrowserContext;
const MANAGER = { email: 'cova-cards@example.com', password: 'a long enough password' };
const RATINGS_EN = ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness'];

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, MANAGER.email, MANAGER.password, ['manager'], ['cova']);
  manager = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 1024, height: 900 } });
  expect((await manager.request.post(`${e2e.server.url}/api/users/login`, { data: MANAGER })).status()).toBe(200);
});
afterAll(async () => {
  await manager?.close();
  await e2e?.close();
});

/** Presses Tab until the focused element matches `selector` (in a table row holding `rowText`, when given): how a keyboard user gets there. */
async function tabTo(page: Page, selector: string, rowText?: string, limit = 80): Promise<void> {
  for (let press = 0; press < limit; press++) {
    const there = await page.evaluate(
      ([wanted, text]) => {
        const active = document.activeElement;
        return Boolean(active?.matches(wanted) && (!text || active.closest('tr')?.textContent?.includes(text)));
      },
      [selector, rowText ?? ''] as const,
    );
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await tabTo(page, selector);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function pointsOfCova() {
  const answer = await e2e.server.api('/api/distribution-points', { as: 'staff' });
  return (answer.body.docs as { id: number; name: string; code: string; source: string; venue: string }[]).filter((point) => point.venue === 'cova');
}

describe('QR cards and the funnel', () => {
  it('a manager makes, fixes and edits a card in Arabic with the keyboard only; the page is axe clean and fits 320 px', async () => {
    const page = await manager.newPage();
    await page.goto(`${e2e.server.url}/staff/distribution-points?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'بطاقات QR ونقاط التوزيع' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Its entry in the navigation.
    expect(await page.getByRole('link', { name: 'بطاقات QR' }).count()).toBeGreaterThan(0);

    await typeInto(page, '#point-name', 'كوفا، طاولة 7');
    await typeInto(page, '#point-source', 'table 7');
    await page.keyboard.press('Enter');
    // The server's refusal, next to the field, in Arabic.
    const sourceError = page.locator('#point-source-error');
    await expect.poll(() => sourceError.innerText()).not.toBe('');
    expect(await page.locator('#point-source').getAttribute('aria-invalid')).toBe('true');
    expect(await sourceError.innerText()).toMatch(/[\u0600-\u06ff]/);
    expect(await pointsOfCova()).toEqual([]);

    await typeInto(page, '#point-source', 'table');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'تم حفظ كوفا، طاولة 7' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'كوفا، طاولة 7' });
    await row.waitFor();
    const [point] = await pointsOfCova();
    expect(point).toMatchObject({ name: 'كوفا، طاولة 7', source: 'table' });
    // The short address is a code: left to right inside the Arabic row.
    expect(await row.locator('bdi[dir="ltr"]', { hasText: `/q/${point.code}` }).count()).toBe(1);

    // Edit from the keyboard: the focus goes to the form, which now edits this card.
    await tabTo(page, 'tbody button', 'كوفا، طاولة 7');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('point-form-title');
    expect(await page.locator('#point-form-title').innerText()).toBe('تعديل كوفا، طاولة 7');
    await typeInto(page, '#point-name', 'كوفا، طاولة 8');
    await page.keyboard.press('Enter');
    await page.locator('tbody tr', { hasText: 'كوفا، طاولة 8' }).waitFor();
    expect((await pointsOfCova())[0].name).toBe('كوفا، طاولة 8');

    // Select it (Space on its box) for a sheet of cards: the sheet's link names it; the PDF comes.
    await tabTo(page, 'tbody input[type="checkbox"]');
    await page.keyboard.press('Space');
    const sheet = page.getByRole('link', { name: 'ورقة البطاقات المحددة (PDF، 8 في الصفحة)' });
    await expect.poll(() => sheet.getAttribute('href')).toContain(`/api/distribution-points/cards.pdf?ids=${point.id}`);
    const pdf = await manager.request.get(`${e2e.server.url}/api/distribution-points/cards.pdf?ids=${point.id}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const svgHref = await page.locator('tbody tr', { hasText: 'كوفا، طاولة 8' }).getByRole('link', { name: /SVG/ }).getAttribute('href');
    const svg = await manager.request.get(new URL(svgHref!, e2e.server.url).href);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);

    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
    await page.close();
  });

  it('a guest who scans the card and starts is counted; the thank-you offers the review link; the funnel shows it by source in Arabic', async () => {
    const cova = await e2e.server.api('/api/restaurants?where[slug][equals]=cova');
    const saved = await e2e.server.api(`/api/restaurants/${cova.body.docs[0].id}`, {
      method: 'PATCH',
      as: 'staff',
      json: { google_review_url: 'https://g.page/r/cova-e2e/review' },
    });
    expect(saved.status).toBe(200);
    const [point] = await pointsOfCova();

    const guest = await e2e.browser.browser.newContext({ bypassCSP: true });
    const page = await guest.newPage();
    await page.goto(`${e2e.server.url}/q/${point.code}`);
    await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Dinner', exact: true }).check();
    // The first answer sent the page's beacon: one start, counted for the card's source.
    const funnel = async () => (await e2e.server.api('/api/insights/dining-survey/funnel?by=source&period=day', { as: 'staff' })).body.totals;
    await expect.poll(async () => (await funnel()).find((row: { key: string }) => row.key === 'table')?.started ?? 0).toBe(1);
    await page.getByRole('radiogroup', { name: 'How often do you visit our restaurant?' }).getByRole('radio', { name: 'First Time', exact: true }).check();
    for (const question of RATINGS_EN) await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Poor', exact: true }).check();
    await page.getByRole('radiogroup', { name: 'Would you visit this restaurant again?' }).getByRole('radio', { name: 'No', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    // A guest who rated everything Poor is asked like any other (no gating).
    const review = page.getByRole('link', { name: 'Share your experience on Google' });
    await review.waitFor();
    expect(await review.getAttribute('href')).toContain('/r/cova/google?form=dining-survey&source=table');
    expect(await axeViolations(page)).toEqual([]);
    await guest.close();
    expect((await funnel()).find((row: { key: string }) => row.key === 'table')).toMatchObject({ scans: 1, views: 1, started: 1, submitted: 1 });

    const insights = await manager.newPage();
    await insights.goto(`${e2e.server.url}/staff/insights/dining-survey?lang=ar&period=day&funnel=source`);
    const table = insights.locator('table', { has: insights.locator('caption', { hasText: 'مسار الاستجابة (المصدر)' }) });
    await table.waitFor();
    // (Arabic percentages carry left-to-right marks around the sign: left out to compare.)
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\u200e/g, ''))));
    // Source, scans, opened, started, sent, review links, start rate, completion rate (Latin digits, as on every staff page).
    expect(rows).toEqual([['table', '1', '1', '1', '1', '0', '100%', '100%']]);
    expect(await insights.locator('.funnel-chart[role="img"]').getAttribute('aria-label')).toBe('المفتوحة والتي بدأت والمرسلة حسب المصدر');

    // Keyboard: the grouping is a select of the view's form; the table's box takes the focus (StaffTable).
    await tabTo(insights, 'select[name="funnel"]');
    await table.locator('xpath=..').focus();
    expect(await insights.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('group');
    expect(await axeViolations(insights)).toEqual([]);
    expect(await sidewaysAt320(insights)).toEqual([0, 0]);
    await insights.close();
  });

  it('a manager deletes a card with the keyboard, after a second question, and its short address stops working', async () => {
    const made = await e2e.server.api('/api/distribution-points', {
      method: 'POST',
      as: 'staff',
      json: { name: 'Cova, poster', form: 'dining-survey', venue: 'cova', source: 'poster' },
    });
    expect(made.status).toBe(201);
    const { code } = made.body.doc as { code: string };
    const page = await manager.newPage();
    await page.goto(`${e2e.server.url}/staff/distribution-points`);
    await page.locator('tbody tr', { hasText: 'Cova, poster' }).waitFor();
    await tabTo(page, 'tbody button', 'Cova, poster');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('point-form-title');
    await tabTo(page, '#point-delete');
    await page.keyboard.press('Enter');
    // The question, with the focus on its answer: "Keep it" takes nothing away.
    const question = page.getByRole('group', { name: /^Delete Cova, poster\?/ });
    await question.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect((await pointsOfCova()).map((point) => point.name)).toContain('Cova, poster');

    await tabTo(page, '#point-delete');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Cova, poster was deleted.' }).waitFor();
    await page.locator('tbody tr', { hasText: 'Cova, poster' }).waitFor({ state: 'detached' });
    expect((await pointsOfCova()).map((point) => point.name)).not.toContain('Cova, poster');
    expect((await fetch(`${e2e.server.url}/q/${code}`, { redirect: 'manual' })).status).toBe(404);
    await page.close();
  });
});
