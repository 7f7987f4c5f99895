// What a follow-up change does to a case's clocks, in the change's own transaction: waiting for the
// guest pauses them and leaving that state resumes them (due times and steps moved on by the pause);
// resolving meets the resolve clock; for a form whose guest cannot be replied to (no `contact`), the
// first change by staff is the first response; the reply to the guest (features/cases, caseReplied) is it otherwise.
import type { Queryable } from '../../core/db/db.ts';
import type { Collection } from '../../core/registry.ts';
import type { CheckedChange } from './followups.ts';
import type { FollowUpState } from '../../../engine/contract/followup.ts';
import { meetClock, pauseClock, resumeClock } from './case-clock.ts';

export async function clockAfterChange(tx: Queryable, collection: Collection, documentId: number, before: FollowUpState, change: CheckedChange): Promise<void> {
  const after = change.state ?? before;
  // Resumed before anything is met, so a case resolved while waiting has its due times moved on first.
  if (after !== 'waiting-for-guest') await resumeClock(tx, documentId);
  const compiled = collection.form?.compiled;
  if (!compiled?.form.contact || compiled.confidential) await meetClock(tx, documentId, 'first-response');
  if (change.state === 'resolved') await meetClock(tx, documentId, 'resolve');
  if (after === 'waiting-for-guest') await pauseClock(tx, documentId);
}

/** The first reply to the guest meets the first-response clock (called in the reply's transaction). */
export async function caseReplied(tx: Queryable, documentId: number): Promise<void> {
  await meetClock(tx, documentId, 'first-response');
}
