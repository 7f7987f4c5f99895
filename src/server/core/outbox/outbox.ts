// Queuing a message: a row in the caller's own transaction (the submission's, say), so it is stored
// exactly when what caused it is, and a NOTIFY that wakes every instance's sender when that
// transaction commits (none when it rolls back). Each sender is a kind (OutboxKind, registered with
// ctx.outbox): it says how long a try may take and builds the delivery of a claimed row.
import type { Queryable } from '../db/db.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { Delivery, SendOutcome } from './channel.ts';

/** The NOTIFY channel the senders listen on. */
export const OUTBOX_NOTIFY = 'outbox';

export interface QueuedMessage {
  kind: string;
  channel: string;
  recipient: string;
  /** Stable for the message (e.g. an email's Message-ID key): a retry is the same message to the receiver. */
  key: string;
  sourceId: number;
  /** The submission the message is about, deleted with it. */
  documentId?: number | null;
  lang?: Lang;
}

/** A claimed row, as a kind's build reads it. */
export type OutboxRow = {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  message_id: string;
  source_id: number;
  /** The submission it is about, when it is about one. */
  document_id: number | null;
  lang: Lang;
  attempts: number;
};

export interface OutboxKind {
  name: string;
  /** The first retry after this many ms, then doubling (schedule.ts). */
  retryBaseMs: number;
  /** A claimed row is not claimed again before this: longer than building and sending it can take. */
  leaseMs: number;
  /** Rows of this kind sent at once per instance. */
  maxInFlight: number;
  /** The delivery of a claimed row, or the outcome when there is nothing to send (its source is gone). Thrown: tried again. */
  build(row: OutboxRow): Promise<Delivery | Extract<SendOutcome, { ok: false }>>;
}

/** Wakes every sender once the caller's transaction commits (or now, outside one). */
export async function notifyOutbox(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [OUTBOX_NOTIFY, '']);
}

/** Queues one message in the caller's transaction. */
export async function enqueue(tx: Queryable, message: QueuedMessage): Promise<void> {
  await tx.query('INSERT INTO outbox (kind, channel, recipient, message_id, source_id, document_id, lang) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    message.kind,
    message.channel,
    message.recipient,
    message.key,
    message.sourceId,
    message.documentId ?? null,
    message.lang ?? 'en',
  ]);
  await notifyOutbox(tx);
}
