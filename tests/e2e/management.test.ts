// Managers describe their team for senior management (/mgmt), in English or Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedE2E, type E2E, storedDocs } from './harness.ts';
import { REQUIRED, answersOf, choose, expectEnvelope, expectMessageNextTo, seed, seedName, tickAll } from './fill.ts';

const COLLECTION = 'employee-responses-management';
const NOMINEE_DETAILS_EN = 'Please give their name and the reason.';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const departmentName = (slug: string, lang: 'en' | 'ar') =>
  seedName(
    seed('departments').find((d) => d.slug === slug)!,
    lang,
  );

describe('management questionnaire', () => {
  it('a manager answers in English and recommends a team member; the answers are stored exactly', async () => {
    const page = await e2e.open('/mgmt');
    await expect.poll(() => page.title()).toBe('Doha Oasis | Employee Questionnaire for Management');
    await page.getByRole('heading', { level: 1, name: 'Employee Questionnaire for Management' }).waitFor();

    await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption({ label: departmentName('guest-services', 'en') });
    await page.getByRole('textbox', { name: 'How many people report to you directly?' }).fill('12');
    await choose(page, "How would you describe your team's current staffing level?", 'Understaffed');
    await choose(page, "How would you rate your team's morale at the moment?", 'Very Good');
    await page.getByLabel("What are your team's main strengths?").fill('Friendly, multilingual front desk.');
    await page.getByLabel('What are the biggest challenges your team faces today?').fill('Weekend peaks with too few people.');
    await tickAll(page, 'Which training would benefit your team most?', ['Languages', 'Customer service']);
    await page.getByLabel('Other training needs').fill('First aid refresher');

    // The nominee's details are asked only once the manager says there is one.
    expect(await page.getByLabel(NOMINEE_DETAILS_EN).count()).toBe(0);
    await choose(page, 'Is there a team member you would recommend for recognition or promotion?', 'Yes');
    const details = page.getByRole('textbox', { name: NOMINEE_DETAILS_EN });
    await details.waitFor();
    expect(await page.locator('[data-field="recognition_details"] .required-mark').count()).toBe(1);
    await details.fill('Mariam Saeed: covered two extra shifts every week in Ramadan.');
    await page.getByLabel('What support or resources from senior management would help your team perform better?').fill('Two seasonal hires.');
    await page.getByLabel('Anything else you would like to share with senior management?').fill('Thank you.');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { team_strengths: 'Friendly, multilingual front desk.' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      department: 'guest-services',
      team_size: 12,
      staffing_level: 'understaffed',
      team_morale: 'very-good',
      team_strengths: 'Friendly, multilingual front desk.',
      team_challenges: 'Weekend peaks with too few people.',
      training_needs: ['customer-service', 'languages'],
      training_needs_other: 'First aid refresher',
      recognition_nominee: 'yes',
      recognition_details: 'Mariam Saeed: covered two extra shifts every week in Ramadan.',
      support_needed: 'Two seasonal hires.',
      manager_comments: 'Thank you.',
    });
  });

  it('a manager answers in Arabic with Arabic digits and no nominee; only what was answered is stored', async () => {
    const page = await e2e.open('/mgmt?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'استبيان الموظفين للإدارة' }).waitFor();

    await page.getByRole('combobox', { name: 'القسم', exact: true }).selectOption({ label: departmentName('security', 'ar') });
    await page.getByRole('textbox', { name: 'كم عدد الموظفين الذين يتبعونك مباشرة؟' }).fill('٨');
    await choose(page, 'كيف تصف مستوى التوظيف الحالي في فريقك؟', 'كافٍ');
    await choose(page, 'كيف تقيّم الروح المعنوية لفريقك حاليًا؟', 'جيد');
    await page.getByLabel('ما أبرز نقاط القوة لدى فريقك؟').fill('الانضباط والعمل الجماعي');
    await page.getByLabel('ما أكبر التحديات التي يواجهها فريقك حاليًا؟').fill('المناوبات الليلية');
    await choose(page, 'هل هناك أحد أعضاء فريقك توصي بتكريمه أو ترقيته؟', 'لا');
    expect(await page.getByLabel('يرجى ذكر اسمه وسبب التوصية.').count()).toBe(0);

    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByRole('heading', { name: 'نقدّر مشاركتك!' }).waitFor();

    const stored = await storedDocs(e2e.server, COLLECTION, { team_strengths: 'الانضباط والعمل الجماعي' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      department: 'security',
      team_size: 8,
      staffing_level: 'adequately-staffed',
      team_morale: 'good',
      team_strengths: 'الانضباط والعمل الجماعي',
      team_challenges: 'المناوبات الليلية',
      recognition_nominee: 'no',
    });
  });

  it('a required answer left empty is named next to it, in English; nothing is stored', async () => {
    const page = await e2e.open('/mgmt');
    await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption({ label: departmentName('finance', 'en') });
    await page.getByRole('textbox', { name: 'How many people report to you directly?' }).fill('4');
    await choose(page, "How would you describe your team's current staffing level?", 'Overstaffed');
    await choose(page, "How would you rate your team's morale at the moment?", 'Poor');
    await page.getByLabel('What are the biggest challenges your team faces today?').fill('Challenges without strengths');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expectMessageNextTo(page, 'team_strengths', page.getByRole('textbox', { name: "What are your team's main strengths?" }), REQUIRED.en);
    await page.getByText('Please correct 1 answer marked below.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_team_strengths');
    expect(await storedDocs(e2e.server, COLLECTION, { team_challenges: 'Challenges without strengths' })).toHaveLength(0);
  });

  it('required answers left empty are named next to them, in Arabic, the nominee details once asked', async () => {
    const page = await e2e.open('/mgmt?lang=ar');
    await choose(page, 'هل هناك أحد أعضاء فريقك توصي بتكريمه أو ترقيته؟', 'نعم');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expectMessageNextTo(page, 'department', page.getByRole('combobox', { name: 'القسم', exact: true }), REQUIRED.ar);
    await expectMessageNextTo(page, 'team_size', page.getByRole('textbox', { name: 'كم عدد الموظفين الذين يتبعونك مباشرة؟' }), REQUIRED.ar);
    await expectMessageNextTo(page, 'recognition_details', page.getByRole('textbox', { name: 'يرجى ذكر اسمه وسبب التوصية.' }), REQUIRED.ar);
    expect(await page.locator('[data-field="support_needed"] .field-error').count()).toBe(0);
  });
});
