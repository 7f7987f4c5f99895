// Reading and changing a submission's follow-up. Notes are append-only: each keeps its author and
// time, so the notes table is their own record (the audit log says a note was added, not its text).
import type { Queryable } from '../../core/db/db.ts';
import type { UserRow } from '../../core/access/staff-users.ts';
import type { FollowUp, FollowUpState, FollowUpSummary, StaffMember } from '../../../engine/contract/followup.ts';
import { readCaseClock } from './case-clock.ts';

interface FollowUpRow {
  document_id: number;
  state: FollowUpState;
  assignee_id: number | null;
  resolved_by: number | null;
  resolved_at: Date | null;
  [key: string]: unknown;
}

/** The list's filter columns, as collections/where.ts resolves a path (kept here with the tables). */
export const FOLLOW_UP_COLUMNS = {
  'followUp.state': { sql: `COALESCE((SELECT f.state FROM followups f WHERE f.document_id = documents.id), 'new')`, kind: 'text' },
  'followUp.assignee': { sql: `(SELECT f.assignee_id FROM followups f WHERE f.document_id = documents.id)`, kind: 'number' },
} as const;

/** The condition (over a `documents` row) of a submission whose follow-up is in progress: taken up, not resolved (the console home counts them). */
export const FOLLOW_UP_IN_PROGRESS_SQL = `EXISTS (SELECT 1 FROM followups f WHERE f.document_id = documents.id AND f.state = 'in-progress')`;
/**
 * A submission whose case is overdue (case-clock.ts's rule, in SQL): not resolved, and its first response or its
 * resolution due before now (or before it was paused, waiting for the guest: a paused clock stands still).
 */
export const CASE_OVERDUE_SQL = `EXISTS (SELECT 1 FROM case_clocks c WHERE c.document_id = documents.id AND c.resolved_at IS NULL AND (
  (c.first_response_at IS NULL AND c.first_response_due_at < COALESCE(c.paused_at, now())) OR c.resolve_due_at < COALESCE(c.paused_at, now())))`;

/** Select-list items giving each documents row its follow-up for the CSV export (notes stay in the console). */
export const FOLLOW_UP_EXPORT_SQL = `COALESCE((SELECT f.state FROM followups f WHERE f.document_id = documents.id), 'new') AS followup_state,
  (SELECT u.email FROM followups f JOIN users u ON u.id = f.assignee_id WHERE f.document_id = documents.id) AS followup_assignee`;

const member = (user: Pick<UserRow, 'id' | 'name' | 'email'>): StaffMember => ({ id: user.id, name: user.name, email: user.email });

async function staffMembers(db: Queryable, ids: (number | null)[]): Promise<Map<number, StaffMember>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<UserRow>('SELECT id, name, email FROM users WHERE id = ANY($1::int[])', [wanted]);
  return new Map(rows.map((row) => [row.id, member(row)]));
}

/** State and assignee of each submission (absent: new, nobody), for a list page. */
export async function followUpSummaries(db: Queryable, documentIds: number[]): Promise<Map<number, FollowUpSummary>> {
  const { rows } = documentIds.length ? await db.query<FollowUpRow>('SELECT * FROM followups WHERE document_id = ANY($1::int[])', [documentIds]) : { rows: [] };
  const people = await staffMembers(
    db,
    rows.map((row) => row.assignee_id),
  );
  const byId = new Map(rows.map((row) => [row.document_id, row]));
  return new Map(
    documentIds.map((id) => {
      const row = byId.get(id);
      return [id, { state: row?.state ?? 'new', assignee: row?.assignee_id ? (people.get(row.assignee_id) ?? null) : null }];
    }),
  );
}

export async function readFollowUp(db: Queryable, documentId: number): Promise<FollowUp> {
  const { rows } = await db.query<FollowUpRow>('SELECT * FROM followups WHERE document_id = $1', [documentId]);
  const { rows: notes } = await db.query<{ id: number; author_id: number | null; text: string; created_at: Date }>(
    'SELECT * FROM followup_notes WHERE document_id = $1 ORDER BY id',
    [documentId],
  );
  const row = rows[0];
  const people = await staffMembers(db, [row?.assignee_id ?? null, row?.resolved_by ?? null, ...notes.map((note) => note.author_id)]);
  const person = (id: number | null | undefined) => (id ? (people.get(id) ?? null) : null);
  return {
    state: row?.state ?? 'new',
    assignee: person(row?.assignee_id),
    resolvedBy: row?.state === 'resolved' ? person(row.resolved_by) : null,
    resolvedAt: row?.state === 'resolved' && row.resolved_at ? row.resolved_at.toISOString() : null,
    notes: notes.map((note) => ({ id: note.id, author: person(note.author_id), text: note.text, createdAt: note.created_at.toISOString() })),
    clock: await readCaseClock(db, documentId),
  };
}

export interface CheckedChange {
  state?: FollowUpState;
  /** null: nobody. */
  assigneeId?: number | null;
  /** Trimmed, not empty, within FOLLOW_UP_NOTE_MAX_LENGTH. */
  note?: string;
}

/** Applies a checked change by `userId` in `tx`; answers the id of the note added, if any. */
export async function applyFollowUpChange(tx: Queryable, documentId: number, userId: number, change: CheckedChange): Promise<number | null> {
  if (change.state !== undefined || change.assigneeId !== undefined) {
    // Resolving records who and when; leaving "resolved" forgets them; resolving again keeps the first.
    await tx.query(
      `INSERT INTO followups AS f (document_id, state, assignee_id, resolved_by, resolved_at, updated_by)
       VALUES ($1, COALESCE($2::text, 'new'), $3::int, CASE WHEN $2::text = 'resolved' THEN $5::int END, CASE WHEN $2::text = 'resolved' THEN now() END, $5::int)
       ON CONFLICT (document_id) DO UPDATE SET
         state = COALESCE($2::text, f.state),
         assignee_id = CASE WHEN $4::boolean THEN $3::int ELSE f.assignee_id END,
         resolved_by = CASE WHEN COALESCE($2::text, f.state) <> 'resolved' THEN NULL WHEN f.state = 'resolved' THEN f.resolved_by ELSE $5::int END,
         resolved_at = CASE WHEN COALESCE($2::text, f.state) <> 'resolved' THEN NULL WHEN f.state = 'resolved' THEN f.resolved_at ELSE now() END,
         updated_at = now(), updated_by = $5::int`,
      [documentId, change.state ?? null, change.assigneeId ?? null, change.assigneeId !== undefined, userId],
    );
  }
  if (change.note === undefined) return null;
  const { rows } = await tx.query<{ id: number }>('INSERT INTO followup_notes (document_id, author_id, text) VALUES ($1, $2, $3) RETURNING id', [
    documentId,
    userId,
    change.note,
  ]);
  return rows[0].id;
}
