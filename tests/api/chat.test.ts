// The staff chat's API against a local Responses API stand-in: answers stream as Server-Sent
// Events with the file search's citations shown as '#source'; conversations belong to their staff
// member and continue from the last answer; guests, employees and the public key are refused;
// with no assistant configured the answer says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DEFAULT_ANSWER, startResponsesStandIn, type ResponsesStandIn } from '../support/responses-standin.ts';
import OpenAI from 'openai';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { responseText } from '../../src/server/features/chat/citations.ts';
import type { Role } from '../../src/server/core/access/roles.ts';

let server: TestServer;
let standIn: ResponsesStandIn;

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Asks as a staff token and reads the whole event stream. */
async function ask(token: string, body: unknown): Promise<{ status: number; type: string | null; events: SseEvent[]; json: unknown }> {
  const response = await fetch(`${server.url}/api/chat/messages`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type');
  if (!type?.startsWith('text/event-stream')) return { status: response.status, type, events: [], json: JSON.parse(text) };
  const events = text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>,
    }));
  return { status: response.status, type, events, json: null };
}

async function signIn(email: string, role: Role): Promise<string> {
  await saveStaffUser(server.ctx.db, email, 'a long enough password', role);
  const login = await server.api('/api/users/login', { json: { email, password: 'a long enough password' }, as: 'none' });
  return login.body.token as string;
}

