// A case's clocks: started when a submission falls under a case policy (in its own transaction),
// each step of the policy's chain a due step of the core timers (kind 'case-clock'), met by the
// first reply to the guest (or, for a form whose guest cannot be replied to, the first change of
// its follow-up) and by resolving, paused while the case waits for the guest: the steps wait no
// longer, and when the pause ends the due times and the steps move on by it. Calendar time (Doha
// and UTC alike: a duration is the same in every zone); README says how business hours would go.
import type { Queryable } from '../../core/db/db.ts';
import type { StoredSubmission } from '../../core/submission-hooks.ts';
import { cancelSteps, scheduleStep } from '../../core/timers/timers.ts';
import type { CaseClock, CaseClockName, ClockEvent, ClockPart, EscalationChain } from '../../../engine/contract/case-clock.ts';
import { policyFor } from './case-policies.ts';

/** The core timers' kind of a case's steps (clock-steps.ts runs them). */
export const CASE_CLOCK_KIND = 'case-clock';

export interface ClockRow {
  document_id: number;
  policy_name: string;
  started_at: Date;
  first_response_ms: string | number | null;
  resolve_ms: string | number | null;
  first_response_due_at: Date | null;
  resolve_due_at: Date | null;
  first_response_at: Date | null;
  resolved_at: Date | null;
  paused_at: Date | null;
  escalation: EscalationChain;
  [column: string]: unknown;
}

/** The step's key: one per case, clock and step of the chain, so each runs once. */
export const stepKey = (documentId: number, clock: CaseClockName, index: number) => `${CASE_CLOCK_KIND}:${documentId}:${clock}:${index}`;

export function parseStepKey(key: string): { documentId: number; clock: CaseClockName; index: number } | null {
  const match = /^case-clock:(\d+):(first-response|resolve):(\d+)$/.exec(key);
  return match ? { documentId: Number(match[1]), clock: match[2] as CaseClockName, index: Number(match[3]) } : null;
}

const partOf = (row: ClockRow, clock: CaseClockName) =>
  clock === 'first-response'
    ? { ms: row.first_response_ms === null ? null : Number(row.first_response_ms), dueAt: row.first_response_due_at, metAt: row.first_response_at }
    : { ms: row.resolve_ms === null ? null : Number(row.resolve_ms), dueAt: row.resolve_due_at, metAt: row.resolved_at };

/** Schedules (or moves) every step of the chain of each clock not yet met; steps that ran stay as they are. */
async function scheduleChain(tx: Queryable, row: ClockRow): Promise<void> {
  for (const clock of ['first-response', 'resolve'] as const) {
    const { ms, dueAt, metAt } = partOf(row, clock);
    if (ms === null || !dueAt || metAt) continue;
    for (const [index, step] of row.escalation.entries()) {
      const at = new Date(dueAt.getTime() - (step.at === 'due' ? 0 : (1 - step.at) * ms));
      await scheduleStep(tx, {
        kind: CASE_CLOCK_KIND,
        key: stepKey(row.document_id, clock, index),
        subject: row.document_id,
        documentId: row.document_id,
        dueAt: at,
      });
    }
  }
}

async function clockRow(tx: Queryable, documentId: number, lock = false): Promise<ClockRow | null> {
  const { rows } = await tx.query<ClockRow>(`SELECT * FROM case_clocks WHERE document_id = $1${lock ? ' FOR UPDATE' : ''}`, [documentId]);
  return rows[0] ?? null;
}

/** The submission hook: a submission a policy matches gets its due times and its steps, in its own transaction. */
export async function startCaseClock(tx: Queryable, { collection, row }: StoredSubmission): Promise<void> {
  const compiled = collection.form?.compiled;
  if (!compiled) return;
  const policy = await policyFor(tx, compiled, row.data);
  if (!policy) return;
  const { rows } = await tx.query<ClockRow>(
    `INSERT INTO case_clocks (document_id, policy_id, policy_name, started_at, first_response_ms, resolve_ms, first_response_due_at, resolve_due_at, escalation)
     SELECT $1, $2, $3, d.created_at, $4::bigint, $5::bigint,
       d.created_at + $4::double precision * interval '1 millisecond', d.created_at + $5::double precision * interval '1 millisecond', $6::jsonb
     FROM documents d WHERE d.id = $1
     RETURNING *`,
    [row.id, policy.id, policy.name, policy.firstResponseMs, policy.resolveMs, JSON.stringify(policy.escalation)],
  );
  if (rows[0]) await scheduleChain(tx, rows[0]);
}

