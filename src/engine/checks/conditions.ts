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

/**
 * `today` (YYYY-MM-DD) is what an age is counted on when its condition names no answered day; a
 * condition holds only on an answer of its kind (an age of no date, a limit of no number: false),
 * so a missing or malformed answer is left to the schema and date checks to name.
 */
export function evaluate(condition: Condition, data: Data, today?: string): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluate(c, data, today));
  if ('any' in condition) return condition.any.some((c) => evaluate(c, data, today));
  if ('not' in condition) return !evaluate(condition.not, data, today);
  const value = data[condition.field];
  if ('equals' in condition) return value === condition.equals;
  if ('in' in condition) return condition.in.includes(value as string | number);
  if ('above' in condition) return typeof value === 'number' && value > condition.above;
  if ('ageUnder' in condition) {
    const on = condition.on !== undefined && isCalendarDay(data[condition.on]) ? (data[condition.on] as string) : today;
    const age = on !== undefined && isCalendarDay(value) ? wholeYears(value, on) : null;
    return age !== null && age < condition.ageUnder;
  }
  return filled(value) === condition.filled;
}

/** A real calendar day written YYYY-MM-DD. */
function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole years from `born` to `on` (both YYYY-MM-DD): a birthday counts from its day (29 February from 1 March in other years). Negative: born after. */
export function wholeYears(born: string, on: string): number {
  const [by, bm, bd] = born.split('-').map(Number);
  const [oy, om, od] = on.split('-').map(Number);
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

/** The same condition as a JSON Schema that the data must match. */
export function toSchema(condition: Condition): JsonSchema {
  if ('all' in condition) return { allOf: condition.all.map(toSchema) };
  if ('any' in condition) return { anyOf: condition.any.map(toSchema) };
  if ('not' in condition) return { not: toSchema(condition.not) };
  const f = condition.field;
  if ('equals' in condition) return { properties: { [f]: { const: condition.equals } }, required: [f] };
  if ('in' in condition) return { properties: { [f]: { enum: condition.in } }, required: [f] };
  if ('above' in condition) return { properties: { [f]: { type: 'number', exclusiveMinimum: condition.above } }, required: [f] };
  // Today moves, a compiled schema does not: an age is a rule's, checked beside the schema (engine/checks/rules.ts).
  if ('ageUnder' in condition) throw new Error(`An age condition (on "${f}") is for rules only: visibleIf and requiredIf are compiled into the schema.`);
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
