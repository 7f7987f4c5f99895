// A case's thread: its messages, oldest first, each reply with the state of its email on the
// outbox (queued until a mail server takes it). Staff authors by name (else email). An entry of a
// `kind` (the recovery survey's email, features/recovery) has the email of that outbox kind; a guest's
// answer may have its photo, opened through the uploads file route (the submission's read check).
import type { Queryable } from '../../core/db/db.ts';
import { CASE_PHOTO_RULE, type CaseMessage } from '../../../engine/contract/cases.ts';
import type { Sealer } from '../sealed/index.ts';
import { CASE_REPLY_KIND } from './reply-email.ts';

type MessageRow = {
  id: number;
  direction: CaseMessage['direction'];
  text: string;
  created_at: Date;
  author_name: string | null;
  author_email: string | null;
  state: NonNullable<CaseMessage['delivery']>['state'] | null;
  last_error: string | null;
  kind: CaseMessage['kind'] | null;
  photo_name: string | null;
  photo_type: string | null;
};

const THREAD_SQL = `SELECT m.id, m.direction, m.text, m.created_at, m.kind, u.name AS author_name, u.email AS author_email, o.state, o.last_error,
    p.data->>'filename' AS photo_name, p.data->>'mimeType' AS photo_type
  FROM case_messages m
  LEFT JOIN users u ON u.id = m.author_id
  LEFT JOIN outbox o ON o.kind = COALESCE(m.kind, '${CASE_REPLY_KIND}') AND o.source_id = m.id AND o.document_id = m.document_id
  LEFT JOIN documents p ON p.id = m.photo_id`;

/** Where staff open a stored photo: the uploads feature's file route. */
export const staffPhotoUrl = (filename: string) => `/api/${CASE_PHOTO_RULE.collection}/file/${encodeURIComponent(filename)}`;

function toMessage(row: MessageRow): CaseMessage {
  const delivery = row.state ? { state: row.state, ...(row.state === 'failed' && row.last_error ? { error: row.last_error } : {}) } : null;
  return {
    id: row.id,
    direction: row.direction,
    text: row.text,
    author: row.direction === 'to-guest' ? (row.author_name ?? row.author_email) : null,
    createdAt: row.created_at.toISOString(),
    delivery: row.direction === 'to-guest' ? (delivery ?? { state: 'queued' }) : null,
    ...(row.photo_name && row.photo_type ? { photo: { url: staffPhotoUrl(row.photo_name), mimeType: row.photo_type } } : {}),
    ...(row.kind ? { kind: row.kind } : {}),
  };
}

/** A confidential submission's thread (a reporter's case) is stored sealed with its key: opened here. */
export async function readThread(sealer: Sealer, db: Queryable, documentId: number): Promise<CaseMessage[]> {
  const { rows } = await db.query<MessageRow>(`${THREAD_SQL} WHERE m.document_id = $1 ORDER BY m.id`, [documentId]);
  const open = await sealer.textOpener(db, documentId);
  return rows.map((row) => toMessage({ ...row, text: open(row.text) }));
}

export async function readMessage(db: Queryable, id: number): Promise<CaseMessage> {
  const { rows } = await db.query<MessageRow>(`${THREAD_SQL} WHERE m.id = $1`, [id]);
  return toMessage(rows[0]);
}

/** The messages of some submissions, oldest first, for a data-subject export (features/privacy): who wrote a reply stays out. */
export async function messagesOfSubmissions(
  db: Queryable,
  documentIds: readonly number[],
): Promise<Map<number, { at: string; direction: CaseMessage['direction']; text: string }[]>> {
  const messages = new Map<number, { at: string; direction: CaseMessage['direction']; text: string }[]>();
  if (documentIds.length === 0) return messages;
  const { rows } = await db.query<{ document_id: number; created_at: Date; direction: CaseMessage['direction']; text: string }>(
    'SELECT document_id, created_at, direction, text FROM case_messages WHERE document_id = ANY($1::int[]) ORDER BY id',
    [documentIds],
  );
  for (const row of rows)
    messages.set(row.document_id, [...(messages.get(row.document_id) ?? []), { at: row.created_at.toISOString(), direction: row.direction, text: row.text }]);
  return messages;
}
