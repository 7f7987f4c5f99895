// Who did what and when: every staff read of a submission with personal data, every export and
// every content or user change is recorded here, and admins read it (permission 'read-audit').
import type { Queryable } from '../../core/db/db.ts';
import type { Caller } from '../../core/access/caller.ts';
import type { AuditLogEntry } from '../../../engine/contract/audit.ts';

export type AuditAction =
  | 'read-submission'
  | 'update-followup'
  | 'reply-to-guest'
  | 'export-submissions'
  | 'read-upload'
  | 'create-content'
  | 'update-content'
  | 'delete-content'
  | 'update-global'
  | 'upload-media'
  | 'save-user'
  | 'save-preferences'
  | 'change-roles'
  | 'sign-in'
  | 'sign-out'
  | 'resend-alert'
  | 'retention-delete'
  | 'privacy-search'
  | 'privacy-export'
  | 'privacy-erase'
  | 'privacy-hold'
  | 'privacy-release'
  | 'waiver-check-in'
  | 'waiver-open'
  | 'party-create'
  | 'case-clock-step'
  | 'reporter-message'
  | 'reporter-state'
  | 'case-exclusion'
  | 'reporter-clock-step'
  | 'recovery-survey-sent';

/** What a feature records: the staff member and the time are the log's own. */
export interface AuditRecord {
  action: AuditAction;
  /** The collection or global slug, or 'users'. */
  target: string;
  /** The document id or reference concerned, when there is one. */
  documentId?: string | number | null;
  /** Small, non-personal detail (e.g. the fields changed, the filter of an export). */
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Queryable, caller: Caller, entry: AuditRecord): Promise<void> {
  const user = caller.kind === 'staff' ? caller.user : null;
  await db.query('INSERT INTO audit_log (user_id, user_email, action, target, document_id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    user?.id ?? null,
    user?.email ?? null,
    entry.action,
    entry.target,
    entry.documentId === undefined || entry.documentId === null ? null : String(entry.documentId),
    entry.detail ? JSON.stringify(entry.detail) : null,
  ]);
}

/** Newest first, paged like Payload lists (page from 1). */
export async function listAudit(db: Queryable, page: number, limit: number): Promise<{ docs: AuditLogEntry[]; totalDocs: number }> {
  const { rows: count } = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM audit_log');
  const { rows } = await db.query<{
    id: number;
    at: Date;
    user_id: number | null;
    user_email: string | null;
    action: AuditAction;
    target: string;
    document_id: string | null;
    detail: Record<string, unknown> | null;
  }>('SELECT * FROM audit_log ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2', [limit, (page - 1) * limit]);
  return {
    totalDocs: count[0].total,
    docs: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      userId: row.user_id,
      userEmail: row.user_email,
      action: row.action,
      target: row.target,
      documentId: row.document_id,
      detail: row.detail,
    })),
  };
}
