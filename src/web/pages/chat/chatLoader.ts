// The loader of /chat and /chat/old: the signed-in staff member (else to /login and back), whether
// an assistant is configured, their conversations, and on /chat?conversation=<id> that one's messages.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { requireSignIn, type StaffMe } from '../../shell/requireSignIn.ts';
import { staffGet, type ChatMessage, type ConversationSummary } from './chatApi.ts';

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

export const loadPage: LoadPage<ChatRef, ChatData> = async ({ page, url, signal }) => {
  const me = await requireSignIn(url.href);
  const base = { languages: page.languages, view: page.view ?? 'chat', me } as const;
  const config = await staffGet<{ configured: boolean }>('/api/chat/config', signal);
  if (config.status === 403 || !config.body) return { ...base, configured: null, conversations: [], open: null };
  const wanted = url.searchParams.get('conversation');
  const [list, open] = await Promise.all([
    staffGet<{ docs: ConversationSummary[] }>('/api/chat/conversations', signal),
    wanted && /^\d{1,9}$/.test(wanted) ? staffGet<ChatData['open']>(`/api/chat/conversations/${wanted}`, signal) : null,
  ]);
  return { ...base, configured: config.body.configured, conversations: list.body?.docs ?? [], open: open?.body ?? null };
};
