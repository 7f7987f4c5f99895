// The staff chat (/chat, /chat/old): the page asks our server, which asks the configured
// Responses API and streams the answer back as Server-Sent Events. Any signed-in staff member may
// chat; each sees only their own conversations. Without an assistant configured every call says so (503).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { isStaff } from '../../core/access/roles.ts';
import { ApiError, forbidden, notFound, validationError } from '../../core/errors.ts';
import { QUESTION_MAX_LENGTH, type ChatStreamEvent } from '../../../engine/contract/chat.ts';
import { forgotPreviousResponse, openAssistant, type AnswerEvent } from './assistant.ts';
import { addMessage, conversationMessages, findConversation, listConversations, startConversation } from './conversations.ts';
import { rowIdOf } from '../../core/http/row-id.ts';

const LIST_LIMIT = 100;

export const notConfigured = () =>
  new ApiError(503, {
    errors: [
      {
        name: 'AssistantNotConfigured',
        message: 'No chat assistant is configured on this server: set OPENAI_API_KEY and OPENAI_MODEL (or OPENAI_PROMPT_ID), see the README.',
      },
    ],
  });

const assistantFailed = (detail: string) => `The assistant could not answer (${detail}). Please try again in a moment.`;

/** What went wrong upstream, without anything of the request (the key never leaves the server). */
function failureDetail(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return `the assistant service answered HTTP ${status}`;
  return (error as Error).name === 'APIConnectionTimeoutError' ? 'the assistant service did not answer in time' : 'the assistant service could not be reached';
}

const frame = ({ event, data }: ChatStreamEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function staffId(request: FastifyRequest): number {
  const caller = request.caller;
  if (!isStaff(caller) || caller.kind !== 'staff') throw forbidden();
  return caller.user.id;
}

function conversationId(raw: unknown, path: string): number | null {
  if (raw === undefined || raw === null) return null;
  const id = typeof raw === 'string' ? (rowIdOf(raw) ?? raw) : raw;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 999_999_999)
    throw validationError(null, [{ path, message: 'A conversation id is a positive whole number.' }]);
  return id;
}

function question(raw: unknown): string {
  const path = 'content';
  if (typeof raw !== 'string' || raw.trim() === '') throw validationError(null, [{ path, message: 'Write a question.' }]);
  if (raw.length > QUESTION_MAX_LENGTH) throw validationError(null, [{ path, message: `A question may be at most ${QUESTION_MAX_LENGTH} characters long.` }]);
  return raw.trim();
}

export const chatPlugin = ownPlugin('chat', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db } = ctx;
  const assistant = ctx.config.assistant ? openAssistant(ctx.config.assistant) : null;

  app.get('/api/chat/config', async (request) => {
    staffId(request);
    return { configured: assistant !== null, fileSearch: (ctx.config.assistant?.vectorStoreIds.length ?? 0) > 0 };
  });

  app.get('/api/chat/conversations', async (request) => {
    const userId = staffId(request);
    return { docs: await listConversations(db, userId, LIST_LIMIT) };
  });

  app.get('/api/chat/conversations/:id', async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const userId = staffId(request);
    const conversation = await findConversation(db, userId, conversationId(request.params.id, 'id') ?? 0);
    if (!conversation) throw notFound();
    const { lastResponseId: _kept, ...shown } = conversation;
    return { conversation: shown, messages: await conversationMessages(db, conversation.id) };
  });

  app.post('/api/chat/messages', async (request, reply) => {
    const userId = staffId(request);
    if (!assistant) throw notConfigured();
    const body = (request.body ?? {}) as { content?: unknown; conversation?: unknown };
    const text = question(body.content);
    const existing = conversationId(body.conversation, 'conversation');
    await ctx.limits.create(request, 'chat-messages');
    const conversation = existing === null ? await startConversation(db, userId, text) : await findConversation(db, userId, existing);
    if (!conversation) throw notFound();
    await addMessage(db, conversation.id, 'user', text);

    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    let answer = assistant.answer(text, { previousResponseId: conversation.lastResponseId }, abort.signal);
    // The first event decides the status: a service that cannot be reached is a 502 the page can show, not an empty stream.
    let first: IteratorResult<AnswerEvent>;
    try {
      try {
        first = await answer.next();
      } catch (error) {
        if (!conversation.lastResponseId || !forgotPreviousResponse(error)) throw error;
        // An old conversation the service has forgotten: it continues from the messages kept here.
        const history = (await conversationMessages(db, conversation.id)).slice(0, -1).map(({ role, text: said }) => ({ role, text: said }));
        answer = assistant.answer(text, { history }, abort.signal);
        first = await answer.next();
      }
    } catch (error) {
      request.log.warn(`Chat assistant failed: ${(error as Error).message}`);
      throw new ApiError(502, {
        errors: [{ name: 'AssistantFailed', message: assistantFailed(failureDetail(error)), data: { conversation: conversation.id } }],
      });
    }

    async function* events() {
      yield frame({ event: 'conversation', data: { id: conversation!.id, title: conversation!.title } });
      let next = first;
      try {
        while (!next.done) {
          const event = next.value;
          if (event.type === 'delta') yield frame({ event: 'delta', data: { text: event.text } });
          else {
            const messageId = await addMessage(db, conversation!.id, 'assistant', event.text, event.responseId);
            yield frame({ event: 'done', data: { text: event.text, messageId } });
          }
          next = await answer.next();
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        request.log.warn(`Chat assistant failed while answering: ${(error as Error).message}`);
        yield frame({ event: 'error', data: { message: assistantFailed(failureDetail(error)) } });
      }
    }

    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no') // proxies (nginx) pass each event on at once
      .send(Readable.from(events()));
  });
});
