// What the staff chat's page and server share: the question's limit (the page stops typing at it
// and the server refuses beyond it) and the shapes the server sends (lists, messages, stream events).
/** Long enough for a pasted paragraph or two; the assistant's context is the real limit. */
export const QUESTION_MAX_LENGTH = 4000;

export interface ConversationSummary {
  id: number;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  createdAt: string;
}

/** The Server-Sent Events of an answer, in order: the conversation (new or continued), deltas, then done or error. */
export type ChatStreamEvent =
  | { event: 'conversation'; data: { id: number; title: string } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { text: string; messageId: number } }
  | { event: 'error'; data: { message: string } };
