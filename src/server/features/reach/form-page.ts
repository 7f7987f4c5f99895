// Where a form's page is for one venue, and which venue a served page is for: read from the form's
// venue question and where its value comes from (a route parameter or a query parameter with a
// lookup, as routes.json and the definition say), so no form is named here.

import type { Queryable } from '../../core/db/db.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { formRoutes, matchFormRoute, type FormRoute } from '../render/index.ts';

interface VenueSource {
  routeParam?: string;
  query?: string;
  /** The venue document's field the address carries (e.g. slug). */
  match: string;
}

/** Where the venue question's value comes from, when it is taken from the address by a lookup. */
function venueSource(form: LoadedForm): VenueSource | null {
  const venue = form.compiled.venue;
  if (!venue) return null;
  const field = form.compiled.form.sections.flatMap((section) => section.fields).find((candidate) => 'name' in candidate && candidate.name === venue.field);
  const from = (field && (field.type === 'hidden' ? field.source : 'prefill' in field ? field.prefill : undefined)) as
    { routeParam?: string; query?: string; lookup?: { collection: string; match: string } } | undefined;
  if (!from?.lookup || from.lookup.collection !== venue.collection) return null;
  return { routeParam: from.routeParam, query: from.query, match: from.lookup.match };
}

export class FormPages {
  private readonly routes: FormRoute[];
  constructor(private readonly forms: readonly LoadedForm[]) {
    this.routes = formRoutes(forms);
  }

  form(id: string): LoadedForm | undefined {
    return this.forms.find((form) => form.compiled.id === id);
  }

  /** Forms a distribution point may send guests to: a page, and the venue chosen by the address. */
  pointForms(): LoadedForm[] {
    return this.forms.filter((form) => this.pathFor(form, 'x') !== null);
  }

  /** The form page's path and query with the venue chosen by `value` (its lookup field's value), or null. */
  pathFor(form: LoadedForm, value: string): string | null {
    const source = venueSource(form);
    if (!source) return null;
    const own = this.routes.filter((route) => route.form.id === form.compiled.id);
    const encoded = encodeURIComponent(value);
    if (source.routeParam) {
      const route = own.find((candidate) => candidate.segments.includes(`:${source.routeParam}`));
      return route ? `/${route.segments.map((segment) => (segment === `:${source.routeParam}` ? encoded : segment)).join('/')}` : null;
    }
    const route = own.find((candidate) => candidate.segments.every((segment) => !segment.startsWith(':')));
    return route && source.query ? `/${route.segments.join('/')}?${source.query}=${encoded}` : null;
  }

  /** The venue's value in the address (its slug, or the field the lookup matches). */
  async venueValue(db: Queryable, form: LoadedForm, slug: string): Promise<string | null> {
    const source = venueSource(form);
    if (!source) return null;
    const { rows } = await db.query<{ value: string | null }>(
      `SELECT data->>$3 AS value FROM documents WHERE collection = $1 AND data->>'slug' = $2 ORDER BY id LIMIT 1`,
      [form.compiled.venue!.collection, slug, source.match],
    );
    return rows[0]?.value ?? null;
  }

  /** The form a page address shows and the venue slug it chose (null: none, or one no venue document has). */
  async served(db: Queryable, url: string): Promise<{ form: LoadedForm; venue: string | null; query: URLSearchParams } | null> {
    const parsed = new URL(url, 'http://pages.internal');
    const matched = matchFormRoute(this.routes, parsed.pathname);
    if (!matched) return null;
    const form = this.form(String(matched.route.form.id));
    if (!form) return null;
    const source = venueSource(form);
    const value = source?.routeParam ? matched.params[source.routeParam] : source?.query ? parsed.searchParams.get(source.query) : null;
    if (!source || !value) return { form, venue: null, query: parsed.searchParams };
    const { rows } = await db.query<{ slug: string }>(
      `SELECT data->>'slug' AS slug FROM documents WHERE collection = $1 AND lower(data->>$2) = lower($3) ORDER BY id LIMIT 1`,
      [form.compiled.venue!.collection, source.match, value],
    );
    return { form, venue: rows[0]?.slug ?? null, query: parsed.searchParams };
  }
}
