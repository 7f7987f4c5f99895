// Who may read a form's insights: the same permission and venues as its submissions. The ONE
// function every insights read path asks (aggregates and comments).
import type { Caller } from '../../core/access/caller.ts';
import { canRead } from '../../core/documents.ts';
import type { Collection } from '../../core/registry.ts';
import { forbidden } from '../../core/errors.ts';

/** The venues (slugs) the caller's reads are limited to, or null for every venue. */
export type VenueScope = readonly string[] | null;

export function insightScope(caller: Caller, collection: Collection): VenueScope {
  const access = collection.form?.compiled.access ?? [];
  if (!canRead(caller, collection) || caller.kind !== 'staff' || !access.includes(caller.user.role)) throw forbidden();
  // LEAD: when core/access's submission scope lands (all / venues / none), return its venues here for
  // a manager; aggregate.ts venueCondition() then adds `AND d.venue = ANY($n)` to every query.
  return null;
}
