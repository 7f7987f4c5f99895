// Values a form fills itself (ValueSource in the definition): today's date, a query or route
// parameter, or the document such a parameter names in a backend collection.
import type { ResolvedField, ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { ValueSource } from '../../engine/definition/definition.ts';
import { slugify, todayIso } from '../../engine/text/format.ts';
import type { Lang } from '../../engine/text/languages.ts';
import { collectionQuery, fetchOrNull, type DocList } from '../api/client.ts';
import { localized } from '../api/localized.ts';

export type Doc = Record<string, unknown>;

export interface SourcedValue {
  state: 'found' | 'missing';
  value?: unknown;
  /** What is shown to the guest for a found document (e.g. the store name): text, or text per language. */
  display?: unknown;
  doc?: Doc;
  /** The value came from the route (e.g. /survey/fnb/:restaurantName): the document describes the page. */
  fromRoute: boolean;
}
export type SourcedValues = Record<string, SourcedValue>;

/** The text shown for a found value in `lang` (a document field may hold text per language). */
export function displayText(sourced: SourcedValue | undefined, lang: Lang): string | undefined {
  const text = localized<unknown>(sourced?.display, lang).value;
  return typeof text === 'string' || typeof text === 'number' ? String(text) : undefined;
}

/** The field's source: a hidden field's `source`, or the `prefill` of a question (select, text). */
export function sourceOf(field: ResolvedField): ValueSource | undefined {
  if (field.type === 'hidden') return field.source;
  return 'prefill' in field ? field.prefill : undefined;
}

const lookups = new Map<string, Promise<Doc[] | null>>();

/** The server's render starts each page afresh: its reads are the page's, and never older than the page. */
export function forgetFetchedDocs(): void {
  lookups.clear();
}

/** Collection reads are shared by every field and render that needs them (StrictMode renders twice). */
export function fetchDocs(path: string, what: string): Promise<Doc[] | null> {
  let pending = lookups.get(path);
  if (!pending) {
    pending = fetchOrNull<DocList<Doc>>(path, what).then((list) => (Array.isArray(list?.docs) ? list.docs : null));
    lookups.set(path, pending);
  }
  return pending;
}

/** Stores are matched ignoring case against the whole list (the list is fetched with limit 1000); slugs are queried directly. */
async function findDoc(lookup: NonNullable<Extract<ValueSource, { lookup?: unknown }>['lookup']>, param: string): Promise<Doc | undefined> {
  if (lookup.compare === 'slug') {
    const docs = await fetchDocs(collectionQuery(lookup.collection, { [`where[${lookup.match}][equals]`]: slugify(param), limit: 1 }), lookup.collection);
    return docs?.[0];
  }
  const docs = await fetchDocs(collectionQuery(lookup.collection, { limit: 1000 }), lookup.collection);
  const wanted = param.trim().toLowerCase();
  return docs?.find((doc) => String(doc[lookup.match] ?? '').toLowerCase() === wanted);
}

function coerce(field: ResolvedField, raw: string): unknown {
  if (field.type === 'hidden' && field.valueType === 'integer') {
    const number = Number(raw);
    return Number.isInteger(number) ? number : undefined;
  }
  return raw;
}

/** Every sourced value of the form, its backend lookups made in parallel (a failed one is logged and counts as missing). */
export async function loadSourcedValues(form: ResolvedForm, query: URLSearchParams, params: Record<string, string | undefined>): Promise<SourcedValues> {
  const fields = form.sections.flatMap((s) => s.fields).filter((f) => sourceOf(f));
  return Object.fromEntries(await Promise.all(fields.map(async (field) => [field.name, await sourcedValue(field, sourceOf(field)!, query, params)] as const)));
}

async function sourcedValue(
  field: ResolvedField,
  source: ValueSource,
  query: URLSearchParams,
  params: Record<string, string | undefined>,
): Promise<SourcedValue> {
  if ('today' in source) return { state: 'found', value: todayIso(), fromRoute: false };
  const fromRoute = Boolean(source.routeParam);
  const param = source.query ? query.get(source.query) : source.routeParam ? params[source.routeParam] : undefined;
  if (!param) return { state: 'missing', fromRoute };
  if (!source.lookup) {
    const value = coerce(field, param);
    return value === undefined ? { state: 'missing', fromRoute } : { state: 'found', value, fromRoute };
  }
  const { lookup } = source;
  const doc = await findDoc(lookup, param);
  if (!doc || doc[lookup.value] === undefined || doc[lookup.value] === null) return { state: 'missing', fromRoute };
  return { state: 'found', value: doc[lookup.value], display: lookup.display ? doc[lookup.display] : undefined, doc, fromRoute };
}

/** The answers with every sourced value applied: found values set; a hidden value whose source
 * found nothing is removed (e.g. ?store= matching no store means no store at all). */
export function applySourced(data: Record<string, unknown>, sourced: SourcedValues, form: ResolvedForm): Record<string, unknown> {
  let next = data;
  for (const field of form.sections.flatMap((s) => s.fields)) {
    const sourcedValue = sourced[field.name];
    if (!sourcedValue) continue;
    if (sourcedValue.state === 'found' && next[field.name] !== sourcedValue.value) next = { ...next, [field.name]: sourcedValue.value };
    else if (sourcedValue.state === 'missing' && field.type === 'hidden' && field.name in next) {
      const { [field.name]: _dropped, ...rest } = next;
      next = rest;
    }
  }
  return next;
}
