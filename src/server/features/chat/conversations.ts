// Each staff member's chat conversations (migration 30): a conversation belongs to one user, who
// alone lists and opens it; the assistant's side of the history is kept by the Responses API and
// reached through the conversation's last response id.
import type { ChatMessage, ConversationSummary } from '../../../engine/contract/chat.ts';
import type { Queryable } from '../../core/db/db.ts';

/** The first words of the first question name a conversation in the list. */
const TITLE_LENGTH = 80;

interface ConversationRow {
  id: number;
  title: string;
  last_response_id: string | null;
  created_at: Date;
  updated_at: Date;
  [key: string]: unknown;
}

const summary = (row: ConversationRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export function titleOf(question: string): string {
  const words = question.replace(/\s+/g, ' ').trim();
  return words.length <= TITLE_LENGTH ? words : `${words.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

export async function listConversations(db: Queryable, userId: number, limit: number): Promise<ConversationSummary[]> {
  const { rows } = await db.query<ConversationRow>('SELECT * FROM chat_conversations WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2', [
    userId,
    limit,
  ]);
  return rows.map(summary);
}

/** The user's own conversation, or null (someone else's is as unknown as a missing one). */
export async function findConversation(db: Queryable, userId: number, id: number): Promise<(ConversationSummary & { lastResponseId: string | null }) | null> {
  const { rows } = await db.query<ConversationRow>('SELECT * FROM chat_conversations WHERE id = $1 AND user_id = $2', [id, userId]);
  return rows[0] ? { ...summary(rows[0]), lastResponseId: rows[0].last_response_id } : null;
}

export async function startConversation(db: Queryable, userId: number, question: string): Promise<ConversationSummary & { lastResponseId: null }> {
  const { rows } = await db.query<ConversationRow>('INSERT INTO chat_conversations (user_id, title) VALUES ($1, $2) RETURNING *', [userId, titleOf(question)]);
  return { ...summary(rows[0]), lastResponseId: null };
}

export async function conversationMessages(db: Queryable, conversationId: number): Promise<ChatMessage[]> {
  const { rows } = await db.query<{ id: number; role: 'user' | 'assistant'; text: string; created_at: Date }>(
    'SELECT id, role, text, created_at FROM chat_messages WHERE conversation_id = $1 ORDER BY id',
    [conversationId],
  );
  return rows.map((row) => ({ id: row.id, role: row.role, text: row.text, createdAt: row.created_at.toISOString() }));
}

export async function addMessage(
  db: Queryable,
  conversationId: number,
  role: 'user' | 'assistant',
  text: string,
  responseId: string | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO chat_messages (conversation_id, role, text, response_id) VALUES ($1, $2, $3, $4) RETURNING id', [
    conversationId,
    role,
    text,
    responseId,
  ]);
  await db.query('UPDATE chat_conversations SET updated_at = now(), last_response_id = COALESCE($2, last_response_id) WHERE id = $1', [
    conversationId,
    responseId,
  ]);
  return rows[0].id;
}
