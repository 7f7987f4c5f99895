// Reading and changing a submission's follow-up. Notes are append-only: each keeps its author and
// time, so the notes table is their own record (the audit log says a note was added, not its text).
// A note's words (and an outcome's) about a confidential submission are sealed with its data key
// (features/sealed sealTextOf): they go in through applyFollowUpChange and out through readFollowUp.
import type { Queryable } from '../../core/db/db.ts';
import type { UserRow } from '../../core/access/staff-users.ts';
import type { CaseDue, FollowUp, FollowUpEvent, FollowUpOutcome, FollowUpState, FollowUpSummary, StaffMember } from '../../../engine/contract/followup.ts';
import type { Sealer } from '../sealed/index.ts';
import { readCaseClock } from './case-clock.ts';

interface FollowUpRow {
  document_id: number;
  state: FollowUpState;
  assignee_id: number | null;
  resolved_by: number | null;
  resolved_at: Date | null;
  outcome: FollowUpOutcome | null;
  outcome_note: string | null;
  [key: string]: unknown;
}

// Over a case's clocks (case_clocks c): they run while it is neither resolved nor waiting for the
// guest (a paused clock stands still, case-clock.ts), and it is next due at its first response when
// none was given yet, else at its resolution.
const CLOCK_RUNS = 'c.resolved_at IS NULL AND c.paused_at IS NULL';
const NEXT_DUE = 'LEAST(CASE WHEN c.first_response_at IS NULL THEN c.first_response_due_at END, c.resolve_due_at)';
/** When the case (a `documents` row) is next due: NULL when no policy matched, it is resolved, waits for the guest, or every clock is met. */
const CASE_DUE_SQL = `(SELECT ${NEXT_DUE} FROM case_clocks c WHERE c.document_id = documents.id AND ${CLOCK_RUNS})`;
/**
 * A submission whose case is overdue: its clocks run and it was next due before now. Waiting for the
 * guest is not overdue (the console home and navigation count these, features/home; the list filters on them).
 */
export const CASE_OVERDUE_SQL = `EXISTS (SELECT 1 FROM case_clocks c WHERE c.document_id = documents.id AND ${CLOCK_RUNS} AND ${NEXT_DUE} < now())`;

/** The list's filter and sort columns, as collections/where.ts resolves a path (kept here with the tables). */
export const FOLLOW_UP_COLUMNS = {
  'followUp.state': { sql: `COALESCE((SELECT f.state FROM followups f WHERE f.document_id = documents.id), 'new')`, kind: 'text' },
  'followUp.assignee': { sql: `(SELECT f.assignee_id FROM followups f WHERE f.document_id = documents.id)`, kind: 'number' },
  'followUp.outcome': { sql: `(SELECT f.outcome FROM followups f WHERE f.document_id = documents.id)`, kind: 'text' },
  'followUp.due': { sql: CASE_DUE_SQL, kind: 'date' },
  'followUp.overdue': { sql: CASE_OVERDUE_SQL, kind: 'boolean' },
} as const;

/** The condition (over a `documents` row) of a submission whose follow-up is in progress: taken up, not resolved (the console home counts them). */
export const FOLLOW_UP_IN_PROGRESS_SQL = `EXISTS (SELECT 1 FROM followups f WHERE f.document_id = documents.id AND f.state = 'in-progress')`;

/**
 * Select-list items giving each documents row its follow-up for the CSV export (notes, and the
 * outcome's note, stay in the console): state, assignee, the outcome and when it was resolved (a
 * resolved case's), when it is next due and whether it is overdue (as the list's columns say).
 */
export const FOLLOW_UP_EXPORT_SQL = `COALESCE((SELECT f.state FROM followups f WHERE f.document_id = documents.id), 'new') AS followup_state,
  (SELECT u.email FROM followups f JOIN users u ON u.id = f.assignee_id WHERE f.document_id = documents.id) AS followup_assignee,
  (SELECT f.outcome FROM followups f WHERE f.document_id = documents.id AND f.state = 'resolved') AS followup_outcome,
  (SELECT f.resolved_at FROM followups f WHERE f.document_id = documents.id AND f.state = 'resolved') AS followup_resolved_at,
  ${CASE_DUE_SQL} AS followup_due_at,
  ${CASE_OVERDUE_SQL} AS followup_overdue`;

