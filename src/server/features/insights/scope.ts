// Who may read a form's insights: the same permission and venues as its submissions (the one read
// check of core/access). The ONE function every insights read path asks (aggregates and comments).
import type { Caller } from '../../core/access/caller.ts';
import { readScope } from '../../core/access/submission-access.ts';
import type { Collection } from '../../core/registry.ts';
import { forbidden } from '../../core/errors.ts';

/** The venues (slugs) the caller's reads are limited to, or null for every venue. */
export type VenueScope = readonly string[] | null;

export function insightScope(caller: Caller, collection: Collection): VenueScope {
  if (collection.kind !== 'submissions') throw forbidden();
  const scope = readScope(caller, collection.form!.compiled);
  if (scope.kind === 'none') throw forbidden();
  // A manager's aggregates and comments are of its venues only (aggregate.ts venueCondition).
  return scope.kind === 'venues' ? scope.venues : null;
}