beforeAll(async () => {
  standIn = await startResponsesStandIn();
  server = await startTestServer({
    assistant: {
      apiKey: standIn.key,
      baseUrl: standIn.url,
      model: 'gpt-standin',
      promptId: null,
      vectorStoreIds: ['vs_guest_docs'],
      instructions: 'Answer from the documents.',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

describe('the staff chat', () => {
  it('streams the answer in parts, with the cited file as #source, and keeps the key on the server', async () => {
    const token = await server.staffToken();
    const config = await server.api('/api/chat/config', { as: 'staff' });
    expect(config.body).toEqual({ configured: true, fileSearch: true });
    expect(JSON.stringify(config.body)).not.toContain(standIn.key);

    const answer = await ask(token, { content: '  How many bags may a guest bring?  ' });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/event-stream/);
    const kinds = answer.events.map((e) => e.event);
    expect(kinds[0]).toBe('conversation');
    expect(kinds.filter((k) => k === 'delta').length).toBeGreaterThanOrEqual(DEFAULT_ANSWER.pieces.length);
    expect(kinds.at(-1)).toBe('done');
    const done = answer.events.at(-1)!.data;
    expect(done.text).toBe('Guests may bring one carry-on bag into the park. #source: `guest-policy.pdf`');

    const sent = standIn.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${standIn.key}`);
    expect(sent.body).toMatchObject({
      model: 'gpt-standin',
      input: 'How many bags may a guest bring?',
      instructions: 'Answer from the documents.',
      stream: true,
      tools: [{ type: 'file_search', vector_store_ids: ['vs_guest_docs'] }],
    });
    expect(sent.body.previous_response_id).toBeUndefined();
  });

  it('continues a conversation from its last answer, and lists and reopens it for its owner only', async () => {
    const token = await server.staffToken();
    const first = await ask(token, { content: 'What time does the park open?' });
    const conversation = first.events[0].data.id as number;
    const firstResponse = `resp_standin_${standIn.requests.length}`;
    const second = await ask(token, { content: 'And on Fridays?', conversation });
    expect(second.events[0].data.id).toBe(conversation);
    expect(standIn.requests.at(-1)!.body.previous_response_id).toBe(firstResponse);

    const list = await server.api('/api/chat/conversations', { as: 'staff' });
    expect(list.status).toBe(200);
    expect(list.body.docs[0]).toMatchObject({ id: conversation, title: 'What time does the park open?' });
    const opened = await server.api(`/api/chat/conversations/${conversation}`, { as: 'staff' });
    expect(opened.body.messages.map((m: { role: string; text: string }) => [m.role, m.text.slice(0, 20)])).toEqual([
      ['user', 'What time does the park open?'.slice(0, 20)],
      ['assistant', 'Guests may bring one'],
      ['user', 'And on Fridays?'],
      ['assistant', 'Guests may bring one'],
    ]);
    expect(opened.body.messages[1].text).toContain('#source');

    // Another staff member neither lists, opens nor continues it.
    const viewer = await signIn('viewer-chat@example.com', 'viewer');
    const theirs = await server.api('/api/chat/conversations', { as: 'none', headers: { authorization: `JWT ${viewer}` } });
    expect(theirs.body.docs).toEqual([]);
    expect((await server.api(`/api/chat/conversations/${conversation}`, { as: 'none', headers: { authorization: `JWT ${viewer}` } })).status).toBe(404);
    expect((await ask(viewer, { content: 'Hello?', conversation })).status).toBe(404);
  });

  it('continues a conversation the service has forgotten from the messages kept here', async () => {
    const token = await server.staffToken();
    const first = await ask(token, { content: 'Is there parking?' });
    const conversation = first.events[0].data.id as number;
    standIn.forget();
    const next = await ask(token, { content: 'Is it free?', conversation });
    expect(next.status).toBe(200);
    expect(next.events.at(-1)!.event).toBe('done');
    const [refused, resent] = standIn.requests.slice(-2);
    expect(refused.body.previous_response_id).toMatch(/^resp_standin_/);
    expect(resent.body.previous_response_id).toBeUndefined();
    expect(resent.body.input).toEqual([
      { role: 'user', content: 'Is there parking?' },
      { role: 'assistant', content: 'Guests may bring one carry-on bag into the park. #source: `guest-policy.pdf`' },
      { role: 'user', content: 'Is it free?' },
    ]);
    // The next question continues from the new answer (which the service knows) in one request.
    const asked = standIn.requests.length;
    expect((await ask(token, { content: 'Thanks!', conversation })).status).toBe(200);
    expect(standIn.requests.length).toBe(asked + 1);
    expect(standIn.requests.at(-1)!.body.previous_response_id).toMatch(/^resp_standin_\d+$/);
  });

  it('refuses guests, the public key and employees', async () => {
    for (const as of ['none', 'public'] as const) {
      expect((await server.api('/api/chat/messages', { as, json: { content: 'Hi' } })).status, as).toBe(403);
      expect((await server.api('/api/chat/conversations', { as })).status, as).toBe(403);
      expect((await server.api('/api/chat/config', { as })).status, as).toBe(403);
    }
    const employee = await signIn('employee-chat@example.com', 'employee');
    expect((await ask(employee, { content: 'Hi' })).status).toBe(403);
  });

  it('names the field of a bad question, and never answers 5xx for it', async () => {
    const token = await server.staffToken();
    const cases: [unknown, string][] = [
      [{}, 'content'],
      [{ content: '   ' }, 'content'],
      [{ content: 42 }, 'content'],
      [{ content: 'x'.repeat(4001) }, 'content'],
      [{ content: 'a\u0000b' }, 'content'],
      [{ content: '\ud800' }, 'content'],
      [{ content: 'Hi', conversation: 'abc' }, 'conversation'],
      [{ content: 'Hi', conversation: -1 }, 'conversation'],
    ];
    for (const [body, path] of cases) {
      const answer = await ask(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.json as { errors: { data: { errors: { path: string }[] } }[] }).errors[0].data.errors[0].path).toBe(path);
    }
    expect((await ask(token, { content: 'Hi', conversation: 999999 })).status).toBe(404);
  });

  it('says the assistant failed (502) when the service refuses, without its key', async () => {
    standIn.failWith = 500;
    try {
      const answer = await ask(await server.staffToken(), { content: 'Are you there?' });
      expect(answer.status).toBe(502);
      const message = (answer.json as { errors: { message: string }[] }).errors[0].message;
      expect(message).toMatch(/assistant could not answer/);
      expect(message).not.toContain(standIn.key);
    } finally {
      standIn.failWith = null;
    }
  });
});

describe('the Responses API stand-in', () => {
  it('answers a non-streaming request as the service does: the openai library reads it, with its file citation', async () => {
    const client = new OpenAI({ apiKey: standIn.key, baseURL: standIn.url });
    const response = await client.responses.create({
      model: 'gpt-standin',
      input: 'Bags?',
      tools: [{ type: 'file_search', vector_store_ids: ['vs_guest_docs'] }],
    });
    expect(response.output_text).toBe('Guests may bring one carry-on bag into the park.');
    expect(responseText(response)).toBe('Guests may bring one carry-on bag into the park. #source: `guest-policy.pdf`');
    await expect(
      new OpenAI({ apiKey: 'sk-wrong', baseURL: standIn.url, maxRetries: 0 }).responses.create({ model: 'gpt-standin', input: 'Bags?' }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe('with no assistant configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare?.close());

  it('the config says so and a question gets a plain 503', async () => {
    expect((await bare.api('/api/chat/config', { as: 'staff' })).body).toEqual({ configured: false, fileSearch: false });
    const answer = await bare.api('/api/chat/messages', { as: 'staff', json: { content: 'Hello?' } });
    expect(answer.status).toBe(503);
    expect(answer.body.errors[0].message).toMatch(/No chat assistant is configured on this server: set OPENAI_API_KEY/);
  });
});
