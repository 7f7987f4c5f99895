// Which venue a submission is about: its venue question's answer (CompiledForm.venue) names a
// document of the venue collection (e.g. a restaurant by its name); the submission keeps that
// document's slug in documents.venue, the value managers' venue lists hold. Stored with the
// submission (features/collections/create-submission.ts) and, for submissions stored before
// their form named a venue question, filled at start (fillSubmissionVenues).
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { Queryable } from '../db/db.ts';
import type { LoadedForm } from './compiled-forms.ts';

/**
 * An SQL text expression for the venue slug of an answer, with its values pushed on `params`
 * (NULL when the form has no venue question or the answer names no venue document).
 */
export function venueSlugSql(venue: CompiledForm['venue'], answer: unknown, params: unknown[]): string {
  if (!venue || typeof answer !== 'string' || answer === '') return 'NULL::text';
  return `(SELECT v.data->>'slug' FROM documents v WHERE v.collection = $${params.push(venue.collection)} AND v.data->>$${params.push(venue.match)} = $${params.push(answer)} ORDER BY v.id LIMIT 1)`;
}

/** Sets the venue of stored submissions that have none yet, in one statement per form; answers naming no venue stay without. */
export async function fillSubmissionVenues(db: Queryable, forms: readonly LoadedForm[]): Promise<void> {
  for (const { compiled } of forms) {
    if (!compiled.venue) continue;
    const { field, collection, match } = compiled.venue;
    await db.query(
      `UPDATE documents d SET venue = (SELECT v.data->>'slug' FROM documents v WHERE v.collection = $2 AND v.data->>$3 = d.data->>$4 ORDER BY v.id LIMIT 1)
       WHERE d.collection = $1 AND d.venue IS NULL AND d.data->>$4 IS NOT NULL
         AND EXISTS (SELECT 1 FROM documents v WHERE v.collection = $2 AND v.data->>$3 = d.data->>$4)`,
      [compiled.collection, collection, match, field],
    );
  }
}
