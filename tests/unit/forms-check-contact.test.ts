// forms:check on a definition's `contact` (how staff may reach the guest): the questions it names
// exist and have the right types, and a confidential form may not declare it.
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../scripts/lib/check.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';

const vocabularies = loadVocabularies();
const dining = loadDefinitions().find((d) => d.definition.id === 'dining-survey')!.definition;
const file = 'forms/dining-survey.json';
const contactLines = (definition: FormDefinition) =>
  checkDefinition(file, definition, vocabularies)
    .filter((p) => p.path.startsWith('$.contact'))
    .map((p) => `${p.path}: ${p.message}`);

describe('forms:check: contact', () => {
  it('accepts the dining survey as it is', () => {
    expect(dining.contact).toEqual({ email: 'email_address', phone: 'telephone_number', name: 'name', consent: 'contact_consent' });
    expect(contactLines(dining)).toEqual([]);
  });

  it('names a question that is not in the form', () => {
    const definition = { ...structuredClone(dining), contact: { email: 'e_mail' } };
    expect(contactLines(definition)).toEqual(['$.contact.email: contact.email names question "e_mail", which is not in this form: check its spelling']);
  });

  it('refuses questions of the wrong type', () => {
    const definition = { ...structuredClone(dining), contact: { email: 'name', phone: 'email_address', consent: 'meal_period' } };
    expect(contactLines(definition)).toEqual([
      '$.contact.email: contact.email names question "name", a text: it must be a question of type email',
      '$.contact.phone: contact.phone names question "email_address", a email: it must be a question of type phone',
      '$.contact.consent: contact.consent names question "meal_period", whose options are not "yesNo": use options "yesNo" so "no" means no reply',
    ]);
  });

  it('refuses contact on a confidential form', () => {
    const definition = { ...structuredClone(dining), confidential: true };
    expect(contactLines(definition)).toEqual(['$.contact: a confidential form may not declare contact (its guests are never replied to): remove "contact"']);
  });
});
