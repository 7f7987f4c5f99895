// A local stand-in for an OpenAI-compatible Responses API: POST /v1/responses answers, as the real
// service does, either one response object or (stream: true) Server-Sent Events
// response.created, response.output_text.delta..., response.output_text.annotation.added (a
// file_citation from the file search) and response.completed. It records every request so tests
// can check what our server sent (key, model, vector store, previous_response_id).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInAnswer {
  /** The answer's text, streamed in these pieces. */
  pieces: string[];
  /** File citations: the file name and the text index the citation belongs at (default: the end). */
  citations: { filename: string; index?: number }[];
}

export interface ResponsesStandIn {
  /** Base URL as OPENAI_BASE_URL takes it (…/v1). */
  url: string;
  key: string;
  requests: { authorization: string | undefined; body: Record<string, unknown> }[];
  /** What the next answers say. */
  answer: StandInAnswer;
  /** When set, every request fails with this HTTP status. */
  failWith: number | null;
  /** Milliseconds between streamed pieces (so a test can see the answer arrive in parts). */
  pieceDelayMs: number;
  /** Forgets every response given so far: a previous_response_id naming one is then refused, as the service does once it expired. */
  forget(): void;
  close(): Promise<void>;
}

export const DEFAULT_ANSWER: StandInAnswer = {
  pieces: ['Guests may bring ', 'one carry-on bag ', 'into the park.'],
  citations: [{ filename: 'guest-policy.pdf' }],
};

function responseObject(id: string, model: string, text: string, annotations: unknown[], status: 'in_progress' | 'completed') {
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    model,
    output:
      status === 'completed'
        ? [{ id: `msg_${id}`, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations, logprobs: [] }] }]
        : [],
    error: null,
    incomplete_details: null,
  };
}

export async function startResponsesStandIn(key = 'sk-test-standin'): Promise<ResponsesStandIn> {
  let count = 0;
  const known = new Set<string>();
  const standIn: ResponsesStandIn = {
    url: '',
    key,
    requests: [],
    answer: DEFAULT_ANSWER,
    failWith: null,
    pieceDelayMs: 30,
    forget: () => known.clear(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/responses') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    standIn.requests.push({ authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${key}`) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      return;
    }
    if (standIn.failWith) {
      res
        .writeHead(standIn.failWith, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'The stand-in was told to fail.', type: 'server_error' } }));
      return;
    }
    const previous = body.previous_response_id;
    if (typeof previous === 'string' && !known.has(previous)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            message: `Previous response with id '${previous}' not found.`,
            type: 'invalid_request_error',
            param: 'previous_response_id',
            code: 'previous_response_not_found',
          },
        }),
      );
      return;
    }
    count += 1;
    const id = `resp_standin_${count}`;
    known.add(id);
    const model = typeof body.model === 'string' ? body.model : 'prompt-model';
    const { pieces, citations } = standIn.answer;
    const text = pieces.join('');
    const annotations = citations.map((citation) => ({
      type: 'file_citation',
      file_id: `file-${citation.filename}`,
      filename: citation.filename,
      index: citation.index ?? text.length,
    }));
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(responseObject(id, model, text, annotations, 'completed')));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let sequence = 0;
    const send = (type: string, data: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
    const pause = () => new Promise((resolve) => setTimeout(resolve, standIn.pieceDelayMs));
    const item = { item_id: `msg_${id}`, output_index: 0, content_index: 0 };
    send('response.created', { response: responseObject(id, model, '', [], 'in_progress') });
    for (const piece of pieces) {
      await pause();
      send('response.output_text.delta', { ...item, delta: piece, logprobs: [] });
    }
    annotations.forEach((annotation, annotationIndex) =>
      send('response.output_text.annotation.added', { ...item, annotation_index: annotationIndex, annotation }),
    );
    send('response.output_text.done', { ...item, text, logprobs: [] });
    send('response.completed', { response: responseObject(id, model, text, annotations, 'completed') });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return standIn;
}
