// Shoppers rate their visit to the department store (/survey/satisfaction), in English or Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedE2E, type E2E, storedDocs } from './harness.ts';
import {
  REQUIRED,
  answersOf,
  choose,
  fillDate,
  definition,
  expectEnvelope,
  expectMessageNextTo,
  passHumanCheck,
  questionsMarkedRequired,
  requiredAlwaysShown,
} from './fill.ts';

const COLLECTION = 'survey-customer-satisfactions';
const LOYALTY_RATING_EN = 'How satisfied are you with the loyalty benefits?';
const LOYALTY_RATING_AR = 'ما مدى رضاك عن مزايا برنامج الولاء؟';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Every rating and choice question above the guest's details, in English (loyalty answered separately). */
async function rateTheVisitInEnglish(page: Page) {
  await choose(page, 'How would you rate the store ambience and cleanliness?', 'Excellent');
  await choose(page, 'How would you rate the visual presentation and look of the store?', 'Good');
  await choose(page, 'Did you find what you were looking for?', 'Yes');
  await choose(page, 'How would you rate the variety of brands and products available?', 'Average');
  await choose(page, 'How satisfied are you with the assistance provided by our staff?', 'Satisfied');
  await choose(page, 'Were our staff members helpful and knowledgeable?', 'Yes');
  await choose(page, 'How smooth was the checkout process?', 'Excellent');
  await choose(page, 'How do you prefer to receive updates about promotions and events?', 'WhatsApp');
  await choose(page, 'How satisfied are you with your experience at Printemps Doha?', 'Very Satisfied');
}

