// Parties in a real browser: the organiser's roster page (by the signed link mailed to them) and the
// desk's parties of the day, in Arabic (right to left), used from the keyboard only, axe clean and
// fitting 320 px at normal and 200 % text, each showing a new signature without a reload; and a
// party's waiver on the desk's kiosk (?kiosk=1), which keeps nothing of the guest on the device.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { signRosterToken } from '../../src/server/features/parties/roster-link.ts';
import { PARTY_HEADER, type Party } from '../../src/engine/contract/parties.ts';
import { dohaDay } from '../../src/engine/waivers/waiver-validity.ts';
import { STAFF } from '../support/server.ts';
import { IFLY, minor } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { organiseParty, signThroughParty } from './parties-support.ts';
import { drawSignature, fillSignerAge, passHumanCheck } from './fill.ts';
import { sidewaysAt320, startE2E, type E2E } from './harness.ts';

const DESK = { email: 'desk.parties@dohaquest.example', password: STAFF.password };

let e2e: E2E;
let counter = 0;
beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, DESK.email, DESK.password, ['desk'], ['ifly']);
});
afterAll(() => e2e?.close());

const organise = (name: string, expected: number) => organiseParty(e2e, name, expected, `org-${++counter}@example.com`);
const signThrough = (party: Party, answers: Record<string, unknown>) => signThroughParty(e2e, party, answers);

