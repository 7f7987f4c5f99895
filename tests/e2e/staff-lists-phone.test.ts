// Every staff list on a phone in Arabic (390 px): each row a card whose values keep their
// column's name for screen readers, no word of a cell broken inside itself (each word of each
// cell's text, measured by the client rects of a Range over it: one line), axe clean; the
// submissions list shows the rating as its word with a colour, sorts by the lowest rating, and the
// submission's heading keeps the reference left to right. Also the date filter on one line at 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STAFF } from '../support/server.ts';
import { DINING, IFLY, diningAnswers, waiverAnswers } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
let phone: BrowserContext;
const created: { id: number; reference: string }[] = [];
const POOR_COMMENT = 'كان الطعام باردًا وانتظرنا أربعين دقيقة حتى وصلت الفاتورة في نهاية العشاء';

beforeAll(async () => {
  e2e = await startE2E();
  // Like npm run seed:demo-submissions: Cova and Twiga dinners, comments in Arabic and English, one Poor dinner.
  const answers = [
    diningAnswers({
      visited_restaurant: 'Twiga',
      customer_comments: 'Lovely terrace and friendly staff.',
      name: 'Maha Al-Kuwari',
      email_address: 'maha.alkuwari.long.address@example.com',
    }),
    diningAnswers({ rating_food: 'poor', rating_service: 'average', customer_comments: POOR_COMMENT, name: 'نورة الكعبي', telephone_number: '+97455501234' }),
    diningAnswers({
      rating_greeting: 'excellent',
      rating_service: 'excellent',
      rating_food: 'excellent',
      rating_beverage: 'very-good',
      rating_value_for_money: 'excellent',
      rating_cleanliness: 'excellent',
      customer_comments: 'خدمة ممتازة وطعام لذيذ',
    }),
  ];
  for (const json of answers) {
    const answer = await e2e.server.api(`/api/${DINING}`, { json });
    expect(answer.status).toBe(201);
    created.push(answer.body.doc);
  }
  expect(
    (await e2e.server.api(`/api/${IFLY}`, { json: waiverAnswers({ phone: '+97455507399', name: 'هدى ناصر', email: 'huda.nasser@example.com' }) })).status,
  ).toBe(201);
  const rule = {
    name: 'كل الاستبيانات',
    enabled: true,
    form: 'dining-survey',
    when: 'every',
    emails: 'ops@dohaoasis.example',
    language: 'ar',
    subject: { en: 'New {reference}', ar: 'استبيان جديد {reference}' },
    body: { en: '{link}', ar: '{link}' },
  };
  expect((await e2e.server.api('/api/alert-rules?locale=ar', { as: 'staff', json: rule })).status).toBe(201);
  expect((await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'تنبيه' }) })).status).toBe(201);
  phone = await e2e.browser.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar', bypassCSP: true });
  const login = await phone.request.post(`${e2e.server.url}/api/users/login`, { data: STAFF });
  expect(login.status()).toBe(200);
});
afterAll(async () => {
  await phone?.close();
  await e2e?.close();
});

async function open(pathname: string, heading: string | RegExp): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

/** The words of the lists' cells (table cells and cards) that a line break cuts, each with where it is. */
function brokenWords(page: Page, selector = '.staff-table th, .staff-table td, .staff-table caption'): Promise<string[]> {
  return page.evaluate((cells) => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll(cells)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/\S+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
          // One rect, or several on one line (a word of mixed directions, or of two fonts, is drawn in pieces).
          const [first] = rects;
          if (rects.some((rect) => Math.abs(rect.top - first.top) >= first.height / 2))
            broken.push(`${match[0]} in "${(cell.textContent ?? '').slice(0, 60)}"`);
        }
      }
    }
    return broken;
  }, selector);
}

/** Whether the cards are cards: a row's cells one under another, inside the screen. */
async function rowsAreCards(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const row = document.querySelector('.staff-table tbody tr');
    if (!row) return false;
    const cells = [...row.children].filter((cell) => cell.getBoundingClientRect().height > 0);
    return (
      getComputedStyle(row).display === 'block' &&
      cells.every((cell, i) => i === 0 || cell.getBoundingClientRect().top >= cells[i - 1].getBoundingClientRect().bottom - 1)
    );
  });
}

/** The column names the cards show (data-label) and what a screen reader gets: each cell's column header by its role. */
async function cardLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.staff-table tbody tr:first-child td[data-label]')].map((cell) => cell.getAttribute('data-label') ?? ''),
  );
}

