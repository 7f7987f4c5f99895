// Options read from backend collections (select optionsFrom). Loaded by the route's loader, shared by
// the select, its field template (a list that follows another answer and is empty is not
// asked) and the form (an answer the list no longer offers is cleared).
import type { ResolvedField, ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { collectionQuery } from '../api/client.ts';
import { localized } from '../api/localized.ts';
import type { FormData } from './context.ts';
import { fetchDocs, type Doc } from './sourcedValues.ts';

/** Documents per collection; null when loading failed. */
export type OptionDocs = Record<string, Doc[] | null>;

export interface Choice {
  value: unknown;
  label: string;
}

type SelectField = Extract<ResolvedField, { type: 'select' }>;
type SourcedSelect = SelectField & { optionsFrom: NonNullable<SelectField['optionsFrom']> };

const sourcedSelects = (form: ResolvedForm): SourcedSelect[] =>
  form.sections.flatMap((s) => s.fields).filter((f): f is SourcedSelect => f.type === 'select' && Boolean(f.optionsFrom));

/** The documents of every collection the form's selects read, fetched in parallel (a failed list is null). */
export async function loadOptionDocs(form: ResolvedForm): Promise<OptionDocs> {
  const collections = [...new Set(sourcedSelects(form).map((f) => f.optionsFrom.collection))];
  return Object.fromEntries(await Promise.all(collections.map(async (c) => [c, await fetchDocs(collectionQuery(c, { limit: 1000 }), c)] as const)));
}

/** A document's label may be plain text or text per language (shown in the page language, else English). */
export function docLabel(raw: unknown, lang: Lang): string {
  if (raw && typeof raw === 'object' && 'en' in raw) return localized<string>(raw, lang).value ?? '';
  return String(raw ?? '');
}

/** The options of a select read from a collection, filtered by another answer where the definition says so; null while unknown. */
export function choicesFor(field: SourcedSelect, docs: OptionDocs, data: FormData, lang: Lang): Choice[] | null {
  const { collection, value, label, filter } = field.optionsFrom;
  const list = docs[collection];
  if (!list) return null;
  const parent = filter ? data[filter.equalsAnswer] : undefined;
  return list
    .filter((doc) => !filter || (parent !== undefined && String(doc[filter.field]) === String(parent)))
    .filter((doc) => doc[value] !== undefined && doc[value] !== null)
    .map((doc) => ({ value: doc[value], label: docLabel(doc[label] ?? doc[value], lang) }));
}

const isFiltered = (field: { type: string }): field is SourcedSelect & { optionsFrom: { filter: object } } =>
  field.type === 'select' && Boolean((field as SelectField).optionsFrom?.filter);

/** A select whose list follows another answer and offers nothing for it. */
export function hasNoChoices(field: { type: string }, docs: OptionDocs, data: FormData): boolean {
  if (!isFiltered(field)) return false;
  return choicesFor(field, docs, data, 'en')?.length === 0;
}

/** The answers without values a filtered list no longer offers (e.g. a sub-department of another department). */
export function withoutStaleChoices(form: ResolvedForm, docs: OptionDocs, data: FormData): FormData {
  let next = data;
  for (const field of sourcedSelects(form)) {
    if (!isFiltered(field) || next[field.name] === undefined) continue;
    const choices = choicesFor(field, docs, next, 'en');
    if (choices && !choices.some((c) => c.value === next[field.name])) {
      const { [field.name]: _dropped, ...rest } = next;
      next = rest;
    }
  }
  return next;
}