/** Tab until `target` has the focus (keyboard only), at most `limit` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 60): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

describe("the organiser's roster, in Arabic", () => {
  it('shows who signed, minors under whom and how many are missing, updates without a reload, from the keyboard', async () => {
    const party = await organise('هدى صالح', 5);
    await signThrough(party, { name: 'نور صالح', dependents: [minor('لينا صالح')] });
    const context: BrowserContext = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/p/roster/${signRosterToken(e2e.server.ctx.jwtSecret, party.id, party.visitDate, 'ar')}`);
    await page.getByRole('heading', { level: 1, name: /مجموعة يوم/ }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('status').filter({ hasText: 'وقّع 2 من 5 · لم يوقّع بعد: 3' }).waitFor();
    const lina = page.getByRole('row', { name: /لينا صالح/ });
    await lina.getByText('قاصر، مع \u2068نور صالح\u2069').waitFor();
    expect(await axeViolations(page), 'the roster').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    // A new signature arrives: shown without a reload.
    await signThrough(party, { name: 'سامي صالح', qid: '28463400777', dependents: [] });
    await page.getByRole('status').filter({ hasText: 'وقّع 3 من 5' }).waitFor({ timeout: 20_000 });
    await page
      .getByRole('row', { name: /سامي صالح/ })
      .getByText('بالغ')
      .waitFor();

    // The link is copied from the keyboard.
    const copy = page.getByRole('button', { name: 'انسخ الرابط' });
    await tabTo(page, copy);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'تم نسخ الرابط' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(party.link);
    expect(await page.getByRole('link', { name: 'شارك عبر واتساب' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(await axeViolations(page), 'after the update').toEqual([]);
    await context.close();
  });
});

describe("the desk's parties of the day, in Arabic", () => {
  it('lists "2 of 4 signed", opens the roster and checks the whole party in, from the keyboard', async () => {
    const party = await organise('مريم الكعبي', 4);
    await signThrough(party, { name: 'مريم الكعبي', qid: '28463400888', dependents: [minor('سارة الكعبي')] });
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 820, height: 1180 } });
    expect((await context.request.post(`${e2e.server.url}/api/users/login`, { data: DESK })).status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/staff/waivers?lang=ar`);
    await page.getByRole('heading', { level: 2, name: 'مجموعات اليوم' }).waitFor();
    const card = page.getByRole('article', { name: /مريم الكعبي/ });
    await card.getByText('وقّع 2 من 4').waitFor();
    expect(await axeViolations(page), 'the list').toEqual([]);

    const open = card.getByRole('button', { name: 'قائمة مجموعة \u2068مريم الكعبي\u2069' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    await card
      .getByRole('row', { name: /سارة الكعبي/ })
      .getByText('قاصر، مع \u2068مريم الكعبي\u2069')
      .waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('true');

    // A signature arrives meanwhile: the list and the roster show it without a reload.
    await signThrough(party, { name: 'خالد الكعبي', qid: '28463400889', dependents: [] });
    await card.getByRole('row', { name: /خالد الكعبي/ }).waitFor({ timeout: 20_000 });
    await card.getByText('وقّع 3 من 4').waitFor({ timeout: 20_000 });

    const all = card.getByRole('button', { name: 'تسجيل وصول المجموعة كاملة' });
    await tabTo(page, all);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'تم تسجيل وصول 3' }).waitFor();
    expect(await card.getByRole('button', { name: /^تسجيل الوصول: / }).count()).toBe(0);
    expect(await axeViolations(page), 'after the check-in').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);
    await context.close();
  });
});

describe("a party's waiver on the desk's kiosk", () => {
  it('carries the party and its day, signs, and keeps nothing of the guest on the device', async () => {
    const party = await organise('Huda Kiosk', 3);
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    // Rendered by the server: the signature pad answers once the page is hydrated.
    await e2e.visit(page, `/p/${party.code}?kiosk=1`);
    await page.getByText(/You are signing for .*Huda Kiosk.*'s party/).waitFor();
    await page.locator('#root_name').fill('Kiosk Guest');
    await page.locator('#root_qid').fill('28412349999');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('55123499');
    await fillSignerAge(page);
    await drawSignature(page);
    await page.locator('#root_acknowledgement').check();
    const [create] = await Promise.all([
      page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/${IFLY}`),
      page.locator('button[type="submit"]').click(),
    ]);
    expect(create.headers()[PARTY_HEADER]).toBe(party.code);
    await page.locator('#thank-you-title').waitFor();
    const roster = await e2e.server.api(`/api/parties/page/${party.code}`);
    expect(roster.status).toBe(200);
    const { rows } = await e2e.server.ctx.db.query<{ people: number }>('SELECT people FROM party_waivers WHERE party_id = $1', [party.id]);
    expect(rows).toEqual([{ people: 1 }]);
    const kept = await page.evaluate(async () => ({
      storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      databases: (await indexedDB.databases()).map((database) => database.name),
      caches: await caches.keys(),
    }));
    expect(kept.storage).not.toContain('Kiosk Guest');
    expect(kept.storage).not.toContain('28412349999');
    expect(kept.storage).not.toMatch(/form-draft|submit-key/);
    expect(kept.databases).toEqual([]);
    expect(kept.caches.filter((name) => /answer|draft|queue/i.test(name))).toEqual([]);
    await context.close();
  });

  it('an unknown code is Not Found, in the guest’s language; a full party says so and offers the plain waiver', async () => {
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    const unknown = await page.goto(`${e2e.server.url}/p/ZZZZZZZZ?lang=ar`);
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe('');
    const full = await organise('Full Party', 1);
    await signThrough(full, { name: 'One Full', dependents: [minor('Two Full'), minor('Three Full')] });
    await page.goto(`${e2e.server.url}/p/${full.code}?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'اكتمل عدد هذه المجموعة' }).waitFor();
    expect(await page.getByRole('link', { name: 'افتح الإقرار' }).getAttribute('href')).toBe('/dohaquest/ifly-waiver?lang=ar');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('an organiser makes a party on /p/new', () => {
  it('in English and in Arabic: the party link is ready, with its QR code, axe clean', async () => {
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
    try {
      const page = await context.newPage();
      for (const [lang, words] of [
        [
          'en',
          {
            title: 'Organise a group visit',
            date: 'Visit date',
            name: 'Your name',
            phone: 'Your phone number',
            email: 'Your email',
            expected: 'Number of people (adults and children)',
            create: 'Create the party link',
            ready: 'Your party link is ready',
          },
        ],
        [
          'ar',
          {
            title: 'نظّم زيارة جماعية',
            date: 'تاريخ الزيارة',
            name: 'اسمك',
            phone: 'رقم هاتفك',
            email: 'بريدك الإلكتروني',
            expected: 'عدد الأشخاص (بالغون وأطفال)',
            create: 'أنشئ رابط المجموعة',
            ready: 'رابط مجموعتك جاهز',
          },
        ],
      ] as const) {
        await page.goto(`${e2e.server.url}/p/new?lang=${lang}`);
        await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await page.locator('#party-form').selectOption({ index: 1 });
        await page.getByLabel(words.date, { exact: true }).fill(dohaDay(Date.now() + 86_400_000));
        await page.getByLabel(words.name, { exact: true }).fill(lang === 'ar' ? 'هدى صالح' : 'Huda Saleh');
        await page.getByLabel(words.phone, { exact: true }).fill('+97455501234');
        await page.getByLabel(words.email, { exact: true }).fill(`new-party-${lang}-${process.pid}@example.com`);
        await page.getByLabel(words.expected, { exact: true }).fill('6');
        await passHumanCheck(page);
        await page.getByRole('button', { name: words.create }).click();
        await page.getByRole('heading', { level: 1, name: words.ready }).waitFor();
        expect(await page.locator('.party-new').innerText()).toMatch(/\/p\/[0-9A-Za-z]+/);
        expect(await axeViolations(page), `the party made, ${lang}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
