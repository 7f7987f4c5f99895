// Stored data protection: forms/forms.lock.json records what stored answers rely on, and
// forms:check refuses a change that breaks it until the lock is updated on purpose.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { checkDefinition, formatProblem, locate } from '../../scripts/lib/check.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import { checkStoredData } from '../../scripts/lib/project-checks.ts';
import { contractOf, formatLock, storedDataBreaks, type LockFile } from '../../scripts/lib/stored-data.ts';
import { compileForm } from '../../src/engine/compiler/compile.ts';
import type { Field, FormDefinition } from '../../src/engine/definition/definition.ts';

const root = resolve(import.meta.dirname, '../..');
const vocabularies = loadVocabularies();
const lock = JSON.parse(readFileSync(resolve(root, 'forms/forms.lock.json'), 'utf8')) as LockFile;
const diningText = readFileSync(resolve(root, 'forms/dining-survey.json'), 'utf8');
const dining = JSON.parse(diningText) as FormDefinition;
const file = 'forms/dining-survey.json';
const lockText = readFileSync(resolve(root, 'forms/forms.lock.json'), 'utf8');

/** forms:check's lines about stored data for a changed dining survey (positions in the unchanged text, where the change is). */
function storedDataLines(changed: FormDefinition): string[] {
  const problems = checkStoredData({ 'dining-survey': lock.forms['dining-survey'] }, [{ file, definition: changed }], vocabularies);
  return locate(problems, (f) => (f === file ? diningText : lockText)).map(formatProblem);
}

describe('the stored data lock', () => {
  it('records every form: its collection, and per field the stored type and values', () => {
    expect(Object.keys(lock.forms).sort()).toEqual(
      loadDefinitions()
        .map((d) => d.definition.id)
        .sort(),
    );
    expect(lock.forms['dining-survey'].collection).toBe('survey-customer-feedbacks');
    expect(lock.forms['dining-survey'].fields.meal_period).toEqual({ type: 'string', values: ['breakfast', 'lunch', 'dinner'] });
    expect(lock.forms['dining-survey'].fields.birth_date).toEqual({ type: 'string', format: 'date' });
    expect(lock.forms['ski-waiver'].fields.dependents).toMatchObject({ type: 'array', items: { type: 'object', fields: { age: { type: 'integer' } } } });
    expect(lockText).toBe(formatLock(lock.forms));
  });
  it('accepts an added question and an added option without a new lock', () => {
    const after = structuredClone(dining);
    after.sections[3].fields.push({ type: 'text', name: 'table_number', label: { en: 'Table', ar: 'الطاولة' } });
    (after.sections[0].fields[1] as { options: unknown }).options = [
      ...(vocabularies.mealPeriods as { options: object[] }).options,
      { value: 'brunch', label: { en: 'Brunch', ar: 'فطور متأخر' } },
    ];
    expect(storedDataLines(after)).toEqual([]);
  });
  it('refuses a removed option value, a changed type, a removed question and a new collection, saying what to do', () => {
    const after = structuredClone(dining);
    (after.sections[0].fields[1] as { options: unknown }).options = [
      { value: 'lunch', label: { en: 'Lunch', ar: 'غداء' } },
      { value: 'evening', label: { en: 'Dinner', ar: 'عشاء' } },
    ];
    after.sections[3].fields[2] = { type: 'text', name: 'birth_date', label: { en: 'Birth date', ar: 'تاريخ الميلاد' } } as Field;
    after.sections[1].fields.splice(2, 1);
    after.submit.collection = 'dining-answers';
    // Where the lock records rating_food (the lock holds every form, so its line moves as forms are added).
    const lockLine =
      lockText.split('\n').findIndex((line, i, lines) => line.includes('"rating_food"') && lines.slice(0, i).some((l) => l.includes('"dining-survey"'))) + 1;
    expect(storedDataLines(after)).toEqual([
      'forms/dining-survey.json:13:5 ($.submit.collection) the form now stores its answers in "dining-answers" instead of "survey-customer-feedbacks", where the answers already stored are: put "collection" back to "survey-customer-feedbacks", move the stored answers with a migration, or run npm run forms:lock if no answers were stored yet',
      'forms/dining-survey.json:28:52 ($.sections[0].fields[1].options) question "meal_period" no longer has the option values "breakfast", "dinner", but answers already stored may hold them: keep the old value as an option (its label may change), rename with a migration, or run npm run forms:lock if no answers were stored yet',
      `forms/forms.lock.json:${lockLine}:9 ($.forms["dining-survey"].fields.rating_food) forms/dining-survey.json: question "rating_food" was removed, but answers already stored have it: keep the question (hide it with "visibleIf" if it is no longer asked), rename with a migration, or run npm run forms:lock if no answers were stored yet`,
      'forms/dining-survey.json:66:11 ($.sections[3].fields[2].type) question "birth_date" now stores text instead of a date, so answers already stored would no longer fit: give the changed question a new name and keep the old one, rename with a migration, or run npm run forms:lock if no answers were stored yet',
    ]);
  });
  it('follows questions inside a repeated group', () => {
    const ski = loadDefinitions().find((d) => d.definition.id === 'ski-waiver')!.definition;
    const after = structuredClone(ski);
    const group = after.sections.flatMap((s) => s.fields).find((f) => f.name === 'dependents') as { fields: Field[] };
    group.fields = group.fields.filter((f) => f.name !== 'medical_conditions');
    expect(storedDataBreaks(lock.forms['ski-waiver'], contractOf(after, vocabularies)).map((b) => `${b.field} ${b.kind}`)).toEqual([
      'dependents.medical_conditions removed',
    ]);
  });
  it('a copy of a real form with one more question passes every check and its contract accepts the answer, nothing else changed', () => {
    const after = structuredClone(dining);
    after.sections[2].fields.splice(2, 0, {
      type: 'choice',
      name: 'would_recommend',
      options: 'yesNo',
      label: { en: 'Would you recommend us to a friend?', ar: 'هل تنصح صديقًا بزيارتنا؟' },
    });
    expect(checkDefinition(file, after, vocabularies)).toEqual([]);
    expect(storedDataLines(after)).toEqual([]);
    const before = compileForm(dining, vocabularies).compiled.schema;
    const now = compileForm(after, vocabularies).compiled.schema;
    const { would_recommend: added, ...others } = now.properties as Record<string, unknown>;
    expect(added).toEqual({ type: 'string', enum: ['yes', 'no'] });
    expect(others).toEqual(before.properties);
    expect({ ...now, properties: others }).toEqual(before);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(now);
    const answer = {
      visited_restaurant: 'Cova',
      meal_period: 'lunch',
      rating_greeting: 'good',
      rating_service: 'excellent',
      rating_food: 'very-good',
      rating_beverage: 'average',
      rating_value_for_money: 'poor',
      rating_cleanliness: 'good',
    };
    expect(validate({ ...answer, would_recommend: 'yes' })).toBe(true);
    expect(validate({ ...answer, would_recommend: 'maybe' })).toBe(false);
  });
});
