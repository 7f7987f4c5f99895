// Who may read a form's insights: the same permission and venues as its submissions (the one read
// check of core/access). The ONE function every insights read path asks (aggregates and comments).
import type { Caller } from '../../core/access/caller.ts';
import { readScope } from '../../core/access/submission-access.ts';
import type { Collection, Registry } from '../../core/registry.ts';
import { forbidden } from '../../core/errors.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { refuse } from './insight-request.ts';

/** The venues (slugs) the caller's reads are limited to, or null for every venue. */
export type VenueScope = readonly string[] | null;

export function insightScope(caller: Caller, collection: Collection): VenueScope {
  if (collection.kind !== 'submissions') throw forbidden();
  const scope = readScope(caller, collection.form!.compiled);
  if (scope.kind === 'none') throw forbidden();
  // A manager's aggregates and comments are of its venues only (aggregate.ts venueCondition).
  return scope.kind === 'venues' ? scope.venues : null;
}

/**
 * The form an insights read asks for and the caller's venues, or the 400 / 403 that stops it (the
 * aggregates, the comments and the response funnel, features/reach, alike).
 */
export function insightForm(
  registry: Registry,
  caller: Caller,
  formId: string,
  lang: Lang,
): { compiled: CompiledForm; collection: Collection; venues: VenueScope } {
  const loaded = registry.forms.find((form) => form.compiled.id === formId);
  const collection = loaded && registry.collections.get(loaded.compiled.collection);
  if (!loaded || !collection) throw refuse(lang, 'formId', 'insightsUnknownForm', { form: formId });
  const venues = insightScope(caller, collection);
  // After the read check (who may not read it learns nothing of it): its answers are sealed at rest (features/sealed), nothing to count or quote.
  if (loaded.compiled.confidential) throw refuse(lang, 'formId', 'insightsConfidential', { form: formId });
  return { compiled: loaded.compiled, collection, venues };
}