const member = (user: Pick<UserRow, 'id' | 'name' | 'email'>): StaffMember => ({ id: user.id, name: user.name, email: user.email });

async function staffMembers(db: Queryable, ids: (number | null)[]): Promise<Map<number, StaffMember>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<UserRow>('SELECT id, name, email FROM users WHERE id = ANY($1::int[])', [wanted]);
  return new Map(rows.map((row) => [row.id, member(row)]));
}

/** When each case is due (the list's columns above, so the badges and the filters agree), for a list page. */
async function dues(db: Queryable, documentIds: number[]): Promise<Map<number, CaseDue | null>> {
  const { rows } = await db.query<{ id: number; due_at: Date | null; overdue: boolean; paused: boolean; open: boolean }>(
    `SELECT documents.id, ${CASE_DUE_SQL} AS due_at, ${CASE_OVERDUE_SQL} AS overdue,
       EXISTS (SELECT 1 FROM case_clocks c WHERE c.document_id = documents.id AND c.resolved_at IS NULL AND c.paused_at IS NOT NULL) AS paused,
       EXISTS (SELECT 1 FROM case_clocks c WHERE c.document_id = documents.id AND c.resolved_at IS NULL) AS open
     FROM documents WHERE documents.id = ANY($1::int[])`,
    [documentIds],
  );
  return new Map(rows.map((row) => [row.id, row.open ? { at: row.due_at ? row.due_at.toISOString() : null, overdue: row.overdue, paused: row.paused } : null]));
}

/** State, assignee, outcome and due time of each submission (absent: new, nobody), for a list page. */
export async function followUpSummaries(db: Queryable, documentIds: number[]): Promise<Map<number, FollowUpSummary>> {
  if (documentIds.length === 0) return new Map();
  const { rows } = await db.query<FollowUpRow>('SELECT * FROM followups WHERE document_id = ANY($1::int[])', [documentIds]);
  const people = await staffMembers(
    db,
    rows.map((row) => row.assignee_id),
  );
  const due = await dues(db, documentIds);
  const byId = new Map(rows.map((row) => [row.document_id, row]));
  return new Map(
    documentIds.map((id) => {
      const row = byId.get(id);
      return [
        id,
        {
          state: row?.state ?? 'new',
          assignee: row?.assignee_id ? (people.get(row.assignee_id) ?? null) : null,
          outcome: row?.outcome ?? null,
          due: due.get(id) ?? null,
        },
      ];
    }),
  );
}

type HistoryRow = {
  id: number;
  at: Date;
  user_id: number | null;
  detail: { state?: FollowUpState; from?: FollowUpState; outcome?: FollowUpOutcome; by?: string };
};

/** The follow-up's audit entries that changed its state or named an outcome (a save of the assignee alone repeats the state: left out). */
const historyOf = (db: Queryable, documentId: number) =>
  db.query<HistoryRow>(
    `SELECT id, at, user_id, detail FROM audit_log WHERE action = 'update-followup' AND document_id = $1
       AND (detail ? 'outcome' OR (detail ? 'state' AND detail->>'state' IS DISTINCT FROM detail->>'from')) ORDER BY id`,
    [String(documentId)],
  );

