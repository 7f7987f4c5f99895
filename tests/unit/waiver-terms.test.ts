// What a guest agrees to, taken from a compiled waiver and its texts (engine/waivers/waiver-terms.ts), and
// forms:check's rule that a waiver names its people as the desk looks for them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledForm } from '../../src/engine/compiler/compiled.ts';
import { termsOf, type FormWithTexts } from '../../src/engine/waivers/waiver-terms.ts';
import { loadDefinitions } from '../../scripts/lib/forms.ts';
import { checkWaiverFields } from '../../scripts/lib/project-checks.ts';

const built = resolve(import.meta.dirname, '../../build/forms');
const read = (file: string) => JSON.parse(readFileSync(resolve(built, file), 'utf8'));
const ifly: FormWithTexts = {
  ...(read('ifly-waiver.json') as CompiledForm),
  texts: { en: read('locales/en/ifly-waiver.json'), ar: read('locales/ar/ifly-waiver.json') },
};

describe('termsOf', () => {
  it('takes every text block (checklist, notes, terms) and the consent beside the signature, in the language asked', () => {
    const terms = termsOf(ifly, 'ar');
    expect(terms.language).toBe('ar');
    expect(terms.blocks.map((block) => [block.name, block.style])).toEqual([
      ['waiver_title', 'heading'],
      ['checklist_heading', 'heading'],
      ['checklist', 'list'],
      ['notes_heading', 'heading'],
      ['note_arrival', 'note'],
      ['note_minors', 'note'],
      ['note_equipment', 'note'],
      ['terms_heading', 'heading'],
      ['terms', 'terms'],
    ]);
    expect(terms.blocks.find((block) => block.name === 'checklist')!.items).toHaveLength(7);
    expect(terms.blocks.find((block) => block.name === 'terms')!.items[0]).toMatch(/^\*\*قبول المخاطر/);
    // The acknowledgement, then the guardian's consent (asked beside minors): both are the terms signed.
    const ar = ifly.texts.ar!;
    expect(terms.consent).toBe(`${ar['sections.signature.fields.acknowledgement.label']}\n${ar['sections.signature.fields.guardian.label']}`);
  });

  it("falls back to the form's first language when it does not offer the one asked (iFly has no French)", () => {
    const terms = termsOf(ifly, 'fr');
    expect(terms.language).toBe('en');
    expect(terms.consent).toMatch(/^By submitting this form you confirm/);
  });
});

describe("forms:check's waiver rule", () => {
  const definitions = loadDefinitions();
  it('accepts every waiver of forms/ and ignores surveys', () => {
    expect(checkWaiverFields(definitions)).toEqual([]);
  });

  it('names the question a waiver lacks', () => {
    const ski = structuredClone(definitions.find((d) => d.definition.id === 'ski-waiver')!);
    for (const section of ski.definition.sections) section.fields = section.fields.filter((field) => field.name !== 'qid');
    const problems = checkWaiverFields([ski]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('a text question named "qid"');
  });
});
