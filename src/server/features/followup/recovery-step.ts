// The wait before a resolved case's recovery survey (features/recovery sends it and reads the
// answer): when a case the guest was replied to is resolved with an outcome other than "no action
// needed", one due step of the core timers (kind 'recovery-survey', key recovery-survey:{submission})
// after its case policy's `recovery_survey_delay` (ISO 8601; none, or no policy: P1D), written in the
// resolving transaction. Reopening before it is due (staff, the guest's answer) cancels it and
// resolving again schedules it anew; once it ran its key is done, so a case's survey is sent once.
import type { Queryable } from '../../core/db/db.ts';
import { cancelSteps, scheduleStep } from '../../core/timers/timers.ts';
import { durationMs } from '../../../engine/cases/duration.ts';
import type { FollowUpOutcome, FollowUpState } from '../../../engine/contract/followup.ts';
import { CASE_POLICIES } from './case-policies.ts';

/** The core timers' kind of the recovery survey's wait (features/recovery runs it). */
export const RECOVERY_SURVEY_KIND = 'recovery-survey';

/** Without a policy's delay: one day. */
export const DEFAULT_RECOVERY_DELAY_MS = 86_400_000;

export const recoveryStepKey = (documentId: number) => `${RECOVERY_SURVEY_KIND}:${documentId}`;

export function parseRecoveryStepKey(key: string): number | null {
  const match = /^recovery-survey:(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** The delay of the policy the case fell under (its clock's), else the default. */
async function recoveryDelayMs(tx: Queryable, documentId: number): Promise<number> {
  const { rows } = await tx.query<{ delay: string | null }>(
    `SELECT p.data->>'recovery_survey_delay' AS delay FROM case_clocks c JOIN documents p ON p.id = c.policy_id AND p.collection = $2 WHERE c.document_id = $1`,
    [documentId, CASE_POLICIES],
  );
  return durationMs(rows[0]?.delay) ?? DEFAULT_RECOVERY_DELAY_MS;
}

/** In a follow-up change's transaction, once it is applied (the follow-up as it is now). */
export async function recoveryAfterChange(tx: Queryable, documentId: number, before: FollowUpState): Promise<void> {
  const { rows } = await tx.query<{ state: FollowUpState; outcome: FollowUpOutcome | null; replied: boolean }>(
    `SELECT f.state, f.outcome, EXISTS (SELECT 1 FROM case_messages m WHERE m.document_id = f.document_id AND m.direction = 'to-guest') AS replied
     FROM followups f WHERE f.document_id = $1`,
    [documentId],
  );
  const now = rows[0];
  if (!now || now.state !== 'resolved' || now.outcome === 'no-action') {
    await cancelSteps(tx, { key: recoveryStepKey(documentId) });
    return;
  }
  // Resolved just now: the wait begins (an outcome corrected later keeps the wait as it is).
  if (before !== 'resolved' && now.replied)
    await scheduleStep(tx, {
      kind: RECOVERY_SURVEY_KIND,
      key: recoveryStepKey(documentId),
      subject: documentId,
      documentId,
      dueAt: new Date(Date.now() + (await recoveryDelayMs(tx, documentId))),
    });
}

/** A case reopened (the guest's answer): its survey's wait, if any, is cancelled. */
export const cancelRecoverySurvey = (tx: Queryable, documentId: number) => cancelSteps(tx, { key: recoveryStepKey(documentId) });
