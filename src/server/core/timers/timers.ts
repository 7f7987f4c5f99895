// Scheduling a step: a row in the caller's own transaction (a submission's, a follow-up change's),
// so it exists exactly when what caused it does, and a NOTIFY that wakes every instance's worker
// when that transaction commits (it may be due earlier than what the worker sleeps for). Each
// feature runs its steps as a kind (TimerKind, registered with ctx.timers): the worker calls its
// run in a transaction that also marks the step done, so what the step does (an outbox message,
// an audit entry) is stored exactly when the step counts as run.
import type { Queryable } from '../db/db.ts';

/** The NOTIFY channel the workers listen on. */
export const TIMERS_NOTIFY = 'timers';

export interface StepToSchedule {
  kind: string;
  /** The step's name once and for all: scheduling the same key again moves it while it waits, and does nothing once it ran. */
  key: string;
  /** What the step is about, as the kind reads it (a submission's id, a venue's slug). */
  subject: string | number;
  dueAt: Date;
  /** The submission it is about: the step is deleted with it. */
  documentId?: number | null;
}

/** A step as its kind's run receives it. */
export interface TimerStep {
  id: number;
  kind: string;
  key: string;
  subject: string;
  documentId: number | null;
  /** When it was due (a step run late, after a stop, says by how much). */
  dueAt: Date;
  /** 1 on the first run, more after a run that threw. */
  attempts: number;
}

export interface TimerKind {
  name: string;
  /**
   * Does the step's work in `tx`, the transaction that marks it done: nothing of it is stored unless
   * the step counts as run. Thrown: rolled back and run again later (with back-off). Use `tx` only
   * (the embedded database has one connection: a query outside it would wait for it).
   */
  run(step: TimerStep, tx: Queryable): Promise<void>;
  /** A claimed step is not claimed again before this (default 60 s): longer than a run can take. */
  leaseMs?: number;
  /** After a run that threw, the next after this (default 30 s), doubling; after 10 runs the step is marked failed. */
  retryBaseMs?: number;
}

/** Wakes every worker once the caller's transaction commits (or now, outside one). */
export async function notifyTimers(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [TIMERS_NOTIFY, '']);
}

/**
 * Schedules a step in the caller's transaction, or moves it to `dueAt` when its key waits already
 * (a paused clock, an earlier time). A key that ran (or failed for good) stays as it is: never twice.
 */
export async function scheduleStep(tx: Queryable, step: StepToSchedule): Promise<void> {
  await tx.query(
    `INSERT INTO timer_steps AS s (kind, key, subject, document_id, due_at, next_at) VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz)
     ON CONFLICT (key) DO UPDATE SET kind = EXCLUDED.kind, subject = EXCLUDED.subject, document_id = EXCLUDED.document_id,
       due_at = EXCLUDED.due_at, next_at = EXCLUDED.next_at
     WHERE s.state = 'pending'`,
    [step.kind, step.key, String(step.subject), step.documentId ?? null, step.dueAt.toISOString()],
  );
  await notifyTimers(tx);
}

/**
 * Cancels the waiting steps of one key, or of a kind's subject, in the caller's transaction; answers
 * how many. Steps that ran stay (their key is spent): scheduling a cancelled key again schedules it anew.
 */
export async function cancelSteps(tx: Queryable, match: { key: string } | { kind: string; subject: string | number }): Promise<number> {
  const { rowCount } =
    'key' in match
      ? await tx.query(`DELETE FROM timer_steps WHERE key = $1 AND state = 'pending'`, [match.key])
      : await tx.query(`DELETE FROM timer_steps WHERE kind = $1 AND subject = $2 AND state = 'pending'`, [match.kind, String(match.subject)]);
  return rowCount;
}
