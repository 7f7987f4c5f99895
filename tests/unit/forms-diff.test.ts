import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDefinitionChange, formatReport } from '../../scripts/lib/diff.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import type { Field, FormDefinition } from '../../src/engine/definition/definition.ts';

const vocabularies = loadVocabularies();
const same = { before: vocabularies, after: vocabularies };
const dining = loadDefinitions().find((d) => d.definition.id === 'dining-survey')!.definition;
type Editable = Record<string, unknown> & { label: Record<string, string> };
const fieldOf = (d: FormDefinition, name: string) => d.sections.flatMap((s) => s.fields).find((f) => f.name === name) as unknown as Editable;
const diff = (edit: (after: FormDefinition) => void) => {
  const after = structuredClone(dining);
  edit(after);
  return describeDefinitionChange(dining, after, same);
};

describe('forms:diff', () => {
  it('says which question was added, removed, moved and renamed', () => {
    const { lines } = diff((after) => {
      after.sections[3].fields.push({ type: 'text', name: 'table_number', required: true, label: { en: 'Table', ar: 'الطاولة' } });
      after.sections[3].fields = after.sections[3].fields.filter((f) => f.name !== 'email_address');
      const [greeting, service] = after.sections[1].fields;
      after.sections[1].fields[0] = service;
      after.sections[1].fields[1] = greeting;
      fieldOf(after, 'birth_date').name = 'date_of_birth';
      const manager = after.sections[2].fields.splice(3, 1)[0];
      after.sections[3].fields.unshift(manager);
    });
    expect(lines).toEqual([
      'question `manager_visit` moved from section "about" to "customer"',
      'question `birth_date` renamed to `date_of_birth`',
      'question `table_number` added to section "customer" (text, required)',
      'question `email_address` removed (was in section "customer")',
      'question `rating_service` moved within section "ratings" (position 2 -> 1)',
      'question `rating_greeting` moved within section "ratings" (position 1 -> 2)',
    ]);
  });
  it('shows each changed text per language, old -> new', () => {
    const { lines, warnings } = diff((after) => {
      fieldOf(after, 'rating_food').label.ar = 'الأكل';
      after.title.en = 'Tell us about your meal';
      after.submit.label.ar = 'أرسل';
    });
    expect(lines).toEqual([
      'form title changed in English: "Your Voice, Our Improvement" -> "Tell us about your meal"',
      'submit button changed in Arabic: "إرسال" -> "أرسل"',
      'question `rating_food` label changed in Arabic: "الطعام" -> "الأكل"',
    ]);
    expect(warnings).toEqual([]);
  });
  it('lists options added and removed, and warns that a removed value affects stored answers', () => {
    const { lines, warnings } = diff((after) => {
      fieldOf(after, 'meal_period').options = [
        { value: 'lunch', label: { en: 'Lunch', ar: 'الغداء' } },
        { value: 'dinner', label: { en: 'Dinner', ar: 'العشاء' } },
        { value: 'brunch', label: { en: 'Brunch', ar: 'فطور متأخر' } },
      ];
    });
    expect(lines).toEqual(['question `meal_period` option "brunch" added ("Brunch")', 'question `meal_period` option "breakfast" removed (was "Breakfast")']);
    expect(warnings).toEqual([
      'question "meal_period" no longer has the option value "breakfast", but answers already stored may hold it: keep the old value as an option (its label may change), rename with a migration (or run npm run forms:lock if no answers were stored yet)',
    ]);
  });
  it('says which rules were tightened or loosened', () => {
    const { lines } = diff((after) => {
      Object.assign(fieldOf(after, 'customer_comments'), { required: true, maxLength: 500 });
      delete fieldOf(after, 'rating_food').required;
      fieldOf(after, 'discovery_text').visibleIf = { field: 'discovery_method', in: ['other', 'sms'] };
      fieldOf(after, 'name').visibleIf = { field: 'marketing_consent', equals: true };
    });
    expect(lines).toEqual([
      'question `rating_food` is no longer required (loosened)',
      'question `discovery_text` visibleIf changed: shown when "discovery_method" is "other" -> when "discovery_method" is one of "other", "sms"',
      'question `customer_comments` is now required (tightened)',
      'question `customer_comments` maximum length: 2000 -> 500 (tightened)',
      'question `name` is now shown only when "marketing_consent" is true (visibleIf added, asked less often)',
    ]);
  });
  it('names a changed submit target and warns about the stored answers; nothing for an identical form', () => {
    const change = diff((after) => {
      after.submit.collection = 'dining-answers';
      (after.sections[3].fields as Field[]).splice(0, 1);
    });
    expect(change.lines).toEqual([
      'submit target changed: answers go to "dining-answers" instead of "survey-customer-feedbacks"',
      'question `name` removed (was in section "customer")',
    ]);
    expect(change.warnings).toHaveLength(2);
    expect(change.warnings[1]).toMatch(/^question "name" was removed, but answers already stored have it/);
    expect(describeDefinitionChange(dining, structuredClone(dining), same)).toEqual({ lines: [], warnings: [] });
  });
  it('writes Markdown for a pull-request comment, warnings first', () => {
    const change = diff((after) => {
      fieldOf(after, 'rating_food').label.ar = 'الأكل';
      after.sections[3].fields = after.sections[3].fields.filter((f) => f.name !== 'birth_date');
    });
    expect(formatReport([{ file: 'forms/dining-survey.json', id: 'dining-survey', ...change }], 'main -> the working tree', 'md')).toBe(
      [
        '## Form changes',
        '',
        'Compared: main -> the working tree. Run `npm run forms:diff` to see this locally.',
        '',
        '> [!WARNING]',
        '> 1 change affects answers already stored: see the warnings below.',
        '',
        '### `dining-survey` (forms/dining-survey.json)',
        '',
        '- :warning: **Stored data:** question "birth_date" was removed, but answers already stored have it: keep the question (hide it with "visibleIf" if it is no longer asked), rename with a migration (or run npm run forms:lock if no answers were stored yet)',
        '- question `rating_food` label changed in Arabic: "الطعام" -> "الأكل"',
        '- question `birth_date` removed (was in section "customer")',
        '',
      ].join('\n'),
    );
  });
  it('runs as npm run forms:diff -- <ref> against the working tree', () => {
    const out = execFileSync('node', ['--import', 'tsx', 'scripts/forms-diff.ts', 'HEAD', '--format', 'md'], {
      cwd: resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(out).toMatch(/^## Form changes\n\nCompared: HEAD -> the working tree/);
  });
});
