// Guests who use a keyboard or read Arabic: every control is reachable and scales mirror.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedE2E, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

it('a rating is answered with the arrow keys and its focus is visible', async () => {
  const page = await e2e.open('/survey/fnb/twiga');
  const food = page.getByRole('radiogroup', { name: 'Food' });
  await food.getByRole('radio', { name: 'Poor' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await food.getByRole('radio', { name: 'Good', exact: true }).isChecked()).toBe(true);
  const outline = await food.locator('.option.is-selected').evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(outline).toBe('solid');
});

it('in Arabic the rating runs from the right: the lowest score is at the reading start', async () => {
  const page = await e2e.open('/survey/fnb/twiga?lang=ar');
  const food = page.getByRole('radiogroup', { name: 'الطعام' });
  const poor = await food.locator('.option').first().boundingBox();
  const excellent = await food.locator('.option').last().boundingBox();
  expect(await food.locator('.option').first().innerText()).toContain('ضعيف');
  expect(poor!.x).toBeGreaterThan(excellent!.x);
  // The toast side follows the reading direction too, and addresses stay left-to-right.
  expect(await page.getByLabel('البريد الإلكتروني').getAttribute('dir')).toBe('ltr');
});

it('the whole loyalty form can be reached with Tab, in order, ending at the human check', async () => {
  const page = await e2e.open('/printemps/loyalty-registration');
  await page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
  const reached: string[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.id || el?.getAttribute('name') || el?.textContent?.trim() || el?.tagName || '';
    });
    reached.push(name);
  }
  const order = [
    'root_first_name',
    'root_last_name',
    'root_phone__dial',
    'root_phone',
    'root_email',
    'root_nationality',
    'root_gender',
    'root_birth_date',
    'root_receipt',
  ];
  const positions = order.map((id) => reached.indexOf(id));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});
