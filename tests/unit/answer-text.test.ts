// Each field type says how its answer reads (engine/fields/answer-text.ts, FIELD_TYPES[type].answerText),
// and every output writes that text: a form with one question of every type, answered, read in
// English and Arabic, and the same answers put through the console's view, the privacy export, the
// waiver PDF (read back with pdf.js) and an alert's {answers}. The CSV through a real server is in
// tests/api/answer-outputs.test.ts.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { answerReader, answerText, readAnswer } from '../../src/engine/fields/answer-text.ts';
import type { CompiledForm, ResolvedDataField, ResolvedField } from '../../src/engine/compiler/compiled.ts';
import { FIELD_TYPES } from '../../src/engine/fields/index.ts';
import { addFormTexts } from '../../src/engine/text/i18n.ts';
import type { Lang } from '../../src/engine/text/languages.ts';
import { serverAnswerReader } from '../../src/server/core/forms/answer-reader.ts';
import { answersText } from '../../src/server/features/alerts/templates.ts';
import { exportHtml } from '../../src/server/features/privacy/export-html.ts';
import { waiverPdf } from '../../src/server/features/waiver-copy/waiver-pdf.ts';
import type { DocumentRow } from '../../src/server/core/documents.ts';
import { AnswerValue } from '../../src/web/pages/submissions/AnswerValue.tsx';
import { loadCountryNames } from '../../src/web/widgets/countryNames.ts';

const FORM = 'answer-sample';
const quality = ['poor', 'average', 'good', 'very-good', 'excellent'];
const TEXTS: Record<'en' | 'ar', Record<string, string>> = {
  en: {
    title: 'Every kind',
    name: 'Name',
    comment: 'Comment',
    email: 'Email',
    phone: 'Phone',
    visit: 'Visit',
    guests: 'Guests',
    meal: 'Meal',
    'meal.dinner': 'Dinner',
    venue: 'Venue',
    'venue.cova': 'Cova',
    why: 'Why us',
    'why.location': 'Location',
    'why.pricing': 'Pricing',
    agree: 'I agree',
    food: 'Food',
    nps: 'Recommend',
    home: 'Country',
    receipt: 'Receipt',
    store: 'Store',
    signature: 'Signature',
    dependents: 'Dependents',
    'dependents.item': 'Dependent {n}',
    child: 'Child name',
    born: 'Born',
    intro: 'Welcome',
    'food.poor': 'Poor',
    'food.average': 'Average',
    'food.good': 'Good',
    'food.very-good': 'Very Good',
    'food.excellent': 'Excellent',
  },
  ar: {
    title: 'كل الأنواع',
    name: 'الاسم',
    comment: 'تعليق',
    email: 'البريد',
    phone: 'الهاتف',
    visit: 'الزيارة',
    guests: 'الضيوف',
    meal: 'الوجبة',
    'meal.dinner': 'عشاء',
    venue: 'المطعم',
    'venue.cova': 'كوفا',
    why: 'لماذا نحن',
    'why.location': 'الموقع',
    'why.pricing': 'الأسعار',
    agree: 'أوافق',
    food: 'الطعام',
    nps: 'التوصية',
    home: 'البلد',
    receipt: 'الإيصال',
    store: 'المتجر',
    signature: 'التوقيع',
    dependents: 'المرافقون',
    'dependents.item': 'المرافق {n}',
    child: 'اسم الطفل',
    born: 'تاريخ الميلاد',
    intro: 'أهلًا',
    'food.poor': 'ضعيف',
    'food.average': 'متوسط',
    'food.good': 'جيد',
    'food.very-good': 'جيد جدًا',
    'food.excellent': 'ممتاز',
  },
};
addFormTexts(FORM, 'en', TEXTS.en);
addFormTexts(FORM, 'ar', TEXTS.ar);

