// What the submissions list searches: the reference a guest quotes, or any name, phone or email
// answer of the form, and a date range. Built as a Payload where clause the server turns into SQL
// with parameters (collections/where.ts), so typed text is never part of a query.
import type { ResolvedDataField, ResolvedForm } from '../../../engine/compiled.ts';
import { dataFields } from '../../../engine/conditions.ts';

/** The answers a staff member recognises a guest by: names, phones and emails. */
export function contactFields(form: ResolvedForm): ResolvedDataField[] {
  return dataFields(form).filter((field) => field.type === 'email' || field.type === 'phone' || (field.type === 'text' && (/name/.test(field.name) || /name/.test(field.autocomplete ?? ''))));
}

/** Midnight at the start of a YYYY-MM-DD day in the browser's time zone, as an ISO instant. */
function startOfDay(day: string, plusDays = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

/**
 * Typed like a reference (10 letters and digits once spaces and hyphens are gone, both kinds
 * present, as nearly every reference has): looked up by its unique index alone, at once, instead
 * of searching every answer. A name, a whole email address or a phone number never looks like this.
 */
function looksLikeReference(text: string): boolean {
  const chars = text.replace(/[\s-]/g, '');
  return /^[0-9A-Za-z]{10}$/.test(chars) && /[0-9]/.test(chars) && /[A-Za-z]/.test(chars);
}

export interface SubmissionFilter {
  q: string;
  from: string;
  to: string;
}

export function submissionWhere(form: ResolvedForm, { q, from, to }: SubmissionFilter): Record<string, unknown> | null {
  const and: Record<string, unknown>[] = [];
  const text = q.trim();
  if (text) {
    // Phones are stored as +97455512345: spaces and dashes typed between digits are dropped.
    const digits = /^[+\d\s().-]+$/.test(text) ? text.replace(/[\s().-]/g, '') : text;
    const or: Record<string, unknown>[] = [{ reference: { equals: text } }];
    if (!looksLikeReference(text)) for (const field of contactFields(form)) or.push({ [field.name]: { like: field.type === 'phone' ? digits : text } });
    and.push(or.length === 1 ? or[0] : { or });
  }
  const after = startOfDay(from);
  const before = startOfDay(to, 1);
  if (after) and.push({ createdAt: { greater_than_equal: after } });
  if (before) and.push({ createdAt: { less_than: before } });
  return and.length ? { and } : null;
}
