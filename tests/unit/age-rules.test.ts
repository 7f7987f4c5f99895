// The conditions a definition's age and fitness rules are written in (engine/checks/conditions.ts:
// `ageUnder` counted on an answered day or today, `above` for numbers) and the rules' refusals
// (engine/checks/rules.ts) as page and server both run them, on the real compiled iFly waiver.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate, toSchema, wholeYears } from '../../src/engine/checks/conditions.ts';
import { answerErrors } from '../../src/engine/checks/answer-checks.ts';
import type { CompiledForm } from '../../src/engine/compiler/compiled.ts';
import { addFormTexts } from '../../src/engine/text/i18n.ts';

describe('whole years from a date of birth', () => {
  it('count a birthday from its day, and 29 February from 1 March in other years', () => {
    expect(wholeYears('2010-06-15', '2028-06-14')).toBe(17);
    expect(wholeYears('2010-06-15', '2028-06-15')).toBe(18);
    expect(wholeYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(wholeYears('2008-02-29', '2026-03-01')).toBe(18);
    expect(wholeYears('2030-01-01', '2026-01-01')).toBe(-4);
  });
});

describe('the age and number conditions', () => {
  const under3 = { field: 'birth_date', ageUnder: 3, on: 'visit_date' };
  it('count the age on the answered day, else today; hold on answers of their kind only', () => {
    expect(evaluate(under3, { birth_date: '2024-05-01', visit_date: '2027-04-30' }, '2020-01-01')).toBe(true);
    expect(evaluate(under3, { birth_date: '2024-05-01', visit_date: '2027-05-01' }, '2020-01-01')).toBe(false);
    expect(evaluate(under3, { birth_date: '2024-05-01' }, '2026-01-01')).toBe(true);
    expect(evaluate(under3, { birth_date: '2024-02-30' }, '2026-01-01')).toBe(false);
    expect(evaluate(under3, { birth_date: 12 }, '2026-01-01')).toBe(false);
    expect(evaluate({ field: 'weight_kg', above: 136 }, { weight_kg: 136.5 })).toBe(true);
    expect(evaluate({ field: 'weight_kg', above: 136 }, { weight_kg: 136 })).toBe(false);
    expect(evaluate({ field: 'weight_kg', above: 136 }, { weight_kg: '140' })).toBe(false);
  });
  it('a number limit compiles to JSON Schema; an age cannot (today moves) and says so', () => {
    expect(toSchema({ field: 'weight_kg', above: 136 })).toEqual({
      properties: { weight_kg: { type: 'number', exclusiveMinimum: 136 } },
      required: ['weight_kg'],
    });
    expect(() => toSchema(under3)).toThrow(/rules only/);
  });
});

describe("the iFly waiver's rules", () => {
  const compiled: CompiledForm = JSON.parse(fs.readFileSync('build/forms/ifly-waiver.json', 'utf8'));
  for (const lang of ['en', 'ar'] as const)
    addFormTexts('ifly-waiver', lang, JSON.parse(fs.readFileSync(`build/forms/locales/${lang}/ifly-waiver.json`, 'utf8')));
  const answers = {
    visit_date: '2026-12-02',
    birth_date: '2009-12-03',
    weight_kg: 140,
    dependents: [
      { name: 'Sara', birth_date: '2024-01-10', weight_kg: 14 },
      { name: 'Lina', birth_date: '2015-03-01', weight_kg: 30 },
    ],
  };
  it('refuse each answer they name, with the definition’s own words, in the guest’s language', () => {
    const errors = answerErrors(compiled.form, answers, '2026-12-01', 'ar', null);
    expect(errors.map((error) => error.path)).toEqual(['birth_date', 'dependents.0.birth_date', 'weight_kg']);
    expect(errors[1]).toEqual({ path: 'dependents.0.birth_date', field: 'dependents', message: 'يجب ألا يقل عمر الطيّار عن 3 سنوات في تاريخ الزيارة.' });
    expect(
      answerErrors(compiled.form, { ...answers, birth_date: '2008-12-02', weight_kg: 80, dependents: [answers.dependents[1]] }, '2026-12-01', 'en', null),
    ).toEqual([]);
  });
});
