// Guests share their dining experience from a restaurant's QR code, in English or Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { draftSaved, pageScriptsFrame, sharedE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const RATINGS_EN = ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness'];
const RATINGS_AR = ['الاستقبال', 'الخدمة', 'الطعام', 'المشروبات', 'القيمة مقابل السعر', 'النظافة'];

async function rate(page: Page, questions: string[], answer: string) {
  for (const question of questions) await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer, exact: true }).check();
}

describe('dining survey', () => {
  it('a guest answers in English from a restaurant link; the answers are stored', async () => {
    const page = await e2e.open('/survey/fnb/Crazy%20Pizza');
    await expect.poll(() => page.title()).toBe('Printemps | Survey F&B | Crazy Pizza');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Share Your Dining Experience to Help Us Serve You Better!');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    // The restaurant comes from the address: its question is not asked.
    expect(await page.getByLabel('Which of our restaurants did you visit?').count()).toBe(0);
    expect(await page.locator('.form-place').innerText()).toBe('Crazy Pizza');

    await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Dinner', exact: true }).check();
    await page.getByRole('radiogroup', { name: 'How often do you visit our restaurant?' }).getByRole('radio', { name: 'First Time', exact: true }).check();
    await rate(page, RATINGS_EN, 'Very Good');
    await page.getByRole('radiogroup', { name: 'Food' }).getByRole('radio', { name: 'Excellent', exact: true }).check();
    await page.getByLabel('How did you come to know about us?').selectOption({ label: 'Other' });
    await page.getByLabel('Please tell us how').fill('A friend at work');
    await page.getByRole('radiogroup', { name: 'Would you visit this restaurant again?' }).getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByLabel('Your comments?').fill('Lovely terrace.');
    await page.getByLabel('Email address').fill('guest@example.com');
    expect(await page.getByLabel('I agree to be contacted about future promotions and events.').isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    await page.getByText('Thanks for taking the time to share your thoughts with us.').waitFor();

    const [stored] = (await storedDocs(e2e.server, 'survey-customer-feedbacks')).filter((doc) => doc.customer_comments === 'Lovely terrace.');
    expect(stored).toMatchObject({
      visited_restaurant: 'Crazy Pizza',
      meal_period: 'dinner',
      rating_greeting: 'very-good',
      rating_food: 'excellent',
      discovery_method: 'other',
      discovery_text: 'A friend at work',
      will_visit_again: 'yes',
      email_address: 'guest@example.com',
    });
    expect(stored.marketing_consent).not.toBe(true);
  });

  it('a guest answers in Arabic: right-to-left, Arabic labels, stored', async () => {
    const page = await e2e.open('/survey/fnb?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { name: 'صوتك يصنع تطوّرنا' }).waitFor();
    const restaurant = page.getByLabel('أي من مطاعمنا قمت بزيارته؟');
    await expect.poll(() => restaurant.locator('option').count()).toBeGreaterThan(5);
    await restaurant.selectOption({ label: 'Twiga' });
    await page.getByRole('radiogroup', { name: 'الوجبة' }).getByRole('radio', { name: 'الغداء', exact: true }).check();
    await rate(page, RATINGS_AR, 'جيد');
    await page.getByLabel('ملاحظاتك؟').fill('خدمة رائعة');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'نقدّر مشاركتك!' }).waitFor();

    const [stored] = (await storedDocs(e2e.server, 'survey-customer-feedbacks')).filter((doc) => doc.customer_comments === 'خدمة رائعة');
    expect(stored).toMatchObject({ visited_restaurant: 'Twiga', meal_period: 'lunch', rating_cleanliness: 'good' });
  });

  it('a required rating left empty is named next to it, in the page language', async () => {
    const page = await e2e.open('/survey/fnb/twiga?lang=ar');
    await page.getByRole('button', { name: 'إرسال' }).click();
    const food = page.locator('[data-field="rating_food"]');
    await food.getByText('هذا الحقل مطلوب.').waitFor();
    expect(await page.getByRole('radiogroup', { name: 'الطعام' }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('root_meal_period');
  });

  it('switching language keeps the other parameters and what was typed', async () => {
    const page = await e2e.open('/survey/fnb/twiga?table=12');
    await page.getByLabel('Your comments?').fill('Great view');
    await page.getByRole('link', { name: 'عربي' }).click();
    await page.getByLabel('ملاحظاتك؟').waitFor();
    const url = new URL(page.url());
    expect([url.searchParams.get('table'), url.searchParams.get('lang')]).toEqual(['12', 'ar']);
    expect(await page.getByLabel('ملاحظاتك؟').inputValue()).toBe('Great view');
  });

  it('messages already shown follow a language switch', async () => {
    const page = await e2e.open('/survey/fnb/twiga');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('[data-field="rating_food"]').getByText('This field is required.').waitFor();
    await page.getByRole('link', { name: 'عربي' }).click();
    await page.locator('[data-field="rating_food"]').getByText('هذا الحقل مطلوب.').waitFor();
    await page.locator('.error-summary').getByText('الطعام: هذا الحقل مطلوب.').waitFor();
  });

  it('a restaurant page runs the restaurant’s own tag, in its sandboxed frame and not in the page', async () => {
    const page = await e2e.open('/survey/fnb/twiga');
    await expect.poll(() => pageScriptsFrame(page)?.evaluate(() => (window as unknown as { __restaurantTag?: string }).__restaurantTag)).toBe('twiga');
    expect(await page.evaluate(() => (window as unknown as { __restaurantTag?: string }).__restaurantTag)).toBeUndefined();
    await expect.poll(() => page.title()).toBe('Printemps | Survey F&B | Twiga');
  });

  it('a follow-up question hidden again is not sent', async () => {
    const page = await e2e.open('/survey/fnb/cova');
    const how = page.getByLabel('How did you come to know about us?');
    await how.selectOption({ label: 'Other' });
    await page.getByLabel('Please tell us how').fill('Should not be stored');
    await how.selectOption({ label: 'Website' });
    expect(await page.getByLabel('Please tell us how').count()).toBe(0);
    await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Breakfast', exact: true }).check();
    await rate(page, RATINGS_EN, 'Poor');
    await page.getByLabel('Your comments?').fill('Hidden follow-up check');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    const [stored] = (await storedDocs(e2e.server, 'survey-customer-feedbacks')).filter((doc) => doc.customer_comments === 'Hidden follow-up check');
    expect(stored.discovery_method).toBe('website');
    expect(stored).not.toHaveProperty('discovery_text');
  });
  it('the phone check (libphonenumber-js) is fetched only once a phone is typed, and a wrong number is still refused in the page', async () => {
    const page = await e2e.open('/survey/fnb/cova');
    const fetched: string[] = [];
    const posts: string[] = [];
    page.on('request', (request) => {
      fetched.push(request.url());
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.waitForLoadState('networkidle');
    const phoneChunk = () => fetched.filter((url) => /\/assets\/phones-[\w-]+\.js$/.test(url));
    expect(phoneChunk()).toEqual([]);

    await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Lunch', exact: true }).check();
    await page.getByRole('radiogroup', { name: 'How often do you visit our restaurant?' }).getByRole('radio', { name: 'First Time', exact: true }).check();
    await rate(page, RATINGS_EN, 'Good');
    await page.getByLabel('How did you come to know about us?').selectOption({ index: 1 });
    await page.getByRole('radiogroup', { name: 'Would you visit this restaurant again?' }).getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    const message = 'Enter a valid phone number: choose the country code, then the number (digits only).';
    await page.locator('[data-field="telephone_number"]').getByText(message).waitFor();
    expect(phoneChunk()).toHaveLength(1);
    expect(posts.filter((url) => url.includes('/api/survey-customer-feedbacks'))).toEqual([]);
  });

  it('the country names are fetched only when the dial code is focused, in the page language only; France is found by name and by +33', async () => {
    for (const { query, label, france } of [
      { query: '', label: 'Country code', france: 'France' },
      { query: '?lang=ar', label: 'رمز الدولة', france: 'فرنسا' },
    ]) {
      const page = await e2e.open(`/survey/fnb/cova${query}`);
      await page.waitForLoadState('networkidle');
      const scripts = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => url.endsWith('.js')),
        );
      /** The scripts the page has loaded that hold any country's name. */
      const withNames = async () => {
        const found: string[] = [];
        for (const url of await scripts()) if ((await (await page.request.get(url)).text()).includes('Afghanistan')) found.push(new URL(url).pathname);
        return found;
      };
      expect(await withNames()).toEqual([]);
      // Closed, the picker shows the form's default dial code without any name.
      const dial = page.getByRole('combobox', { name: label });
      expect(await dial.inputValue()).toBe('🇶🇦 +974');

      await dial.focus();
      await expect.poll(withNames).toHaveLength(1);
      expect((await withNames())[0]).toMatch(new RegExp(`/assets/names-${query ? 'ar' : 'en'}-[\\w-]+\\.js$`));
      await dial.fill('France');
      const active = await dial.getAttribute('aria-activedescendant');
      expect(await page.locator(`[id="${active}"]`).innerText()).toContain(france);
      await dial.press('Enter');
      expect(await dial.inputValue()).toBe('🇫🇷 +33');

      await dial.fill('+974');
      await dial.press('Enter');
      await dial.fill('+33');
      await page.getByRole('option', { name: new RegExp(france) }).waitFor();
      await dial.press('Enter');
      expect(await dial.inputValue()).toBe('🇫🇷 +33');
      await page.close();
    }
  });

  it('a phone restored with +1 shows the US flag (the main country of +1), the same before and after hydration', async () => {
    const page = await e2e.open('/survey/fnb/cova');
    const dial = page.getByRole('combobox', { name: 'Country code' });
    await dial.fill('United States');
    await dial.press('Enter');
    expect(await dial.inputValue()).toBe('🇺🇸 +1');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('2025550123');
    await draftSaved(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await expect.poll(() => page.getByRole('textbox', { name: 'Phone number', exact: true }).inputValue()).toBe('2025550123');
    expect(await dial.inputValue()).toBe('🇺🇸 +1');
    expect(errors).toEqual([]);
  });
});
