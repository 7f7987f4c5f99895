import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { compileForm, renderSchema } from '../../src/engine/compiler/compile.ts';
import { addFormTexts } from '../../src/engine/text/i18n.ts';
import { LANGUAGES } from '../../src/engine/text/languages.ts';
import { evaluate, pruneHidden, toSchema, isVisible } from '../../src/engine/checks/conditions.ts';
import { describeErrors, errorMessage } from '../../src/engine/checks/errors.ts';
import { dateLimitErrors } from '../../src/engine/checks/date-limits.ts';
import { normalizePhones, phoneErrors, toE164 } from '../../src/engine/checks/phones.ts';
import { FIELD_UI } from '../../src/web/widgets/fieldUi.ts';
import { buildUiSchema, type UiSection } from '../../src/engine/compiler/ui-schema.ts';
import type { Condition, FormDefinition } from '../../src/engine/definition/definition.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';

const vocabularies = loadVocabularies();
const definitions = Object.fromEntries(loadDefinitions().map(({ definition }) => [definition.id, definition]));
const ajv = new Ajv2020({ allErrors: true, strict: false });

/** A definition compiled as forms:build does, its texts added to i18next as the server adds them. */
function compile(definition: FormDefinition) {
  const { compiled, texts } = compileForm(definition, vocabularies);
  for (const lang of LANGUAGES) addFormTexts(compiled.id, lang, texts[lang]);
  return compiled;
}
addFormats.default(ajv);

const dining = compile(definitions['dining-survey']);
const validateDining = ajv.compile(dining.schema);
const validDining = {
  visited_restaurant: 'Cova',
  meal_period: 'lunch',
  rating_greeting: 'good',
  rating_service: 'excellent',
  rating_food: 'very-good',
  rating_beverage: 'average',
  rating_value_for_money: 'poor',
  rating_cleanliness: 'good',
};

describe('the compiled contract of the dining survey', () => {
  it('accepts a complete answer and refuses unknown fields', () => {
    expect(validateDining(validDining)).toBe(true);
    expect(validateDining({ ...validDining, is_admin: true })).toBe(false);
    expect(validateDining.errors?.[0]).toMatchObject({ keyword: 'additionalProperties', params: { additionalProperty: 'is_admin' } });
  });
  it('requires the revealed question and refuses it while hidden', () => {
    expect(validateDining({ ...validDining, discovery_method: 'other' })).toBe(false);
    expect(validateDining({ ...validDining, discovery_method: 'other', discovery_text: 'A friend' })).toBe(true);
    expect(validateDining({ ...validDining, discovery_method: 'website', discovery_text: 'sneaky' })).toBe(false);
    const errors = describeErrors(validateDining.errors ?? [], dining.schema, () => undefined, 'en', dining.id);
    expect(errors).toEqual([{ path: 'discovery_text', field: 'discovery_text', message: 'This question does not apply to your answers.' }]);
  });
  it('uses the rating scale values and bounded text', () => {
    expect(dining.schema.properties).toMatchObject({
      rating_food: { enum: ['poor', 'average', 'good', 'very-good', 'excellent'] },
      customer_comments: { maxLength: 2000 },
    });
    expect(validateDining({ ...validDining, rating_food: 'Very Good' })).toBe(false);
    expect(validateDining({ ...validDining, customer_comments: 'x'.repeat(2001) })).toBe(false);
  });
  it('renders from the contract without its rules, marking required what is required when shown', () => {
    const view = renderSchema(dining.schema, dining.form);
    expect(view.allOf).toBeUndefined();
    expect(view.required).toContain('discovery_text');
    expect(view.$id).toBe('dining-survey');
  });
});