describe('staff lists on a phone in Arabic', () => {
  it('the submissions list: cards, whole words, the rating as its word and colour, sorted by the lowest rating', async () => {
    const page = await open('/staff/forms/dining-survey?lang=ar', 'استبيان المطاعم');
    await page.locator('.staff-table tbody tr').first().waitFor();
    expect(await rowsAreCards(page)).toBe(true);
    expect(await cardLabels(page)).toEqual([
      'تاريخ الاستلام',
      'أي من مطاعمنا قمت بزيارته؟',
      'أدنى تقييم',
      'ملاحظاتك؟',
      'الاسم ووسيلة الاتصال',
      'الحالة',
      'الموعد',
      'المكلَّف',
    ]);
    expect(await brokenWords(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    const sort = page.getByRole('button', { name: 'أدنى تقييم' });
    expect(await sort.locator('xpath=ancestor::th').getAttribute('aria-sort')).toBe('none');
    await sort.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=lowest_rating/);
    await expect.poll(() => page.getByRole('button', { name: 'أدنى تقييم' }).locator('xpath=ancestor::th').getAttribute('aria-sort')).toBe('ascending');
    const first = page.locator('.staff-table tbody tr').first();
    await expect.poll(() => first.locator('th').innerText()).toBe(created[1].reference);
    // The word, and the colour beside it: the low band.
    const rating = first.locator('.console-rating');
    expect(await rating.innerText()).toBe('ضعيف');
    expect(await rating.getAttribute('class')).toContain('console-rating-low');
    expect(await first.innerText()).toContain('كان الطعام باردًا وانتظرنا');
    expect(await brokenWords(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the submission: its heading keeps the reference left to right (the hyphens where they belong), the answers whole', async () => {
    const { id, reference } = created[1];
    const page = await open(`/staff/forms/dining-survey/${id}?lang=ar`, new RegExp(reference));
    // The reference's first character is drawn left of its last: an isolated left-to-right run.
    const [start, end] = await page.evaluate((text) => {
      const node = [...document.querySelectorAll('h1 bdi')].map((element) => element.firstChild).find((child) => child?.textContent === text) as Text;
      const at = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect().left;
      };
      return [at(0), at(text.length - 1)];
    }, reference);
    expect(start).toBeLessThan(end);
    expect(await brokenWords(page, '.staff-table th, .staff-table td, h1, .console-facts dd')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [name, pathname, heading] of [
    ['the alerts', '/staff/alerts?lang=ar', 'التنبيهات'],
    ['the content (restaurants)', '/staff/content/restaurants?lang=ar', /./],
    ['the users', '/staff/users?lang=ar', /./],
    ['the audit log', '/staff/audit?lang=ar', /./],
    ['the insights', '/staff/insights/dining-survey?lang=ar', /./],
  ] as const) {
    it(`${name}: cards, whole words, axe clean`, async () => {
      const page = await open(pathname, heading);
      await page.locator('.staff-table tbody tr').first().waitFor();
      expect(await rowsAreCards(page)).toBe(true);
      expect(await brokenWords(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  it('the QR cards and the profile: cards, whole words, axe clean', async () => {
    const made = await e2e.server.api('/api/distribution-points', {
      method: 'POST',
      as: 'staff',
      json: { name: 'كوفا، الطاولة 12', form: 'dining-survey', venue: 'cova', source: 'table' },
    });
    expect(made.status).toBe(201);
    const points = await open('/staff/distribution-points?lang=ar', 'بطاقات QR ونقاط التوزيع');
    await points.locator('.staff-table tbody tr').first().waitFor();
    expect(await rowsAreCards(points)).toBe(true);
    expect(await brokenWords(points)).toEqual([]);
    expect(await axeViolations(points)).toEqual([]);

    const profile = await open('/staff/profile?lang=ar', /./);
    expect(await brokenWords(profile, 'main h1, main label, main legend, main p')).toEqual([]);
    expect(await axeViolations(profile)).toEqual([]);
  });

  it('the waiver desk and the privacy matches: whole words, axe clean', async () => {
    const desk = await open('/staff/waivers?lang=ar', 'مكتب الإقرارات');
    await desk.getByRole('searchbox').fill('55507399');
    await desk.keyboard.press('Enter');
    await desk.getByRole('status').filter({ hasText: 'عُثر على إقرار واحد' }).waitFor();
    expect(await brokenWords(desk, '.desk-card, .desk-card *')).toEqual([]);
    expect(await axeViolations(desk)).toEqual([]);

    const privacy = await open('/staff/privacy?lang=ar', 'طلبات أصحاب البيانات');
    await privacy.getByLabel('رقم الهاتف مع رمز الدولة').fill('+97455507399');
    await privacy.getByRole('button', { name: 'بحث' }).click();
    await privacy.locator('.staff-table tbody tr').first().waitFor();
    expect(await rowsAreCards(privacy)).toBe(true);
    expect(await brokenWords(privacy)).toEqual([]);
    expect(await axeViolations(privacy)).toEqual([]);
  });
});

describe('the date filter', () => {
  it('sits on one line at 1280 px', async () => {
    const page = await e2e.signedIn(STAFF, '/staff/forms/dining-survey');
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const legend of ['Received from', 'Received until']) {
      const group = page.getByRole('group', { name: legend, exact: true });
      await group.locator('select').waitFor();
      const tops = await group
        .locator('input:not([type=hidden]), select')
        .evaluateAll((controls) => controls.map((control) => Math.round(control.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(1);
      expect(new Set(tops).size, `${legend}: ${tops.join(', ')}`).toBe(1);
    }
  });
});
