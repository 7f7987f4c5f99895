// Translations through i18next: the interface messages with their plural forms (Arabic has six),
// each form's texts as its own namespace, and the page's language rule as a language detector.
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { compileForm } from '../../src/engine/compiler/compile.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { extractTexts } from '../../src/engine/compiler/form-texts.ts';
import { addFormTexts, messageResources } from '../../src/engine/text/i18n.ts';
import { errorMessage } from '../../src/engine/checks/errors.ts';
import { formText, t } from '../../src/engine/text/messages.ts';
import { pageLanguage, pageLanguageDetector } from '../../src/web/shell/pageLanguage.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';

describe('plurals', () => {
  it('Arabic uses all six forms of its grammar', () => {
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t('errorSummary', 'ar', { count }));
    expect(new Set(forms).size).toBe(6);
    expect(forms[1]).toBe('يرجى تصحيح إجابة واحدة محددة أدناه.');
    expect(forms[2]).toBe('يرجى تصحيح إجابتين محددتين أدناه.');
    expect(forms[3]).toBe('يرجى تصحيح 3 إجابات محددة أدناه.');
    expect(forms[4]).toBe('يرجى تصحيح 11 إجابة محددة أدناه.');
  });
  it('English and French say one answer and several answers', () => {
    expect(t('errorSummary', 'en', { count: 1 })).toBe('Please correct 1 answer marked below.');
    expect(t('errorSummary', 'en', { count: 4 })).toBe('Please correct 4 answers marked below.');
    expect(t('errorSummary', 'fr', { count: 1 })).toBe('Veuillez corriger 1 réponse signalée ci-dessous.');
    expect(t('errorSummary', 'fr', { count: 2 })).toBe('Veuillez corriger 2 réponses signalées ci-dessous.');
  });
  it('limits in validation messages agree with their number', () => {
    expect(errorMessage({ keyword: 'maxLength', params: { limit: 1 } }, undefined, 'en', 'any')).toBe('Enter at most 1 character.');
    expect(errorMessage({ keyword: 'minLength', params: { limit: 8 } }, undefined, 'ar', 'any')).toBe('أدخل 8 أحرف على الأقل.');
    expect(errorMessage({ keyword: 'maxLength', params: { limit: 200 } }, undefined, 'ar', 'any')).toBe('أدخل 200 حرف كحد أقصى.');
  });
  it('messages.json plural entries become i18next plural keys', () => {
    const resources = messageResources({ answers: { en: { one: 'one answer', other: '{count} answers' }, ar: { other: '{count}' } }, plain: { en: 'Plain' } });
    expect(resources.en.common).toEqual({ answers_one: 'one answer', answers_other: '{count} answers', plain: 'Plain' });
    expect(resources.ar.common).toEqual({ answers_other: '{count}' });
  });
});

describe('French typography', () => {
  it('keeps ? ! : ; and « » on the line of the word before them (narrow no-break space)', () => {
    expect(t('captchaVerified', 'fr')).toBe('Vérifié\u202F: vous pouvez maintenant envoyer.');
    addFormTexts('typo-form', 'fr', { q: 'Êtes-vous satisfait ? « Oui » !' });
    expect(formText('typo-form', 'q', 'fr')).toBe('Êtes-vous satisfait\u202F? «\u202FOui\u202F»\u202F!');
    addFormTexts('typo-form', 'en', { q: 'Satisfied ? Yes !' });
    expect(formText('typo-form', 'q', 'en')).toBe('Satisfied ? Yes !');
  });
});

describe('a form’s texts as its own namespace', () => {
  const dining = loadDefinitions().find((d) => d.definition.id === 'dining-survey')!.definition;
  const { compiled, texts } = compileForm(dining, loadVocabularies());

  it('keys each text by the names around it, and the compiled form keeps only keys', () => {
    const mealPeriod = compiled.form.sections.flatMap((s) => s.fields).find((f) => f.name === 'meal_period')!;
    expect('label' in mealPeriod && mealPeriod.label).toBe('sections.visit.fields.meal_period.label');
    expect(texts.en['sections.visit.fields.meal_period.label']).toBe('Meal Period');
    expect(texts.ar['sections.visit.fields.meal_period.label']).toBe('الوجبة');
    expect(JSON.stringify(compiled)).not.toContain('الوجبة');
  });

  it('interpolates placeholders the author wrote as {name}', () => {
    addFormTexts('repeat-form', 'en', { item: 'Child {n}' });
    expect(formText('repeat-form', 'item', 'en', { n: 2 })).toBe('Child 2');
  });

  it('refuses two texts that would share a key', () => {
    const twice = {
      sections: [
        { id: 'a', title: { en: 'A' } },
        { id: 'a', title: { en: 'B' } },
      ],
    };
    expect(() => extractTexts(twice)).toThrow(/share the key "sections.a.title"/);
  });

  it('keys repeated groups and options by name and value', () => {
    const waiver = loadDefinitions().find((d) => d.definition.id === 'ifly-waiver')!.definition as FormDefinition;
    const { texts: waiverTexts } = compileForm(waiver, loadVocabularies());
    expect(Object.keys(waiverTexts.en).some((key) => /fields\.dependents\.fields\.[a-z_]+\.label$/.test(key))).toBe(true);
  });
});

describe('the page language detector', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('applies the product rule to ?lang against the page’s languages', () => {
    expect(pageLanguage({ search: '?lang=en' }, ['en', 'ar'])).toBe('en');
    expect(pageLanguage({ search: '?lang=ar' }, ['en', 'ar'])).toBe('ar');
    expect(pageLanguage({ search: '?lang=fr' }, ['en', 'ar'])).toBe('ar');
    expect(pageLanguage({ search: '?lang=fr' }, ['en', 'ar', 'fr'])).toBe('fr');
    expect(pageLanguage({ search: '?lang=de' }, ['en', 'ar'])).toBe('en');
    expect(pageLanguage({ search: '' }, ['en', 'ar'])).toBe('en');
  });

  it('is what i18next asks when it starts on a page opened with ?lang=fr', async () => {
    (globalThis as { window?: unknown }).window = { location: { search: '?store=doha&lang=fr' } };
    const instance = i18next.createInstance().use(pageLanguageDetector);
    await instance.init({ resources: {}, supportedLngs: ['en', 'ar', 'fr'], fallbackLng: 'en' });
    expect(instance.language).toBe('ar');
  });
});
