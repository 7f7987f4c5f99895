// Conditions: evaluated here for the page, compiled to JSON Schema (toSchema) for the server.
// tests/unit/page-server-verdicts.test.ts checks that both agree on generated answers to every form.
import type { Condition } from '../definition/definition.ts';
import type { ResolvedForm, ResolvedField, ResolvedDataField, JsonSchema } from '../compiler/compiled.ts';

type Data = Record<string, unknown>;

/** One meaning of "answered" for page and server: '', null and [] are not (toSchema states the same). */
export function filled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}
/** The values that count as not answered, as JSON Schema sees them (filled() above). */
const EMPTY_VALUES = ['', null, []];

export function evaluate(condition: Condition, data: Data): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluate(c, data));
  if ('any' in condition) return condition.any.some((c) => evaluate(c, data));
  if ('not' in condition) return !evaluate(condition.not, data);
  const value = data[condition.field];
  if ('equals' in condition) return value === condition.equals;
  if ('in' in condition) return condition.in.includes(value as string | number);
  return filled(value) === condition.filled;
}

/** The same condition as a JSON Schema that the data must match. */
export function toSchema(condition: Condition): JsonSchema {
  if ('all' in condition) return { allOf: condition.all.map(toSchema) };
  if ('any' in condition) return { anyOf: condition.any.map(toSchema) };
  if ('not' in condition) return { not: toSchema(condition.not) };
  const f = condition.field;
  if ('equals' in condition) return { properties: { [f]: { const: condition.equals } }, required: [f] };
  if ('in' in condition) return { properties: { [f]: { enum: condition.in } }, required: [f] };
  const answered = { required: [f], properties: { [f]: { not: { enum: EMPTY_VALUES } } } };
  return condition.filled ? answered : { not: answered };
}

/** A field's own visibleIf combined with its section's. */
export function visibilityOf(form: ResolvedForm, name: string): Condition | undefined {
  for (const section of form.sections) {
    const field = section.fields.find((f) => f.name === name);
    if (!field) continue;
    const own = 'visibleIf' in field ? field.visibleIf : undefined;
    if (section.visibleIf && own) return { all: [section.visibleIf, own] };
    return section.visibleIf ?? own;
  }
  return undefined;
}

export function isVisible(form: ResolvedForm, name: string, data: Data): boolean {
  const condition = visibilityOf(form, name);
  return !condition || evaluate(condition, data);
}

export function dataFields(form: ResolvedForm): ResolvedDataField[] {
  return form.sections.flatMap((s) => s.fields).filter((f): f is ResolvedDataField => f.type !== 'content');
}

/** Data without the values of questions that are hidden: what the server accepts. Repeats until stable, since hiding one field can hide another. */
export function pruneHidden(form: ResolvedForm, data: Data): Data {
  let current = data;
  for (let pass = 0; pass < 5; pass++) {
    const next: Data = { ...current };
    let changed = false;
    for (const field of dataFields(form)) {
      if (field.name in next && !isVisible(form, field.name, current)) {
        delete next[field.name];
        changed = true;
      }
    }
    if (!changed) return next;
    current = next;
  }
  return current;
}

/** Whether a field must be answered given the data (required, or requiredIf holds), assuming it is visible. */
export function isRequired(field: ResolvedField, data: Data): boolean {
  if (field.type === 'content') return false;
  if (field.required) return true;
  return 'requiredIf' in field && field.requiredIf ? evaluate(field.requiredIf, data) : false;
}
