import { describe, expect, it } from 'vitest';
import { describeDefinitionChange } from '../../scripts/lib/diff.ts';
import { loadDefinitions } from '../../scripts/lib/forms.ts';

const dining = loadDefinitions().find((d) => d.definition.id === 'dining-survey')!.definition;

describe('forms:diff', () => {
  it('says which question became required, which label changed and what was added', () => {
    const after = structuredClone(dining);
    const comments = after.sections[2].fields[4] as { required?: boolean; label: { ar: string } };
    comments.required = true;
    comments.label.ar = 'تعليقاتك';
    after.sections[3].fields.push({ type: 'text', name: 'table_number', label: { en: 'Table', ar: 'الطاولة' } });
    expect(describeDefinitionChange(dining, after)).toEqual([
      'field `customer_comments` became required',
      'field `customer_comments` label.ar: "ملاحظاتك؟" → "تعليقاتك"',
      'field `table_number` added to section "customer" (text)',
    ]);
  });
  it('reports removed fields and nothing for an identical definition', () => {
    const after = structuredClone(dining);
    after.sections[3].fields = after.sections[3].fields.filter((f) => f.name !== 'birth_date');
    expect(describeDefinitionChange(dining, after)).toEqual(['field `birth_date` removed']);
    expect(describeDefinitionChange(dining, structuredClone(dining))).toEqual([]);
  });
});
