// forms:check of a confidential form (`confidential: true`): its answers are sealed at rest
// (src/server/features/sealed), so nothing in the database can read them. A question a feature
// would read there is refused at its line: a rating or scale (the insights count them, and a
// scale's band is derived into the stored answers), a unique rule (a database index over the
// answers), an alert rule's condition (content/seed/alert-rules.json). List columns and contact
// have their own checks (check-list-columns.ts, check.ts contactProblems).
import type { FormDefinition } from '../../src/engine/definition/definition.ts';
import type { Problem } from './check.ts';

const SEALED = "a confidential form's answers are sealed at rest, so nothing can read them in the database";

export function confidentialProblems(definition: FormDefinition, add: (path: string, message: string) => void): void {
  if (!definition.confidential) return;
  definition.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      if (field.type === 'rating' || field.type === 'scale')
        add(
          `$.sections[${s}].fields[${f}]`,
          `question "${field.name}" is a ${field.type}, which the insights count: ${SEALED}; ask it as a "choice" (or a "textarea"), or make the form not confidential`,
        );
    }),
  );
  definition.submit.unique?.forEach((_rule, i) =>
    add(`$.submit.unique[${i}]`, `a unique rule is a database index over the answers: ${SEALED}; remove it, or make the form not confidential`),
  );
}

interface SeedRule {
  form?: unknown;
  when?: unknown;
}

/** The seeded alert rules (content/seed/alert-rules.json): a condition on a confidential form's answers could never be evaluated where they are stored. */
export function confidentialAlertProblems(file: string, rules: unknown, definitions: readonly { definition: FormDefinition }[]): Problem[] {
  if (!Array.isArray(rules)) return [];
  const confidential = new Set(definitions.filter((d) => d.definition.confidential).map((d) => d.definition.id));
  return (rules as SeedRule[]).flatMap((rule, i) =>
    rule.when === 'condition' && typeof rule.form === 'string' && confidential.has(rule.form)
      ? [
          {
            file,
            path: `$[${i}].condition`,
            message: `this rule's condition reads the answers of "${rule.form}", a confidential form: ${SEALED}; write "when": "every" and drop "condition"`,
          },
        ]
      : [],
  );
}
