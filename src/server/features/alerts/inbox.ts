// What a staff member sees of the alerts: those about submissions they may read, by the one read
// check of core/access (role, the form's readers, a manager's venues). ONE place decides it
// (visibleAlertsSql), for the inbox, the unread count, the delivery log and resend alike.
import type { Caller } from '../../core/access/caller.ts';
import type { Queryable } from '../../core/db/db.ts';
import { readScope } from '../../core/access/submission-access.ts';
import type { Registry } from '../../core/registry.ts';
import type { AlertDelivery, AlertInbox } from '../../../engine/contract/alerts.ts';
import { fillTemplate, valuesOf, type QueuedAlert } from './templates.ts';
import { ALERT_KIND } from './outbox.ts';

/**
 * The SQL condition (over `alerts a`) of the alerts the caller sees, its values pushed on params:
 * of each form they read, every alert, or a manager's those whose submission is of their venues.
 */
export function visibleAlertsSql(caller: Caller, registry: Registry, params: unknown[]): string {
  const parts: string[] = [];
  for (const collection of registry.collections.values()) {
    if (collection.kind !== 'submissions') continue;
    const scope = readScope(caller, collection.form!.compiled);
    if (scope.kind === 'none') continue;
    // A submission the caller is excluded from (conflict of interest) has no alert for them either.
    const ofCollection = scope.excluded?.length
      ? `(a.collection = $${params.push(collection.slug)} AND NOT a.submission_id = ANY($${params.push(scope.excluded)}::int[]))`
      : `a.collection = $${params.push(collection.slug)}`;
    parts.push(
      scope.kind === 'all'
        ? ofCollection
        : `(${ofCollection} AND EXISTS (SELECT 1 FROM documents d WHERE d.id = a.submission_id AND d.venue = ANY($${params.push(scope.venues)}::text[])))`,
    );
  }
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

const userIdOf = (caller: Caller) => (caller.kind === 'staff' ? caller.user.id : 0);

export async function inbox(db: Queryable, caller: Caller, registry: Registry, limit: number): Promise<AlertInbox> {
  const params: unknown[] = [userIdOf(caller), limit];
  const visible = visibleAlertsSql(caller, registry, params);
  const { rows } = await db.query<
    QueuedAlert & { id: number; rule_name: string; collection: string; submission_id: number; subject: string; read: boolean; total: number; unread: number }
  >(
    `SELECT a.id, a.rule_name, a.collection, a.form_id, a.submission_id, a.reference, a.venue, a.lang, a.subject, a.created_at, r.alert_id IS NOT NULL AS read,
            count(*) OVER ()::int AS total, (count(*) FILTER (WHERE r.alert_id IS NULL) OVER ())::int AS unread
     FROM alerts a LEFT JOIN alert_reads r ON r.alert_id = a.id AND r.user_id = $1
     WHERE ${visible}
     ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
    // The window counts are taken before the limit: the totals are of every visible alert.
    params,
  );
  const docs = rows.map((row) => ({
    id: row.id,
    rule: row.rule_name,
    form: row.form_id,
    submission: row.submission_id,
    reference: row.reference,
    subject: fillTemplate(row.subject, valuesOf(row, registry.collections.get(row.collection)?.form?.compiled ?? null, '')),
    createdAt: row.created_at.toISOString(),
    read: row.read,
  }));
  return { docs, totalDocs: rows[0]?.total ?? 0, unread: rows[0]?.unread ?? 0 };
}

export async function unreadCount(db: Queryable, caller: Caller, registry: Registry): Promise<number> {
  const params: unknown[] = [userIdOf(caller)];
  const { rows } = await db.query<{ unread: number }>(
    `SELECT count(*)::int AS unread FROM alerts a WHERE ${visibleAlertsSql(caller, registry, params)}
     AND NOT EXISTS (SELECT 1 FROM alert_reads r WHERE r.alert_id = a.id AND r.user_id = $1)`,
    params,
  );
  return rows[0].unread;
}

/** Marks an alert read for the caller; false when it is not one they may see. */
export async function markRead(db: Queryable, caller: Caller, registry: Registry, id: number): Promise<boolean> {
  const params: unknown[] = [id, userIdOf(caller)];
  const visible = visibleAlertsSql(caller, registry, params);
  const { rowCount } = await db.query(
    `INSERT INTO alert_reads (alert_id, user_id) SELECT a.id, $2 FROM alerts a WHERE a.id = $1 AND ${visible} ON CONFLICT DO NOTHING`,
    params,
  );
  if (rowCount) return true;
  // Already read: still one they may see ($2, the reader, is named so both statements take the same values).
  const { rows } = await db.query(`SELECT 1 FROM alerts a WHERE a.id = $1 AND $2::int IS NOT NULL AND ${visible}`, params);
  return rows.length > 0;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The admins' delivery log, newest first: the deliveries of the alerts the caller sees (visibleAlertsSql), no other. */
export async function deliveryLog(db: Queryable, caller: Caller, registry: Registry, limit: number): Promise<{ docs: AlertDelivery[]; totalDocs: number }> {
  const params: unknown[] = [limit];
  const { rows } = await db.query<Record<string, unknown> & { total: number }>(
    `SELECT d.*, d.source_id AS alert_id, a.rule_name, a.form_id, a.submission_id, a.reference, count(*) OVER ()::int AS total
     FROM outbox d JOIN alerts a ON d.kind = '${ALERT_KIND}' AND a.id = d.source_id WHERE ${visibleAlertsSql(caller, registry, params)} ORDER BY d.queued_at DESC, d.id DESC LIMIT $1`,
    params,
  );
  const docs = rows.map((row) => ({
    id: row.id as number,
    alert: row.alert_id as number,
    rule: row.rule_name as string,
    form: row.form_id as string,
    submission: row.submission_id as number,
    reference: row.reference as string,
    channel: row.channel as AlertDelivery['channel'],
    recipient: row.recipient as string,
    messageId: row.message_id as string,
    state: row.state as AlertDelivery['state'],
    attempts: row.attempts as number,
    lastError: (row.last_error as string | null) ?? null,
    responseStatus: (row.response_status as number | null) ?? null,
    responseMs: (row.response_ms as number | null) ?? null,
    nextAttemptAt: row.state === 'queued' || row.state === 'retrying' ? iso(row.next_attempt_at as Date) : null,
    sentAt: iso(row.sent_at as Date | null),
    queuedAt: (row.queued_at as Date).toISOString(),
  }));
  return { docs, totalDocs: rows[0]?.total ?? 0 };
}

/** Queues a delivery again, now, with its 24 hours starting again; false when there is no such delivery the caller sees. */
export async function resend(db: Queryable, caller: Caller, registry: Registry, id: number): Promise<boolean> {
  const params: unknown[] = [id];
  const { rowCount } = await db.query(
    `UPDATE outbox d SET state = 'queued', next_attempt_at = now(), queued_at = now(), last_error = NULL
     FROM alerts a WHERE d.id = $1 AND d.kind = '${ALERT_KIND}' AND a.id = d.source_id AND ${visibleAlertsSql(caller, registry, params)}`,
    params,
  );
  return rowCount > 0;
}