describe('satisfaction survey', () => {
  it('a guest who is a club member is asked about the loyalty benefits; the answers are stored exactly', async () => {
    const page = await e2e.open('/survey/satisfaction');
    await expect.poll(() => page.title()).toBe('Printemps | Survey Satisfaction');
    await page.getByRole('heading', { level: 1, name: 'Your Voice, Our Improvement' }).waitFor();

    await rateTheVisitInEnglish(page);
    // The loyalty benefits are only asked of members.
    expect(await page.getByRole('radiogroup', { name: LOYALTY_RATING_EN }).count()).toBe(0);
    await choose(page, 'Are you a member of Club Printemps?', 'No');
    expect(await page.getByRole('radiogroup', { name: LOYALTY_RATING_EN }).count()).toBe(0);
    await choose(page, 'Are you a member of Club Printemps?', 'Yes');
    const loyaltyRating = page.getByRole('radiogroup', { name: LOYALTY_RATING_EN });
    await loyaltyRating.waitFor();
    expect(await loyaltyRating.getAttribute('aria-required')).toBe('true');
    await choose(page, LOYALTY_RATING_EN, 'Very Satisfied');

    await page.getByLabel('What would you like us to improve?').fill('More fitting rooms on the first floor.');
    await page.getByLabel('Full name').fill('Layla Mansour');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('5512 3456'); // Qatar's +974 is preselected
    await fillDate(page, 'Birth date', '1988-11-02');
    await page.getByLabel('Email address').fill('layla.mansour@example.com');
    const consent = page.getByLabel('I agree to be contacted about future promotions, events and news from Printemps Doha.');
    expect(await consent.isChecked()).toBe(false);
    await consent.check();

    // The answers cannot be sent before the human check is done.
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await passHumanCheck(page);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    await page.getByText('Thanks for taking the time to share your thoughts with us.').waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { name: 'Layla Mansour' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      store_ambience_cleanliness_rating: 'excellent',
      store_ambience_visual_presentation_rating: 'good',
      is_product_availability_variety: 'yes',
      product_availability_variety_rating: 'average',
      rating_customer_service: 'satisfied',
      is_customer_service_helpful: 'yes',
      checkout_payment_process: 'excellent',
      loyalty_program: 'yes',
      rating_loyalty_program_satisfaction: 'very-satisfied',
      communication_promotions: 'whatsapp',
      rating_overall_experience: 'very-satisfied',
      area_for_improvement: 'More fitting rooms on the first floor.',
      name: 'Layla Mansour',
      telephone_number: '+97455123456',
      birth_date: '1988-11-02',
      email_address: 'layla.mansour@example.com',
      marketing_consent: true,
    });
  });

  it('a guest answers in Arabic; after changing to "not a member" no loyalty rating is asked or stored', async () => {
    const page = await e2e.open('/survey/satisfaction?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'صوتك يصنع تطوّرنا' }).waitFor();

    await choose(page, 'كيف تقيّم أجواء المتجر ونظافته؟', 'جيد');
    await choose(page, 'كيف تقيّم طريقة العرض والمظهر العام للمتجر؟', 'ممتاز');
    await choose(page, 'هل وجدت ما كنت تبحث عنه؟', 'لا');
    await choose(page, 'كيف تقيّم تنوّع العلامات التجارية والمنتجات المتوفرة؟', 'ضعيف');
    await choose(page, 'ما مدى رضاك عن المساعدة التي قدّمها موظفونا؟', 'محايد');
    await choose(page, 'هل كان موظفونا متعاونين وعلى دراية كافية؟', 'نعم');
    await choose(page, 'ما مدى سلاسة عملية الدفع؟', 'متوسط');
    // Said "yes" and rated the benefits, then corrected to "no": the rating goes away.
    await choose(page, 'هل أنت عضو في نادي برنتان؟', 'نعم');
    await choose(page, LOYALTY_RATING_AR, 'راضٍ');
    await choose(page, 'هل أنت عضو في نادي برنتان؟', 'لا');
    expect(await page.getByRole('radiogroup', { name: LOYALTY_RATING_AR }).count()).toBe(0);
    await choose(page, 'كيف تفضّل أن تصلك أخبار العروض والفعاليات؟', 'رسالة نصية');
    await choose(page, 'ما مدى رضاك عن تجربتك في برنتان الدوحة؟', 'راضٍ');
    await page.getByLabel('الاسم الكامل').fill('نورة الكعبي');
    await page.getByRole('textbox', { name: 'رقم الهاتف' }).fill('٣٣٤٤ ٥٥٦٦'); // typed on an Arabic keyboard
    expect(await page.getByLabel('أوافق على التواصل معي بشأن العروض والفعاليات والأخبار القادمة من برنتان الدوحة.').isChecked()).toBe(false);

    await passHumanCheck(page);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'نقدّر مشاركتك!' }).waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { name: 'نورة الكعبي' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      store_ambience_cleanliness_rating: 'good',
      store_ambience_visual_presentation_rating: 'excellent',
      is_product_availability_variety: 'no',
      product_availability_variety_rating: 'poor',
      rating_customer_service: 'neutral',
      is_customer_service_helpful: 'yes',
      checkout_payment_process: 'average',
      loyalty_program: 'no',
      communication_promotions: 'sms',
      rating_overall_experience: 'satisfied',
      name: 'نورة الكعبي',
      telephone_number: '+97433445566',
    });
    expect(stored[0]).not.toHaveProperty('rating_loyalty_program_satisfaction');
    expect(stored[0]).not.toHaveProperty('marketing_consent'); // never ticked: no consent recorded
  });

  it('a star marks exactly the questions the definition requires, the loyalty rating only once it is asked', async () => {
    const form = definition('satisfaction-survey');
    const page = await e2e.open('/survey/satisfaction');
    await page.getByRole('radiogroup', { name: 'How satisfied are you with your experience at Printemps Doha?' }).waitFor();
    expect(await questionsMarkedRequired(page)).toEqual(requiredAlwaysShown(form));
    // Optional questions exist and carry no star.
    for (const optional of ['area_for_improvement', 'birth_date', 'email_address', 'marketing_consent']) {
      expect(await page.locator(`[data-field="${optional}"]`).count()).toBe(1);
      expect(await page.locator(`[data-field="${optional}"] .required-mark`).count()).toBe(0);
    }
    await choose(page, 'Are you a member of Club Printemps?', 'Yes');
    await page.getByRole('radiogroup', { name: LOYALTY_RATING_EN }).waitFor();
    expect(await questionsMarkedRequired(page)).toEqual([...requiredAlwaysShown(form), 'rating_loyalty_program_satisfaction'].sort());
  });

  it('a member who leaves the loyalty rating empty is told next to it, in English; nothing is stored', async () => {
    const page = await e2e.open('/survey/satisfaction');
    await rateTheVisitInEnglish(page);
    await choose(page, 'Are you a member of Club Printemps?', 'Yes');
    await page.getByLabel('Full name').fill('Empty Loyalty Rating');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('55123456');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expectMessageNextTo(page, 'rating_loyalty_program_satisfaction', page.getByRole('radiogroup', { name: LOYALTY_RATING_EN }), REQUIRED.en);
    await page.getByText('Please correct 1 answer marked below.').waitFor();
    expect(await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).count()).toBe(0);
    expect(await storedDocs(e2e.server, COLLECTION, { name: 'Empty Loyalty Rating' })).toHaveLength(0);
  });

  it('a required name left empty is named next to the field, in Arabic', async () => {
    const page = await e2e.open('/survey/satisfaction?lang=ar');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expectMessageNextTo(page, 'name', page.getByLabel('الاسم الكامل'), REQUIRED.ar);
    await expectMessageNextTo(page, 'store_ambience_cleanliness_rating', page.getByRole('radiogroup', { name: 'كيف تقيّم أجواء المتجر ونظافته؟' }), REQUIRED.ar);
    // Optional questions are not flagged.
    expect(await page.locator('[data-field="email_address"] .field-error').count()).toBe(0);
  });
});
