// A Payload client must run unchanged against our server: the same requests as Payload 3's answers
// get the same status and the same JSON shape (every key Payload answers, with the same type,
// recursively). Those answers (tests/api/payload3/answers.json) are HAND-WRITTEN expectations made
// from notes measured on a real Payload 3, not a recording: see the file's $comment. Keys we add on purpose
// are listed per case and in the README's "Differences from Payload".
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, MB, pngOfSize, tinyPng } from '../support/files.ts';
import { PUBLIC_KEY, startTestServer, type As, type TestServer } from '../support/server.ts';
import { diningAnswers } from './samples.ts';

interface Case {
  name: string;
  request: { method: string; path: string; json?: string; raw?: string; file?: 'png' | 'oversize' | 'none'; as?: As };
  status: number;
  body: unknown;
  /** Dot paths (array indexes left out) of keys our answer adds on purpose. */
  ours?: string[];
  /** Keys whose content is ours to decide (e.g. the page-content global's fields). */
  ignore?: string[];
}

const { cases } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'payload3/answers.json'), 'utf8')) as { cases: Case[] };

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Where `ours` differs in shape from `theirs`: missing keys, other types, keys Payload does not have. */
function shapeDifferences(ours: unknown, theirs: unknown, allowed: Set<string>, ignored: Set<string>, at = ''): string[] {
  const here = at || '(body)';
  if (typeOf(ours) !== typeOf(theirs)) return [`${here}: ${typeOf(ours)} where Payload has ${typeOf(theirs)}`];
  if (Array.isArray(theirs)) {
    const list = ours as unknown[];
    return theirs.length && list.length ? shapeDifferences(list[0], theirs[0], allowed, ignored, at) : [];
  }
  if (typeOf(theirs) !== 'object') return [];
  const mine = ours as Record<string, unknown>;
  const payload = theirs as Record<string, unknown>;
  const differences: string[] = [];
  for (const key of Object.keys(payload)) {
    const child = at ? `${at}.${key}` : key;
    if (ignored.has(child)) continue;
    if (!(key in mine)) differences.push(`${child}: missing`);
    else differences.push(...shapeDifferences(mine[key], payload[key], allowed, ignored, child));
  }
  for (const key of Object.keys(mine)) {
    const child = at ? `${at}.${key}` : key;
    if (!(key in payload) && !allowed.has(child)) differences.push(`${child}: not in Payload's answer`);
  }
  return differences;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function requestBody(request: Case['request']): { json?: unknown; form?: FormData; raw?: string } {
  if (request.json === 'dining') return { json: diningAnswers() };
  if (request.json === 'dining-without-meal-period') return { json: diningAnswers({ meal_period: undefined }) };
  if (request.raw !== undefined) return { raw: request.raw };
  if (request.file === 'png') return { form: fileForm(tinyPng(), 'dot.png', 'image/png') };
  if (request.file === 'oversize') return { form: fileForm(pngOfSize(5 * MB + 1), 'big.png', 'image/png') };
  if (request.file === 'none') {
    const form = new FormData();
    form.append('_payload', '{}');
    return { form };
  }
  return {};
}

/** A body JSON.stringify cannot write (malformed JSON), sent as the pages send JSON. */
async function sendRaw(request: Case['request'], raw: string) {
  const response = await fetch(`${server.url}${request.path}`, {
    method: request.method,
    headers: { 'content-type': 'application/json', authorization: `users API-Key ${PUBLIC_KEY}` },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('our answers have the shape of a real Payload 3’s', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const body = requestBody(c.request);
    const answer =
      body.raw !== undefined
        ? await sendRaw(c.request, body.raw)
        : await server.api(c.request.path, { method: c.request.method, json: body.json, form: body.form, as: c.request.as });
    expect(answer.status).toBe(c.status);
    expect(shapeDifferences(answer.body, c.body, new Set(c.ours ?? []), new Set(c.ignore ?? []))).toEqual([]);
  });
});
