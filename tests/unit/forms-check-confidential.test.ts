// forms:check on a confidential form: its answers are sealed at rest (src/server/features/sealed),
// so a question a feature would read in the database (the insights' ratings and scales, a unique
// rule's index, a seeded alert rule's condition) is refused at its line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition, locate } from '../../scripts/lib/check.ts';
import { confidentialAlertProblems } from '../../scripts/lib/check-confidential.ts';
import { loadDefinitions, loadVocabularies } from '../../scripts/lib/forms.ts';
import { checkProject } from '../../scripts/forms-check.ts';
import type { FormDefinition } from '../../src/engine/definition/definition.ts';

const vocabularies = loadVocabularies();
const definitions = loadDefinitions();
const whistle = definitions.find((d) => d.definition.id === 'whistle-blower')!.definition;
const dining = definitions.find((d) => d.definition.id === 'dining-survey')!.definition;
const file = 'forms/whistle-blower.json';
const sealedLines = (definition: FormDefinition) =>
  checkDefinition(file, definition, vocabularies)
    .filter((p) => p.message.includes('sealed at rest'))
    .map((p) => `${p.path}: ${p.message}`);

describe('forms:check: a confidential form', () => {
  it('accepts the whistle-blower form as it is, and the whole project', () => {
    expect(whistle.confidential).toBe(true);
    expect(sealedLines(whistle)).toEqual([]);
    expect(checkProject().filter((p) => p.message.includes('sealed at rest'))).toEqual([]);
  });

  it('refuses a rating or scale question (the insights count them), at the question', () => {
    const definition = structuredClone(whistle);
    const report = definition.sections[2].fields;
    report.push({ type: 'rating', name: 'severity', scale: 'quality5', label: { en: 'How serious?', ar: 'ما مدى الخطورة؟' } } as never);
    report.push({ type: 'scale', name: 'urgency', min: 0, max: 10, label: { en: 'How urgent?', ar: 'ما مدى الإلحاح؟' } } as never);
    const lines = sealedLines(definition);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\$\.sections\[2\]\.fields\[5\]: question "severity" is a rating, which the insights count: a confidential form's answers are sealed at rest/,
    );
    expect(lines[1]).toMatch(/^\$\.sections\[2\]\.fields\[6\]: question "urgency" is a scale/);
    // The same questions on a form that is not confidential are its insights.
    expect(sealedLines({ ...definition, confidential: false })).toEqual([]);
  });

  it('refuses a unique rule (a database index over the answers)', () => {
    const definition = structuredClone(whistle);
    definition.submit.unique = [{ fields: ['contact_email'], message: { en: 'Already reported.', ar: 'تم الإبلاغ مسبقًا.' } }];
    expect(sealedLines(definition)).toEqual([
      "$.submit.unique[0]: a unique rule is a database index over the answers: a confidential form's answers are sealed at rest, so nothing can read them in the database; remove it, or make the form not confidential",
    ]);
  });

  it('refuses list columns (the list shows nothing of a report)', () => {
    const definition = { ...structuredClone(whistle), list: { columns: [{ field: 'incident_where' }] } } as FormDefinition;
    expect(checkDefinition(file, definition, vocabularies).map((p) => p.path)).toContain('$.list');
  });

  it("refuses a seeded alert rule whose condition reads a confidential form's answers, at the rule's condition line", () => {
    const seed = 'content/seed/alert-rules.json';
    const rules = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../..', seed), 'utf8')) as { form: string; when: string; condition?: string }[];
    expect(confidentialAlertProblems(seed, rules, definitions)).toEqual([]);
    const conditioned = [
      { name: 'x', form: 'dining-survey', when: 'condition', condition: '{}' },
      { ...rules[0], when: 'condition', condition: '{"field": "incident_where", "equals": "Bar"}' },
    ];
    const text = JSON.stringify(conditioned, null, 2);
    const [problem, ...more] = locate(confidentialAlertProblems(seed, conditioned, definitions), () => text);
    expect(more).toEqual([]);
    expect(problem).toMatchObject({ file: seed, path: '$[1].condition', line: text.split('\n').findIndex((line) => line.includes('incident_where')) + 1 });
    expect(problem.message).toContain('"whistle-blower", a confidential form');
    expect(dining.confidential).toBeUndefined();
  });
});
