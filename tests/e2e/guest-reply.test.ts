// A venue manager replies to a guest's Poor dining survey from the Arabic reply template, in a real
// browser against the real server, keyboard only, in the Arabic console: picks the template, sees
// the guest's language and a preview right to left as the guest will read it, sends, and sees the
// reply in the thread as queued (this server has no mail server). A guest who left no email shows
// the reason instead of the reply box. Axe clean, and no overflow at 320 px with 200 % text.
// Compliance on a whistle-blower report (ReporterCasePanel.tsx), keyboard only: reads the reporter's
// words, acknowledges (the acknowledgement in the report's language), asks a question, moves the case
// to investigating and closes it (an outcome required, named next to its field), excludes an account
// (then 404 for it); the reporter reads the question and "opened by compliance".
import type { BrowserContext, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { DINING, diningAnswers, proofFor, WHISTLE } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';
import { signCaseToken } from '../../src/server/features/cases/case-link.ts';
import { t } from '../../src/engine/text/messages.ts';
import { textFile, tinyPng } from '../support/files.ts';

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

const guestWords = async (id: number) =>
  (await e2e.server.api(`/api/${DINING}/${id}/messages`, { as: 'staff' })).body.docs
    .filter((message: { direction: string }) => message.direction === 'from-guest')
    .map((message: { text: string }) => message.text);

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

          // Keyboard: the box, the photo (left empty), then the button.
          await box.focus();
          await page.keyboard.type(texts.words);
          await page.keyboard.press('Tab');
          expect(await activeId(page)).toBe('case-photo');
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

describe("the guest's photo with their answer", () => {
  for (const javaScript of [true, false]) {
    it(`in Arabic ${javaScript ? 'with' : 'without'} JavaScript, keyboard only: a file that is no image refused at the photo with the words kept, then a photo sent and shown; at 320 px and 200 % text`, async () => {
      const guest = await e2e.browser.browser.newContext({ javaScriptEnabled: javaScript, bypassCSP: true, viewport: { width: 390, height: 844 } });
      try {
        const created = await e2e.server.api(`/api/${DINING}?locale=ar`, {
          json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: `photo-${javaScript}@example.com` }),
        });
        const id: number = created.body.doc.id;
        expect((await e2e.server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'نعتذر: هل من صورة؟' }, as: 'staff' })).status).toBe(201);
        const page = await guest.newPage();
        // A listener from the start turns the page's file-chooser interception on before any key opens one (Playwright
        // turns it on, without waiting, when the first listener comes: a Space pressed meanwhile opens no event).
        const choosers: FileChooser[] = [];
        page.on('filechooser', (chooser) => choosers.push(chooser));
        await page.goto(`${e2e.server.url}/reply/${signCaseToken(e2e.server.ctx.jwtSecret, id, new Date())}?lang=ar`);
        await page.getByRole('heading', { level: 1, name: 'محادثتك مع Cova' }).waitFor();
        const words = 'هذه صورة الطبق البارد.';
        const box = page.getByLabel('إجابتك');
        const photo = page.getByLabel('صورة (اختيارية)');
        expect(await photo.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
        /** The photo control, reached from the box by Tab, opened by the keyboard (Space) and given `file`; then Tab to the button and Enter. */
        const sendWith = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
          await box.focus();
          await page.keyboard.press('Tab');
          expect(await activeId(page)).toBe('case-photo');
          const before = choosers.length;
          await page.keyboard.press('Space');
          await expect.poll(() => choosers.length).toBe(before + 1);
          await choosers[before].setFiles(file);
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
        };
        await box.focus();
        await page.keyboard.type(words);
        await sendWith({ name: 'dish.jpg', mimeType: 'image/jpeg', buffer: textFile() });
        await page.getByText(t('fileType', 'ar')).waitFor();
        await expect.poll(() => photo.getAttribute('aria-invalid')).toBe('true');
        expect(await box.inputValue()).toBe(words);
        expect(await guestWords(id)).toEqual([]);
        if (javaScript) expect(await axeViolations(page)).toEqual([]);
        expect(await overflowAt(page, 320, 2), 'the refused photo at 320 px and 200 % text').toEqual([]);

        // With JavaScript the photo goes through the uploads path (doc and claim), then the answer names it.
        const uploaded = javaScript ? page.waitForResponse((response) => response.url().endsWith('/api/case-photos')) : null;
        await sendWith({ name: 'dish.png', mimeType: 'image/png', buffer: tinyPng() });
        if (uploaded) expect((await uploaded).status()).toBe(201);
        await page.waitForURL(/#answer-sent$/);
        await page.getByText('شكرًا لك: أُرسلت إجابتك.').waitFor();
        const shown = page.getByRole('img', { name: 'صورتك' });
        await shown.waitFor();
        await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        expect(await guestWords(id)).toEqual([words]);
        if (javaScript) expect(await axeViolations(page)).toEqual([]);
        expect(await overflowAt(page, 320, 2), 'the thread with the photo at 320 px and 200 % text').toEqual([]);

        // Staff see it in the thread, through the file route of the submission's own read check.
        const staffPage = await open(`/staff/forms/dining-survey/${id}?lang=ar`);
        const link = staffPage.getByRole('region', { name: 'الرسائل مع الضيف' }).getByRole('link', { name: 'صورة الضيف' });
        await link.waitFor();
        expect(await link.getAttribute('href')).toMatch(/^\/api\/case-photos\/file\//);
        await expect.poll(() => link.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        expect(await axeViolations(staffPage)).toEqual([]);
        await staffPage.close();
      } finally {
        await guest.close();
      }
    });
  }
});

