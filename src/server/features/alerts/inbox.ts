// What a staff member sees of the alerts: those about submissions they may read. ONE place decides
// it (alertsVisibleTo), so the venue-scoped check of core/access replaces canRead here alone.
import type { Caller } from '../../core/access/caller.ts';
import type { Queryable } from '../../core/db/db.ts';
import { canRead } from '../../core/documents.ts';
import type { Registry } from '../../core/registry.ts';
import type { AlertDelivery, AlertInbox } from '../../../engine/contract/alerts.ts';
import { fillTemplate, valuesOf, type QueuedAlert } from './templates.ts';

/**
 * The submission collections whose alerts the caller sees: those they may read, by the form's own
 * readers (`access`: a whistle-blower report's alert is compliance's, not every viewer's). The
 * venue-scoped check of core/access replaces this body when it lands.
 */
export function alertsVisibleTo(caller: Caller, registry: Registry): string[] {
  const role = caller.kind === 'staff' ? caller.user.role : null;
  return [...registry.collections.values()]
    .filter((collection) => collection.kind === 'submissions' && canRead(caller, collection) && role !== null && (collection.form?.compiled.access ?? []).includes(role))
    .map((collection) => collection.slug);
}

const userIdOf = (caller: Caller) => (caller.kind === 'staff' ? caller.user.id : 0);

export async function inbox(db: Queryable, caller: Caller, registry: Registry, limit: number): Promise<AlertInbox> {
  const collections = alertsVisibleTo(caller, registry);
  const { rows } = await db.query<QueuedAlert & { id: number; rule_name: string; collection: string; submission_id: number; subject: string; read: boolean; total: number; unread: number }>(
    `SELECT a.id, a.rule_name, a.collection, a.form_id, a.submission_id, a.reference, a.venue, a.lang, a.subject, a.created_at, r.alert_id IS NOT NULL AS read,
            count(*) OVER ()::int AS total, (count(*) FILTER (WHERE r.alert_id IS NULL) OVER ())::int AS unread
     FROM alerts a LEFT JOIN alert_reads r ON r.alert_id = a.id AND r.user_id = $2
     WHERE a.collection = ANY($1::text[])
     ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
    // The window counts are taken before the limit: the totals are of every visible alert.
    [collections, userIdOf(caller), limit],
  );
  const docs = rows.map((row) => ({
    id: row.id, rule: row.rule_name, form: row.form_id, submission: row.submission_id, reference: row.reference,
    subject: fillTemplate(row.subject, valuesOf(row, registry.collections.get(row.collection)?.form?.compiled ?? null, '')), createdAt: row.created_at.toISOString(), read: row.read,
  }));
  return { docs, totalDocs: rows[0]?.total ?? 0, unread: rows[0]?.unread ?? 0 };
}

export async function unreadCount(db: Queryable, caller: Caller, registry: Registry): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    `SELECT count(*)::int AS unread FROM alerts a WHERE a.collection = ANY($1::text[])
     AND NOT EXISTS (SELECT 1 FROM alert_reads r WHERE r.alert_id = a.id AND r.user_id = $2)`,
    [alertsVisibleTo(caller, registry), userIdOf(caller)],
  );
  return rows[0].unread;
}

/** Marks an alert read for the caller; false when it is not one they may see. */
export async function markRead(db: Queryable, caller: Caller, registry: Registry, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO alert_reads (alert_id, user_id) SELECT id, $3 FROM alerts WHERE id = $1 AND collection = ANY($2::text[]) ON CONFLICT DO NOTHING`,
    [id, alertsVisibleTo(caller, registry), userIdOf(caller)],
  );
  if (rowCount) return true;
  const { rows } = await db.query('SELECT 1 FROM alerts WHERE id = $1 AND collection = ANY($2::text[])', [id, alertsVisibleTo(caller, registry)]);
  return rows.length > 0;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The admins' delivery log, newest first. */
export async function deliveryLog(db: Queryable, limit: number): Promise<{ docs: AlertDelivery[]; totalDocs: number }> {
  const { rows } = await db.query<Record<string, unknown> & { total: number }>(
    `SELECT d.*, a.rule_name, a.form_id, a.submission_id, a.reference, count(*) OVER ()::int AS total
     FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id ORDER BY d.queued_at DESC, d.id DESC LIMIT $1`,
    [limit],
  );
  const docs = rows.map((row) => ({
    id: row.id as number, alert: row.alert_id as number, rule: row.rule_name as string, form: row.form_id as string, submission: row.submission_id as number,
    reference: row.reference as string, channel: row.channel as AlertDelivery['channel'], recipient: row.recipient as string, messageId: row.message_id as string,
    state: row.state as AlertDelivery['state'], attempts: row.attempts as number, lastError: (row.last_error as string | null) ?? null,
    responseStatus: (row.response_status as number | null) ?? null, responseMs: (row.response_ms as number | null) ?? null,
    nextAttemptAt: row.state === 'queued' || row.state === 'retrying' ? iso(row.next_attempt_at as Date) : null,
    sentAt: iso(row.sent_at as Date | null), queuedAt: (row.queued_at as Date).toISOString(),
  }));
  return { docs, totalDocs: rows[0]?.total ?? 0 };
}

/** Queues a delivery again, now, with its 24 hours starting again; false when there is no such delivery. */
export async function resend(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE alert_deliveries SET state = 'queued', next_attempt_at = now(), queued_at = now(), last_error = NULL WHERE id = $1`,
    [id],
  );
  return rowCount > 0;
}
