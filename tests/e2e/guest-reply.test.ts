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
import { signCaseToken } from '../../src/server/features/cases/case-link.ts';

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
  const cdp = await page.context().newCDPSession(page);
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

    // "Wait for the guest's answer" is offered beside the button, ticked: the case will wait for them.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    expect(await panel.getByLabel(/انتظار ردّ الضيف/).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('حُفظ الرد وبريده في الطريق.').waitFor();
    // The follow-up is read again: the case waits for the guest.
    await expect.poll(async () => (await e2e.server.api(`/api/${DINING}/${id}/followup`, { as: 'staff' })).body.state).toBe('waiting-for-guest');
    await expect.poll(() => page.getByRole('radio', { name: 'بانتظار الضيف' }).isChecked()).toBe(true);
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

describe("the guest's case page", () => {
  /** A replied Poor survey answered in `lang`, and its case page's address. */
  async function caseOf(lang: 'en' | 'ar'): Promise<{ id: number; path: string }> {
    const created = await e2e.server.api(`/api/${DINING}?locale=${lang}`, {
      json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: `case-page-${lang}@example.com`, customer_comments: 'Cold soup.' }),
    });
    expect(created.status).toBe(201);
    const id: number = created.body.doc.id;
    const replied = await e2e.server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'We are sorry: what happened?' }, as: 'staff' });
    expect(replied.status).toBe(201);
    return { id, path: `/reply/${signCaseToken(e2e.server.ctx.jwtSecret, id, new Date())}?lang=${lang}` };
  }
  const guestWords = async (id: number) =>
    (await e2e.server.api(`/api/${DINING}/${id}/messages`, { as: 'staff' })).body.docs
      .filter((message: { direction: string }) => message.direction === 'from-guest')
      .map((message: { text: string }) => message.text);

  for (const javaScript of [true, false]) {
    it(`in English and Arabic ${javaScript ? 'with' : 'without'} JavaScript: the thread, an empty answer refused at the box, the answer posted natively`, async () => {
      const guest = await e2e.browser.browser.newContext({ javaScriptEnabled: javaScript, bypassCSP: true, viewport: { width: 390, height: 844 } });
      try {
        for (const [lang, texts] of [
          [
            'en',
            {
              title: 'Your conversation with Cova',
              answer: 'Your answer',
              send: 'Send my answer',
              sent: 'Thank you: your answer was sent.',
              words: 'It was cold, thank you for asking.',
            },
          ],
          [
            'ar',
            { title: 'محادثتك مع Cova', answer: 'إجابتك', send: 'إرسال إجابتي', sent: 'شكرًا لك: أُرسلت إجابتك.', words: 'كان الحساء باردًا، شكرًا لسؤالكم.' },
          ],
        ] as const) {
          const { id, path } = await caseOf(lang);
          const page = await guest.newPage();
          await page.goto(`${e2e.server.url}${path}`);
          await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          await page.getByText('We are sorry: what happened?').waitFor();
          await page.getByText('Cold soup.').waitFor();
          if (javaScript) expect(await axeViolations(page)).toEqual([]);
          expect(await overflowAt(page, 320, 2), `the ${lang} case page at 320 px and 200 % text`).toEqual([]);

          // Nothing written: the page again, the reason at the box, in the page's language.
          await page.getByRole('button', { name: texts.send }).click();
          const box = page.getByLabel(texts.answer);
          await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
          await page.getByText(lang === 'ar' ? 'اكتب إجابتك قبل إرسالها.' : 'Write your answer before sending it.').waitFor();

          // Keyboard: the box, then the button.
          await box.focus();
          await page.keyboard.type(texts.words);
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
          await page.waitForURL(/#answer-sent$/);
          await page.getByText(texts.sent).waitFor();
          expect(await page.getByText(texts.sent).isVisible()).toBe(true);
          await page.getByText(texts.words).waitFor();
          expect(await guestWords(id)).toEqual([texts.words]);
          await page.close();
        }
      } finally {
        await guest.close();
      }
    });
  }
});