describe('compliance on a whistle-blower report', () => {
  const COMPLIANCE = { email: 'reply-compliance@example.com', password: 'a compliance password' };
  it('reads the thread, acknowledges, asks, investigates and closes with an outcome, excludes an account; keyboard only, axe clean at 320 px and 200 % text', async () => {
    await saveStaffUser(e2e.server.ctx.db, COMPLIANCE.email, COMPLIANCE.password, 'compliance');
    // The account to exclude (say, the person reported): it reads the report until then.
    const otherHeaders = await e2e.server.staffAs(['compliance']);
    const { rows: others } = await e2e.server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'compliance@roles.example.com'`);
    expect((await context.request.post(`${e2e.server.url}/api/users/login`, { data: COMPLIANCE })).status()).toBe(200);
    const created = await e2e.server.api(`/api/${WHISTLE}?locale=ar`, {
      json: { incident_or_concern: 'يتم التلاعب بالفواتير في قسم المشتريات.', acknowledgement: true },
      headers: { 'x-captcha-proof': await proofFor(e2e.server, 'submit_form_whistle_blower') },
    });
    expect(created.status).toBe(201);
    const { id } = created.body.doc;
    const proof = { code: created.body.reporter.code as string, secret: created.body.reporter.secret as string };
    expect((await e2e.server.api('/api/reporter/messages', { json: { ...proof, text: 'يحدث ذلك كل نهاية شهر.' } })).status).toBe(201);

    const page = await open(`/staff/forms/whistle-blower/${id}?lang=en`);
    const panel = page.getByRole('region', { name: "Reporter's case" });
    await panel.getByText('يحدث ذلك كل نهاية شهر.').waitFor();
    await panel.getByText(/^Acknowledgement due /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflowAt(page, 320, 2), "the reporter's case at 320 px and 200 % text").toEqual([]);

    // Acknowledge: one action, the acknowledgement written in the report's language (Arabic).
    await panel.getByRole('button', { name: 'Acknowledge (sends the acknowledgement to the reporter)' }).focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Acknowledged: the reporter reads the acknowledgement on their page.').waitFor();
    await panel.getByText(/· Acknowledgement ·/).waitFor();
    await panel.getByText(/^Feedback due /).waitFor();

    // A question, typed and sent by keyboard.
    await panel.getByLabel('Message', { exact: true }).focus();
    await page.keyboard.type('ما اسم المورّد؟');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Sent: the reporter reads it on their page.').waitFor();
    await panel.getByText('ما اسم المورّد؟').waitFor();

    // Investigating, then closing: without an outcome the message stands next to the field.
    await panel.getByLabel('New state').selectOption('investigating');
    await panel.getByRole('button', { name: 'Save the state' }).press('Enter');
    await panel.getByRole('status').getByText('The state is saved.').waitFor();
    await panel.getByText('Being investigated', { exact: true }).waitFor();
    await panel.getByLabel('New state').selectOption('closed');
    await panel.getByRole('button', { name: 'Save the state' }).press('Enter');
    await panel.getByText(/^Closing a report names its outcome/).waitFor();
    expect(await panel.getByLabel('Outcome (to close)').getAttribute('aria-invalid')).toBe('true');
    await panel.getByLabel('Outcome (to close)').selectOption('partly-substantiated');
    await panel.getByRole('button', { name: 'Save the state' }).press('Enter');
    await panel.getByText('Closed (Partly substantiated)').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Conflict of interest: the excluded account no longer finds the report.
    expect((await e2e.server.api(`/api/${WHISTLE}/${id}`, { as: 'none', headers: otherHeaders })).status).toBe(200);
    await panel.getByLabel('Account to exclude').selectOption(String(others[0].id));
    await panel.getByRole('button', { name: 'Exclude', exact: true }).press('Enter');
    await panel.getByRole('button', { name: 'Include compliance@roles.example.com again' }).waitFor();
    expect((await e2e.server.api(`/api/${WHISTLE}/${id}`, { as: 'none', headers: otherHeaders })).status).toBe(404);
    expect((await e2e.server.api(`/api/${WHISTLE}/${id}/reporter`, { as: 'none', headers: otherHeaders })).status).toBe(404);

    // The reporter reads the acknowledgement (in Arabic), the question, the outcome and when compliance opened the report.
    const opened = await e2e.server.api('/api/reporter/open?locale=ar', { json: proof });
    expect(opened.body).toMatchObject({ state: 'closed', outcome: 'partly-substantiated' });
    expect(opened.body.openedAt).not.toBeNull();
    expect(opened.body.messages.map((message: { kind: string | null }) => message.kind)).toEqual([null, 'acknowledgement', 'question']);
    expect(opened.body.messages[1].text).toMatch(/[\u0600-\u06FF]/);
    expect(opened.body.messages[2].text).toBe('ما اسم المورّد؟');
  });
});
