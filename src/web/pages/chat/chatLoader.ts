// The loader of /chat and /chat/old: the signed-in staff member (else to /login and back), whether
// an assistant is configured, their conversations, and on /chat?conversation=<id> that one's messages.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { type StaffMe } from '../../staff/requireStaff.ts';
import { staffRequest } from '../../staff/staffRequest.ts';
import type { ChatMessage, ConversationSummary } from './chatApi.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ChatRef = PageOf<'chat'>;

export interface ChatData extends PageData {
  view: 'chat' | 'history';
  me: StaffMe;
  /** false: the server has no assistant; null: this account may not chat (an employee). */
  configured: boolean | null;
  conversations: ConversationSummary[];
  open: { conversation: ConversationSummary; messages: ChatMessage[] } | null;
}

/** The answer of a read, or null when it was refused (any status but 200). */
async function readOrNull<T>(path: string, signal: AbortSignal): Promise<T | null> {
  const answer = await staffRequest<T>('GET', path, undefined, signal);
  return answer.status === 200 ? answer.body : null;
}

export const loadPage: LoadPage<ChatRef, ChatData> = async ({ page, url, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const base = { languages: page.languages, view: page.view ?? 'chat', me } as const;
  const config = await readOrNull<{ configured: boolean }>('/api/chat/config', signal);
  if (!config) return { ...base, configured: null, conversations: [], open: null };
  const wanted = url.searchParams.get('conversation');
  const [list, open] = await Promise.all([
    readOrNull<{ docs: ConversationSummary[] }>('/api/chat/conversations', signal),
    wanted && /^\d{1,9}$/.test(wanted) ? readOrNull<ChatData['open']>(`/api/chat/conversations/${wanted}`, signal) : null,
  ]);
  return { ...base, configured: config.configured, conversations: list?.docs ?? [], open: open ?? null };
};