/** One question of every field type (texts are keys of the form's namespace, as compiled). */
const FIELDS = [
  { type: 'text', name: 'name', label: 'name' },
  { type: 'textarea', name: 'comment', label: 'comment' },
  { type: 'email', name: 'email', label: 'email' },
  { type: 'phone', name: 'phone', label: 'phone' },
  { type: 'date', name: 'visit', label: 'visit' },
  { type: 'number', name: 'guests', label: 'guests' },
  { type: 'choice', name: 'meal', label: 'meal', options: [{ value: 'dinner', label: 'meal.dinner' }] },
  { type: 'select', name: 'venue', label: 'venue', options: [{ value: 'cova', label: 'venue.cova' }] },
  {
    type: 'multichoice',
    name: 'why',
    label: 'why',
    options: [
      { value: 'location', label: 'why.location' },
      { value: 'pricing', label: 'why.pricing' },
    ],
  },
  { type: 'consent', name: 'agree', label: 'agree' },
  { type: 'rating', name: 'food', label: 'food', scale: 'quality5', options: quality.map((value) => ({ value, label: `food.${value}` })) },
  { type: 'scale', name: 'nps', label: 'nps', min: 0, max: 10 },
  { type: 'country', name: 'home', label: 'home', store: 'label' },
  { type: 'file', name: 'receipt', label: 'receipt', collection: 'media', maxBytes: 1000, accept: ['image/png'] },
  { type: 'hidden', name: 'store', label: 'store', valueType: 'integer', source: { query: 'store' } },
  { type: 'content', name: 'intro', style: 'paragraph', text: 'intro' },
  { type: 'signature', name: 'signature', label: 'signature' },
  {
    type: 'repeat',
    name: 'dependents',
    label: 'dependents',
    itemLabel: 'dependents.item',
    addLabel: 'x',
    removeLabel: 'x',
    maxItems: 3,
    fields: [
      { type: 'text', name: 'child', label: 'child' },
      { type: 'date', name: 'born', label: 'born' },
    ],
  },
] as unknown as ResolvedField[];

const SIGNATURE = {
  strokes: [
    [
      [0.1, 0.2],
      [0.4, 0.5],
    ],
  ],
  aspect: 3,
};
const ANSWERS: Record<string, unknown> = {
  name: 'Noor Saleh',
  comment: 'Cold soup & <b>rude</b> waiter',
  email: 'noor@example.com',
  phone: '+97455501234',
  visit: '2026-12-01',
  guests: 4,
  meal: 'dinner',
  venue: 'cova',
  why: ['location', 'pricing'],
  agree: true,
  food: 'poor',
  nps: 9,
  home: 'Qatar',
  receipt: { id: 7, filename: 'receipt-7.png', url: '/api/media/file/receipt-7.png', mimeType: 'image/png' },
  store: 12,
  signature: SIGNATURE,
  dependents: [{ child: 'Lina', born: '2015-05-03' }],
};

/** What each type's answer above reads as: written out, so a change in any type's reading fails here. */
const EXPECTED: Record<'en' | 'ar', Record<string, string>> = {
  en: {
    name: 'Noor Saleh',
    comment: 'Cold soup & <b>rude</b> waiter',
    email: 'noor@example.com',
    phone: '+97455501234',
    visit: 'Dec 1, 2026',
    guests: '4',
    meal: 'Dinner',
    venue: 'Cova',
    why: 'Location, Pricing',
    agree: 'Yes',
    food: 'Poor (1/5)',
    nps: '9',
    home: 'Qatar',
    receipt: 'receipt-7.png',
    store: '12',
    intro: '',
    signature: 'Signed (drawn signature)',
    dependents: 'Dependent 1: Child name: Lina; Born: May 3, 2015',
  },
  ar: {
    name: 'Noor Saleh',
    comment: 'Cold soup & <b>rude</b> waiter',
    email: 'noor@example.com',
    phone: '+97455501234',
    guests: '4',
    meal: 'عشاء',
    venue: 'كوفا',
    why: 'الموقع, الأسعار',
    agree: 'نعم',
    food: 'ضعيف (1/5)',
    nps: '9',
    home: 'قطر',
    receipt: 'receipt-7.png',
    store: '12',
    intro: '',
    signature: 'موقَّع (توقيع مرسوم)',
  },
};