describe('the loyalty registration contract', () => {
  const loyalty = compile(definitions['loyalty-registration']);
  const validate = ajv.compile(loyalty.schema);
  const valid = {
    visit_date: '2026-11-23',
    first_name: 'Mariam',
    last_name: 'Al-Kuwari',
    phone: '+97412345678',
    email: 'mariam@example.com',
    nationality: 'Qatar',
    birth_date: '1990-04-01',
    receipt: 7,
  };
  it('accepts a registration without gender or store, and with them', () => {
    expect(validate(valid)).toBe(true);
    expect(validate({ ...valid, gender: 'female', store: 1 })).toBe(true);
  });
  it('refuses a phone without its dial code (the phone check), a nationality code and a missing receipt', () => {
    expect(phoneErrors(loyalty.form, { ...valid, phone: '12345678' }, 'en')).toEqual([
      { path: 'phone', field: 'phone', message: expect.stringContaining('valid phone number') },
    ]);
    expect(phoneErrors(loyalty.form, { ...valid, phone: '97455123456' }, 'en')).toEqual([]);
    expect(validate({ ...valid, nationality: 'QA' })).toBe(false);
    const { receipt: _receipt, ...withoutReceipt } = valid;
    expect(validate(withoutReceipt)).toBe(false);
    expect(describeErrors(validate.errors ?? [], loyalty.schema, () => undefined, 'ar', loyalty.id)).toEqual([
      { path: 'receipt', field: 'receipt', message: 'هذا الحقل مطلوب.' },
    ]);
  });
  it('declares the upload rule, captcha, uniqueness and store reference from the definition', () => {
    expect(loyalty.uploads).toEqual([
      {
        field: 'receipt',
        collection: 'printemps-loyalty-registration-media',
        maxBytes: 5242880,
        accept: expect.arrayContaining(['image/jpeg', 'application/pdf']),
        multiple: false,
      },
    ]);
    expect(loyalty.captcha).toEqual({ action: 'submit_form_loyalty_registration' });
    expect(loyalty.unique[0].fields).toEqual(['phone']);
    expect(loyalty.references).toEqual([{ field: 'store', collection: 'printemps-loyalty-registration-store', match: 'id' }]);
    expect(loyalty.labels.first_name).toBe('First Name');
  });
});

describe('conditions agree between page and server', () => {
  const conditions: Condition[] = [
    { field: 'a', equals: 'x' },
    { field: 'a', in: ['x', 'y'] },
    { field: 'a', filled: true },
    { field: 'a', filled: false },
    {
      all: [
        { field: 'a', equals: 'x' },
        { field: 'b', equals: 2 },
      ],
    },
    {
      any: [
        { field: 'a', equals: 'y' },
        { field: 'b', equals: 2 },
      ],
    },
    { not: { field: 'a', equals: 'x' } },
  ];
  // '', null and [] are not answered, on both sides (the schema once counted them as filled).
  const samples = [
    {},
    { a: 'x' },
    { a: 'y' },
    { a: 'z', b: 2 },
    { a: 'x', b: 2 },
    { b: 3 },
    { a: '' },
    { a: null },
    { a: [] },
    { a: ['x'] },
    { a: 0 },
    { a: false },
  ];
  it.each(conditions.map((c) => [JSON.stringify(c), c] as const))('%s', (_name, condition) => {
    const check = ajv.compile(toSchema(condition));
    for (const data of samples) expect(check(data), JSON.stringify(data)).toBe(evaluate(condition, data));
  });
  it('prunes the values of hidden questions', () => {
    expect(pruneHidden(dining.form, { discovery_method: 'website', discovery_text: 'x' })).toEqual({ discovery_method: 'website' });
    expect(isVisible(dining.form, 'discovery_text', { discovery_method: 'other' })).toBe(true);
  });
});

describe('uiSchema per language', () => {
  it('titles fields and sections in the page language and keeps content blocks', () => {
    const withNote: FormDefinition = {
      ...definitions['dining-survey'],
      sections: [
        {
          id: 'intro',
          fields: [
            { type: 'content', name: 'intro_note', style: 'note', text: { en: 'Hello', ar: 'مرحبا' } },
            ...definitions['dining-survey'].sections[0].fields,
          ],
        },
      ],
    };
    const ui = buildUiSchema(compile(withNote).form, 'ar', FIELD_UI);
    expect((ui.meal_period as Record<string, unknown>)['ui:title']).toBe('الوجبة');
    const sections = (ui['ui:options'] as { sections: UiSection[] }).sections;
    expect(sections[0].items[0]).toMatchObject({ kind: 'content', block: { name: 'intro_note' } });
    expect(ui['ui:order']).toEqual(['visited_restaurant', 'meal_period', 'visit_frequency']);
  });
  it('words errors by keyword, with a field’s own message first', () => {
    expect(errorMessage({ keyword: 'maxLength', params: { limit: 100 } }, undefined, 'fr', 'any')).toBe('Saisissez au plus 100 caractères.');
    const consent = { type: 'consent' as const, name: 'ack', label: 'ack.label', required: true };
    expect(errorMessage({ keyword: 'required' }, consent, 'en', 'any')).toBe('Please tick this box to continue.');
    expect(errorMessage({ keyword: 'const' }, consent, 'ar', 'any')).toBe('يرجى تحديد هذا المربع للمتابعة.');
    addFormTexts('qid-form', 'en', { 'qid.pattern': 'Use 8 to 26 letters or digits.' });
    expect(
      errorMessage({ keyword: 'pattern' }, { type: 'text', name: 'qid', label: 'qid.label', messages: { pattern: 'qid.pattern' } }, 'en', 'qid-form'),
    ).toBe('Use 8 to 26 letters or digits.');
  });
});

