// Sends the outbox. Every instance runs one: it claims due rows of each registered kind with
// FOR UPDATE SKIP LOCKED (PGlite and PostgreSQL alike), so instances sharing one database send each
// message once; a claim pushes the row's next try past its kind's lease, so a crash mid-send means
// one more try after the lease (at least once, with the same key), never a lost message. It sleeps
// until the next row is due (a retry, a lease ending) or a NOTIFY says a row was queued or queued
// again (outbox.ts): no polling. A failed try is retried with back-off (schedule.ts) and, when the
// channel says the failure is for good or 24 hours have passed, marked failed with the provider's words.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Channel, ChannelSender, SendOutcome } from './channel.ts';
import { OUTBOX_NOTIFY, type OutboxKind, type OutboxRow } from './outbox.ts';
import { GIVE_UP_AFTER_MS, IDLE_LOOK_MS, retryDelayMs } from './schedule.ts';
import { WakeLoop } from '../wake-loop.ts';

const MAX_ERROR_LENGTH = 1000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * The SET of a row whose try failed: given up for good when the failure is permanent ($2) or the
 * next try ($3 ms from now) would fall past $4 ms since it was queued, else retried then.
 */
const FAILED_TRY_SET = `state = CASE WHEN $2 OR now() + $3::double precision * interval '1 millisecond' - queued_at > $4::double precision * interval '1 millisecond' THEN 'failed' ELSE 'retrying' END,
       next_attempt_at = now() + $3::double precision * interval '1 millisecond'`;

export class Outbox {
  private readonly kinds = new Map<string, OutboxKind>();
  private readonly senders = new Map<string, ChannelSender>();
  private readonly inFlight = new Map<string, Set<Promise<void>>>();
  private readonly loop: WakeLoop;
  private stopping: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly channels: readonly Channel[],
    private readonly config: ServerConfig,
    private readonly log: Log,
  ) {
    this.loop = new WakeLoop(() => this.round(), log, 'outbox: it could not be read');
  }

  /** A sender of its own kind of message (before the server is ready). */
  register(kind: OutboxKind): void {
    if (this.kinds.has(kind.name)) throw new Error(`The outbox kind ${kind.name} is registered twice.`);
    this.kinds.set(kind.name, kind);
    this.inFlight.set(kind.name, new Set());
  }

  async start(): Promise<void> {
    if (this.loop.isStarted) return;
    // Rows of a channel that is not ready here (email without a mail server) wait; the others still go.
    for (const channel of this.channels) if (channel.ready(this.config)) this.senders.set(channel.name, channel.open(this.config));
    this.unlisten = await this.db.listen(OUTBOX_NOTIFY, () => this.wake());
    this.loop.start();
  }

  /** Something may be due now (a row was queued or queued again here; a place is free). */
  wake(): void {
    this.loop.wake();
  }

  /** Idempotent: features stop it before what their kinds use (a PDF worker), the core when the server closes. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.loop.stop();
      await Promise.all([...this.inFlight.values()].flatMap((set) => [...set]));
      await this.unlisten?.();
      for (const sender of this.senders.values()) sender.close?.();
    })();
    return this.stopping;
  }

  /** One look: what each kind may claim now; then how long until the next row is due. */
  private async round(): Promise<number> {
    for (const kind of this.kinds.values()) await this.claimAndSend(kind);
    return this.nextDueMs();
  }

  private roomOf(kind: OutboxKind): number {
    return kind.maxInFlight - this.inFlight.get(kind.name)!.size;
  }

  private async claimAndSend(kind: OutboxKind): Promise<void> {
    const room = this.roomOf(kind);
    if (room <= 0 || this.senders.size === 0) return;
    const { rows } = await this.db.query<OutboxRow>(
      `WITH due AS (
         SELECT id FROM outbox
         WHERE kind = $1 AND state IN ('queued', 'retrying') AND next_attempt_at <= now() AND channel = ANY($2::text[])
         ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = now() + $4::double precision * interval '1 millisecond'
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.kind, o.channel, o.recipient, o.message_id, o.source_id, o.document_id, o.lang, o.attempts`,
      [kind.name, [...this.senders.keys()], room, kind.leaseMs],
    );
    const flying = this.inFlight.get(kind.name)!;
    for (const row of rows) {
      const sending: Promise<void> = this.deliver(kind, row)
        .catch((error: Error) => {
          if (!this.loop.isStopped) this.log.error(`outbox: ${row.kind} ${row.id} could not be recorded (${error.message})`);
        })
        .finally(() => {
          flying.delete(sending);
          this.wake(); // a place is free
        });
      flying.add(sending);
    }
  }

  /**
   * Milliseconds until the next row a kind with room could claim is due (<= 0: now), or the idle
   * look when none is waiting; a kind without room is woken when one of its sends ends.
   */
  private async nextDueMs(): Promise<number> {
    const kinds = [...this.kinds.values()].filter((kind) => this.roomOf(kind) > 0).map((kind) => kind.name);
    if (kinds.length === 0 || this.senders.size === 0) return IDLE_LOOK_MS;
    const { rows } = await this.db.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::double precision AS ms
       FROM outbox WHERE state IN ('queued', 'retrying') AND kind = ANY($1::text[]) AND channel = ANY($2::text[])`,
      [kinds, [...this.senders.keys()]],
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? IDLE_LOOK_MS : Math.min(Math.ceil(ms), IDLE_LOOK_MS);
  }

  private async deliver(kind: OutboxKind, row: OutboxRow): Promise<void> {
    let outcome: SendOutcome;
    try {
      const built = await kind.build(row);
      const sender = this.senders.get(row.channel);
      if ('ok' in built) outcome = built;
      else if (!sender) outcome = { ok: false, permanent: false, status: null, error: `The ${row.channel} channel is not ready.` };
      else outcome = await sender.send(built);
    } catch (error) {
      outcome = { ok: false, permanent: false, status: null, error: (error as Error).message };
    }
    await this.record(kind, row, outcome);
  }

  /** Only the latest claim of the row records (a try that outlived its lease does not overwrite the one after it). */
  private async record(kind: OutboxKind, row: OutboxRow, outcome: SendOutcome): Promise<void> {
    if (outcome.ok) {
      await this.db.query(
        `UPDATE outbox SET state = 'sent', sent_at = now(), last_error = NULL, response_status = $2, response_ms = $3 WHERE id = $1 AND attempts = $4`,
        [row.id, outcome.status, outcome.ms ?? null, row.attempts],
      );
      return;
    }
    const delay = retryDelayMs(row.attempts, kind.retryBaseMs);
    await this.db.query(`UPDATE outbox SET ${FAILED_TRY_SET}, last_error = $5, response_status = $6, response_ms = $7 WHERE id = $1 AND attempts = $8`, [
      row.id,
      outcome.permanent,
      delay,
      GIVE_UP_AFTER_MS,
      outcome.error.slice(0, MAX_ERROR_LENGTH),
      outcome.status,
      outcome.ms ?? null,
      row.attempts,
    ]);
    // The row's id, kind and channel only: never the recipient, the words or an answer.
    this.log.warn(`outbox: ${row.kind} ${row.id} (${row.channel}) not sent, attempt ${row.attempts}${outcome.permanent ? ', failed for good' : ''}`);
  }
}
