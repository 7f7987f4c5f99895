// Guests whose browser runs no JavaScript complete the dining, padel, retail, employee and
// careers forms (the CV as a file in a multipart post) and the recovery survey (in Arabic at 320 px): the browser posts each form itself, the
// server stores it and shows the thanks; a refused post shows the form again with the answers kept
// and each message next to its question and in the summary, in English and Arabic.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf } from '../support/files.ts';
import { choose, expectMessageNextTo, fillDate, REQUIRED, tickAll } from './fill.ts';
import { sharedE2E, storedDocs, todayIso, type E2E } from './harness.ts';
import { sentRecoverySurvey } from '../support/recovery.ts';

let e2e: E2E;
let context: BrowserContext;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-nojs-'));
const cv = path.join(dir, 'noor-cv.pdf');

beforeAll(async () => {
  fs.writeFileSync(cv, tinyPdf());
  e2e = await sharedE2E();
  context = await e2e.browser.browser.newContext({ javaScriptEnabled: false, locale: 'en-US', viewport: { width: 420, height: 900 } });
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A page as the server sent it: no script runs, so nothing waits for hydration. */
async function open(pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.locator('h1').first().waitFor();
  return page;
}

/** Sends the form as the browser does without a script; every address it went through holds no answer. */
async function send(page: Page, button: string, answers: string[]): Promise<void> {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: button }).click()]);
  for (const address of [...addresses, page.url()]) for (const answer of answers) expect(decodeURIComponent(address)).not.toContain(answer);
}

