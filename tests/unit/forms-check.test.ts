import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition, checkAgainstSchema, missingTranslations } from '../../scripts/lib/check.ts';
import { checkProject } from '../../scripts/forms-check.ts';
import { schemaFiles } from '../../scripts/forms-schema.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import type { FormDefinition } from '../../src/engine/definition.ts';

const vocabularies = loadVocabularies();
const dining = loadDefinitions().find((d) => d.definition.id === 'dining-survey')!.definition;
const copy = (): FormDefinition => structuredClone(dining);
const file = 'forms/dining-survey.json';

describe('forms:check', () => {
  it('passes on the project as it is', () => {
    expect(checkProject()).toEqual([]);
  });
  it('names file and path of a missing translation', () => {
    const def = copy();
    delete (def.sections[1].fields[0] as { label: { ar?: string } }).label.ar;
    expect(checkDefinition(file, def, vocabularies)).toContainEqual({ file, path: '$.sections[1].fields[0].label', message: 'missing "ar" text (the form declares en, ar)' });
  });
  it('names a plural form a language needs and a message leaves out', () => {
    const message = { en: { one: '{count} answer', other: '{count} answers' }, ar: { one: 'إجابة واحدة', two: 'إجابتان', other: '{count} إجابة' } };
    expect(missingTranslations('forms/messages.json', { answers: message }, ['en', 'ar'])).toEqual(['few', 'many', 'zero'].map((category) => ({
      file: 'forms/messages.json', path: '$.answers.ar', message: `missing the "${category}" plural form (ar needs few, many, one, two, zero, other)`,
    })));
    expect(checkAgainstSchema('forms/messages.json', { answers: { en: { one: 'x' } } }, 'forms/messages.schema.json')).not.toEqual([]);
  });
  it('flags a duplicate name, an unknown vocabulary and a condition on an unknown field', () => {
    const def = copy();
    def.sections[0].fields[1] = { ...def.sections[0].fields[1], name: 'visited_restaurant' } as never;
    (def.sections[2].fields[0] as { options: string }).options = 'howHeardTypo';
    (def.sections[2].fields[1] as { visibleIf: unknown }).visibleIf = { field: 'discovery', equals: 'other' };
    const messages = checkDefinition(file, def, vocabularies).map((p) => `${p.path}: ${p.message}`);
    expect(messages).toContain('$.sections[0].fields[1].name: duplicate name "visited_restaurant" (also at $.sections[0].fields[0])');
    expect(messages).toContain('$.sections[2].fields[0].options: unknown vocabulary "howHeardTypo" (see forms/vocabularies.json)');
    expect(messages).toContain('$.sections[2].fields[1].visibleIf: condition refers to unknown field "discovery"');
  });
  it('refuses an unknown field type and empty options through the meta-schema', () => {
    const def = copy() as unknown as { sections: { fields: Record<string, unknown>[] }[] };
    def.sections[0].fields[1] = { type: 'slider', name: 'x', label: { en: 'X', ar: 'س' } };
    def.sections[0].fields[2] = { ...def.sections[0].fields[2], options: [] };
    const problems = checkAgainstSchema(file, def, 'forms/form.schema.json');
    expect(problems).toContainEqual({ file, path: '$.sections[0].fields[1]', message: expect.stringMatching(/^unknown field type "slider"/) });
    expect(problems).toContainEqual({ file, path: '$.sections[0].fields[2].options', message: 'must NOT have fewer than 1 items' });
    expect(problems).toHaveLength(2);
  });
  it('keeps the committed JSON Schemas in step with their TypeBox source', () => {
    for (const [path, text] of Object.entries(schemaFiles())) {
      expect(readFileSync(resolve(import.meta.dirname, '../..', path), 'utf8'), `${path} is stale: run npm run forms:schema`).toBe(text);
    }
  });
});
