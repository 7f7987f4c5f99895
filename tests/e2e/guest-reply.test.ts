// A venue manager replies to a guest's Poor dining survey from the Arabic reply template, in a real
// browser against the real server, keyboard only, in the Arabic console: picks the template, sees
// the guest's language and a preview right to left as the guest will read it, sends, and sees the
// reply in the thread as queued (this server has no mail server). A guest who left no email shows
// the reason instead of the reply box. Axe clean, and no overflow at 320 px with 200 % text.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { DINING, diningAnswers } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
let context: BrowserContext;
const MANAGER = { email: 'reply-manager@example.com', password: 'a manager password' };

async function survey(answers: Record<string, unknown>): Promise<number> {
  const created = await e2e.server.api(`/api/${DINING}?locale=ar`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', ...answers }) });
  expect(created.status).toBe(201);
  return created.body.doc.id;
}

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, MANAGER.email, MANAGER.password, 'manager', ['cova']);
  // axe is injected as a script, which the pages' Content-Security-Policy would (rightly) refuse.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const login = await context.request.post(`${e2e.server.url}/api/users/login`, { data: MANAGER });
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

/** What makes the page wider than a `width` px screen with text at `scale` (Chromium's font-size setting). */
async function overflowAt(page: Page, width: number, scale: number): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * scale, fixed: 13 * scale } });
  await page.setViewportSize({ width, height: 844 });
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

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.textContent ?? '');

describe('a manager replies to the guest', () => {
  it('from the Arabic template, keyboard only, previewed right to left, sent and shown queued; axe clean at 320 px and 200 % text', async () => {
    const id = await survey({ email_address: 'layla@example.com', name: 'ليلى' });
    const page = await open(`/staff/forms/dining-survey/${id}?lang=ar`);
    const panel = page.getByRole('region', { name: 'الرسائل مع الضيف' });
    await panel.getByText('لا توجد رسائل مع الضيف بعد.').waitFor();
    await panel.getByText('أجاب الضيف بـالعربية').waitFor();
    const picker = panel.getByLabel('ابدأ من قالب');
    await picker.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard only: the template picker, the reply box, the preview button, the send button.
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => panel.getByLabel('ردك').inputValue()).toMatch(/^عزيزنا \{guest_name\}،/);
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('case-reply');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const preview = panel.getByRole('region', { name: 'كما سيقرؤها الضيف' });
    await preview.getByText('بخصوص زيارتك إلى Cova').waitFor();
    await preview.getByText(/عزيزنا ليلى،/).waitFor();
    expect(await preview.locator('[lang="ar"]').getAttribute('dir')).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflowAt(page, 320, 2), 'the Arabic reply box with its preview at 320 px and 200 % text').toEqual([]);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('حُفظ الرد وبريده في الطريق.').waitFor();
    const sent = panel.getByRole('list', { name: 'الرسائل مع الضيف' }).getByRole('listitem');
    expect(await sent.count()).toBe(1);
    await sent.getByText('البريد الإلكتروني: في الانتظار').waitFor();
    await sent.getByText(/عزيزنا ليلى،/).waitFor();
    expect(await panel.getByLabel('ردك').inputValue()).toBe('');
    const stored = await e2e.server.api(`/api/${DINING}/${id}/messages`, { as: 'staff' });
    expect(stored.body.docs).toMatchObject([{ direction: 'to-guest', delivery: { state: 'queued' } }]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a guest who left no email: the reason stands instead of the reply box', async () => {
    const id = await survey({});
    const page = await open(`/staff/forms/dining-survey/${id}?lang=ar`);
    const panel = page.getByRole('region', { name: 'الرسائل مع الضيف' });
    await panel.getByText('لم يترك الضيف عنوان بريد إلكتروني: لا يمكن إرسال رد.').waitFor();
    expect(await panel.getByRole('button', { name: 'إرسال الرد' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