describe('without JavaScript', () => {
  it('a diner answers the survey from a restaurant’s link; the browser posts it, the thanks shows and it is stored', async () => {
    const page = await open('/survey/fnb/Crazy%20Pizza');
    await choose(page, 'Meal Period', 'Dinner');
    await choose(page, 'How often do you visit our restaurant?', 'First Time');
    for (const question of ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness']) await choose(page, question, 'Very Good');
    await page.getByLabel('How did you come to know about us?').selectOption({ label: 'Website' });
    await choose(page, 'Would you visit this restaurant again?', 'Yes');
    await page.getByLabel('Your comments?').fill('Quiet and quick, no script needed.');
    await page.getByLabel('Full name').fill('Noor Saleh');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('5512 3456');
    await fillDate(page, 'Birth date', '1990-04-12');
    await page.getByLabel('Email address').fill('noor.nojs@example.com');
    await page.getByLabel('I agree to be contacted about future promotions and events.').check();
    await send(page, 'Submit', ['Noor', 'noor.nojs', '5512', 'Quiet and quick']);
    await page.locator('.thank-you h1').waitFor();
    expect(new URL(page.url()).pathname).toBe('/survey/fnb/Crazy%20Pizza/thank-you');
    const [stored] = await storedDocs(e2e.server, 'survey-customer-feedbacks', { email_address: 'noor.nojs@example.com' });
    expect(stored).toMatchObject({
      visited_restaurant: 'Crazy Pizza',
      meal_period: 'dinner',
      rating_food: 'very-good',
      name: 'Noor Saleh',
      telephone_number: '+97455123456',
      birth_date: '1990-04-12',
      marketing_consent: true,
    });
    await page.close();
  });

  it('a padel player answers; the scores are stored as numbers', async () => {
    const page = await open('/survey/padel');
    await choose(page, 'How often do you play Padel at Doha Oasis?', 'Weekly');
    await tickAll(page, 'What motivated you to choose Doha Oasis for your Padel experience?', ['Location', 'Facilities']);
    await choose(page, 'How likely are you to recommend Doha Oasis Padel to a friend or colleague?', '9');
    await choose(page, 'How satisfied are you with the booking process for Padel courts at Doha Oasis?', '7');
    await choose(page, 'How easy is it for you to find available time slots for Padel court bookings at Doha Oasis?', '10');
    await page
      .getByLabel('Is there anything else you would like to share about your experience using the Padel courts at Doha Oasis?')
      .fill('Played without scripts.');
    // The page load's mark, which makes a second post of the same answers (a double tap) the first one's thanks.
    const marks = (await page.context().cookies()).filter((cookie) => cookie.name === 'form-post' && cookie.path === '/survey/padel');
    expect(marks).toEqual([expect.objectContaining({ httpOnly: true, sameSite: 'Strict', expires: -1 })]);
    await send(page, 'Submit', ['Played without scripts']);
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    const [stored] = await storedDocs(e2e.server, 'survey-customer-feedbacks-padel', { share_experience: 'Played without scripts.' });
    expect([...stored.why_choose_us].sort()).toEqual(['facilities', 'location']);
    expect(stored).toMatchObject({ visit_frequency: 'weekly', recommend_to_others_rating: 9, satisfaction_booking_process: 7 });
    await page.close();
  });

  it('the retail survey shows both steps at once and is sent in one post', async () => {
    const page = await open('/survey/retail');
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.getByLabel('Employee ID').fill('E-NOJS');
    await page.getByLabel('Receipt ID').fill('R-NOJS-1');
    await page.getByRole('radio', { name: '10', exact: true }).check();
    await send(page, 'Submit', ['E-NOJS', 'R-NOJS-1']);
    await page.locator('.thank-you h1').waitFor();
    const [stored] = await storedDocs(e2e.server, 'survey-net-promoter', { receipt_id: 'R-NOJS-1' });
    expect(stored).toMatchObject({ employee_id: 'E-NOJS', customer_feedback_number: 10, visit_date: todayIso() });
    await page.close();
  });

  it('an employee answers from the invitation link', async () => {
    const page = await open('/employee?id=EMP-NOJS-0001');
    await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption({ index: 1 });
    for (const group of await page.getByRole('radiogroup').all()) await group.getByRole('radio').first().check();
    await page.getByLabel('Any comments or feedback?').fill('Sent without scripts.');
    // The survey ID came in the invitation's address; what the employee typed never goes into one.
    await send(page, 'Submit', ['Sent without scripts']);
    await page.locator('.thank-you h1').waitFor();
    const [stored] = await storedDocs(e2e.server, 'employee-responses', { anonymous_id: 'EMP-NOJS-0001' });
    expect(stored).toMatchObject({ employee_comments: 'Sent without scripts.', recommend_employer: 0 });
    expect(typeof stored.department).toBe('string');
    await page.close();
  });

  it('a candidate applies with a CV sent in the form’s own multipart post', async () => {
    const page = await open('/careers/dohaoasis/guest-experience-host/apply');
    expect(await page.locator('form').getAttribute('enctype')).toBe('multipart/form-data');
    await page.getByLabel('Full name').fill('Noor Saleh');
    await page.getByLabel('Email').fill('noor.cv.nojs@example.com');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('55123456');
    await page.getByLabel('CV').setInputFiles(cv);
    await send(page, 'Send my application', ['noor.cv.nojs', '55123456']);
    await page.getByRole('heading', { name: 'Thank you for applying!' }).waitFor();
    const [stored] = await storedDocs(e2e.server, 'careers-applications', { email: 'noor.cv.nojs@example.com' });
    expect(stored).toMatchObject({ full_name: 'Noor Saleh', phone: '+97455123456' });
    expect(typeof stored.cv).toBe('number');
    // The thanks names the application's reference; a reload shows it again and posts nothing.
    expect(await page.locator('.reference-code').innerText()).toBe(stored.reference);
    await page.reload();
    expect(await page.locator('.reference-code').innerText()).toBe(stored.reference);
    expect(await storedDocs(e2e.server, 'careers-applications', { email: 'noor.cv.nojs@example.com' })).toHaveLength(1);
    await page.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`a refused post shows the form again with the answers kept and each message next to its question and in the summary (${lang})`, async () => {
      const page = await open(`/survey/padel?lang=${lang}`);
      const comment = `Kept without scripts ${lang}`;
      await page.locator('textarea').fill(comment);
      await send(page, lang === 'en' ? 'Submit' : 'إرسال', [comment]);
      await page.locator('.error-summary li').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('textarea').inputValue()).toBe(comment);
      const group = page.locator('[data-field="visit_frequency"] fieldset');
      await expectMessageNextTo(page, 'visit_frequency', group, REQUIRED[lang]);
      const link = page.locator('.error-summary a[href="#root_visit_frequency"]');
      expect(await link.innerText()).toContain(REQUIRED[lang]);
      // Without a script the link still leads to the question.
      await link.click();
      expect(new URL(page.url()).hash).toBe('#root_visit_frequency');
      expect(await page.locator('#root_visit_frequency').isVisible()).toBe(true);
      await page.close();
    });
  }

  it('a guest answers the recovery survey at 320 px: in Arabic "no" reopens the case and the link then leads nowhere; in English "yes" confirms it', async () => {
    const { id, path: link } = await sentRecoverySurvey(e2e.server, 'ar');
    const page = await open(`${link}?lang=ar`);
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { name: 'هل أصلحنا الأمر؟', level: 1 }).waitFor();
    // Sent with no answer: the question says why, in Arabic.
    await send(page, 'إرسال', []);
    await expectMessageNextTo(page, 'made_right', page.getByRole('radiogroup', { name: 'هل أصلحنا الأمر؟' }), 'هذا الحقل مطلوب.');
    await choose(page, 'هل أصلحنا الأمر؟', 'لا');
    await page.getByLabel('هل تودّ إضافة شيء؟ (اختياري)').fill('ما زال الطبق باردًا');
    await send(page, 'إرسال', ['ما زال الطبق باردًا']);
    await page.locator('.thank-you h1').waitFor();
    expect(await page.locator('.thank-you h1').textContent()).toBe('شكرًا على إجابتك');
    const { rows } = await e2e.server.ctx.db.query<{ state: string; answer: string }>(
      'SELECT f.state, r.answer FROM followups f JOIN recovery_surveys r ON r.document_id = f.document_id WHERE f.document_id = $1',
      [id],
    );
    expect(rows).toEqual([{ state: 'in-progress', answer: 'no' }]);
    const again = await context.newPage();
    const gone = await again.goto(`${e2e.server.url}${link}?lang=ar`);
    expect(gone?.status()).toBe(404);
    await again.getByRole('heading', { name: 'لم يعد هذا الاستبيان متاحًا' }).waitFor();
    await again.close();
    await page.close();

    // In English, "yes" confirms the outcome recovered.
    const english = await sentRecoverySurvey(e2e.server, 'en');
    const other = await open(`${english.path}?lang=en`);
    await other.setViewportSize({ width: 320, height: 800 });
    expect(await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await choose(other, 'Did we make it right?', 'Yes');
    await send(other, 'Send', []);
    await other.locator('.thank-you h1').waitFor();
    const { rows: confirmed } = await e2e.server.ctx.db.query<{ state: string; outcome: string }>(
      'SELECT state, outcome FROM followups WHERE document_id = $1',
      [english.id],
    );
    expect(confirmed).toEqual([{ state: 'resolved', outcome: 'recovered' }]);
    await other.close();
  });

  it('the loyalty registration (a human check) cannot be sent: its button is disabled and says why', async () => {
    const page = await open('/printemps/loyalty-registration');
    expect(await page.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    await page.getByText('This form can be sent once the page has loaded').waitFor();
    await page.close();
  });
});