describe('date limits beyond the schema', () => {
  const loyalty = compile(definitions['loyalty-registration']);
  it('refuses a birth date after today, in the page language, and accepts today', () => {
    expect(dateLimitErrors(loyalty.form, { birth_date: '2026-11-24' }, '2026-11-23', 'ar')).toEqual([
      { path: 'birth_date', field: 'birth_date', message: 'لا يمكن أن يكون التاريخ في المستقبل.' },
    ]);
    expect(dateLimitErrors(loyalty.form, { birth_date: '2026-11-23' }, '2026-11-23', 'en')).toEqual([]);
  });
});

describe('repeated groups and signatures', () => {
  const waiverLike: FormDefinition = {
    id: 'waiver-like',
    version: 1,
    languages: ['en'],
    title: { en: 'Waiver' },
    submit: { collection: 'waivers', label: { en: 'Submit' } },
    sections: [
      {
        id: 'main',
        fields: [
          {
            type: 'repeat',
            name: 'dependents',
            label: { en: 'Dependents' },
            itemLabel: { en: 'Child {n}' },
            addLabel: { en: 'Add' },
            removeLabel: { en: 'Remove' },
            maxItems: 2,
            fields: [
              { type: 'text', name: 'name', label: { en: "Child's name" }, required: true },
              { type: 'text', name: 'qid', label: { en: 'ID' }, minLength: 8, maxLength: 26, messages: { minLength: { en: 'Use 8 to 26 characters.' } } },
            ],
          },
          { type: 'signature', name: 'signature', label: { en: 'Signature' }, required: true },
        ],
      },
    ],
  };
  const compiled = compile(waiverLike);
  const validate = ajv.compile(compiled.schema);
  const signature = {
    strokes: [
      [
        [0.1, 0.2],
        [0.5, 0.6],
      ],
    ],
    aspect: 3,
  };
  it('accepts up to the bound of items and a drawn signature', () => {
    expect(validate({ dependents: [{ name: 'Sara', qid: '12345678' }, { name: 'Ali' }], signature })).toBe(true);
    expect(validate({ dependents: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], signature })).toBe(false);
  });
  it('refuses an empty signature and names the item field that is wrong', () => {
    expect(validate({ signature: { strokes: [], aspect: 3 } })).toBe(false);
    expect(validate({ signature: { strokes: [[[1.5, 0]]], aspect: 3 } })).toBe(false);
    expect(validate({ dependents: [{ qid: '123' }], signature })).toBe(false);
    const described = describeErrors(
      validate.errors ?? [],
      compiled.schema,
      (n) => compiled.form.sections[0].fields.find((f) => f.name === n),
      'en',
      compiled.id,
    );
    expect(described).toEqual([
      { path: 'dependents.0.name', field: 'dependents', message: 'This field is required.' },
      { path: 'dependents.0.qid', field: 'dependents', message: 'Use 8 to 26 characters.' },
    ]);
  });
});

describe('phones', () => {
  it('writes one number one way (E.164), whatever the guest or an old client typed', () => {
    expect(toE164('+4407911123456')).toBe('+447911123456');
    expect(toE164('+447911123456')).toBe('+447911123456');
    expect(toE164('97455123456')).toBe('+97455123456');
    expect(toE164('+974 5512 3456')).toBe('+97455123456');
    expect(toE164('+97412345678')).toBeNull(); // no Qatari number starts with 1
    expect(toE164('12345678')).toBeNull();
  });
  it('normalises phones at the top level and inside repeated groups, leaving invalid ones for the check to name', () => {
    const ifly = compile(definitions['ifly-waiver']);
    const data: Record<string, unknown> = { phone: '97455123456' };
    normalizePhones(ifly.form, data);
    expect(data.phone).toBe('+97455123456');
    const bad = { phone: '+9741' };
    normalizePhones(ifly.form, bad);
    expect(bad.phone).toBe('+9741');
    expect(phoneErrors(ifly.form, bad, 'ar')[0]).toMatchObject({ path: 'phone' });
  });
});