export async function readFollowUp(sealer: Sealer, db: Queryable, documentId: number): Promise<FollowUp> {
  const { rows } = await db.query<FollowUpRow>('SELECT * FROM followups WHERE document_id = $1', [documentId]);
  const { rows: notes } = await db.query<{ id: number; author_id: number | null; text: string; created_at: Date }>(
    'SELECT * FROM followup_notes WHERE document_id = $1 ORDER BY id',
    [documentId],
  );
  const { rows: history } = await historyOf(db, documentId);
  const row = rows[0];
  const people = await staffMembers(db, [
    row?.assignee_id ?? null,
    row?.resolved_by ?? null,
    ...notes.map((note) => note.author_id),
    ...history.map((entry) => entry.user_id),
  ]);
  const person = (id: number | null | undefined) => (id ? (people.get(id) ?? null) : null);
  const open = await sealer.textOpener(db, documentId);
  return {
    state: row?.state ?? 'new',
    assignee: person(row?.assignee_id),
    resolvedBy: row?.state === 'resolved' ? person(row.resolved_by) : null,
    resolvedAt: row?.state === 'resolved' && row.resolved_at ? row.resolved_at.toISOString() : null,
    outcome: row?.state === 'resolved' ? row.outcome : null,
    outcomeNote: row?.state === 'resolved' && row.outcome_note !== null ? open(row.outcome_note) : null,
    notes: notes.map((note) => ({ id: note.id, author: person(note.author_id), text: open(note.text), createdAt: note.created_at.toISOString() })),
    history: history.map(({ id, at, user_id, detail }): FollowUpEvent => ({
      id,
      at: at.toISOString(),
      by: person(user_id),
      byGuest: detail.by === 'guest',
      from: detail.from ?? null,
      state: detail.state ?? null,
      outcome: detail.outcome ?? null,
    })),
    clock: await readCaseClock(db, documentId),
  };
}

export interface CheckedChange {
  state?: FollowUpState;
  /** Given with resolving (engine/cases/workflow.ts), or to correct a resolved case's. */
  outcome?: FollowUpOutcome;
  /** Trimmed, not empty, within FOLLOW_UP_NOTE_MAX_LENGTH; only with an outcome. */
  outcomeNote?: string;
  /** null: nobody. */
  assigneeId?: number | null;
  /** Trimmed, not empty, within FOLLOW_UP_NOTE_MAX_LENGTH. */
  note?: string;
}

/** Applies a checked change by `userId` in `tx`; answers the id of the note added, if any. */
export async function applyFollowUpChange(sealer: Sealer, tx: Queryable, documentId: number, userId: number, change: CheckedChange): Promise<number | null> {
  if (change.state !== undefined || change.assigneeId !== undefined || change.outcome !== undefined) {
    // Resolving records who, when and the outcome; leaving "resolved" (reopening) forgets them all;
    // resolving again keeps the first who and when; an outcome given anew replaces the outcome and its note.
    await tx.query(
      `INSERT INTO followups AS f (document_id, state, assignee_id, resolved_by, resolved_at, updated_by, outcome, outcome_note)
       VALUES ($1, COALESCE($2::text, 'new'), $3::int, CASE WHEN $2::text = 'resolved' THEN $5::int END, CASE WHEN $2::text = 'resolved' THEN now() END, $5::int,
         CASE WHEN $2::text = 'resolved' THEN $6::text END, CASE WHEN $2::text = 'resolved' THEN $7::text END)
       ON CONFLICT (document_id) DO UPDATE SET
         state = COALESCE($2::text, f.state),
         assignee_id = CASE WHEN $4::boolean THEN $3::int ELSE f.assignee_id END,
         resolved_by = CASE WHEN COALESCE($2::text, f.state) <> 'resolved' THEN NULL WHEN f.state = 'resolved' THEN f.resolved_by ELSE $5::int END,
         resolved_at = CASE WHEN COALESCE($2::text, f.state) <> 'resolved' THEN NULL WHEN f.state = 'resolved' THEN f.resolved_at ELSE now() END,
         outcome = CASE WHEN COALESCE($2::text, f.state) <> 'resolved' THEN NULL ELSE COALESCE($6::text, f.outcome) END,
         outcome_note = CASE WHEN COALESCE($2::text, f.state) <> 'resolved' THEN NULL WHEN $6::text IS NOT NULL THEN $7::text ELSE f.outcome_note END,
         updated_at = now(), updated_by = $5::int`,
      [
        documentId,
        change.state ?? null,
        change.assigneeId ?? null,
        change.assigneeId !== undefined,
        userId,
        change.outcome ?? null,
        change.outcomeNote === undefined ? null : await sealer.sealTextOf(tx, documentId, change.outcomeNote),
      ],
    );
  }
  if (change.note === undefined) return null;
  const { rows } = await tx.query<{ id: number }>('INSERT INTO followup_notes (document_id, author_id, text) VALUES ($1, $2, $3) RETURNING id', [
    documentId,
    userId,
    await sealer.sealTextOf(tx, documentId, change.note),
  ]);
  return rows[0].id;
}
