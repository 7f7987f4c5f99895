// What the form tests share: answering questions the way a person does (by the question's
// visible name), passing the human check, reading what the server stored (as staff), and the
// texts of the form definitions and seed content, so a test can name a question in any language.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ROOT, type Json, type TestServer } from '../support/server.ts';

export type Lang = 'en' | 'ar' | 'fr';
type Text = Partial<Record<Lang, string>> & { en: string };

/** The messages every form shows for a required answer left empty, per language. */
export const REQUIRED: Record<Lang, string> = { en: 'This field is required.', ar: 'هذا الحقل مطلوب.', fr: 'Ce champ est obligatoire.' };

// ---------------------------------------------------------------------------------------------
// Answering

/** A single-choice question (radio group): picks the answer named `answer`. */
export async function choose(page: Page, question: string, answer: string): Promise<void> {
  await page.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: answer, exact: true }).check();
}

/** A question answered with several check boxes (a group): ticks every answer named. */
export async function tickAll(page: Page, question: string, answers: string[]): Promise<void> {
  const group = page.getByRole('group', { name: question, exact: true });
  for (const answer of answers) await group.getByRole('checkbox', { name: answer, exact: true }).check();
}

const DATE_PART_LABELS = (lang: Lang) => {
  const messages = readJson<Record<string, Text>>('forms/messages.json');
  return { day: messages.dateDay[lang]!, month: messages.dateMonth[lang]!, year: messages.dateYear[lang]! };
};

/** A date question (day, month, year): types the day and year and picks the month, as a guest would (`page`: or a part of it, e.g. one item of a group). */
export async function fillDate(page: Page | Locator, question: string, iso: string, lang: Lang = 'en'): Promise<void> {
  const [year, month, day] = iso.split('-');
  const labels = DATE_PART_LABELS(lang);
  const group = page.getByRole('group', { name: question, exact: true });
  await group.getByLabel(labels.day, { exact: true }).fill(String(Number(day)));
  await group.getByLabel(labels.month, { exact: true }).selectOption(String(Number(month)));
  await group.getByLabel(labels.year, { exact: true }).fill(year);
}

/**
 * A waiver signer's date of birth (an adult's by default) and, where the waiver asks it (iFly), a
 * weight within the limit: what its age and fitness rules check. In the page's language.
 */
export async function fillSignerAge(page: Page, born = '1988-04-12'): Promise<void> {
  const lang = (await page.evaluate(() => document.documentElement.lang)) as Lang;
  const [year, month, day] = born.split('-');
  const labels = DATE_PART_LABELS(lang);
  const field = page.locator('[data-field="birth_date"]');
  await field.getByLabel(labels.day, { exact: true }).fill(String(Number(day)));
  await field.getByLabel(labels.month, { exact: true }).selectOption(String(Number(month)));
  await field.getByLabel(labels.year, { exact: true }).fill(year);
  const weight = page.locator('#root_weight_kg');
  if (await weight.count()) await weight.fill('64');
}

/** What a date question shows, as YYYY-MM-DD with empty missing parts (the stored shape). */
export async function shownDate(page: Page, question: string, lang: Lang = 'en'): Promise<string> {
  const labels = DATE_PART_LABELS(lang);
  const group = page.getByRole('group', { name: question, exact: true });
  const [day, month, year] = await Promise.all([labels.day, labels.month, labels.year].map((label) => group.getByLabel(label, { exact: true }).inputValue()));
  return `${year}-${month && month.padStart(2, '0')}-${day && day.padStart(2, '0')}`;
}

/** A country picker (name or dial code): types what a guest would and picks the first match with Enter. */
export async function pickCountry(control: Locator, typed: string): Promise<void> {
  await control.fill(typed);
  await control.press('Enter');
}

/**
 * Ticks the human check's "I'm not a robot" box (the reCAPTCHA stand-in or ALTCHA) with the keyboard
 * (ALTCHA draws its tick mark over the box, which takes a mouse's click). The box's state is the
 * widget's: ALTCHA ticks it once its proof of work is done, a refused token unticks it, so
 * Playwright's .check(), which expects the state to change at once, fails when the widget answers
 * late (under load). The caller waits for what the page shows instead.
 */
export async function tickHumanCheck(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).press('Space');
}

/** Passes the human check: ticks its box and waits until the backend verified the token. */
export async function passHumanCheck(page: Page): Promise<void> {
  await tickHumanCheck(page);
  await page.locator('.human-check-status').waitFor();
}

/** The body of the create call the page sends when the guest submits (to see what the page itself sent). */
export function createRequest(page: Page, collection: string) {
  return page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/${collection}`);
}

// ---------------------------------------------------------------------------------------------
// What the page shows

/**
 * Waits until `message` is shown next to the question `name` (inside its block), and checks that
 * the question's control is marked invalid and points at that message (aria-describedby), so a
 * screen reader reads it with the question.
 */
export async function expectMessageNextTo(page: Page, name: string, control: Locator, message: string): Promise<void> {
  const block = page.locator(`[data-field="${name}"]`);
  await block.getByText(message, { exact: true }).waitFor();
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
  const described = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  expect(described).toContain(message);
}

/** Names of the questions on the page that show a required mark (the visible star), sorted. */
export async function questionsMarkedRequired(page: Page): Promise<string[]> {
  const names = await page.locator('[data-field]').evaluateAll((blocks) =>
    blocks
      .filter((block) => {
        const mark = block.querySelector('.required-mark');
        return mark instanceof HTMLElement && mark.offsetParent !== null && getComputedStyle(mark).visibility !== 'hidden' && mark.textContent?.trim() === '*';
      })
      .map((block) => (block as HTMLElement).dataset.field ?? ''),
  );
  return names.sort();
}

/** The labels of a drop-down list's options, without the empty "Please choose" entry. */
export async function optionLabels(select: Locator): Promise<string[]> {
  return select.locator('option').evaluateAll((options) => options.filter((o) => (o as HTMLOptionElement).value !== '').map((o) => o.textContent ?? ''));
}

/** A file size as the product shows it: 1024-based units, at most 2 decimals (the product's rule for file sizes). */
export function fileSizeText(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${parseFloat((bytes / 1024 ** power).toFixed(2))} ${units[power]}`;
}

