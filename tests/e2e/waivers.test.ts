// Guests sign the adventure park's waivers on their phones: their details, their children, a
// drawn signature that survives the screen turning, and a Form ID to keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { askForReturningCode, draftSaved, mailedReturningCode, sharedE2E, sidewaysAt320, storedDocs, todayIso, type E2E } from './harness.ts';
import { drawSignature, expectMessageNextTo, fillDate } from './fill.ts';
import { axeViolations } from './axe.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const IFLY = 'ifly-waiver-forms';
const LASER = 'laser-oasis-waiver-forms';

/** Draws with the mouse across the pad: a wave and a short tick, as a person signs. */
/** Where the ink is on the canvas, relative to the canvas (so two sizes of pad can be compared), and how much there is. */
async function ink(page: Page) {
  return page.locator('.signature-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    let count = 0;
    let [minX, minY, maxX, maxY] = [width, height, 0, 0];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (pixels[(y * width + x) * 4 + 3] < 128) continue;
        count++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    return { count, width, left: minX / width, right: maxX / width, top: minY / height, bottom: maxY / height };
  });
}

/** A date of birth `years` whole years before today (with `days` more). */
function bornYearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayIso().split('-').map(Number);
  return new Date(Date.UTC(y - years, m - 1, d - days)).toISOString().slice(0, 10);
}
const SIGNER_BORN = bornYearsAgo(38, 40);

async function fillGuest(
  page: Page,
  labels: { name: string; qid: string; phone: string },
  guest = { name: 'Noor Saleh', qid: '28412345678', phone: '55123456' },
) {
  await page.getByLabel(labels.name).fill(guest.name);
  await fillDate(page, 'Date of birth', SIGNER_BORN);
  await page.getByRole('textbox', { name: 'Weight (kg)', exact: true }).fill('64');
  await page.getByRole('textbox', { name: labels.qid, exact: true }).fill(guest.qid);
  await page.getByRole('textbox', { name: labels.phone, exact: true }).fill(guest.phone);
}
const EN = { name: 'Name of participant or parent/guardian', qid: 'QID/passport number', phone: 'Phone number' };
const GUARDIAN = 'I am the parent or legal guardian of each minor listed above, I am 18 or older, and I sign this waiver for them.';
const OMAR_BORN = bornYearsAgo(7, 10);
const ACKNOWLEDGEMENT = 'By submitting this form you confirm you have read and understood the checklist, notes, terms and conditions above.';

