// Walks the answers of one field type, at the top level and inside repeated groups, for the
// checks a JSON Schema cannot state (date limits, phone numbers) that page and server both run.
import type { ResolvedForm, ResolvedField } from '../compiler/compiled.ts';
import { dataFields } from './conditions.ts';

export interface Answer<F> {
  field: F;
  value: unknown;
  /** Dot path of the value: "phone" or "dependents.0.phone". */
  path: string;
  /** Top-level field name. */
  top: string;
  /** The object holding the value, and its key there (to replace a value in place). */
  holder: Record<string, unknown>;
  key: string;
}

export function answersOfType<T extends ResolvedField['type']>(
  form: ResolvedForm,
  data: Record<string, unknown>,
  type: T,
): Answer<Extract<ResolvedField, { type: T }>>[] {
  type F = Extract<ResolvedField, { type: T }>;
  const found: Answer<F>[] = [];
  for (const field of dataFields(form)) {
    if (field.type === type && field.name in data)
      found.push({ field: field as F, value: data[field.name], path: field.name, top: field.name, holder: data, key: field.name });
    if (field.type !== 'repeat' || !Array.isArray(data[field.name])) continue;
    (data[field.name] as unknown[]).forEach((item, index) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return;
      const row = item as Record<string, unknown>;
      for (const sub of field.fields) {
        if (sub.type === type && sub.name in row)
          found.push({
            field: sub as unknown as F,
            value: row[sub.name],
            path: `${field.name}.${index}.${sub.name}`,
            top: field.name,
            holder: row,
            key: sub.name,
          });
      }
    });
  }
  return found;
}

/** Whether a form asks for a phone anywhere (the page then loads the phone check, engine/checks/phones.ts). */
export function hasFieldOfType(form: ResolvedForm, type: ResolvedField['type']): boolean {
  return form.sections.some((section) =>
    section.fields.some((field) => field.type === type || (field.type === 'repeat' && field.fields.some((sub) => sub.type === type))),
  );
}

/**
 * Hidden "today" values a client left out, filled in as the page fills them (a loyalty registration
 * without visit_date is from today: the old app and Payload clients may leave it out). In place.
 */
export function fillTodayDefaults(form: ResolvedForm, data: Record<string, unknown>, today: string): void {
  for (const field of dataFields(form)) {
    if (field.type === 'hidden' && 'today' in field.source && data[field.name] === undefined) data[field.name] = today;
  }
}
