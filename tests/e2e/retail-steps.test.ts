// The retail survey in two steps: the cashier enters the receipt details, then hands the device
// to the customer, who rates the visit. Each step is checked before the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftSaved, sharedE2E, storedDocs, todayIso, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const RECOMMEND = 'How likely are you to recommend Printemps Doha to a friend or colleague?';

describe('retail survey steps', () => {
  it('the cashier step checks its ids before Next; Back keeps the answers; the server computes the NPS band', async () => {
    const page = await e2e.open('/survey/retail');
    const heading = page.locator('.steps-heading');
    expect(await heading.innerText()).toBe('Step 1 of 2: Enter Receipt Details');
    expect(await page.locator('.steps-list [aria-current="step"]').innerText()).toContain('Enter Receipt Details');
    // One step at a time: the customer's question waits for step 2, and there is no Submit yet.
    expect(await page.getByRole('radiogroup', { name: RECOMMEND }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);

    // Next with the ids missing: both are named next to their inputs, and the step does not change.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('[data-field="employee_id"] .field-error').getByText('This field is required.').waitFor();
    await page.locator('[data-field="receipt_id"] .field-error').getByText('This field is required.').waitFor();
    await page.getByText('Please correct 2 answers marked below.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_employee_id');
    expect(await heading.innerText()).toBe('Step 1 of 2: Enter Receipt Details');

    await page.getByLabel('Employee ID').fill('E-2041');
    await page.getByLabel('Receipt ID').fill('R-0099-1234');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading.innerText()).toBe('Step 2 of 2: Your feedback');
    // The focus starts the new step, whose questions carry no error from before.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('steps-heading');
    expect(await page.locator('.steps-list [aria-current="step"]').innerText()).toContain('Your feedback');
    expect(await page.getByLabel('Employee ID').count()).toBe(0);
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(await page.locator('.error-summary li').count()).toBe(0);

    // Submit on the last step checks its own required answer.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('[data-field="customer_feedback_number"] .field-error').getByText('This field is required.').waitFor();

    // Back: the cashier's answers are still there; the customer's too, after going forward again.
    await page.getByRole('radiogroup', { name: RECOMMEND }).getByRole('radio', { name: '9', exact: true }).check();
    await page.getByLabel('Your comments?').fill('Quick and friendly checkout.');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => heading.innerText()).toBe('Step 1 of 2: Enter Receipt Details');
    expect(await page.getByLabel('Employee ID').inputValue()).toBe('E-2041');
    expect(await page.getByLabel('Receipt ID').inputValue()).toBe('R-0099-1234');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading.innerText()).toBe('Step 2 of 2: Your feedback');
    expect(await page.getByRole('radiogroup', { name: RECOMMEND }).getByRole('radio', { name: '9', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Your comments?').inputValue()).toBe('Quick and friendly checkout.');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();

    const [stored] = (await storedDocs(e2e.server, 'survey-net-promoter')).filter((doc) => doc.receipt_id === 'R-0099-1234');
    expect(stored).toMatchObject({
      visit_date: todayIso(),
      employee_id: 'E-2041',
      receipt_id: 'R-0099-1234',
      customer_feedback_number: 9,
      customer_feedback_number_band: 'promoter',
      customer_comments: 'Quick and friendly checkout.',
    });
  });

  it('the draft remembers the step: after a reload the customer is still on their step, with the answers', async () => {
    const page = await e2e.open('/survey/retail?lang=ar');
    await page.getByLabel('الرقم الوظيفي').fill('E-7');
    await page.getByLabel('رقم الإيصال').fill('R-7');
    await page.getByRole('button', { name: 'التالي' }).click();
    await expect.poll(() => page.locator('.steps-heading').innerText()).toBe('الخطوة 2 من 2: رأيك');
    await draftSaved(page);
    await page.reload();
    // The page arrives rendered by the server at step 1; the draft (in the browser) moves it on once hydrated.
    await expect.poll(() => page.locator('.steps-heading').innerText()).toBe('الخطوة 2 من 2: رأيك');
    await page.getByRole('button', { name: 'رجوع' }).click();
    await expect.poll(() => page.getByLabel('الرقم الوظيفي').inputValue()).toBe('E-7');
  });
});
