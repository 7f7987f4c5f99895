// What the submissions list searches: the reference a guest quotes, or any name, phone or email
// answer of the form, a date range, the follow-up's state and assignee, its due time (overdue, due
// today in Doha), the venue, and a range on one rating question. Built as a Payload where clause the server turns into SQL
// with parameters (collections/where.ts), so typed text is never part of a query.
import type { ResolvedDataField, ResolvedForm } from '../../../engine/compiler/compiled.ts';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { FOLLOW_UP_STATES } from '../../../engine/contract/followup.ts';
import { ratingFields, ratingTop, ratingValuesBetween } from '../../../engine/insights/rating-range.ts';
import { venueDayBounds } from '../../staff/staffTime.ts';

/** The answers a staff member recognises a guest by: names, phones and emails (none of a confidential form: its answers are sealed at rest, so its reference alone is searched). */
export function contactFields(form: ResolvedForm): ResolvedDataField[] {
  if (form.confidential) return [];
  return dataFields(form).filter(
    (field) =>
      field.type === 'email' || field.type === 'phone' || (field.type === 'text' && (/name/.test(field.name) || /name/.test(field.autocomplete ?? ''))),
  );
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
  /** A follow-up state (engine/contract/followup.ts), or '' for any. */
  state?: string;
  /** A staff account's id, or '' for anyone. */
  assignee?: string;
  /** DUE_FILTERS: 'overdue', 'today' (due within the Doha day), or '' for any. */
  due?: string;
  /** The venue question's answer (CompiledForm.venue.field), or '' for any. */
  venue?: string;
  /** A rating question's name, and the lowest and highest positions on its scale wanted (1 = its first option). */
  rating?: string;
  min?: string;
  max?: string;
}

/** The URL's search parameters that are filters (each staff-chosen, never a guest's answer). */
export const FILTER_PARAMS = ['q', 'from', 'to', 'state', 'assignee', 'due', 'venue', 'rating', 'min', 'max'] as const;

/** The due filter's choices: past due with the clock running, or due within today in Doha (the list's badges say which is overdue). */
export const DUE_FILTERS = ['overdue', 'today'] as const;

export function filterOf(params: URLSearchParams): Required<SubmissionFilter> {
  return Object.fromEntries(FILTER_PARAMS.map((name) => [name, params.get(name) ?? ''])) as Required<SubmissionFilter>;
}

/** The rating clause: the stored values whose positions are within min..max (either end may be left open). */
function ratingWhere(form: ResolvedForm, { rating, min, max }: SubmissionFilter): Record<string, unknown> | null {
  const field = ratingFields(form).find((candidate) => candidate.name === rating);
  if (!field || (!min && !max)) return null;
  const low = /^\d+$/.test(min ?? '') ? Number(min) : 1;
  const high = /^\d+$/.test(max ?? '') ? Number(max) : ratingTop(field);
  return { [field.name]: { in: ratingValuesBetween(field, low, high).join(',') } };
}

export function submissionWhere(
  form: ResolvedForm,
  filter: SubmissionFilter,
  venueField: string | null = null,
  now: Date = new Date(),
): Record<string, unknown> | null {
  const { q, from, to, state, assignee, venue, due } = filter;
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
  if (state && (FOLLOW_UP_STATES as readonly string[]).includes(state)) and.push({ 'followUp.state': { equals: state } });
  if (assignee && /^\d{1,9}$/.test(assignee)) and.push({ 'followUp.assignee': { equals: assignee } });
  if (due === 'overdue') and.push({ 'followUp.overdue': { equals: true } });
  if (due === 'today') {
    const day = venueDayBounds(now);
    and.push({ 'followUp.due': { greater_than_equal: day.start, less_than: day.end } });
  }
  if (venue && venueField) and.push({ [venueField]: { equals: venue } });
  const rating = ratingWhere(form, filter);
  if (rating) and.push(rating);
  return and.length ? { and } : null;
}
