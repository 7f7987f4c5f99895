// Party pages in a real browser, without JavaScript and with the returning-guest step: the party's
// waiver, the organiser's roster and the organiser's /p/new are rendered by the server in the page's
// language (Arabic, right to left, 320 px at 100 % and 200 % text, axe clean); the waiver posts to
// the party's own address (refused answers come back with their messages, nothing stored; an unknown
// code is a 404 page in Arabic); a full party says so. With JavaScript, a returning guest on a party
// link gets a code, is prefilled, keeps the party's day and signs: the waiver is the party's.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRosterToken } from '../../src/server/features/parties/roster-link.ts';
import { PARTY_HEADER, type Party } from '../../src/engine/contract/parties.ts';
import { IFLY, minor, waiverAnswers } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { organiseParty, signThroughParty } from './parties-support.ts';
import { drawSignature } from './fill.ts';
import { askForReturningCode, mailedReturningCode, sharedE2E, sidewaysAt320, tabTo, type E2E } from './harness.ts';

let e2e: E2E;
let counter = 0;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(() => e2e?.close());

const organise = (name: string, expected: number) => organiseParty(e2e, name, expected, `party-nojs-${process.pid}-${++counter}@example.com`);
const signThrough = (party: Party, answers: Record<string, unknown>) => signThroughParty(e2e, party, answers);

/**
 * axe on the server's HTML of the page now open without JavaScript: axe itself needs timers, which a page without
 * scripts never runs, so it runs on the same address opened where the page's own scripts are refused (the HTML
 * as the server sent it, never hydrated).
 */
async function axeWithoutScripts(page: Page): Promise<string[]> {
  const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: page.viewportSize() ?? undefined });
  try {
    await context.route(`${e2e.server.url}/**/*.js`, (route) => route.abort());
    const plain = await context.newPage();
    await plain.goto(page.url());
    return await axeViolations(plain);
  } finally {
    await context.close();
  }
}

const linked = async (party: Party) =>
  (
    await e2e.server.ctx.db.query<{ document_id: number }>('SELECT document_id FROM party_waivers WHERE party_id = $1 ORDER BY document_id', [party.id])
  ).rows.map((row) => row.document_id);

