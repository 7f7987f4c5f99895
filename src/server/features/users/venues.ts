// The venues a venue role may be given: a manager's, every document of the collections forms name
// their venue from (CompiledForm.venue.collection), by slug; a desk's, the attractions the waiver
// definitions declare (`attraction`, named by the form's English title). Also what a venues list is
// checked against.
import type { Queryable } from '../../core/db/db.ts';
import type { Registry } from '../../core/registry.ts';
import type { VenueOption } from '../../../engine/contract/venues.ts';

export async function listVenues(db: Queryable, registry: Registry): Promise<VenueOption[]> {
  const attractions = registry.forms.flatMap(({ compiled, texts }) =>
    compiled.form.attraction
      ? [{ slug: compiled.form.attraction, name: texts.en?.[compiled.form.title] ?? compiled.form.attraction, collection: compiled.collection }]
      : [],
  );
  const collections = [...new Set(registry.forms.flatMap((form) => (form.compiled.venue ? [form.compiled.venue.collection] : [])))];
  if (collections.length === 0) return attractions;
  const { rows } = await db.query<{ slug: string; name: string | null; collection: string }>(
    `SELECT DISTINCT ON (data->>'slug') data->>'slug' AS slug, data->>'name' AS name, collection FROM documents
     WHERE collection = ANY($1::text[]) AND data->>'slug' IS NOT NULL ORDER BY data->>'slug', id`,
    [collections],
  );
  return [...rows.map((row) => ({ slug: row.slug, name: row.name ?? row.slug, collection: row.collection })), ...attractions];
}
