// forms:check of a definition's age and fitness `rules` (engine/checks/rules.ts): each refuses a
// question of the form (or of one of its repeated groups), its condition reads answers the page has
// when it checks (the item's and the form's top-level ones), an age is counted from a date question
// on a date question; and no age condition is in visibleIf or requiredIf (those are compiled into
// the schema, which cannot say "today").
import type { Condition, DataField, FormDefinition } from '../../src/engine/definition/definition.ts';

/** Every leaf of a condition. */
function leaves(condition: Condition): Exclude<Condition, { all: unknown } | { any: unknown } | { not: unknown }>[] {
  if ('all' in condition) return condition.all.flatMap(leaves);
  if ('any' in condition) return condition.any.flatMap(leaves);
  if ('not' in condition) return leaves(condition.not);
  return [condition];
}

export function ruleProblems(definition: FormDefinition, add: (path: string, message: string) => void): void {
  const top = new Map(
    definition.sections.flatMap((section) => section.fields).flatMap((field) => (field.type === 'content' ? [] : [[field.name, field as DataField] as const])),
  );
  definition.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      for (const key of ['visibleIf', 'requiredIf'] as const) {
        const condition = key in field ? (field as { [k in typeof key]?: Condition })[key] : undefined;
        if (condition && leaves(condition).some((leaf) => 'ageUnder' in leaf))
          add(
            `$.sections[${s}].fields[${f}].${key}`,
            `question "${field.name}" has an age condition in "${key}": ages are checked by "rules" only (the compiled schema cannot count from today); move it into a rule`,
          );
      }
    }),
  );
  const ids = new Set<string>();
  (definition.rules ?? []).forEach((rule, i) => {
    const path = `$.rules[${i}]`;
    if (ids.has(rule.id)) add(`${path}.id`, `two rules have the id "${rule.id}": give each rule its own id`);
    ids.add(rule.id);
    const [name, sub] = rule.field.split('.');
    const group = top.get(name);
    const scope = new Map(top);
    if (sub !== undefined) {
      const inner = group?.type === 'repeat' ? group.fields.find((x) => x.name === sub) : undefined;
      if (!inner) {
        add(`${path}.field`, `rule "${rule.id}" refuses "${rule.field}", which is no question of a repeated group "${name}" in this form: check its spelling`);
        return;
      }
      if (group?.type === 'repeat') for (const x of group.fields) scope.set(x.name, x as DataField);
    } else if (!group) {
      add(`${path}.field`, `rule "${rule.id}" refuses "${rule.field}", which is not a question of this form: check its spelling`);
      return;
    }
    for (const leaf of leaves(rule.refuseIf)) {
      const read = scope.get(leaf.field);
      if (!read) {
        add(
          `${path}.refuseIf`,
          `rule "${rule.id}" reads question "${leaf.field}", which it cannot see (the form's questions, and the group's own for a rule inside a group): check its spelling`,
        );
        continue;
      }
      if ('ageUnder' in leaf && read.type !== 'date')
        add(`${path}.refuseIf`, `rule "${rule.id}" counts an age from "${leaf.field}", a ${read.type}: name a date question (a date of birth)`);
      if ('ageUnder' in leaf && leaf.on !== undefined && scope.get(leaf.on)?.type !== 'date')
        add(
          `${path}.refuseIf`,
          `rule "${rule.id}" counts the age on "${leaf.on}", which is no date question it can see: name one (e.g. visit_date) or leave "on" out for today`,
        );
      if ('above' in leaf && read.type !== 'number')
        add(`${path}.refuseIf`, `rule "${rule.id}" compares "${leaf.field}", a ${read.type}, with a number: name a number question`);
    }
  });
}
