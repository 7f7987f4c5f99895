// The chat's calls to our server, as the signed-in staff member (cookie, no public key). An answer
// arrives as Server-Sent Events on a POST, which EventSource cannot send: the body is read with
// fetch and a stream reader, and split into events here.
import type { ChatStreamEvent } from '../../../engine/contract/chat.ts';
import { refusalOf, staffFetch } from '../../staff/staffRequest.ts';

export type { ChatMessage, ConversationSummary } from '../../../engine/contract/chat.ts';

/** One event block ("event: x\ndata: {...}"); blocks without JSON data are skipped. */
function parseEvent(block: string): ChatStreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  try {
    return { event, data: JSON.parse(data.join('\n')) } as ChatStreamEvent;
  } catch {
    return null;
  }
}

export type AskOutcome = { kind: 'streamed' } | { kind: 'refused'; status: number; message: string | null } | { kind: 'unreachable' };

/** Sends a question; each event of the answer goes to onEvent as it arrives. */
export async function askQuestion(
  content: string,
  conversation: number | null,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<AskOutcome> {
  let response: Response;
  try {
    response = await staffFetch('/api/chat/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(conversation === null ? { content } : { content, conversation }),
      signal,
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { kind: 'refused', status: response.status, message: refusalOf(await response.json().catch(() => null)).message };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value.replace(/\r\n/g, '\n');
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const event = parseEvent(pending.slice(0, end));
        pending = pending.slice(end + 2);
        if (event) onEvent(event);
      }
    }
  } catch {
    return { kind: 'unreachable' };
  }
  return { kind: 'streamed' };
}
