// /chat: a staff member asks the company assistant and reads the answer as it is written, with
// '#source' where a document is cited; their recent conversations beside it. /chat/old: every past
// conversation, each opening on /chat?conversation=<id>.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useSearchParams } from 'react-router-dom';
import { useShell } from '../../shell/ShellContext.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { askQuestion, type ChatMessage, type ConversationSummary } from './chatApi.ts';
import type { ChatData } from './chatLoader.ts';
import { QUESTION_MAX_LENGTH } from '../../../engine/contract/chat.ts';
import './chat.css';

/** How many recent conversations /chat lists beside the chat (all of them are on /chat/old). */
const RECENT = 8;

export default function ChatPage() {
  const data = useLoaderData() as ChatData;
  const { t } = useTranslation();
  const history = data.view === 'history';
  return (
    <div className="chat">
      <header className="chat-intro">
        <h1>{t(history ? 'chatOldTitle' : 'chatTitle')}</h1>
        <p>{t('chatIntro')}</p>
      </header>
      {data.configured === null ? (
        <p className="chat-notice" role="status">
          {t('chatNoAccess')}
        </p>
      ) : history ? (
        <ConversationList conversations={data.conversations} />
      ) : (
        <>
          {/* A new conversation is remounted once it has an id, and then shows what the server kept. */}
          <Conversation key={data.open?.conversation.id ?? 'new'} configured={data.configured} initial={data.open} />
          <RecentConversations conversations={data.conversations} current={data.open?.conversation.id ?? null} />
        </>
      )}
    </div>
  );
}

interface Shown {
  id: number | string;
  role: 'user' | 'assistant';
  text: string;
}

function Conversation({ configured, initial }: { configured: boolean; initial: ChatData['open'] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const questionId = useId();
  const errorId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [messages, setMessages] = useState<Shown[]>(() => (initial?.messages ?? []).map((m: ChatMessage) => ({ id: m.id, role: m.role, text: m.text })));
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const conversation = useRef<number | null>(initial?.conversation.id ?? null);

  useEffect(() => {
    if ((location.state as { focusQuestion?: boolean } | null)?.focusQuestion) input.current?.focus();
  }, [location.state]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const content = question.trim();
    if (!content) {
      setError(t('chatQuestionRequired'));
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const answerId = `answer-${Date.now()}`;
    setMessages((shown) => [...shown, { id: `question-${answerId}`, role: 'user', text: content }, { id: answerId, role: 'assistant', text: '' }]);
    setQuestion('');
    const setAnswer = (update: (text: string) => string) => setMessages((shown) => shown.map((m) => (m.id === answerId ? { ...m, text: update(m.text) } : m)));
    let finished = false;
    const outcome = await askQuestion(content, conversation.current, (answer) => {
      if (answer.event === 'conversation') conversation.current = answer.data.id;
      else if (answer.event === 'delta') setAnswer((text) => text + answer.data.text);
      else if (answer.event === 'done') {
        finished = true;
        setAnswer(() => answer.data.text);
      } else if (answer.event === 'error') setError(t('chatFailed'));
    });
    setBusy(false);
    if (outcome.kind === 'unreachable') setError(t('chatUnreachable'));
    else if (outcome.kind === 'refused') {
      setError(
        outcome.status === 503
          ? t('chatNotConfigured')
          : outcome.status === 403
            ? t('chatNoAccess')
            : outcome.status === 502
              ? t('chatFailed')
              : (outcome.message ?? t('chatFailed')),
      );
    } else if (!finished) setError((current) => current ?? t('chatFailed'));
    if (!finished) {
      setMessages((shown) => shown.filter((m) => m.id !== answerId || m.text));
      return;
    }
    // The address names the conversation (to come back to it), and the list beside it is brought up to date.
    setSearchParams(
      (params) => {
        params.set('conversation', String(conversation.current));
        return params;
      },
      { replace: true, state: { focusQuestion: true } },
    );
  }

  return (
    <section className="chat-conversation" aria-labelledby={`${questionId}-title`}>
      <h2 id={`${questionId}-title`} className="chat-conversation-title" dir="auto">
        {initial?.conversation.title ?? t('chatNewConversation')}
      </h2>
      {!configured && (
        <p className="chat-notice" role="status">
          {t('chatNotConfigured')}
        </p>
      )}
      <div className="chat-log" role="log" aria-busy={busy} aria-label={t('chatMessages')}>
        {messages.length === 0 && configured && <p className="chat-empty">{t('chatStart')}</p>}
        {messages.map((message) => (
          <article key={message.id} className={`chat-message chat-${message.role}`}>
            <h3 className="chat-author">{t(message.role === 'user' ? 'chatYou' : 'chatAssistant')}</h3>
            <p dir="auto">{message.text || (busy ? t('chatAnswering') : '')}</p>
          </article>
        ))}
      </div>
      <form className="chat-form" onSubmit={send} noValidate>
        <label htmlFor={questionId}>{t('chatQuestionLabel')}</label>
        <textarea
          id={questionId}
          ref={input}
          dir="auto"
          rows={3}
          maxLength={QUESTION_MAX_LENGTH}
          value={question}
          disabled={!configured}
          aria-invalid={error === t('chatQuestionRequired') || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter starts a new line (as in most chats).
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <p id={errorId} className="chat-error" role="alert">
          {error ?? ''}
        </p>
        <button type="submit" className="chat-send" disabled={!configured || busy}>
          {busy ? t('chatAnswering') : t('chatSend')}
        </button>
      </form>
    </section>
  );
}

function RecentConversations({ conversations, current }: { conversations: ConversationSummary[]; current: number | null }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <nav className="chat-recent" aria-label={t('chatConversations')}>
      <h2>{t('chatConversations')}</h2>
      <p>
        <Link to={staffLink('/chat', search)}>{t('chatNewConversation')}</Link>
      </p>
      {conversations.length > 0 && (
        <ul>
          {conversations.slice(0, RECENT).map((conversation) => (
            <li key={conversation.id}>
              <ConversationLink conversation={conversation} current={conversation.id === current} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={staffLink('/chat/old', search)}>{t('chatAllConversations')}</Link>
      </p>
    </nav>
  );
}

function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (conversations.length === 0) {
    return (
      <p className="chat-empty">
        {t('chatNoConversations')} <Link to={staffLink('/chat', search)}>{t('chatNewConversation')}</Link>
      </p>
    );
  }
  return (
    <ul className="chat-history">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationLink conversation={conversation} current={false} />
        </li>
      ))}
    </ul>
  );
}

function ConversationLink({ conversation, current }: { conversation: ConversationSummary; current: boolean }) {
  const { lang } = useShell();
  const [params] = useSearchParams();
  const when = staffTime(conversation.updatedAt, lang);
  return (
    <Link to={staffLink(`/chat?conversation=${conversation.id}`, params)} aria-current={current ? 'page' : undefined} className="chat-link">
      <span dir="auto">{conversation.title}</span> <time dateTime={conversation.updatedAt}>{when}</time>
    </Link>
  );
}
