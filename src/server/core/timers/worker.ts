// Runs the due steps. Every instance runs one: it claims a due step of a registered kind with
// FOR UPDATE SKIP LOCKED (PGlite and PostgreSQL alike), pushing its next time past the kind's lease,
// then runs it in a transaction that locks the step again, checks it is still this claim's and
// still due, and marks it done: instances sharing one database run each step once, a step moved
// or cancelled meanwhile is not run, and a process killed mid-run (its transaction never committed)
// leaves the step to be claimed again once the lease is over. It sleeps until the next step is due
// or a NOTIFY says one was scheduled (timers.ts): no polling. Steps due while no instance ran are
// run at the next start, once each.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { TIMERS_NOTIFY, type TimerKind, type TimerStep } from './timers.ts';
import { WakeLoop } from '../wake-loop.ts';

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 6 * 60 * 60 * 1000;
/** A step whose run threw this many times is marked failed (its last error kept) and run no more. */
export const MAX_STEP_ATTEMPTS = 10;
/**
 * The longest an idle worker waits without being woken: a NOTIFY wakes it when a step is scheduled
 * (here or by another instance), so this only bounds a lost notification and a lease ending elsewhere.
 */
export const TIMERS_IDLE_LOOK_MS = 30_000;
const MAX_ERROR_LENGTH = 1000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

interface StepRow {
  id: number;
  kind: string;
  key: string;
  subject: string;
  document_id: number | null;
  due_at: Date;
  attempts: number;
  [column: string]: unknown;
}

const stepOf = (row: StepRow): TimerStep => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  subject: row.subject,
  documentId: row.document_id,
  dueAt: new Date(row.due_at),
  attempts: row.attempts,
});

export class Timers {
  private readonly kinds = new Map<string, TimerKind>();
  private readonly loop: WakeLoop;
  private stopping: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {
    this.loop = new WakeLoop(() => this.round(), log, 'timers: the due steps could not be read');
  }

  /** A feature's kind of step (before the server is ready). */
  register(kind: TimerKind): void {
    if (this.kinds.has(kind.name)) throw new Error(`The timer kind ${kind.name} is registered twice.`);
    this.kinds.set(kind.name, kind);
  }

  async start(): Promise<void> {
    if (this.loop.isStarted) return;
    this.unlisten = await this.db.listen(TIMERS_NOTIFY, () => this.wake());
    this.loop.start();
  }

  /** Something may be due sooner than the worker thought (a step was scheduled or moved). */
  wake(): void {
    this.loop.wake();
  }

  /** Idempotent: a step being run finishes (or is rolled back) first. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.loop.stop();
      await this.unlisten?.();
    })();
    return this.stopping;
  }

  /** One look: every due step of each kind, one at a time; then how long until the next is due. */
  private async round(): Promise<number> {
    for (const kind of this.kinds.values()) while (!this.loop.isStopped && (await this.claimAndRun(kind)));
    return this.nextDueMs();
  }

  /** Claims one due step of the kind and runs it; false when none is due. */
  private async claimAndRun(kind: TimerKind): Promise<boolean> {
    const { rows } = await this.db.query<StepRow>(
      `WITH due AS (
         SELECT id FROM timer_steps WHERE kind = $1 AND state = 'pending' AND next_at <= now()
         ORDER BY next_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       )
       UPDATE timer_steps s SET attempts = s.attempts + 1, next_at = now() + $2::double precision * interval '1 millisecond'
       FROM due WHERE s.id = due.id
       RETURNING s.id, s.kind, s.key, s.subject, s.document_id, s.due_at, s.attempts`,
      [kind.name, kind.leaseMs ?? DEFAULT_LEASE_MS],
    );
    const row = rows[0];
    if (!row) return false;
    try {
      await this.db.transaction(async (tx) => {
        // Still this claim's (no later claim, not cancelled) and still due (not moved later meanwhile).
        const { rows: mine } = await tx.query(
          `SELECT 1 FROM timer_steps WHERE id = $1 AND attempts = $2 AND state = 'pending' AND due_at <= now() FOR UPDATE`,
          [row.id, row.attempts],
        );
        if (mine.length === 0) return;
        await kind.run(stepOf(row), tx);
        await tx.query(`UPDATE timer_steps SET state = 'done', done_at = now(), last_error = NULL WHERE id = $1`, [row.id]);
      });
    } catch (error) {
      await this.recordFailure(kind, row, error as Error);
    }
    return true;
  }

  private async recordFailure(kind: TimerKind, row: StepRow, error: Error): Promise<void> {
    const delay = Math.min((kind.retryBaseMs ?? DEFAULT_RETRY_BASE_MS) * 2 ** Math.max(0, row.attempts - 1), RETRY_CAP_MS);
    await this.db.query(
      `UPDATE timer_steps SET next_at = now() + $3::double precision * interval '1 millisecond', last_error = $4,
         state = CASE WHEN attempts >= $5 THEN 'failed' ELSE state END
       WHERE id = $1 AND attempts = $2 AND state = 'pending'`,
      [row.id, row.attempts, delay, error.message.slice(0, MAX_ERROR_LENGTH), MAX_STEP_ATTEMPTS],
    );
    // The step's id and kind only: never its subject's words.
    this.log.warn(`timers: ${row.kind} step ${row.id} did not run, attempt ${row.attempts}${row.attempts >= MAX_STEP_ATTEMPTS ? ', failed for good' : ''}`);
  }

  /** Milliseconds until the next step of a registered kind is due (<= 0: now), at most the idle look. */
  private async nextDueMs(): Promise<number> {
    if (this.kinds.size === 0) return TIMERS_IDLE_LOOK_MS;
    const { rows } = await this.db.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(next_at) - now()) * 1000)::double precision AS ms FROM timer_steps WHERE state = 'pending' AND kind = ANY($1::text[])`,
      [[...this.kinds.keys()]],
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? TIMERS_IDLE_LOOK_MS : Math.min(Math.ceil(ms), TIMERS_IDLE_LOOK_MS);
  }
}
