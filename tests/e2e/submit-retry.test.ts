// A guest's connection drops just after the answers reached the server: the page keeps them on the
// device and sends them again itself (src/web/offline/keep.ts), and the server answers the first
// result (same Idempotency-Key) instead of storing the answers twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const RATINGS = ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness'];

describe('a submit retried after a lost connection', () => {
  it('stores the answers once and thanks the guest', async () => {
    const page = await e2e.open('/survey/fnb/cova');
    await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Lunch', exact: true }).check();
    await page.getByRole('radiogroup', { name: 'How often do you visit our restaurant?' }).getByRole('radio', { name: 'Weekly', exact: true }).check();
    for (const question of RATINGS) await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Good', exact: true }).check();
    await page.getByLabel('How did you come to know about us?').selectOption({ label: 'Website' });
    await page.getByRole('radiogroup', { name: 'Would you visit this restaurant again?' }).getByRole('radio', { name: 'Yes', exact: true }).check();
    const comment = `Sent twice ${Date.now()}`;
    await page.getByLabel('Your comments?').fill(comment);

    const keys: (string | undefined)[] = [];
    let dropped = false;
    await page.route('**/api/survey-customer-feedbacks?**', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (dropped) return route.continue();
      dropped = true;
      // The request reaches the server and is stored; its answer is lost on the way back.
      await route.fetch();
      await route.abort('connectionreset');
    });

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dropped).toBe(true);
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    const stored = (await storedDocs(e2e.server, 'survey-customer-feedbacks')).filter((doc) => doc.customer_comments === comment);
    expect(stored).toHaveLength(1);
  });
});
