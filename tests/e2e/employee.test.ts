// Employees answer the satisfaction survey from their invitation link (/employee?id=<anonymous id>),
// in French, English or Arabic. One survey ID answers once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedE2E, type E2E, storedDocs } from './harness.ts';
import { REQUIRED, answersOf, choose, createRequest, expectEnvelope, expectMessageNextTo, formText, optionLabels, seed, seedName, type Lang } from './fill.ts';

const FORM = 'employee-survey';
const COLLECTION = 'employee-responses';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The single-choice answers every test gives (stored values; the page shows them in its language). */
const CHOICES = {
  env_tools_resources: 'agree',
  env_safe_respected: 'strongly-agree',
  env_workload: 'heavy',
  lead_clear_expectations: 'i-do-not-know',
  lead_recognition: 'disagree',
  lead_feedback_frequency: 'sometimes',
  lead_communication: 'strongly-disagree',
  growth_learning: 'agree',
  growth_career_path: 'agree',
  wellbeing_balance: 'disagree',
  wellbeing_stress: 'often',
  wellbeing_overall_satisfaction: 'satisfied',
  stay_intention: 'not-sure',
} as const;

const departmentName = (slug: string, lang: Lang) =>
  seedName(
    seed('departments').find((d) => d.slug === slug)!,
    lang,
  );
const subDepartmentName = (slug: string, lang: Lang) =>
  seedName(
    seed('sub-departments').find((d) => d.slug === slug)!,
    lang,
  );

/** The department drop-down (exact: "Sub-department" also contains the word). */
const departmentSelect = (page: Page, lang: Lang) => page.getByRole('combobox', { name: formText(FORM, lang).label('department'), exact: true });
const subDepartmentSelect = (page: Page, lang: Lang) => page.getByRole('combobox', { name: formText(FORM, lang).label('department_sub'), exact: true });

interface Answers {
  department: string;
  subDepartment?: string;
  recommend: number;
  training?: string;
  comments: string;
}

/** Answers the whole survey as an employee reads it in `lang`. */
async function answerSurvey(page: Page, lang: Lang, answers: Answers) {
  const text = formText(FORM, lang);
  await departmentSelect(page, lang).selectOption({ label: departmentName(answers.department, lang) });
  if (answers.subDepartment) await subDepartmentSelect(page, lang).selectOption({ label: subDepartmentName(answers.subDepartment, lang) });
  for (const [question, value] of Object.entries(CHOICES)) await choose(page, text.label(question), text.option(question, value));
  await choose(page, text.label('recommend_employer'), String(answers.recommend));
  if (answers.training) await page.getByLabel(text.label('growth_training_wish')).fill(answers.training);
  await page.getByLabel(text.label('employee_comments')).fill(answers.comments);
}

const SUBMIT: Record<Lang, string> = { en: 'Submit', ar: 'إرسال', fr: 'Envoyer' };
const THANKS: Record<Lang, [string, string]> = {
  en: ['Thank you for your feedback!', 'Your answers have been recorded.'],
  ar: ['شكرًا لمشاركتك!', 'تم تسجيل إجاباتك.'],
  fr: ['Merci pour votre participation !', 'Vos réponses ont bien été enregistrées.'],
};

async function submitAndWaitForThanks(page: Page, lang: Lang) {
  await page.getByRole('button', { name: SUBMIT[lang] }).click();
  await page.getByRole('heading', { name: THANKS[lang][0] }).waitFor();
  await page.getByText(THANKS[lang][1]).waitFor();
}