const compiled = {
  id: FORM,
  version: 1,
  hash: 'h',
  languages: ['en', 'ar'],
  collection: 'answer-samples',
  captcha: null,
  schema: {},
  labels: {},
  uploads: [],
  unique: [],
  references: [],
  derived: [],
  access: ['admin'],
  confidential: false,
  venue: null,
  retention: null,
  form: { id: FORM, title: 'title', sections: [{ id: 'all', fields: FIELDS }] },
} as unknown as CompiledForm;
const dataFields = FIELDS.filter((field): field is ResolvedDataField => field.type !== 'content');

const readings = (lang: Lang) =>
  Object.fromEntries(FIELDS.map((field) => [field.name, answerText(serverAnswerReader(FORM, lang), field, ANSWERS[field.name])]));
/** pdf.js and HTML text: no direction marks (the PDF draws them as nothing), whitespace as one space. */
const flat = (text: string) =>
  text
    .replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= doc.numPages; number++)
    lines.push((await (await doc.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  await doc.destroy();
  return flat(lines.join(' '));
}

describe('each field type says how its answer reads', () => {
  it('every type of FIELD_TYPES has a question here, and an answer of each reads as written out, in English', () => {
    expect(FIELDS.map((field) => field.type).sort()).toEqual(Object.keys(FIELD_TYPES).sort());
    expect(readings('en')).toEqual(EXPECTED.en);
  });

  it('in Arabic: labels in Arabic, a country by its Arabic name, dates in Arabic words with Latin digits', () => {
    const ar = readings('ar');
    expect(ar).toMatchObject(EXPECTED.ar);
    for (const day of [ar.visit, ar.dependents]) {
      expect(day).toMatch(/ديسمبر|مايو|12|05/);
      expect(day).not.toMatch(/[٠-٩]/);
    }
    expect(ar.visit).toContain('2026');
    expect(ar.dependents).toMatch(/^المرافق 1: اسم الطفل: Lina; تاريخ الميلاد: .*2015/);
  });

  it('no answer reads as nothing, whatever the type', () => {
    for (const field of FIELDS)
      for (const none of [undefined, null, '', []]) expect(answerText(serverAnswerReader(FORM, 'en'), field, none), field.type).toBe('');
  });

  it("a table gets the parts it shows besides the text: a rating's level, a scale's point, a group's rows, the files, the drawing", () => {
    const reader = serverAnswerReader(FORM, 'en');
    const read = (name: string) =>
      readAnswer(
        reader,
        FIELDS.find((field) => field.name === name)!,
        ANSWERS[name],
      );
    expect(read('food').level).toEqual({ value: 1, of: 5 });
    expect(read('nps').level).toEqual({ value: 10, of: 11 });
    expect(read('dependents').rows).toEqual([
      {
        label: 'Dependent 1',
        cells: [
          { label: 'Child name', reading: { text: 'Lina' } },
          { label: 'Born', reading: { text: 'May 3, 2015' } },
        ],
      },
    ]);
    expect(read('receipt').files).toEqual([{ name: 'receipt-7.png', url: '/api/media/file/receipt-7.png', mimeType: 'image/png' }]);
    expect(read('signature').drawing).toBe(true);
    expect(read('phone').ltr).toBe(true);
    // Without the country list (the console's reader) a country reads as stored.
    expect(
      answerText(
        answerReader(FORM, 'ar'),
        FIELDS.find((field) => field.name === 'home')!,
        'Qatar',
      ),
    ).toBe('Qatar');
  });
});

describe('every output writes the same text', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`the console shows each answer's text (${lang})`, async () => {
      // The page's names file, as the console's first render of a country answer asks for it.
      await loadCountryNames(lang);
      const texts = readings(lang);
      for (const field of dataFields) {
        const html = renderToStaticMarkup(createElement(AnswerValue, { formId: FORM, field, value: ANSWERS[field.name], lang, signatureUrl: '/sig.svg' }));
        if (field.type === 'signature') expect(html).toContain('src="/sig.svg"');
        else if (field.type === 'repeat') expect(html).toContain(`<td><span dir="auto">Lina</span></td>`);
        else
          expect(
            flat(
              html
                .replace(/<[^>]+>/g, ' ')
                .replace(/&amp;/g, '&')
                .replace(/&lt;/g, '<')
                .replace(/&gt;/g, '>'),
            ),
            field.type,
          ).toBe(flat(texts[field.name]));
      }
    });

    it(`the privacy export's HTML holds each answer's text, escaped (${lang})`, () => {
      const texts = readings(lang);
      const html = exportHtml(
        {
          by: 'email',
          value: 'noor@example.com',
          exportedAt: '2026-12-01T10:00:00Z',
          parties: [],
          submissions: [
            {
              form: FORM,
              collection: 'answer-samples',
              id: 1,
              reference: 'K7QM-4XW2-9D',
              createdAt: '2026-12-01T10:00:00Z',
              held: false,
              heldUntil: null,
              answers: ANSWERS,
              evidence: null,
              notes: [],
              messages: [],
              files: [],
            } as never,
          ],
        },
        [compiled],
        lang,
      );
      const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
      for (const field of dataFields.filter((candidate) => candidate.type !== 'repeat'))
        expect(html, field.type).toContain(`<td>${escape(texts[field.name])}</td>`);
      expect(html).not.toContain('<b>rude</b>');
      expect(html).toContain(`<th scope="row">${escape(TEXTS[lang].child)}</th><td>Lina</td>`);
    });

    it(`the waiver PDF holds each answer's text, shaped in Arabic (${lang})`, async () => {
      const texts = readings(lang);
      const row = {
        id: 1,
        collection: 'answer-samples',
        data: ANSWERS,
        form_version: 1,
        form_hash: 'h',
        evidence: {},
        reference: 'K7QM-4XW2-9D',
        venue: null,
        created_at: new Date('2026-12-01T10:00:00Z'),
        updated_at: new Date(),
      } as DocumentRow;
      const text = await pdfText(await waiverPdf({ row, compiled, lang }));
      const inPdf = (expected: string, what: string) => {
        if (lang === 'en') return expect(text, what).toContain(flat(expected));
        // pdf.js gives a right-to-left line's runs of words in the order drawn and a lam-alef ligature
        // as alef then lam: each word is there, in its drawn form.
        for (const word of flat(expected)
          .replace(/ل([اأإآ])/g, '$1ل')
          .split(/[\s,;:()]+/)
          .filter(Boolean))
          expect(text, `${what}: ${word}`).toContain(word);
      };
      // The PDF leaves out what the page filled (hidden) and draws the signature instead of its words.
      for (const field of dataFields.filter((candidate) => !['hidden', 'signature', 'repeat'].includes(candidate.type))) inPdf(texts[field.name], field.type);
      const [dependent] = readAnswer(
        serverAnswerReader(FORM, lang),
        FIELDS.find((field) => field.name === 'dependents')!,
        ANSWERS.dependents,
      ).rows!;
      inPdf(dependent.label, 'repeat');
      for (const cell of dependent.cells) inPdf(`${cell.label}: ${cell.reading.text}`, 'repeat');
      // A phone keeps its "+" in front in a right-to-left line too.
      expect(text).toContain('+97455501234');
    });

    it(`an alert's {answers} is "Label: text" for each answered question (${lang})`, () => {
      const texts = readings(lang);
      const lines = answersText(compiled, ANSWERS, lang).split('\n');
      for (const field of dataFields.filter((candidate) => !['hidden', 'repeat'].includes(candidate.type)))
        expect(lines, field.type).toContain(`${TEXTS[lang][field.name]}: ${texts[field.name]}`);
      expect(answersText({ ...compiled, confidential: true }, ANSWERS, lang)).toBe('');
    });
  }
});
