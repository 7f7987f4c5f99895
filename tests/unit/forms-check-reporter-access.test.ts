// forms:check on a definition's `reporterAccess` (the reporter's two-way case): only on a
// confidential form, and each reminder comes before its due date.
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../scripts/lib/check.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import { addPeriod, normalizeSecret } from '../../src/engine/cases/reporter-case.ts';

const vocabularies = loadVocabularies();
const whistle = loadDefinitions().find((d) => d.definition.id === 'whistle-blower')!.definition;
const file = 'forms/whistle-blower.json';
const lines = (definition: FormDefinition) =>
  checkDefinition(file, definition, vocabularies)
    .filter((p) => p.path.startsWith('$.reporterAccess'))
    .map((p) => `${p.path}: ${p.message}`);

describe('forms:check: reporterAccess', () => {
  it('accepts the whistle-blower form as it is', () => {
    expect(whistle.reporterAccess?.page).toBe('/employee/whistle-blower/case');
    expect(lines(whistle)).toEqual([]);
  });

  it('refuses it on a form that is not confidential', () => {
    expect(lines({ ...structuredClone(whistle), confidential: false })).toEqual([
      '$.reporterAccess: reporterAccess needs a confidential form (its reports must stay with their readers): add "confidential": true',
    ]);
  });

  it('refuses a reminder that is not before its due date', () => {
    const definition = structuredClone(whistle);
    definition.reporterAccess = { ...definition.reporterAccess!, feedbackReminder: 'P3M' };
    expect(lines(definition)).toEqual([
      '$.reporterAccess.feedbackReminder: feedbackReminder (P3M) must be shorter than feedbackWithin (P3M): a reminder comes before the date it reminds of',
    ]);
  });
});

describe('periods and secrets', () => {
  it('adds calendar periods and second-long ones', () => {
    expect(addPeriod(new Date('2025-01-10T00:00:00Z'), 'P2M21D').toISOString()).toBe('2025-03-31T00:00:00.000Z');
    expect(addPeriod(new Date('2025-01-10T00:00:00Z'), 'PT3S').toISOString()).toBe('2025-01-10T00:00:03.000Z');
  });

  it('reads a secret typed back in lower case, with spaces or without dashes; refuses look-alikes', () => {
    expect(normalizeSecret('abcd efgh jkmn pqrs')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normalizeSecret('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normalizeSecret('0BCD-EFGH-JKMN-PQRS')).toBeNull();
    expect(normalizeSecret('ABCD-EFGH')).toBeNull();
  });
});
