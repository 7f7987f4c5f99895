// Forms that open, close and fill up: a definition's opens and closes (Doha time) and its
// maxResponses / maxResponsesPerVenue. The dates are judged before anything else of a create
// (refuseUnavailable, called by collections' createSubmission); the places are counted exactly by
// takePlaces, a submission hook in the create's own transaction: one counter row per form (and
// venue), raised only while below the limit (UPDATE ... WHERE taken < limit), so concurrent
// creates queue on the row and exactly as many as there are places are stored. A counter starts
// from the submissions already stored; erasing one later does not give its place back.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import type { FormAvailability } from '../../../engine/contract/availability.ts';
import { FORM_UNAVAILABLE, scheduleAt, unavailableText } from '../../../engine/quotas/availability.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { Queryable } from '../../core/db/db.ts';
import { ApiError } from '../../core/errors.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';

/** The counter of the whole form: a venue slug is never empty. */
const WHOLE_FORM = '';

interface Limit {
  venue: string;
  max: number;
}

/** The refusal of a create (or a post without JavaScript): 403, in the guest's language, the reason in its data. */
export function unavailable(availability: FormAvailability, lang: Lang): ApiError {
  return new ApiError(403, { errors: [{ name: FORM_UNAVAILABLE, message: unavailableText(availability, lang) ?? '', data: availability }] });
}

/** The availability a refusal carries, or null when the error is another. */
export function availabilityRefused(error: unknown): FormAvailability | null {
  if (!(error instanceof ApiError) || error.statusCode !== 403) return null;
  const first = (error.body as { errors?: { name?: string; data?: FormAvailability }[] }).errors?.[0];
  return first?.name === FORM_UNAVAILABLE && first.data ? first.data : null;
}

const limitsOf = (compiled: CompiledForm, venue: string | null): Limit[] => {
  const { maxResponses, maxResponsesPerVenue } = compiled.form;
  const limits: Limit[] = [];
  if (maxResponses !== undefined) limits.push({ venue: WHOLE_FORM, max: maxResponses });
  if (maxResponsesPerVenue !== undefined && venue) limits.push({ venue, max: maxResponsesPerVenue });
  return limits;
};

/** How many answers a counter has taken: the counter, or (before its first create) the submissions stored. */
async function takenOf(db: Queryable, compiled: CompiledForm, venue: string): Promise<number> {
  const { rows } = await db.query<{ taken: number }>(
    `SELECT COALESCE((SELECT taken FROM quota_counters WHERE form_id = $1 AND venue = $2),
       (SELECT count(*)::int FROM documents WHERE collection = $3 AND ($2 = '' OR venue = $2))) AS taken`,
    [compiled.id, venue, compiled.collection],
  );
  return rows[0].taken;
}

/** Whether the form takes answers now (for the venue, when one is named): its dates, then its places. */
export async function availabilityOf(db: Queryable, compiled: CompiledForm, venue: string | null, now = new Date()): Promise<FormAvailability> {
  const schedule = scheduleAt(compiled.form, now);
  if (schedule.state !== 'open') return schedule;
  for (const limit of limitsOf(compiled, venue)) if ((await takenOf(db, compiled, limit.venue)) >= limit.max) return { state: 'full' };
  return schedule;
}

/**
 * Before a create reads the answers: refused when the form is not open yet, has closed, or has all
 * its answers (the places are counted exactly by takePlaces; this only spares a full form the work).
 */
export async function refuseUnavailable(db: Queryable, compiled: CompiledForm, lang: Lang, now = new Date()): Promise<void> {
  const availability = await availabilityOf(db, compiled, null, now);
  if (availability.state !== 'open') throw unavailable(availability, lang);
}

/** In the create's transaction, after its row: one place of the form and of its venue, or the whole create is refused (403). */
export const takePlaces: SubmissionHook = async (tx, { collection, row, lang }) => {
  const compiled = collection.form?.compiled;
  if (!compiled) return;
  for (const limit of limitsOf(compiled, row.venue ?? null)) {
    // The first create of a counter counts what is already stored (not itself: its own row is visible to it).
    await tx.query(
      `INSERT INTO quota_counters (form_id, venue, taken)
       SELECT $1, $2, count(*)::int FROM documents WHERE collection = $3 AND id <> $4 AND ($2 = '' OR venue = $2)
       ON CONFLICT (form_id, venue) DO NOTHING`,
      [compiled.id, limit.venue, compiled.collection, row.id],
    );
    const { rows } = await tx.query('UPDATE quota_counters SET taken = taken + 1 WHERE form_id = $1 AND venue = $2 AND taken < $3 RETURNING taken', [
      compiled.id,
      limit.venue,
      limit.max,
    ]);
    if (rows.length === 0) throw unavailable({ state: 'full' }, lang);
  }
};
