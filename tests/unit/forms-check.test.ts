import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition, checkAgainstSchema, checkVocabularies, formatProblem, locate, missingTranslations } from '../../scripts/lib/check.ts';
import { checkProject } from '../../scripts/forms-check.ts';
import { schemaFiles } from '../../scripts/forms-schema.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import { checkCollections, checkCountryNames, checkRoutesAndForms } from '../../scripts/lib/project-checks.ts';
import { checkContentForms } from '../../scripts/lib/content-forms-check.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import type { Country } from '../../src/engine/checks/countries.ts';

const vocabularies = loadVocabularies();
const dining = loadDefinitions().find((d) => d.definition.id === 'dining-survey')!.definition;
const copy = (): FormDefinition => structuredClone(dining);
const file = 'forms/dining-survey.json';

/** A small definition as an author would write it: its first question is on line 12. */
const fixture = (fields: string, languages = '["en", "ar"]') => `{
  "$schema": "./form.schema.json",
  "id": "tiny",
  "version": 1,
  "languages": ${languages},
  "title": { "en": "Tiny", "ar": "صغير" },
  "submit": { "collection": "tiny-answers", "label": { "en": "Send", "ar": "أرسل" } },
  "sections": [
    {
      "id": "main",
      "fields": [
${fields}
      ]
    }
  ]
}
`;
const tinyFile = 'forms/tiny.json';
/** forms:check's lines for a fixture text, positions included. */
function checkText(text: string, allowed: string[] = []): string[] {
  const definition = JSON.parse(text) as FormDefinition;
  const problems = checkAgainstSchema(tinyFile, definition, 'forms/form.schema.json');
  const found = problems.length ? problems : checkDefinition(tinyFile, definition, vocabularies, new Set(allowed));
  return locate(found, () => text).map(formatProblem);
}