describe('party pages without JavaScript, in Arabic', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await e2e.browser.browser.newContext({ javaScriptEnabled: false, bypassCSP: true, viewport: { width: 320, height: 800 } });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it("shows the party's waiver with its banner; a post to the party's address is checked like the page's, nothing stored when refused", async () => {
    const party = await organise('هدى صالح', 3);
    const answer = await page.goto(`${e2e.server.url}/p/${party.code}?lang=ar`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.locator('.party-banner').innerText()).toContain('أنت توقّع ضمن مجموعة \u2068هدى صالح\u2069');
    // The form posts to the party's own address (never a GET with the answers).
    const form = page.locator('form:not(.returning-step)').filter({ has: page.locator('button[type=submit]') });
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('action')).toBe(`/p/${party.code}?lang=ar`);
    // The signature is drawn by the script: as on the waiver's own page, the send waits for it, saying why in Arabic.
    const send = page.locator('form:not(.returning-step) button[type=submit]');
    expect(await send.isDisabled()).toBe(true);
    expect(await page.locator('#page-still-loading').innerText()).toContain('يحتاج إلى JavaScript');
    expect(await axeWithoutScripts(page), 'the party waiver without JavaScript').toEqual([]);
    expect(await sidewaysAt320(page), 'at 320 px, 100 % and 200 % text').toEqual([0, 0]);

    // What the browser posts from that form: the party's address, the page's language; the answers checked by the one store.
    const origin = { origin: e2e.server.url, 'sec-fetch-site': 'same-origin' };
    const refused = await context.request.post(`${e2e.server.url}/p/${party.code}?lang=ar`, {
      headers: origin,
      form: { root_name: 'نور بلا سكربت', root_visit_date__day: '1', root_visit_date__month: '1', root_visit_date__year: '2020' },
    });
    expect(refused.status()).toBe(400);
    const html = await refused.text();
    expect(html).toContain('lang="ar"');
    expect(html).toContain('هدى صالح');
    expect(html).toContain('نور بلا سكربت');
    expect(html).toContain('هذا الحقل مطلوب.');
    expect(await linked(party)).toEqual([]);
    // A forged code names no party: Not Found, nothing read or stored.
    const forged = await context.request.post(`${e2e.server.url}/p/ZZZZZZZZ?lang=ar`, { headers: origin, form: { root_name: 'x' } });
    expect(forged.status()).toBe(404);
    // From another site: refused before anything is read.
    const crossSite = await context.request.post(`${e2e.server.url}/p/${party.code}?lang=ar`, {
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      form: { root_name: 'x' },
    });
    expect(crossSite.status()).toBe(403);
  });

  it('an unknown code is a 404 page in Arabic; a full party shows its closed text and the plain waiver', async () => {
    const unknown = await page.goto(`${e2e.server.url}/p/ZZZZZZZZ?lang=ar`);
    expect(unknown?.status()).toBe(404);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    expect(heading).not.toBe('');
    expect(heading).not.toMatch(/[A-Za-z]/);
    expect(await page.content()).not.toContain('This page needs JavaScript');

    const full = await organise('مجموعة مكتملة', 1);
    await signThrough(full, { name: 'واحد مكتمل', dependents: [minor('اثنان مكتمل'), minor('ثلاثة مكتمل')] });
    await page.goto(`${e2e.server.url}/p/${full.code}?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'اكتمل عدد هذه المجموعة' }).waitFor();
    expect(await page.getByRole('link', { name: 'افتح الإقرار' }).getAttribute('href')).toBe('/dohaquest/ifly-waiver?lang=ar');
    expect(await axeWithoutScripts(page), 'a full party').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
  });

  it("the organiser's roster is rendered in their language, never kept: a reload shows a new signature", async () => {
    const party = await organise('مريم الكعبي', 4);
    await signThrough(party, { name: 'مريم الكعبي', qid: '28463400881', dependents: [minor('سارة الكعبي')] });
    const path = `/p/roster/${signRosterToken(e2e.server.ctx.jwtSecret, party.id, party.visitDate, 'ar')}`;
    const answer = await page.goto(`${e2e.server.url}${path}`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByText('وقّع 2 من 4').waitFor();
    await page
      .getByRole('row', { name: /سارة الكعبي/ })
      .getByText('قاصر، مع \u2068مريم الكعبي\u2069')
      .waitFor();
    expect(await axeWithoutScripts(page), 'the roster without JavaScript').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
    await signThrough(party, { name: 'خالد الكعبي', qid: '28463400882', dependents: [] });
    await page.reload();
    await page.getByText('وقّع 3 من 4').waitFor();
    await page.getByRole('row', { name: /خالد الكعبي/ }).waitFor();
    // An altered link: Not Found, rendered in the page's language (the token's own is not to be trusted).
    const altered = await page.goto(`${e2e.server.url}${path.slice(0, -2)}xx?lang=ar`);
    expect(altered?.status()).toBe(404);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.content()).not.toContain('This page needs JavaScript');
  });

  it('/p/new says, in its language, that making a party needs JavaScript and that the desk can make one', async () => {
    const answer = await page.goto(`${e2e.server.url}/p/new?lang=ar`);
    expect(answer?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'نظّم زيارة جماعية' }).waitFor();
    expect(await page.locator('.party-needs-script').innerText()).toContain('مكتب الاستقبال');
    expect(await page.locator('form.party-form').isVisible()).toBe(false);
    expect(await page.content()).not.toContain('This page needs JavaScript');
    expect(await axeWithoutScripts(page), '/p/new without JavaScript').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
  });
});

describe('a returning guest on a party link (with JavaScript)', () => {
  const email = `party-returning-${process.pid}@example.com`;
  const mailedCode = () => mailedReturningCode(e2e.server, email);

  it("gets a code, is prefilled from their last waiver, keeps the party's day, and signs for the party, from the keyboard", async () => {
    const before = await e2e.server.api(`/api/${IFLY}`, {
      json: waiverAnswers({ name: 'Mariam Party', qid: '28499887700', email, dependents: [minor('Yousef Party')] }),
    });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    const party = await organise('Huda Returning', 4);
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
    try {
      const page = await e2e.visit(await context.newPage(), `/p/${party.code}`);
      await page.getByText(/You are signing for .*Huda Returning.*'s party/).waitFor();
      // The step itself, once its chunk is here (until then an unseen box keeps its place).
      await askForReturningCode(page, email);
      await page.keyboard.type(await mailedCode());
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Your details from your last waiver are filled in.' }).waitFor();
      await expect.poll(() => page.getByLabel('Name of participant or parent/guardian').inputValue()).toBe('Mariam Party');
      expect(await page.getByRole('group', { name: 'Minor 1' }).getByLabel("Minor's name").inputValue()).toBe('Yousef Party');
      expect(await axeViolations(page), 'the party waiver, prefilled').toEqual([]);
      expect(await sidewaysAt320(page)).toEqual([0, 0]);

      await drawSignature(page);
      for (const box of await page.locator('form:not(.returning-step)').getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
      const [create] = await Promise.all([
        page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/${IFLY}`),
        (async () => {
          await tabTo(page, 'form:not(.returning-step) button[type=submit]', 200);
          await page.keyboard.press('Enter');
        })(),
      ]);
      expect(create.headers()[PARTY_HEADER]).toBe(party.code);
      await page.locator('#thank-you-title').waitFor();
      const [signed] = await linked(party);
      expect(signed).toBeDefined();
      const { rows } = await e2e.server.ctx.db.query<{ name: string; visit: string }>(
        `SELECT data->>'name' AS name, data->>'visit_date' AS visit FROM documents WHERE id = $1`,
        [signed],
      );
      // A new waiver (the old one kept), for the party's day.
      expect(rows[0]).toEqual({ name: 'Mariam Party', visit: party.visitDate });
      expect(signed).not.toBe(before.body.doc.id);
    } finally {
      await context.close();
    }
  });
});
