// Padel players rate the courts (/survey/padel) on 0-10 scales, in English or Arabic. The server
// files the recommendation score in its Net Promoter band: 0-6 detractor, 7-8 passive, 9-10 promoter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedE2E, type E2E, storedDocs } from './harness.ts';
import { REQUIRED, answersOf, choose, createRequest, expectEnvelope, expectMessageNextTo, tickAll } from './fill.ts';

const COLLECTION = 'survey-customer-feedbacks-padel';
const RECOMMEND = 'How likely are you to recommend Doha Oasis Padel to a friend or colleague?';
const BOOKING = 'How satisfied are you with the booking process for Padel courts at Doha Oasis?';
const TIME_SLOTS = 'How easy is it for you to find available time slots for Padel court bookings at Doha Oasis?';
const COMMENTS = 'Is there anything else you would like to share about your experience using the Padel courts at Doha Oasis?';
const HEARD = 'How did you first hear about Doha Oasis Padel?';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Tab into a 0-10 scale, Space picks 0, then the right arrow moves up to `score`. */
async function scoreWithKeyboard(page: Page, question: string, score: number) {
  const zero = page.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: '0', exact: true });
  await expect.poll(() => zero.evaluate((radio) => radio === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  for (let i = 0; i < score; i++) await page.keyboard.press('ArrowRight');
}

const checkedScore = (page: Page, question: string) =>
  page
    .getByRole('radiogroup', { name: question, exact: true })
    .evaluate((group) => group.querySelector<HTMLInputElement>('input:checked')?.closest('label')?.textContent?.trim() ?? null);

describe('padel survey', () => {
  it('a player answers in English, scoring with the keyboard; the server adds the NPS band (8 is passive) that the page never sends', async () => {
    const page = await e2e.open('/survey/padel');
    await expect.poll(() => page.title()).toBe('Doha Oasis | Padel');
    await choose(page, 'How often do you play Padel at Doha Oasis?', 'Weekly');
    await tickAll(page, 'What motivated you to choose Doha Oasis for your Padel experience?', ['Location', 'Facilities']);
    await choose(page, HEARD, 'Friends');

    // Keyboard only from here: each scale is one Tab stop.
    await page.getByRole('radiogroup', { name: HEARD }).getByRole('radio', { name: 'Friends' }).focus();
    await page.keyboard.press('Tab');
    await scoreWithKeyboard(page, RECOMMEND, 8);
    await page.keyboard.press('Tab');
    await scoreWithKeyboard(page, BOOKING, 6);
    await page.keyboard.press('Tab');
    await scoreWithKeyboard(page, TIME_SLOTS, 10);
    expect([await checkedScore(page, RECOMMEND), await checkedScore(page, BOOKING), await checkedScore(page, TIME_SLOTS)]).toEqual(['8', '6', '10']);
    await page.keyboard.press('Tab');
    expect(await page.getByLabel(COMMENTS).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.type('Courts 3 and 4 need better lighting.');

    const sent = createRequest(page, COLLECTION);
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).not.toHaveProperty('recommend_to_others_rating_band');
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { share_experience: 'Courts 3 and 4 need better lighting.' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      visit_frequency: 'weekly',
      why_choose_us: ['facilities', 'location'],
      discovery_method: 'friends',
      recommend_to_others_rating: 8,
      recommend_to_others_rating_band: 'passive',
      satisfaction_booking_process: 6,
      satisfaction_booking_process_time_slots: 10,
      share_experience: 'Courts 3 and 4 need better lighting.',
    });
  });

  it('a player who heard of us some other way is asked how; the answer is stored, and a 6 is a detractor', async () => {
    const page = await e2e.open('/survey/padel');
    await choose(page, 'How often do you play Padel at Doha Oasis?', 'This is my first time');
    expect(await page.getByLabel('Please tell us how').count()).toBe(0);
    await choose(page, HEARD, 'Others');
    const how = page.getByRole('textbox', { name: 'Please tell us how' });
    await how.waitFor();
    expect(await how.getAttribute('placeholder')).toBe('Please state...');
    expect(await page.locator('[data-field="discovery_method_others"] .required-mark').count()).toBe(1);
    await how.fill('A flyer at the hotel reception');
    await choose(page, RECOMMEND, '6');
    await choose(page, BOOKING, '7');
    await choose(page, TIME_SLOTS, '3');
    await page.getByLabel(COMMENTS).fill('Heard from a flyer.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { share_experience: 'Heard from a flyer.' });
    expect(stored).toHaveLength(1);
    expect(answersOf(stored[0])).toEqual({
      visit_frequency: 'first-time',
      discovery_method: 'others',
      discovery_method_others: 'A flyer at the hotel reception',
      recommend_to_others_rating: 6,
      recommend_to_others_rating_band: 'detractor',
      satisfaction_booking_process: 7,
      satisfaction_booking_process_time_slots: 3,
      share_experience: 'Heard from a flyer.',
    });
  });

  it('a player answers in Arabic; a 10 is stored as a promoter', async () => {
    const page = await e2e.open('/survey/padel?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'صوتك يصنع تطوّرنا' }).waitFor();
    await choose(page, 'كم مرة تلعب البادل في دوحة أويسس؟', 'من حين لآخر');
    await tickAll(page, 'ما الذي دفعك إلى اختيار دوحة أويسس لممارسة البادل؟', ['الأسعار', 'برنامج الولاء']);
    await choose(page, 'كيف سمعت لأول مرة عن ملاعب البادل في دوحة أويسس؟', 'وسائل التواصل الاجتماعي');
    await choose(page, 'ما مدى احتمال أن توصي صديقًا أو زميلًا بملاعب البادل في دوحة أويسس؟', '10');
    await choose(page, 'ما مدى رضاك عن عملية حجز ملاعب البادل في دوحة أويسس؟', '9');
    await choose(page, 'ما مدى سهولة العثور على أوقات متاحة لحجز ملاعب البادل في دوحة أويسس؟', '0');
    await page.getByLabel('هل هناك أي شيء آخر تودّ مشاركته حول تجربتك في استخدام ملاعب البادل في دوحة أويسس؟').fill('الملاعب ممتازة');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'نقدّر مشاركتك!' }).waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { share_experience: 'الملاعب ممتازة' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      visit_frequency: 'occasionally',
      why_choose_us: ['pricing', 'loyalty-program'],
      discovery_method: 'social-media',
      recommend_to_others_rating: 10,
      recommend_to_others_rating_band: 'promoter',
      satisfaction_booking_process: 9,
      satisfaction_booking_process_time_slots: 0,
      share_experience: 'الملاعب ممتازة',
    });
  });

  it('a required scale left empty is named next to it, in English', async () => {
    const page = await e2e.open('/survey/padel');
    await choose(page, 'How often do you play Padel at Doha Oasis?', 'Daily');
    await choose(page, RECOMMEND, '9');
    await choose(page, BOOKING, '9');
    await page.getByLabel(COMMENTS).fill('Left the time slots empty');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessageNextTo(page, 'satisfaction_booking_process_time_slots', page.getByRole('radiogroup', { name: TIME_SLOTS }), REQUIRED.en);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('root_satisfaction_booking_process_time_slots');
    expect(await page.locator('[data-field="recommend_to_others_rating"] .field-error').count()).toBe(0);
    expect(await storedDocs(e2e.server, COLLECTION, { share_experience: 'Left the time slots empty' })).toHaveLength(0);
  });

  it('the "Others" text, once asked, is required: its message is shown next to it, in Arabic', async () => {
    const page = await e2e.open('/survey/padel?lang=ar');
    await choose(page, 'كيف سمعت لأول مرة عن ملاعب البادل في دوحة أويسس؟', 'أخرى');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expectMessageNextTo(page, 'discovery_method_others', page.getByRole('textbox', { name: 'يرجى إخبارنا كيف' }), REQUIRED.ar);
    await expectMessageNextTo(page, 'visit_frequency', page.getByRole('radiogroup', { name: 'كم مرة تلعب البادل في دوحة أويسس؟' }), REQUIRED.ar);
  });
});