// ---------------------------------------------------------------------------------------------
// What the server stored (read with the staff credential; the pages' public key cannot read)

/** A stored document by id, read as staff. */
export async function storedById(server: TestServer, collection: string, id: number | string): Promise<Record<string, Json>> {
  // By staff who may read every form (whistle-blower reports and their files are compliance's only).
  const answer = await server.api(`/api/${collection}/${id}?depth=0`, { as: 'none', headers: await server.staffAs(['admin', 'compliance']) });
  if (answer.status !== 200) throw new Error(`Reading ${collection}/${id} as staff answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** What the server adds to every submission (and its follow-up and list cells, on a staff read); everything else in a stored record is an answer. */
const ENVELOPE = ['id', 'reference', 'formVersion', 'formHash', 'evidence', 'createdAt', 'updatedAt', 'followUp', 'listColumns', 'source'];

/** The answers of a stored submission, without the server's envelope (id, reference, stamps). */
export function answersOf(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !ENVELOPE.includes(key)));
}

/** The envelope every stored submission has. */
export function expectEnvelope(doc: Record<string, unknown>): void {
  expect(doc).toMatchObject({ id: expect.any(Number), reference: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/), formVersion: 1 });
}

// ---------------------------------------------------------------------------------------------
// The texts the page is made from: form definitions, vocabularies, seed content

interface DefinitionField {
  type: string;
  name: string;
  label?: Text;
  required?: boolean;
  visibleIf?: unknown;
  options?: string | { value: string; label: Text }[];
  scale?: string;
}
export interface Definition {
  id: string;
  languages: Lang[];
  sections: { id: string; visibleIf?: unknown; fields: DefinitionField[] }[];
}

const readJson = <T>(relative: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, relative), 'utf8')) as T;

export const definition = (formId: string): Definition => readJson<Definition>(`forms/${formId}.json`);

/** The questions of a definition (no static text blocks). */
export function questionsOf(form: Definition): DefinitionField[] {
  return form.sections
    .flatMap((section) => section.fields.map((field) => ({ ...field, visibleIf: field.visibleIf ?? section.visibleIf })))
    .filter((field) => field.type !== 'content');
}

/** The definition's required questions that are shown without any condition, sorted. */
export function requiredAlwaysShown(form: Definition): string[] {
  return questionsOf(form)
    .filter((field) => field.required && !field.visibleIf)
    .map((field) => field.name)
    .sort();
}

/** A form's question labels and option labels in one language, as the definition words them. */
export function formText(formId: string, lang: Lang) {
  const form = definition(formId);
  const vocabularies = readJson<Record<string, { options: { value: string; label: Text }[] }>>('forms/vocabularies.json');
  const field = (name: string) => {
    const found = questionsOf(form).find((f) => f.name === name);
    if (!found) throw new Error(`${formId} has no question "${name}"`);
    return found;
  };
  const say = (text: Text) => text[lang] ?? text.en;
  return {
    /** The question's label (its accessible name on the page). */
    label: (name: string) => say(field(name).label!),
    /** The label of one of the question's options (inline or from a vocabulary). */
    option: (name: string, value: string) => {
      const f = field(name);
      const vocabulary = f.type === 'rating' ? f.scale! : f.options;
      const options = typeof vocabulary === 'string' ? vocabularies[vocabulary].options : (vocabulary ?? []);
      const option = options.find((o) => o.value === value);
      if (!option) throw new Error(`${formId}.${name} has no option "${value}"`);
      return say(option.label);
    },
  };
}

export interface SeedDoc {
  name: string | Text;
  slug: string;
  [key: string]: unknown;
}

/** Seed documents of a content collection (content/seed/<slug>.json). */
export const seed = (collection: string): SeedDoc[] => readJson<SeedDoc[]>(`content/seed/${collection}.json`);

/** A seed document's name as a person reads it in `lang` (plain text, or text per language). */
export function seedName(doc: SeedDoc, lang: Lang): string {
  return typeof doc.name === 'string' ? doc.name : (doc.name[lang] ?? doc.name.en);
}

/** Draws a two-stroke signature on the pad with the mouse, as a guest would. */
export async function drawSignature(page: Page) {
  await page.locator('.signature-canvas').waitFor(); // the pad's code is loaded on demand
  const pad = page.locator('.signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (x: number, y: number) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(0.15, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(...at(0.15 + i * 0.025, 0.6 - 0.25 * Math.sin(i / 3)));
  await page.mouse.up();
  await page.mouse.move(...at(0.75, 0.3));
  await page.mouse.down();
  await page.mouse.move(...at(0.8, 0.7), { steps: 8 });
  await page.mouse.up();
}
