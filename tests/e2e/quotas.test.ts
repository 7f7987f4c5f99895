// A form that fills up while a guest is answering it (features/quotas, a test definition: the padel
// survey takes 1 answer): the send is refused with the reason in the guest's language and every
// answer stays on screen (and in the draft); opened again, the page shows the form's title and the
// reason instead of the form, in English and Arabic (right to left), axe clean, at 320 px and 200 % text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { draftSaved, sidewaysAt320, startE2E, storedDocs, type E2E } from './harness.ts';
import { axeViolations } from './axe.ts';
import { choose, tickAll } from './fill.ts';
import { buildWithQuotas } from '../support/quota-forms.ts';

const COLLECTION = 'survey-customer-feedbacks-padel';
const COMMENTS = 'Is there anything else you would like to share about your experience using the Padel courts at Doha Oasis?';
const FULL = 'Thank you: this survey has all the answers it needs';

let e2e: E2E;
/** axe is injected as a script: the context lets it past the page's Content-Security-Policy. */
let context: BrowserContext;
beforeAll(async () => {
  e2e = await startE2E({ formsBuildDir: buildWithQuotas({ 'padel-survey': { maxResponses: 1 } }) });
  context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** The page, once the server's render is hydrated. */
async function open(pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
  return page;
}

const scale = (question: string, score: string) => ({ question, score });
const SCALES = [
  scale('How likely are you to recommend Doha Oasis Padel to a friend or colleague?', '9'),
  scale('How satisfied are you with the booking process for Padel courts at Doha Oasis?', '7'),
  scale('How easy is it for you to find available time slots for Padel court bookings at Doha Oasis?', '8'),
];

describe('a form that fills up while a guest answers it', () => {
  it('refuses the send saying so, and keeps every answer on screen', async () => {
    const page = await open('/survey/padel');
    await choose(page, 'How often do you play Padel at Doha Oasis?', 'Weekly');
    await tickAll(page, 'What motivated you to choose Doha Oasis for your Padel experience?', ['Location']);
    await choose(page, 'How did you first hear about Doha Oasis Padel?', 'Friends');
    for (const { question, score } of SCALES)
      await page.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: score, exact: true }).check();
    await page.getByLabel(COMMENTS).fill('Please keep court 2 open late.');
    await draftSaved(page);

    // Another guest takes the last place meanwhile.
    const other = await e2e.server.api(`/api/${COLLECTION}`, {
      json: {
        visit_frequency: 'monthly',
        why_choose_us: ['facilities'],
        discovery_method: 'friends',
        recommend_to_others_rating: 10,
        satisfaction_booking_process: 9,
        satisfaction_booking_process_time_slots: 9,
      },
    });
    expect(other.status).toBe(201);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: FULL }).count()).toBe(1);
    expect(await page.getByLabel(COMMENTS).inputValue()).toBe('Please keep court 2 open late.');
    expect(await page.getByRole('radiogroup', { name: SCALES[0].question, exact: true }).getByRole('radio', { name: '9', exact: true }).isChecked()).toBe(true);
    expect(await storedDocs(e2e.server, COLLECTION)).toHaveLength(1);
    expect(await axeViolations(page), 'the refusal on the form').toEqual([]);
  });

  it('opened again, shows the title and the reason instead of the form, in English and Arabic', async () => {
    const page = await open('/survey/padel');
    await page.getByRole('heading', { level: 1, name: 'Your Voice, Our Improvement' }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain(FULL);
    expect(await page.locator('form').count()).toBe(0);
    expect(await axeViolations(page), 'the panel').toEqual([]);
    expect(await sidewaysAt320(page)).toEqual([0, 0]);

    const arabic = await open('/survey/padel?lang=ar');
    await arabic.getByRole('heading', { level: 1, name: 'صوتك يصنع تطوّرنا' }).waitFor();
    const reason = arabic.getByText('شكرًا لك: لقد اكتمل عدد الإجابات التي يحتاجها هذا الاستبيان');
    expect(await reason.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await arabic.locator('form').count()).toBe(0);
    expect(await axeViolations(arabic), 'the Arabic panel').toEqual([]);
    expect(await sidewaysAt320(arabic)).toEqual([0, 0]);
  });
});
