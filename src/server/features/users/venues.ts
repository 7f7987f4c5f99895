// The venues a manager may be given: every document of the collections forms name their venue
// from (CompiledForm.venue.collection), by slug. Also what a venues list is checked against.
import type { Queryable } from '../../core/db/db.ts';
import type { Registry } from '../../core/registry.ts';
import type { VenueOption } from '../../../engine/contract/venues.ts';

export async function listVenues(db: Queryable, registry: Registry): Promise<VenueOption[]> {
  const collections = [...new Set(registry.forms.flatMap((form) => (form.compiled.venue ? [form.compiled.venue.collection] : [])))];
  if (collections.length === 0) return [];
  const { rows } = await db.query<{ slug: string; name: string | null; collection: string }>(
    `SELECT DISTINCT ON (data->>'slug') data->>'slug' AS slug, data->>'name' AS name, collection FROM documents
     WHERE collection = ANY($1::text[]) AND data->>'slug' IS NOT NULL ORDER BY data->>'slug', id`,
    [collections],
  );
  return rows.map((row) => ({ slug: row.slug, name: row.name ?? row.slug, collection: row.collection }));
}
