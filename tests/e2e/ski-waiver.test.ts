// The ski waiver, as a guest fills it on the real pages served by the real server: their details,
// an emergency contact, their children with any medical conditions, a drawn signature, and a Form ID
// that is the stored record's reference. In Arabic the page reads right to left and the messages
// stand next to the answers they are about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedE2E, storedDocs, todayIso, type E2E } from './harness.ts';
import { drawSignature, expectMessageNextTo, REQUIRED, shownDate } from './fill.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const SKI = 'ski-waiver-forms';
const ACKNOWLEDGEMENT = {
  en: 'By submitting this form you confirm you have read and understood the checklist, notes, terms and conditions above.',
  ar: 'بإرسال هذا النموذج، تؤكد أنك قرأت قائمة التحقق والملاحظات والشروط والأحكام الواردة أعلاه وفهمتها.',
};

/**
 * Draws with the mouse across the pad, as a person signs: a wave and a short tick (two strokes).
 * (The same gesture as in waivers.test.ts, which keeps its own copy; fill.ts has no signature helper.)
 */

describe('ski waiver', () => {
  it('in English: a parent fills it for two children, signs, submits and keeps a Form ID that is the stored reference', async () => {
    const page = await e2e.open('/dohaquest/ski-waiver');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    await page.getByRole('heading', { level: 1, name: 'Ski Waiver Form' }).waitFor();

    // The visit date is today's unless the guest changes it.
    expect(await shownDate(page, 'Visit date')).toBe(todayIso());

    await page.getByRole('textbox', { name: 'Name of participant or parent/guardian', exact: true }).fill('Noor Saleh');
    await page.getByRole('textbox', { name: 'Age', exact: true }).fill('38'); // the only "Age" until children are added
    await page.getByRole('textbox', { name: 'QID/passport number', exact: true }).fill('28412345678');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('55123456');
    await page.getByRole('textbox', { name: "Emergency contact's name", exact: true }).fill('Khalid Saleh');
    await page.getByRole('textbox', { name: "Emergency contact's phone", exact: true }).fill('33221100');

    // Two children: one with a medical condition, one without.
    const add = page.getByRole('button', { name: 'Add dependent / child' });
    await add.click();
    const first = page.getByRole('group', { name: 'Child 1' });
    await first.getByRole('textbox', { name: "Child's name", exact: true }).fill('Sara Saleh');
    await first.getByRole('textbox', { name: 'Age', exact: true }).fill('12');
    await first.getByRole('textbox', { name: 'Medical conditions', exact: true }).fill('Asthma (inhaler in her bag)');
    await add.click();
    const second = page.getByRole('group', { name: 'Child 2' });
    await second.getByRole('textbox', { name: "Child's name", exact: true }).fill('Omar Saleh');
    await second.getByRole('textbox', { name: 'Age', exact: true }).fill('7');
    expect(await page.getByRole('group', { name: /^Child \d+$/ }).count()).toBe(2);

    await drawSignature(page);
    expect(await page.locator('.signature-pad').getAttribute('data-strokes')).toBe('2');

    // Agreeing is the guest's act: the box is not ticked for them.
    const acknowledgement = page.getByRole('checkbox', { name: ACKNOWLEDGEMENT.en });
    expect(await acknowledgement.isChecked()).toBe(false);
    await acknowledgement.check();

    // 'Submit', then 'Submitting...' while the request is held, then the thank-you with the Form ID.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/${SKI}?*`, async (route) => {
      await held;
      await route.continue();
    });
    const created = page.waitForResponse((response) => response.url().includes(`/api/${SKI}?`) && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('button', { name: 'Submitting...' }).waitFor();
    release();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(new URL(response.url()).searchParams.get('locale')).toBe('en');
    const { doc } = await response.json();
    await page.getByRole('heading', { name: 'Ski waiver submitted' }).waitFor();
    const reference = await page.locator('.reference-code').innerText();
    expect(await page.locator('.thank-you-reference').innerText()).toContain(`Your Form ID is: ${reference}`);
    expect(reference).toBe(doc.reference);

    // Staff read it back: exactly what the guest answered, with the drawn strokes and the evidence.
    const matching = (await storedDocs(e2e.server, SKI)).filter((d) => d.reference === reference);
    expect(matching).toHaveLength(1);
    const { id, createdAt, updatedAt, signature, evidence, followUp: _followUp, listColumns: _listColumns, source: _source, ...answers } = matching[0];
    expect(id).toBe(doc.id);
    expect(answers).toEqual({
      reference,
      formVersion: 1,
      formHash: evidence.formHash,
      visit_date: todayIso(),
      name: 'Noor Saleh',
      age: 38,
      qid: '28412345678',
      phone: '+97455123456',
      emergency_contact_name: 'Khalid Saleh',
      emergency_contact_phone: '+97433221100',
      dependents: [
        { name: 'Sara Saleh', age: 12, medical_conditions: 'Asthma (inhaler in her bag)' },
        { name: 'Omar Saleh', age: 7 },
      ],
      acknowledgement: true,
    });
    expect(typeof createdAt).toBe('string');
    expect(typeof updatedAt).toBe('string');
    expect(signature.strokes).toHaveLength(2);
    expect(signature.strokes[0].length).toBeGreaterThan(10);
    for (const point of signature.strokes.flat()) for (const value of point) expect(value >= 0 && value <= 1).toBe(true);
    expect(evidence).toMatchObject({ formId: 'ski-waiver', language: 'en', recordedAt: createdAt });
    expect(evidence.formHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('in Arabic: right to left, Arabic labels, and Arabic messages next to a child aged over the limit and an empty answer; nothing is stored', async () => {
    const before = (await storedDocs(e2e.server, SKI)).length;
    const page = await e2e.open('/dohaquest/ski-waiver?lang=ar');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/${SKI}`) posts.push(request.url());
    });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'نموذج إقرار التزلج' }).waitFor();
    expect(await shownDate(page, 'تاريخ الزيارة', 'ar')).toBe(todayIso());

    // Everything answered except the emergency contact's name; the child is 19.
    await page.getByRole('textbox', { name: 'اسم المشارك أو الوليّ/الوصي', exact: true }).fill('نور صالح');
    await page.getByRole('textbox', { name: 'العمر', exact: true }).fill('38');
    await page.getByRole('textbox', { name: 'رقم البطاقة الشخصية (QID) أو جواز السفر', exact: true }).fill('28412345678');
    await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill('55123456');
    await page.getByRole('textbox', { name: 'هاتف جهة الاتصال في حالات الطوارئ', exact: true }).fill('33221100');
    await page.getByRole('button', { name: 'إضافة تابع / طفل' }).click();
    const child = page.getByRole('group', { name: 'الطفل 1' });
    await child.getByRole('textbox', { name: 'اسم الطفل', exact: true }).fill('سارة');
    const childAge = child.getByRole('textbox', { name: 'العمر', exact: true });
    await childAge.fill('19');
    await child.getByRole('textbox', { name: 'الحالات الصحية', exact: true }).fill('الربو');
    await drawSignature(page);
    await page.getByRole('checkbox', { name: ACKNOWLEDGEMENT.ar }).check();
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();

    await expectMessageNextTo(page, 'dependents.0.age', childAge, 'التابعون هم الأطفال دون 18 عامًا.');
    const emergencyName = page.getByRole('textbox', { name: 'اسم جهة الاتصال في حالات الطوارئ', exact: true });
    await expectMessageNextTo(page, 'emergency_contact_name', emergencyName, REQUIRED.ar);
    // Only those two answers are marked.
    const marked = await page
      .locator('.field-error')
      .evaluateAll((errors) => errors.map((error) => (error.closest('[data-field]') as HTMLElement | null)?.dataset.field));
    expect(marked.sort()).toEqual(['dependents.0.age', 'emergency_contact_name']);

    // Nothing was sent, nothing stored; still the form, not the thank-you.
    expect(posts).toEqual([]);
    expect(await page.getByRole('heading', { name: 'تم إرسال إقرار التزلج' }).count()).toBe(0);
    expect((await storedDocs(e2e.server, SKI)).length).toBe(before);
  });
});
