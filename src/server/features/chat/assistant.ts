// The staff chat's assistant: an OpenAI-compatible Responses API (the Assistants API the previous
// app used was shut down on 2026-08-26) asked through the official `openai` library, with file
// search over the configured vector store. The key stays here; the page only sees our events.
import OpenAI from 'openai';
import type { AssistantConfig } from './config.ts';
import { responseText, sourceMarker, withSourceMarkers, type ResponsesCitation } from './citations.ts';

export type AnswerEvent =
  /** More of the answer as it is written (a citation shows as its marker at once). */
  | { type: 'delta'; text: string }
  /** The whole answer with every marker in place: the page shows this one. */
  | { type: 'done'; text: string; responseId: string | null };

/** What came before the question: the service's own record of it (previous_response_id), or the messages themselves. */
export type Context = { previousResponseId: string | null } | { history: { role: 'user' | 'assistant'; text: string }[] };

export interface Assistant {
  answer(question: string, context: Context, signal: AbortSignal): AsyncGenerator<AnswerEvent>;
}

/** The service no longer knows the previous answer (it keeps them for a limited time, or it is another service now). */
export const forgotPreviousResponse = (error: unknown) => [400, 404].includes((error as { status?: number }).status ?? 0);

export function openAssistant(config: AssistantConfig): Assistant {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl ?? undefined, timeout: 120_000, maxRetries: 1 });
  return {
    async *answer(question, context, signal) {
      const previousResponseId = 'previousResponseId' in context ? context.previousResponseId : null;
      const history = 'history' in context ? context.history.map((message) => ({ role: message.role, content: message.text })) : [];
      const stream = await client.responses.create(
        {
          ...(config.model ? { model: config.model } : {}),
          ...(config.promptId ? { prompt: { id: config.promptId } } : {}),
          ...(config.instructions ? { instructions: config.instructions } : {}),
          ...(config.vectorStoreIds.length ? { tools: [{ type: 'file_search', vector_store_ids: config.vectorStoreIds }] } : {}),
          ...(previousResponseId ? { previous_response_id: previousResponseId } : {}),
          input: history.length ? [...history, { role: 'user' as const, content: question }] : question,
          store: true,
          stream: true,
        },
        { signal },
      );
      let text = '';
      let responseId: string | null = null;
      const annotations: unknown[] = [];
      for await (const event of stream) {
        if (event.type === 'response.created') responseId = event.response.id;
        else if (event.type === 'response.output_text.delta') {
          text += event.delta;
          yield { type: 'delta', text: event.delta };
        } else if (event.type === 'response.output_text.annotation.added') {
          annotations.push(event.annotation);
          const citation = event.annotation as ResponsesCitation;
          if (citation?.type === 'file_citation') yield { type: 'delta', text: ` ${sourceMarker(citation.filename ?? citation.file_id)}` };
        } else if (event.type === 'response.completed') {
          yield { type: 'done', text: responseText(event.response) || withSourceMarkers(text, annotations), responseId: event.response.id ?? responseId };
          return;
        } else if (event.type === 'response.failed' || event.type === 'response.incomplete') {
          throw new Error(event.response.error?.message ?? `The assistant stopped (${event.type}).`);
        } else if (event.type === 'error') {
          throw new Error(event.message);
        }
      }
      // A service that ends the stream without response.completed: what arrived is the answer.
      yield { type: 'done', text: withSourceMarkers(text, annotations), responseId };
    },
  };
}
