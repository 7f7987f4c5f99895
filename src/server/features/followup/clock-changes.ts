// What a follow-up change does to a case's clocks, in the change's own transaction: resolving meets
// the resolve clock; for a form whose guest cannot be replied to (no `contact`), the first change
// by staff is the first response; the reply to the guest (features/cases, caseReplied) is it otherwise.
import type { Queryable } from '../../core/db/db.ts';
import type { Collection } from '../../core/registry.ts';
import type { CheckedChange } from './followups.ts';
import { meetClock } from './case-clock.ts';

export async function clockAfterChange(tx: Queryable, collection: Collection, documentId: number, _before: string, change: CheckedChange): Promise<void> {
  const compiled = collection.form?.compiled;
  if (!compiled?.form.contact || compiled.confidential) await meetClock(tx, documentId, 'first-response');
  if (change.state === 'resolved') await meetClock(tx, documentId, 'resolve');
}

/** The first reply to the guest meets the first-response clock (called in the reply's transaction). */
export async function caseReplied(tx: Queryable, documentId: number): Promise<void> {
  await meetClock(tx, documentId, 'first-response');
}
