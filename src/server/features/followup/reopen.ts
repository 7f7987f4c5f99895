// The guest answered (their case page, the API, a reply by email, features/cases; "no" to the
// recovery survey, features/recovery): the case is in
// progress again, whatever it was (new, waiting for the guest, resolved: its resolution and outcome
// cleared), and a clock paused while waiting runs again, its due times moved on by the pause. The one
// place a guest moves a case (and a "yes" to the recovery survey confirms its outcome, below); its history is the audit log's entry (no staff member: the guest), never the guest's words.
import type { Queryable } from '../../core/db/db.ts';
import { recordAudit } from '../audit/index.ts';
import { resumeClock } from './case-clock.ts';
import { cancelRecoverySurvey } from './recovery-step.ts';

const GUEST = { kind: 'anonymous' } as const;

/** In the caller's transaction (the answer's): the submission's follow-up back to in-progress, recorded. */
export async function reopenByGuest(tx: Queryable, documentId: number, by: 'guest' | 'recovery-survey' = 'guest'): Promise<void> {
  const { rows } = await tx.query<{ collection: string; before: string | null }>(
    `SELECT d.collection, f.state AS before FROM documents d LEFT JOIN followups f ON f.document_id = d.id WHERE d.id = $1`,
    [documentId],
  );
  if (!rows[0]) return;
  // Who resolved it and the outcome no longer hold once it is open again (as a staff change back from resolved forgets them).
  await tx.query(
    `INSERT INTO followups AS f (document_id, state) VALUES ($1, 'in-progress')
     ON CONFLICT (document_id) DO UPDATE SET state = 'in-progress', resolved_by = NULL, resolved_at = NULL, outcome = NULL, outcome_note = NULL,
       updated_at = now(), updated_by = NULL`,
    [documentId],
  );
  await resumeClock(tx, documentId);
  await cancelRecoverySurvey(tx, documentId);
  await recordAudit(tx, GUEST, {
    action: 'update-followup',
    target: rows[0].collection,
    documentId,
    detail: { state: 'in-progress', from: rows[0].before ?? 'new', by: 'guest', ...(by === 'recovery-survey' ? { via: by } : {}) },
  });
}

/**
 * The guest said yes to the recovery survey (features/recovery): a case still resolved has its
 * outcome confirmed as `recovered` (the note kept), audited as the guest's; an open case is left as it is.
 */
export async function recoveredByGuest(tx: Queryable, documentId: number): Promise<void> {
  const { rows } = await tx.query<{ collection: string }>(
    `UPDATE followups f SET outcome = 'recovered', updated_at = now(), updated_by = NULL FROM documents d
     WHERE f.document_id = $1 AND d.id = f.document_id AND f.state = 'resolved'
     RETURNING d.collection`,
    [documentId],
  );
  if (!rows[0]) return;
  await recordAudit(tx, GUEST, {
    action: 'update-followup',
    target: rows[0].collection,
    documentId,
    detail: { state: 'resolved', from: 'resolved', outcome: 'recovered', outcomeNote: false, by: 'guest', via: 'recovery-survey' },
  });
}
