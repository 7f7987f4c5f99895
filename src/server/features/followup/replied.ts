// A reply to the guest (features/cases) moves its case, in the reply's transaction: it meets the
// first-response clock, and the case is taken up: waiting for the guest's answer when the reply asks
// for one (the clocks stand still until the guest answers, reopen.ts), else in progress. A resolved
// case stays resolved (a word after the fact does not reopen it). Recorded as any change of state
// (the case's history), by the staff member who replied.
import type { Caller } from '../../core/access/caller.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { Collection } from '../../core/registry.ts';
import type { FollowUpState } from '../../../engine/contract/followup.ts';
import { recordAudit } from '../audit/index.ts';
import type { Sealer } from '../sealed/index.ts';
import { applyFollowUpChange } from './followups.ts';
import { caseReplied, clockAfterChange } from './clock-changes.ts';

export async function followUpAfterReply(
  sealer: Sealer,
  tx: Queryable,
  {
    collection,
    documentId,
    caller,
    waitForGuest,
    messageId,
  }: { collection: Collection; documentId: number; caller: Caller; waitForGuest: boolean; messageId: number },
): Promise<void> {
  await caseReplied(tx, documentId);
  const { rows } = await tx.query<{ state: FollowUpState }>('SELECT state FROM followups WHERE document_id = $1 FOR UPDATE', [documentId]);
  const before = rows[0]?.state ?? 'new';
  const state: FollowUpState = before === 'resolved' ? 'resolved' : waitForGuest ? 'waiting-for-guest' : 'in-progress';
  if (state === before || caller.kind !== 'staff') return;
  await applyFollowUpChange(sealer, tx, documentId, caller.user.id, { state });
  await clockAfterChange(tx, collection, documentId, before, { state });
  await recordAudit(tx, caller, { action: 'update-followup', target: collection.slug, documentId, detail: { state, from: before, messageId } });
}