describe('employee satisfaction survey', () => {
  it('an employee answers in French from the invitation link: the survey ID is filled in and the answers are stored', async () => {
    const page = await e2e.open('/employee?id=EMP-7F3K-2291&lang=fr');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
    await page.getByRole('heading', { level: 1, name: 'Enquête de satisfaction des employés' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'À propos de vous' }).waitFor();
    const surveyId = page.getByRole('textbox', { name: "Identifiant d'enquête" });
    expect(await surveyId.inputValue()).toBe('EMP-7F3K-2291');
    await page.getByText("Rempli automatiquement à partir du lien de votre e-mail d'invitation.").waitFor();
    await page
      .getByRole('radiogroup', { name: 'Comment décririez-vous votre charge de travail habituelle ?' })
      .getByRole('radio', { name: 'Lourde', exact: true })
      .waitFor();

    await answerSurvey(page, 'fr', {
      department: 'operations',
      subDepartment: 'housekeeping',
      recommend: 7,
      training: 'Gestion du temps',
      comments: 'Merci pour les nouveaux vestiaires.',
    });
    await submitAndWaitForThanks(page, 'fr');

    const stored = await storedDocs(e2e.server, COLLECTION, { anonymous_id: 'EMP-7F3K-2291' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      anonymous_id: 'EMP-7F3K-2291',
      department: 'operations',
      department_sub: 'housekeeping',
      ...CHOICES,
      growth_training_wish: 'Gestion du temps',
      recommend_employer: 7,
      recommend_employer_band: 'passive',
      employee_comments: 'Merci pour les nouveaux vestiaires.',
    });
  });

  it('the sub-department is asked only for a department that has some, and lists only that department’s own (French)', async () => {
    const page = await e2e.open('/employee?id=EMP-SUBS-0001&lang=fr');
    const department = departmentSelect(page, 'fr');
    await expect.poll(() => optionLabels(department)).toEqual(expect.arrayContaining(seed('departments').map((d) => seedName(d, 'fr'))));
    expect(await subDepartmentSelect(page, 'fr').count()).toBe(0); // no department chosen yet

    await department.selectOption({ label: departmentName('finance', 'fr') }); // Finance has no sub-departments
    expect(await subDepartmentSelect(page, 'fr').count()).toBe(0);

    await department.selectOption({ label: departmentName('operations', 'fr') });
    await subDepartmentSelect(page, 'fr').waitFor();
    expect((await optionLabels(subDepartmentSelect(page, 'fr'))).sort()).toEqual(
      [subDepartmentName('housekeeping', 'fr'), subDepartmentName('maintenance', 'fr')].sort(),
    );

    await department.selectOption({ label: departmentName('food-and-beverage', 'fr') });
    await expect
      .poll(async () => (await optionLabels(subDepartmentSelect(page, 'fr'))).sort())
      .toEqual([subDepartmentName('kitchen', 'fr'), subDepartmentName('restaurant-service', 'fr')].sort());
  });

  it('a second submission with the same survey ID is refused with the message in French, and nothing more is stored', async () => {
    const first = await e2e.open('/employee?id=EMP-ONCE-4242&lang=fr');
    await answerSurvey(first, 'fr', { department: 'security', recommend: 9, comments: 'Première réponse.' });
    await submitAndWaitForThanks(first, 'fr');

    const again = await e2e.open('/employee?id=EMP-ONCE-4242&lang=fr');
    await answerSurvey(again, 'fr', { department: 'marketing', recommend: 2, comments: 'Deuxième réponse.' });
    const sent = createRequest(again, COLLECTION);
    await again.getByRole('button', { name: 'Envoyer' }).click();
    const refused = await (await sent).response();
    expect(refused?.status()).toBe(409);
    const message = "Une réponse a déjà été envoyée avec cet identifiant d'enquête. Chaque enquête ne peut être envoyée qu'une seule fois.";
    await again.getByRole('alert').filter({ hasText: message }).first().waitFor();
    await expectMessageNextTo(again, 'anonymous_id', again.getByRole('textbox', { name: "Identifiant d'enquête" }), message);
    expect(await again.getByRole('heading', { name: 'Merci pour votre participation !' }).count()).toBe(0);
    expect(await again.getByLabel('Avez-vous des commentaires ou des suggestions ?').inputValue()).toBe('Deuxième réponse.');

    const stored = await storedDocs(e2e.server, COLLECTION, { anonymous_id: 'EMP-ONCE-4242' });
    expect(stored).toHaveLength(1);
    expect(stored[0].employee_comments).toBe('Première réponse.');
    expect(stored[0].department).toBe('security');
  });

  it('an employee answers in English; a department without sub-departments stores none', async () => {
    const page = await e2e.open('/employee?id=EMP-EN-0007');
    await page.getByRole('heading', { level: 1, name: 'Employee Satisfaction Survey' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Survey ID' }).inputValue()).toBe('EMP-EN-0007');
    await answerSurvey(page, 'en', { department: 'finance', recommend: 9, comments: 'Happy with the team.' });
    await submitAndWaitForThanks(page, 'en');

    const stored = await storedDocs(e2e.server, COLLECTION, { anonymous_id: 'EMP-EN-0007' });
    expect(stored).toHaveLength(1);
    expectEnvelope(stored[0]);
    expect(answersOf(stored[0])).toEqual({
      anonymous_id: 'EMP-EN-0007',
      department: 'finance',
      ...CHOICES,
      recommend_employer: 9,
      recommend_employer_band: 'promoter',
      employee_comments: 'Happy with the team.',
    });
  });

  it('an employee answers in Arabic, right to left', async () => {
    const page = await e2e.open('/employee?id=EMP-AR-0003&lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'استبيان رضا الموظفين' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'رمز الاستبيان' }).inputValue()).toBe('EMP-AR-0003');
    await answerSurvey(page, 'ar', { department: 'food-and-beverage', subDepartment: 'kitchen', recommend: 3, comments: 'نحتاج إلى مزيد من التدريب' });
    await submitAndWaitForThanks(page, 'ar');

    const stored = await storedDocs(e2e.server, COLLECTION, { anonymous_id: 'EMP-AR-0003' });
    expect(stored).toHaveLength(1);
    expect(answersOf(stored[0])).toEqual({
      anonymous_id: 'EMP-AR-0003',
      department: 'food-and-beverage',
      department_sub: 'kitchen',
      ...CHOICES,
      recommend_employer: 3,
      recommend_employer_band: 'detractor',
      employee_comments: 'نحتاج إلى مزيد من التدريب',
    });
  });

  it('required answers left empty are named next to their questions, in French', async () => {
    const page = await e2e.open('/employee?id=EMP-REQ-0001&lang=fr');
    const text = formText(FORM, 'fr');
    await choose(page, text.label('env_tools_resources'), text.option('env_tools_resources', 'agree'));
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expectMessageNextTo(page, 'department', departmentSelect(page, 'fr'), REQUIRED.fr);
    await expectMessageNextTo(page, 'env_safe_respected', page.getByRole('radiogroup', { name: text.label('env_safe_respected') }), REQUIRED.fr);
    await expectMessageNextTo(page, 'recommend_employer', page.getByRole('radiogroup', { name: text.label('recommend_employer') }), REQUIRED.fr);
    expect(await page.locator('[data-field="env_tools_resources"] .field-error').count()).toBe(0);
    expect(await page.locator('[data-field="anonymous_id"] .field-error').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_department');
    expect(await storedDocs(e2e.server, COLLECTION, { anonymous_id: 'EMP-REQ-0001' })).toHaveLength(0);
  });

  it('without an ID in the link the survey ID is asked for, and left empty it is named in English', async () => {
    const page = await e2e.open('/employee');
    const surveyId = page.getByRole('textbox', { name: 'Survey ID' });
    expect(await surveyId.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessageNextTo(page, 'anonymous_id', surveyId, REQUIRED.en);
  });
});
