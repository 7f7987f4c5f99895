// The finish of the guest forms' pickers: a country found by typing its name or dial code (in
// English and Arabic), a file picker with a drop zone, an image preview and a remove action, and
// agreement scales drawn as labelled steps (stars only for quality ratings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPng } from '../support/files.ts';
import { deviceDrafts, draftSaved, sharedE2E, type E2E } from './harness.ts';
import { formText } from './fill.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const LOYALTY = '/printemps/loyalty-registration';

describe('the country picker', () => {
  it('finds France by typing its name, and by typing +33 in the dial code', async () => {
    const page = await e2e.open(LOYALTY);
    const nationality = page.getByRole('combobox', { name: 'Nationality' });
    await nationality.fill('Fran');
    // The list opens under the field with France highlighted, announced through aria-activedescendant.
    expect(await nationality.getAttribute('aria-expanded')).toBe('true');
    const active = await nationality.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).innerText()).toContain('France');
    await nationality.press('Enter');
    expect(await nationality.inputValue()).toBe('France');
    expect(await nationality.getAttribute('aria-expanded')).toBe('false');

    const dial = page.getByRole('combobox', { name: 'Country code' });
    await dial.fill('+33');
    await dial.press('Enter');
    expect(await dial.inputValue()).toBe('🇫🇷 +33');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('612345678');

    // Typed in full and left with Tab, a name counts as chosen; the arrow keys move through the list.
    await nationality.fill('qatar');
    await page.keyboard.press('Tab');
    expect(await nationality.inputValue()).toBe('Qatar');
    await nationality.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await nationality.inputValue()).not.toBe('Qatar');
    // Escape leaves the choice as it was.
    const before = await nationality.inputValue();
    await nationality.fill('Jap');
    await nationality.press('Escape');
    expect(await nationality.inputValue()).toBe(before);
  });

  it('in Arabic: names in Arabic, found by typing them or the digits on an Arabic keyboard, with +974 left to right', async () => {
    const page = await e2e.open(`${LOYALTY}?lang=ar`);
    const nationality = page.getByRole('combobox', { name: 'الجنسية' });
    await nationality.fill('فرن');
    await nationality.press('Enter');
    expect(await nationality.inputValue()).toBe('فرنسا');

    const dial = page.getByRole('combobox', { name: 'رمز الدولة' });
    await dial.fill('٩٧٤');
    const option = page.getByRole('option', { name: /قطر/ });
    await option.waitFor();
    // The code keeps its + on the left, at the reading end of the Arabic row, and nothing is cut off.
    const code = option.locator('.combobox-dial');
    expect(await code.innerText()).toBe('+974');
    expect(await code.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    const name = option.locator('.combobox-name');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await code.boundingBox())!.x).toBeLessThan((await name.boundingBox())!.x);
    await dial.press('Enter');
    expect(await dial.inputValue()).toBe('🇶🇦 +974');

    // The stored answer is the English name; back on the page it is named in Arabic (the form's loader fetched the names).
    await draftSaved(page);
    expect((await deviceDrafts(page)).join()).toContain('"nationality":"France"');
    await page.reload();
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await expect.poll(() => nationality.inputValue()).toBe('فرنسا');
  });

  it('no page is wider than a 320 px phone with the list open', async () => {
    const page = await e2e.open(LOYALTY);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.getByRole('combobox', { name: 'Country code' }).fill('+9');
    await page.getByRole('option').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

/** Drops a file on an element as a guest dragging it from their desktop would (a DataTransfer with the file). */
async function dropFile(page: Page, selector: string, name: string, bytes: Buffer, type: string) {
  const transfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

describe('the file picker', () => {
  it('shows a drop zone; a chosen image is previewed and can be removed; a dropped one is taken too', async () => {
    const page = await e2e.open(LOYALTY);
    const zone = page.locator('[data-field="receipt"] .file-drop');
    expect(await zone.innerText()).toContain('Choose a file');
    expect(await zone.innerText()).toContain('or drag it here');
    // The native picker lies over the whole zone: a click anywhere on it opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await zone.click({ position: { x: 10, y: 10 } });
    await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: tinyPng() });
    const preview = page.getByRole('img', { name: 'Preview of receipt.png' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByText('Uploaded').waitFor();

    await page.getByRole('button', { name: 'Remove receipt.png' }).click();
    await expect.poll(() => preview.count()).toBe(0);

    await dropFile(page, '[data-field="receipt"] .file-drop', 'dropped.png', tinyPng(), 'image/png');
    await page.getByRole('img', { name: 'Preview of dropped.png' }).waitFor();
    await page.getByText('Uploaded').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Remove dropped.png' }).count()).toBe(1);
  });
});

describe('scales', () => {
  const employee = formText('employee-survey', 'en');

  it('an agreement question is a row of labelled steps with "I do not know", not stars, answered by arrow keys', async () => {
    const page = await e2e.open('/employee');
    await page.setViewportSize({ width: 1280, height: 900 });
    const question = page.getByRole('radiogroup', { name: employee.label('env_tools_resources') });
    await question.waitFor();
    expect(await question.locator('.rating-star').count()).toBe(0);
    expect(await question.getByRole('radio').count()).toBe(5);
    expect(await question.getByRole('radio', { name: 'I do not know' }).count()).toBe(1);
    await question.getByRole('radio', { name: 'Strongly disagree' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await question.getByRole('radio', { name: 'I do not know' }).isChecked()).toBe(true);
    // On a wide screen the five steps share one row.
    const tops = await question.locator('.option').evaluateAll((options) => options.map((o) => Math.round(o.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  it('on a 320 px phone the steps stack in order instead of pushing the page sideways', async () => {
    const page = await e2e.open('/employee');
    await page.setViewportSize({ width: 320, height: 700 });
    const question = page.getByRole('radiogroup', { name: employee.label('env_tools_resources') });
    const boxes = await question.locator('.option').evaluateAll((options) => options.map((o) => o.getBoundingClientRect().top));
    expect(boxes).toEqual([...boxes].sort((a, b) => a - b));
    expect(new Set(boxes.map(Math.round)).size).toBe(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  it('quality ratings keep their stars', async () => {
    const page = await e2e.open('/survey/fnb/twiga');
    expect(await page.getByRole('radiogroup', { name: 'Food' }).locator('.rating-star').count()).toBe(5);
  });
});