/** A clock met (the first reply, resolving): its waiting steps are cancelled; met once, the first time counts. */
export async function meetClock(tx: Queryable, documentId: number, clock: CaseClockName): Promise<void> {
  const row = await clockRow(tx, documentId);
  if (!row || partOf(row, clock).metAt) return;
  for (const index of row.escalation.keys()) await cancelSteps(tx, { key: stepKey(documentId, clock, index) });
  await tx.query(`UPDATE case_clocks SET ${clock === 'first-response' ? 'first_response_at' : 'resolved_at'} = now() WHERE document_id = $1`, [documentId]);
}

/** Waiting for the guest: the clocks stand still (their waiting steps are cancelled, scheduled again when the pause ends). */
export async function pauseClock(tx: Queryable, documentId: number): Promise<void> {
  const row = await clockRow(tx, documentId);
  if (!row || row.paused_at) return;
  // The steps first, then the clock: the same order as a step's run (its step, then the clock), so the two never wait on each other.
  await cancelSteps(tx, { kind: CASE_CLOCK_KIND, subject: documentId });
  await tx.query('UPDATE case_clocks SET paused_at = now() WHERE document_id = $1', [documentId]);
}

/** The pause ends (the guest answered, staff took it up again): due times of clocks not met move on by it, and their steps with them. */
export async function resumeClock(tx: Queryable, documentId: number): Promise<void> {
  const row = await clockRow(tx, documentId, true);
  if (!row || !row.paused_at) return;
  const { rows } = await tx.query<ClockRow>(
    `UPDATE case_clocks SET
       first_response_due_at = CASE WHEN first_response_at IS NULL THEN first_response_due_at + (now() - paused_at) ELSE first_response_due_at END,
       resolve_due_at = CASE WHEN resolved_at IS NULL THEN resolve_due_at + (now() - paused_at) ELSE resolve_due_at END,
       paused_at = NULL
     WHERE document_id = $1 RETURNING *`,
    [documentId],
  );
  await scheduleChain(tx, rows[0]);
}

/** The clock as the follow-up shows it (null: no policy matched), with the steps that ran. */
export async function readCaseClock(db: Queryable, documentId: number): Promise<CaseClock | null> {
  const row = await clockRow(db, documentId);
  if (!row) return null;
  const { rows: events } = await db.query<{ id: number; clock: CaseClockName; at: string; notify: string; recipients: number; created_at: Date }>(
    'SELECT * FROM case_clock_events WHERE document_id = $1 ORDER BY id',
    [documentId],
  );
  const now = Date.now();
  const part = (clock: CaseClockName): ClockPart | null => {
    const { dueAt, metAt } = partOf(row, clock);
    if (!dueAt) return null;
    // While paused the clock stands still (what is left stays left) and is not overdue: followups.ts CASE_OVERDUE_SQL, per clock.
    const overdue = !metAt && !row.paused_at && !row.resolved_at && now > dueAt.getTime();
    return { dueAt: dueAt.toISOString(), metAt: metAt ? metAt.toISOString() : null, overdue };
  };
  return {
    policy: row.policy_name,
    pausedAt: row.paused_at ? row.paused_at.toISOString() : null,
    firstResponse: part('first-response'),
    resolve: part('resolve'),
    events: events.map((event): ClockEvent => ({
      id: event.id,
      clock: event.clock,
      at: event.at === 'due' ? 'due' : Number(event.at),
      notify: event.notify,
      recipients: event.recipients,
      createdAt: event.created_at.toISOString(),
    })),
  };
}