describe('iFly waiver', () => {
  it('an ID number typed on an Arabic keyboard is stored in 0-9 digits and accepted', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver?lang=ar');
    const qid = page.getByRole('textbox', { name: 'رقم البطاقة الشخصية (QID) أو جواز السفر', exact: true });
    await qid.fill('٢٨٤١٢٣٤٥٦٧٨');
    await qid.blur();
    expect(await qid.inputValue()).toBe('28412345678');
    expect(await qid.getAttribute('aria-invalid')).toBeNull();
    expect(await qid.getAttribute('dir')).toBe('auto');
  });

  it('a parent signs in English for two children, removes one, turns the phone, submits and keeps the Form ID', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver');
    await expect.poll(() => page.title()).toBe('Doha Quest | iFly Waiver');
    await fillGuest(page, EN);

    // Two minors: each added item takes the focus on its first answer.
    const add = page.getByRole('button', { name: 'Add a minor' });
    await add.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_dependents_0_name');
    await page.keyboard.type('Sara Saleh');
    const minor = (n: number) => page.getByRole('group', { name: `Minor ${n}`, exact: true });
    await minor(1).getByLabel("Minor's residence permit ID or passport number").fill('P1234567');
    await add.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_dependents_1_name');
    await page.keyboard.type('Omar Saleh');
    await minor(2).getByLabel("Minor's residence permit ID or passport number").fill('P7654321');
    await fillDate(minor(2), "Minor's date of birth", OMAR_BORN);
    await minor(2).getByLabel("Minor's weight (kg)").fill('22');

    // Sara will not fly after all: Omar becomes Minor 1, and the focus lands on him.
    await page.getByRole('button', { name: 'Remove this minor (Minor 1)' }).click();
    expect(await page.getByRole('group', { name: /^Minor \d$/ }).count()).toBe(1);
    expect(await minor(1).getByLabel("Minor's name").inputValue()).toBe('Omar Saleh');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Minor 1');

    await drawSignature(page);
    expect(await page.locator('.signature-pad').getAttribute('data-strokes')).toBe('2');
    const before = await ink(page);
    expect(before.count).toBeGreaterThan(100);

    // The phone turns (a wider screen): the pad is redrawn at its new size from the strokes, not wiped.
    await page.setViewportSize({ width: 900, height: 500 });
    await expect.poll(async () => (await ink(page)).width).toBeGreaterThan(before.width);
    const after = await ink(page);
    expect(after.count).toBeGreaterThan(before.count);
    for (const side of ['left', 'right', 'top', 'bottom'] as const) expect(Math.abs(after[side] - before[side]), side).toBeLessThan(0.03);
    expect(await page.locator('.signature-pad').getAttribute('data-strokes')).toBe('2');

    // Agreeing is the guest's act: the required box is never ticked for them.
    const acknowledgement = page.getByRole('checkbox', { name: ACKNOWLEDGEMENT });
    expect(await acknowledgement.isChecked()).toBe(false);
    await acknowledgement.check();
    await page.getByRole('checkbox', { name: GUARDIAN }).check();

    // 'Submit', then 'Submitting...' while the request is on its way, then the Form ID: no navigation, no reload.
    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
    const url = page.url();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/${IFLY}?*`, async (route) => {
      await held;
      await route.continue();
    });
    const created = page.waitForResponse((response) => response.url().includes(`/api/${IFLY}?`) && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Submitting...' }).waitFor();
    release();
    const response = await created;
    expect(new URL(response.url()).searchParams.get('locale')).toBe('en');
    const { doc } = await response.json();
    await page.getByRole('heading', { name: 'iFly waiver submitted' }).waitFor();
    const reference = await page.locator('.reference-code').innerText();
    expect(await page.locator('.thank-you-reference').innerText()).toContain(`Your Form ID is: ${reference}`);
    expect(reference).toBe(doc.reference);
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    // The signature is drawn back from its numbers, as SVG elements.
    await expect.poll(() => page.locator('.thank-you-signature svg path').count()).toBe(2);

    // Staff read the waiver back: exactly what the guest gave, with the evidence of what was signed.
    const [stored] = (await storedDocs(e2e.server, IFLY)).filter((d) => d.reference === reference);
    const { id, createdAt, updatedAt, signature, evidence, followUp: _followUp, listColumns: _listColumns, source: _source, ...answers } = stored;
    expect(answers).toEqual({
      reference,
      formVersion: 2,
      formHash: evidence.formHash,
      visit_date: todayIso(),
      name: 'Noor Saleh',
      birth_date: SIGNER_BORN,
      weight_kg: 64,
      qid: '28412345678',
      phone: '+97455123456',
      dependents: [{ name: 'Omar Saleh', birth_date: OMAR_BORN, qid: 'P7654321', weight_kg: 22 }],
      acknowledgement: true,
      guardian: true,
    });
    expect(Number.isInteger(id)).toBe(true);
    expect(typeof createdAt).toBe('string');
    expect(typeof updatedAt).toBe('string');
    expect(signature.strokes).toHaveLength(2);
    expect(signature.strokes[0].length).toBeGreaterThan(10);
    for (const point of signature.strokes.flat()) for (const value of point) expect(value >= 0 && value <= 1).toBe(true);
    // The pad's shape when it was signed (5:2, less its border).
    expect(signature.aspect).toBeGreaterThan(2.4);
    expect(signature.aspect).toBeLessThan(2.7);
    expect(evidence).toMatchObject({ formId: 'ifly-waiver', language: 'en', recordedAt: createdAt });
    expect(evidence.formHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a missing signature is named next to the pad; a guest who cannot draw signs with the keyboard', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver');
    await fillGuest(page, EN, { name: 'Hamad Ali', qid: 'A1234567', phone: '33445566' });
    await page.getByRole('checkbox', { name: ACKNOWLEDGEMENT }).check();
    await page.getByRole('button', { name: 'Submit' }).click();

    const signature = page.locator('[data-field="signature"]');
    await signature.locator('.field-error').getByText('This field is required.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_signature');
    const pad = page.locator('#root_signature');
    expect(await pad.getAttribute('aria-invalid')).toBe('true');
    expect(await pad.getAttribute('aria-describedby')).toContain('root_signature__error');
    // The focused pad is named and says how to sign without drawing.
    expect(await page.locator('#root_signature__instructions').innerText()).toContain('Sign with a mark instead');
    // It is a picture, which cannot carry aria-required: its name says that a signature is required and whether there is one.
    expect(await page.getByRole('img', { name: 'Signature Required Not signed yet', exact: true }).getAttribute('id')).toBe('root_signature');
    expect(await pad.getAttribute('aria-required')).toBeNull();

    // Tab from the pad to the keyboard alternative; the mark is a visible drawing, and the error goes.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign with a mark instead');
    await page.keyboard.press('Enter');
    expect(await pad.getAttribute('data-strokes')).toBe('2');
    expect((await ink(page)).count).toBeGreaterThan(100);
    await expect.poll(() => signature.locator('.field-error').count()).toBe(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'iFly waiver submitted' }).waitFor();
    const reference = await page.locator('.reference-code').innerText();
    const [stored] = (await storedDocs(e2e.server, IFLY)).filter((d) => d.reference === reference);
    expect(stored).toMatchObject({ name: 'Hamad Ali', qid: 'A1234567' });
    expect(stored.signature.strokes).toHaveLength(2);
  });

  it('clearing empties the pad; a drawn signature survives a reload (it is in the draft)', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver');
    await drawSignature(page);
    const pad = page.locator('.signature-pad');
    await page.getByRole('button', { name: 'Clear signature' }).click();
    expect(await pad.getAttribute('data-strokes')).toBe('0');
    expect((await ink(page)).count).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear signature' }).isDisabled()).toBe(true);

    await drawSignature(page);
    await draftSaved(page);
    await page.reload();
    await page.locator('.signature-canvas').waitFor();
    await expect.poll(() => pad.getAttribute('data-strokes')).toBe('2');
    await expect.poll(async () => (await ink(page)).count).toBeGreaterThan(100);
  });

  it('no more minors than the form allows: the add button stops and says why', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver');
    const add = page.getByRole('button', { name: 'Add a minor' });
    for (let i = 0; i < 10; i++) await add.click();
    expect(await page.getByRole('group', { name: /^Minor \d+$/ }).count()).toBe(10);
    expect(await add.isDisabled()).toBe(true);
    await page.getByText('You can add at most 10.').waitFor();
    await page.getByRole('button', { name: 'Remove this minor (Minor 10)' }).click();
    expect(await add.isEnabled()).toBe(true);
    // The last item was removed: the focus goes to the one before it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Minor 9');
  });

  it('the age and weight rules are named next to the answer in Arabic, before anything is sent', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver?lang=ar');
    let posts = 0;
    page.on('request', (request) => void (request.method() === 'POST' && request.url().includes(`/api/${IFLY}`) && posts++));
    await fillDate(page, 'تاريخ الميلاد', bornYearsAgo(17, 100), 'ar');
    await page.getByRole('textbox', { name: 'الوزن (كغ)', exact: true }).fill('140');
    await page.getByRole('button', { name: 'إضافة قاصر' }).click();
    await fillDate(page, 'تاريخ ميلاد القاصر', bornYearsAgo(2, 30), 'ar');
    await page.getByRole('button', { name: 'إرسال' }).click();
    const born = page.getByRole('group', { name: 'تاريخ الميلاد', exact: true }).getByLabel('اليوم', { exact: true });
    await expectMessageNextTo(
      page,
      'birth_date',
      born,
      'يجب ألا يقل عمر الموقّع عن 18 عامًا في تاريخ الزيارة. يوقّع الوليّ أو الوصي القانوني عن كل من هو دون 18 عامًا ويضيفه بصفته قاصرًا.',
    );
    await page.locator('[data-field="dependents.0.birth_date"]').getByText('يجب ألا يقل عمر الطيّار عن 3 سنوات في تاريخ الزيارة.', { exact: true }).waitFor();
    await expectMessageNextTo(
      page,
      'weight_kg',
      page.getByRole('textbox', { name: 'الوزن (كغ)', exact: true }),
      'يجب ألا يزيد وزن الطيّار على 136 كغ (قواعد سلامة الطيران لدينا).',
    );
    expect(posts).toBe(0);
  });
});

describe('Laser Oasis waiver', () => {
  it('in Arabic: right-to-left, Arabic labels, and Arabic messages next to the answers left empty, a child’s name included', async () => {
    const page = await e2e.open('/dohaquest/laser-oasis-waiver?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'نموذج إقرار Laser Oasis' }).waitFor();
    await page.getByRole('textbox', { name: 'رقم البطاقة الشخصية (QID) أو جواز السفر', exact: true }).fill('28412345678');
    await page.getByRole('button', { name: 'إضافة قاصر' }).click();
    await page.getByRole('group', { name: 'القاصر 1' }).getByLabel('رقم البطاقة الشخصية أو جواز السفر للقاصر').fill('P1234567');
    await page.getByRole('button', { name: 'إرسال' }).click();

    const required = 'هذا الحقل مطلوب.';
    await page.locator('[data-field="name"] .field-error').getByText(required).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_name');
    expect(await page.getByLabel('اسم المشارك أو الوليّ/الوصي').getAttribute('aria-invalid')).toBe('true');
    // The child's missing name is named on that child's input, not on the whole list.
    expect(await page.locator('[data-field="dependents.0.name"] .field-error').innerText()).toBe(required);
    expect(await page.getByRole('group', { name: 'القاصر 1' }).getByLabel('اسم القاصر').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-field="dependents.0.qid"] .field-error').count()).toBe(0);
    expect(await page.locator('[data-field="signature"] .field-error').innerText()).toBe(required);
    expect(await page.locator('[data-field="acknowledgement"] .field-error').innerText()).toBe('يرجى تحديد هذا المربع للمتابعة.');
    expect(await page.locator('[data-field="qid"] .field-error').count()).toBe(0);
    // The summary names the child's answer with the child.
    await page.locator('.error-summary').getByText('اسم القاصر (القاصر 1): هذا الحقل مطلوب.').waitFor();
    // The remove button sits at the reading end of the item's header (the left, in Arabic).
    const title = (await page.getByRole('heading', { name: 'القاصر 1' }).boundingBox())!;
    const remove = (await page.getByRole('button', { name: 'إزالة هذا القاصر (القاصر 1)' }).boundingBox())!;
    expect(remove.x).toBeLessThan(title.x);

    // Answered in Arabic and sent with the page language: the evidence record says so.
    await page.getByLabel('اسم المشارك أو الوليّ/الوصي').fill('نور صالح');
    await fillDate(page, 'تاريخ الميلاد', SIGNER_BORN, 'ar');
    await page.getByRole('group', { name: 'القاصر 1' }).getByLabel('اسم القاصر').fill('سارة');
    await fillDate(page, 'تاريخ ميلاد القاصر', OMAR_BORN, 'ar');
    await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill('55123456');
    await drawSignature(page);
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'تم إرسال إقرار Laser Oasis' }).waitFor();
    const reference = await page.locator('.reference-code').innerText();
    expect(await page.locator('.thank-you-reference').innerText()).toContain(`رقم النموذج الخاص بك: ${reference}`);
    const [stored] = (await storedDocs(e2e.server, LASER)).filter((d) => d.reference === reference);
    expect(stored).toMatchObject({
      name: 'نور صالح',
      birth_date: SIGNER_BORN,
      dependents: [{ name: 'سارة', birth_date: OMAR_BORN, qid: 'P1234567' }],
      guardian: true,
      evidence: { formId: 'laser-oasis-waiver', language: 'ar' },
    });
  });
});

describe('a returning guest', () => {
  const email = `returning-e2e-${process.pid}@example.com`;
  const mailedCode = () => mailedReturningCode(e2e.server, email);

  it('in English, from the keyboard at 320 px: a code by email fills in their details and minors; in Arabic a wrong code is named at the field', async () => {
    const signed = await e2e.server.api(`/api/${IFLY}`, {
      json: {
        visit_date: todayIso(),
        name: 'Mariam Khalil',
        birth_date: SIGNER_BORN,
        weight_kg: 61,
        qid: '28499887766',
        phone: '+97455598877',
        email,
        dependents: [{ name: 'Yousef Khalil', birth_date: bornYearsAgo(9, 20), weight_kg: 30 }],
        signature: {
          strokes: [
            [
              [0.1, 0.2],
              [0.4, 0.5],
              [0.8, 0.3],
            ],
            [[0.9, 0.9]],
          ],
          aspect: 3,
        },
        acknowledgement: true,
        guardian: true,
      },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 320, height: 800 } });
    try {
      const page = await context.newPage();
      await e2e.visit(page, '/dohaquest/ifly-waiver');
      // The code field has the focus: typed and sent from the keyboard.
      await askForReturningCode(page, email);
      expect(await axeViolations(page), 'the code step').toEqual([]);
      expect(await sidewaysAt320(page), 'the code step at 320 px, 100 % and 200 % text').toEqual([0, 0]);
      await page.keyboard.type(await mailedCode());
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Your details from your last waiver are filled in.' }).waitFor();
      await expect.poll(() => page.getByLabel('Name of participant or parent/guardian').inputValue()).toBe('Mariam Khalil');
      expect(await page.getByRole('group', { name: 'Minor 1' }).getByLabel("Minor's name").inputValue()).toBe('Yousef Khalil');
      // Nothing of the code in the address.
      expect(page.url()).not.toMatch(/code|\d{6}/);

      // The reminder's link opens the step in Arabic; a wrong code says only that, next to the field.
      await e2e.visit(page, '/dohaquest/ifly-waiver?lang=ar&again=1');
      const contact = page.getByLabel('رقم الهاتف أو البريد الإلكتروني');
      await expect.poll(() => contact.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'أرسلنا رمزًا' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
      const right = await mailedCode();
      await page.keyboard.type(right === '000000' ? '000001' : '000000');
      await page.keyboard.press('Enter');
      const code = page.getByLabel('الرمز', { exact: true });
      await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
      expect(await code.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent)).toBe(
        'الرمز غير معروف.',
      );
      expect(await page.getByLabel('اسم المشارك أو الوليّ/الوصي').inputValue()).toBe('');
      expect(await axeViolations(page), 'the code step in Arabic').toEqual([]);
      expect(await sidewaysAt320(page), 'the Arabic code step at 320 px').toEqual([0, 0]);
    } finally {
      await context.close();
    }
  });
});