describe('forms:check', () => {
  it('passes on the project as it is', () => {
    expect(checkProject()).toEqual([]);
  });
  it('says which language is missing for which question, at its line, and what to add', () => {
    const text = fixture(`        { "type": "text", "name": "food", "label": { "en": "Food", "ar": "الطعام" } },
        { "type": "text", "name": "drink",
          "label": { "en": "Drink" } }`);
    expect(checkText(text)).toEqual([
      'forms/tiny.json:14:11 ($.sections[0].fields[1].label) Arabic text missing for the label of question "drink": add "ar": "..." beside "en"',
    ]);
  });
  it('names the plural forms a language needs and a message leaves out', () => {
    const message = { en: { one: '{count} answer', other: '{count} answers' }, ar: { one: 'إجابة واحدة', two: 'إجابتان', other: '{count} إجابة' } };
    expect(missingTranslations('forms/messages.json', { answers: message }, ['en', 'ar'], '$', 'message')).toEqual(
      ['few', 'many', 'zero'].map((category) => ({
        file: 'forms/messages.json',
        path: '$.answers.ar',
        message: `Arabic plural form "${category}" missing for message "answers" (Arabic needs few, many, one, two, zero, other): add "${category}": "..."`,
      })),
    );
    expect(checkAgainstSchema('forms/messages.json', { answers: { en: { one: 'x' } } }, 'forms/messages.schema.json')).not.toEqual([]);
  });
  it('flags a label that reads the same in every language, unless listed as a name', () => {
    const text = fixture(`        { "type": "text", "name": "club", "label": { "en": "Club Printemps", "ar": "Club Printemps" } },
        { "type": "text", "name": "age", "label": { "en": "Age", "ar": "العمر" }, "placeholder": { "en": "42", "ar": "42" } }`);
    expect(checkText(text)).toEqual([
      'forms/tiny.json:12:43 ($.sections[0].fields[0].label) the label of question "club" is the same in English and Arabic ("Club Printemps"): translate it, or add "Club Printemps" to forms/untranslated-ok.json if it is a name that stays the same in every language',
    ]);
    expect(checkText(text, ['Club Printemps'])).toEqual([]);
  });
  it('refuses a condition on a question that does not exist or comes later', () => {
    const text = fixture(`        { "type": "text", "name": "details", "label": { "en": "Details", "ar": "تفاصيل" },
          "visibleIf": { "field": "kind", "equals": "other" } },
        { "type": "choice", "name": "kind", "options": "yesNo", "label": { "en": "Kind", "ar": "نوع" },
          "requiredIf": { "field": "kinds", "filled": true } }`);
    expect(checkText(text)).toEqual([
      'forms/tiny.json:13:11 ($.sections[0].fields[0].visibleIf) the condition of question "details" depends on question "kind", which comes later in the form (at line 14): move "kind" above it, since guests answer from top to bottom',
      'forms/tiny.json:15:11 ($.sections[0].fields[1].requiredIf) the condition of question "kind" names question "kinds", which is not in this form: check the spelling of "field" (questions: details, kind)',
    ]);
  });
  it('refuses a condition on a question inside a repeated group, which neither page nor server could apply per row', () => {
    const text = fixture(`        { "type": "repeat", "name": "kids", "label": { "en": "Children", "ar": "الأطفال" }, "maxItems": 3,
          "itemLabel": { "en": "Child {n}", "ar": "الطفل {n}" }, "addLabel": { "en": "Add", "ar": "أضف" }, "removeLabel": { "en": "Remove", "ar": "احذف" },
          "fields": [
            { "type": "text", "name": "name", "label": { "en": "Name", "ar": "الاسم" } },
            { "type": "text", "name": "allergy", "label": { "en": "Allergy", "ar": "الحساسية" }, "requiredIf": { "field": "name", "filled": true } }
          ] }`);
    expect(checkText(text)).toEqual([
      'forms/tiny.json:16:98 ($.sections[0].fields[0].fields[1].requiredIf) question "allergy" in the group "kids" has a condition ("requiredIf"), but conditions are not supported inside a repeated group (neither the page nor the server could apply it to each row): remove it, or make the question "required"',
    ]);
  });
  it("refuses a guest form's file inside a repeated group (its upload would never be attached), and a content file without a place for its id", () => {
    const group = (file: string) => `        { "type": "repeat", "name": "docs", "label": { "en": "Documents", "ar": "المستندات" }, "maxItems": 3,
          "itemLabel": { "en": "Document {n}", "ar": "المستند {n}" }, "addLabel": { "en": "Add", "ar": "أضف" }, "removeLabel": { "en": "Remove", "ar": "احذف" },
          "fields": [ ${file} ] }`;
    const pdf = (extra: string) =>
      `{ "type": "file", "name": "pdf", "label": { "en": "PDF", "ar": "ملف" }, "maxBytes": 1000, "accept": ["application/pdf"], ${extra} }`;
    expect(checkText(fixture(group(pdf('"collection": "tiny-media"'))))).toEqual([
      'forms/tiny.json:14:23 ($.sections[0].fields[0].fields[0]) question "pdf" in the group "docs" is a file, but a guest form\'s files cannot be inside a repeated group (they would never be attached to the submission): move the question out of the group, or use "multiple": true',
    ]);
    const content = JSON.parse(
      fixture(group(pdf('"collection": "uploads", "contentPath": "file"')))
        .replace('"tiny-answers"', '"benefits"')
        .replace('"tiny"', '"content-benefits"'),
    ) as FormDefinition;
    const problems = checkContentForms([{ file: 'forms/content/content-benefits.json', definition: content }], {
      collections: [{ slug: 'benefits' }],
      globals: [],
    });
    expect(problems.map((problem) => `${problem.path} ${problem.message}`)).toEqual([
      '$.sections[0].fields[0].fields[0].collection content files are uploaded to "media": write "collection": "media"',
      '$.sections[0].fields[0].fields[0].contentPath a content file\'s contentPath names where its upload id is kept, e.g. "logo.id" (the object around it becomes the upload the pages read, {url, filename, ...}): write "file.id"',
    ]);
  });

  it('points at the second of two equal option values, in a form and in an option list', () => {
    const text = fixture(`        { "type": "choice", "name": "meal", "label": { "en": "Meal", "ar": "الوجبة" }, "options": [
          { "value": "lunch", "label": { "en": "Lunch", "ar": "غداء" } },
          { "value": "lunch", "label": { "en": "Late lunch", "ar": "غداء متأخر" } }
        ] }`);
    expect(checkText(text)).toEqual([
      'forms/tiny.json:14:13 ($.sections[0].fields[0].options[1].value) option value "lunch" is used twice in question "meal" (first at line 13): give each option its own value',
    ]);
    const twice = {
      options: [
        { value: 'a', label: { en: 'A' } },
        { value: 'a', label: { en: 'B' } },
      ],
    };
    expect(checkVocabularies('forms/vocabularies.json', { twice })).toEqual([
      {
        file: 'forms/vocabularies.json',
        path: '$.twice.options[1].value',
        message: 'option value "a" is used twice in option list "twice" (first at {at:$.twice.options[0].value}): give each option its own value',
      },
    ]);
  });
  it('flags a duplicate name and an unknown option list in words', () => {
    const def = copy();
    def.sections[0].fields[1] = { ...def.sections[0].fields[1], name: 'visited_restaurant' } as never;
    (def.sections[2].fields[0] as { options: string }).options = 'howHeardTypo';
    const messages = checkDefinition(file, def, vocabularies).map((p) => `${p.path}: ${p.message}`);
    expect(messages).toContain(
      '$.sections[0].fields[1].name: two questions are named "visited_restaurant" (the other is at {at:$.sections[0].fields[0]}): give each question its own name',
    );
    expect(messages).toContain(
      '$.sections[2].fields[0].options: question "discovery_method" uses the option list "howHeardTypo", which does not exist: use a name from forms/vocabularies.json (quality5, yesNo, mealPeriods, visitFrequency, ...) or write the options here',
    );
  });
  it('says an unknown question type, a missing key and an empty list plainly', () => {
    const text = fixture(`        { "type": "slider", "name": "x", "label": { "en": "X", "ar": "س" } },
        { "type": "choice", "name": "y", "label": { "en": "Y", "ar": "ص" }, "options": [] },
        { "type": "text", "label": { "en": "Z", "ar": "ز" } }`);
    expect(checkText(text)).toEqual([
      expect.stringMatching(/^forms\/tiny.json:12:9 \(\$.sections\[0\].fields\[0\]\) unknown question type "slider": use one of text, textarea, email/),
      'forms/tiny.json:13:77 ($.sections[0].fields[1].options) the options of question "y" needs at least 1 item',
      'forms/tiny.json:14:9 ($.sections[0].fields[2]) "name" is missing in question number 3: add it',
    ]);
  });
  it('finds a route without its form, a form without a route, and two forms in one collection', () => {
    const tiny = {
      file: tinyFile,
      definition: JSON.parse(fixture('        { "type": "text", "name": "a", "label": { "en": "A", "ar": "أ" } }')) as FormDefinition,
    };
    const twin = { file: 'forms/twin.json', definition: { ...tiny.definition, id: 'twin' } };
    const routes = [
      { path: '/tiny', page: { kind: 'form', form: 'tiny' } },
      { path: '/tinny', page: { kind: 'form', form: 'tinny' } },
    ];
    expect(checkRoutesAndForms(routes, [tiny, twin]).map(formatProblem)).toEqual([
      'routes.json ($.routes[1].page.form) route /tinny shows form "tinny", but there is no forms/tinny.json: check the spelling (forms: tiny, twin)',
      'forms/twin.json ($.id) no route shows form "twin", so guests cannot open it: add { "path": "/...", "set": "public", "page": { "kind": "form", "form": "twin" } } to "routes" in routes.json',
    ]);
    expect(checkCollections([tiny, twin]).map(formatProblem)).toEqual([
      'forms/twin.json ($.submit.collection) forms "tiny" and "twin" both store their answers in "tiny-answers": give each form its own collection',
    ]);
  });
  it("refuses a page of an unknown kind, or an option its kind does not take, at the route's line", () => {
    const text = `{
  "defaults": { "theme": "quest" },
  "settings": [],
  "routes": [
    { "path": "/x", "set": "public", "page": { "kind": "carousel" } },
    { "path": "/y", "set": "public", "page": { "kind": "hub", "languages": ["en"], "title": { "en": "Hub" }, "colour": "red" } },
    { "path": "/z", "set": "public", "page": { "kind": "chat", "languages": ["en"] } }
  ]
}
`;
    const problems = locate(checkAgainstSchema('routes.json', JSON.parse(text), 'routes.schema.json'), () => text).map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(/^routes\.json:5:\d+ \(\$\.routes\[0\]\.page\.kind\) the "kind" of route \/x must be one of "form", "form-index", "hub", /),
      expect.stringMatching(/^routes\.json:6:\d+ \(\$\.routes\[1\]\.page\) route \/y has an unknown key "colour": remove it or fix its spelling$/),
    ]);
  });

  it('needs country names in every language of a form that asks for a country or phone', () => {
    const countries: Country[] = [
      { code: 'QA', name: { en: 'Qatar', ar: 'قطر', fr: 'Qatar' }, dial: ['974'] },
      { code: 'FR', name: { en: 'France', ar: 'فرنسا' }, dial: ['33'] },
    ];
    const countriesText = `{\n  "countries": [\n    ${JSON.stringify(countries[0])},\n    ${JSON.stringify(countries[1])}\n  ]\n}\n`;
    const withPhone = (languages: string) => ({
      file: tinyFile,
      definition: JSON.parse(
        fixture('        { "type": "phone", "name": "tel", "label": { "en": "Phone", "ar": "الهاتف", "fr": "Téléphone" } }', languages),
      ) as FormDefinition,
    });
    expect(checkCountryNames(countries, [withPhone('["en", "ar"]')])).toEqual([]);
    expect(locate(checkCountryNames(countries, [withPhone('["en", "ar", "fr"]')]), () => countriesText).map(formatProblem)).toEqual([
      'forms/countries.json:4:18 ($.countries[1].name) French country names missing for FR, needed by tiny (a country or phone question in a form that declares French): add "fr": "..." beside "en" in each',
    ]);
  });
  it('keeps the committed JSON Schemas in step with their TypeBox source', () => {
    for (const [path, text] of Object.entries(schemaFiles())) {
      expect(readFileSync(resolve(import.meta.dirname, '../..', path), 'utf8'), `${path} is stale: run npm run forms:schema`).toBe(text);
    }
  });
});
