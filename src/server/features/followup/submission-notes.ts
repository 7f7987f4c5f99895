// The internal notes of some submissions, oldest first, for a data-subject export (features/privacy):
// what staff wrote about the person belongs to what is held about them, the note given with a
// resolved case's outcome included. Who wrote it stays out.
import type { Queryable } from '../../core/db/db.ts';

export async function notesOfSubmissions(db: Queryable, documentIds: readonly number[]): Promise<Map<number, { at: string; text: string }[]>> {
  const notes = new Map<number, { at: string; text: string }[]>();
  if (documentIds.length === 0) return notes;
  const { rows } = await db.query<{ document_id: number; created_at: Date; text: string }>(
    `SELECT document_id, created_at, text FROM (
       SELECT document_id, created_at, text, id FROM followup_notes WHERE document_id = ANY($1::int[])
       UNION ALL
       SELECT document_id, resolved_at, outcome_note, NULL FROM followups
       WHERE document_id = ANY($1::int[]) AND state = 'resolved' AND outcome_note IS NOT NULL AND resolved_at IS NOT NULL
     ) written ORDER BY created_at, id NULLS LAST`,
    [documentIds],
  );
  for (const row of rows) notes.set(row.document_id, [...(notes.get(row.document_id) ?? []), { at: row.created_at.toISOString(), text: row.text }]);
  return notes;
}
