// The whistle-blower's two-way case (issue 31): a report's create answers its case code and a
// secret, once; with both the reporter opens the case (the report as sent, the thread by side, the
// state and dates), adds information and a file; compliance asks, the reporter reads and answers,
// compliance acknowledges and closes. A wrong secret and an unknown code look the same (status,
// body, time); 10 wrong secrets slow a code, the right one still opens it. An account excluded from
// a report reads nothing of it (404, absent from the list). Nothing of the report reaches the
// request log or the audit.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/server.ts';
import { fileForm, tinyPng } from '../support/files.ts';
import { proofFor, WHISTLE } from './samples.ts';
import { SECRET_ALPHABET } from '../../src/engine/cases/reporter-case.ts';
import { t } from '../../src/engine/text/messages.ts';

let server: TestServer;
let written = '';
const TEXT = `Cash is taken from the ticket desk ${process.pid}.`;

beforeAll(async () => {
  // The request log as it reaches stdout (the server runs in this process).
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    written += String(chunk);
    return write(chunk, ...rest);
  }) as typeof process.stdout.write);
  server = await startTestServer({ logRequests: true });
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

async function fileReport(text = TEXT, lang = 'en'): Promise<{ code: string; secret: string; id: number; body: Json }> {
  const created = await server.api(`/api/${WHISTLE}?locale=${lang}`, {
    json: { incident_or_concern: text, incident_where: 'Main gate', acknowledgement: true },
    headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower'), 'user-agent': 'Reporter-Browser/1.0' },
  });
  expect(created.status).toBe(201);
  return { code: created.body.reporter.code, secret: created.body.reporter.secret, id: created.body.doc.id, body: created.body };
}
const open = (code: string, secret: string, lang = 'en') => server.api(`/api/reporter/open?locale=${lang}`, { json: { code, secret } });
const wrongSecret = (secret: string) => secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));

describe("the reporter's secret", () => {
  it('the create answers the case code (the reference) and a secret of 16 symbols in 4 groups, stored only as an scrypt hash', async () => {
    const { code, secret, id, body } = await fileReport();
    expect(code).toBe(body.doc.reference);
    expect(secret).toMatch(new RegExp(`^[${SECRET_ALPHABET}]{4}(-[${SECRET_ALPHABET}]{4}){3}$`));
    expect(body.reporter.page).toBe('/employee/whistle-blower/case');
    const { rows } = await server.ctx.db.query<{ secret_hash: string; state: string }>('SELECT secret_hash, state FROM reporter_cases WHERE document_id = $1', [
      id,
    ]);
    expect(rows[0].state).toBe('received');
    expect(rows[0].secret_hash).toMatch(/^scrypt\$/);
    expect(rows[0].secret_hash).not.toContain(secret.replace(/-/g, ''));
    const { rows: anywhere } = await server.ctx.db.query(`SELECT 1 FROM documents WHERE data::text LIKE $1`, [`%${secret}%`]);
    expect(anywhere).toHaveLength(0);
  });
});

describe('the round trip', () => {
  it('opens with code and secret; adds information and a file; reads the question; answers; sees acknowledgement, feedback and "opened on"', async () => {
    const { code, secret, id } = await fileReport();
    const first = await open(code.toLowerCase(), secret.replace(/-/g, ' ').toLowerCase());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code, state: 'received', acknowledgedAt: null, feedbackAt: null, openedAt: null, messages: [] });
    expect(first.body.report).toEqual(
      expect.arrayContaining([
        { label: 'Report a concern or incident', text: TEXT },
        { label: 'Where did it happen?', text: 'Main gate' },
      ]),
    );

    const upload = await server.api('/api/media-internal', { form: fileForm(tinyPng(), 'photo.png', 'image/png') });
    expect(upload.status).toBe(201);
    const added = await server.api('/api/reporter/messages', {
      json: { code, secret, text: 'He does it on Fridays.', files: [upload.body.doc.id] },
      headers: { 'x-upload-claim': upload.body.claim },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      from: 'reporter',
      kind: null,
      text: 'He does it on Fridays.',
      files: [{ name: expect.stringMatching(/^[\w-]+\.png$/) }],
    });

    const compliance = await server.staffAs(['compliance']);
    const read = await server.api(`/api/${WHISTLE}/${id}`, { as: 'none', headers: compliance });
    expect(read.status).toBe(200);
    const asked = await server.api(`/api/${WHISTLE}/${id}/reporter/messages`, {
      as: 'none',
      headers: compliance,
      json: { kind: 'question', text: 'Which desk?' },
    });
    expect(asked.status).toBe(201);
    const acknowledged = await server.api(`/api/${WHISTLE}/${id}/reporter/acknowledge`, { method: 'POST', as: 'none', headers: compliance });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.state).toBe('acknowledged');
    expect(acknowledged.body.messages.at(-1)).toMatchObject({ from: 'compliance', kind: 'acknowledgement' });
    expect(acknowledged.body.messages.at(-1).text).toContain(code);
    // Acknowledging is once.
    expect((await server.api(`/api/${WHISTLE}/${id}/reporter/acknowledge`, { method: 'POST', as: 'none', headers: compliance })).status).toBe(409);

    const second = await open(code, secret);
    expect(second.status).toBe(200);
    expect(second.body.messages.map((m: Json) => [m.from, m.kind, m.text.slice(0, 12)])).toEqual([
      ['reporter', null, 'He does it o'],
      ['compliance', 'question', 'Which desk?'],
      ['compliance', 'acknowledgement', acknowledged.body.messages.at(-1).text.slice(0, 12)],
    ]);
    // Never a staff name or address.
    expect(JSON.stringify(second.body)).not.toMatch(/@example\.com|author/);
    expect(second.body.openedAt).not.toBeNull();
    expect(second.body.acknowledgedAt).not.toBeNull();

    const answered = await server.api('/api/reporter/messages', { json: { code, secret, text: 'The desk at the main gate.' } });
    expect(answered.status).toBe(201);
    const feedback = await server.api(`/api/${WHISTLE}/${id}/reporter/messages`, {
      as: 'none',
      headers: compliance,
      json: { kind: 'feedback', text: 'We are looking into it.' },
    });
    expect(feedback.status).toBe(201);
    const closedWithout = await server.api(`/api/${WHISTLE}/${id}/reporter`, { method: 'PATCH', as: 'none', headers: compliance, json: { state: 'closed' } });
    expect(closedWithout.status).toBe(400);
    const closed = await server.api(`/api/${WHISTLE}/${id}/reporter`, {
      method: 'PATCH',
      as: 'none',
      headers: compliance,
      json: { state: 'closed', outcome: 'partly-substantiated' },
    });
    expect(closed.status).toBe(200);
    const last = await open(code, secret);
    expect(last.body).toMatchObject({ state: 'closed', outcome: 'partly-substantiated' });
    expect(last.body.feedbackAt).not.toBeNull();
    expect(last.body.messages).toHaveLength(5);

    // Compliance was alerted of each addition: reference and link only.
    const { rows: alerts } = await server.ctx.db.query<{ subject: string; body: string; event: string }>(
      "SELECT subject, body, event FROM alerts WHERE submission_id = $1 AND event <> '' ORDER BY id",
      [id],
    );
    expect(alerts.length).toBeGreaterThanOrEqual(2);
    expect(alerts[0].subject).toBe(`New information on confidential report {reference}`.replace('{reference}', '{reference}'));
    for (const alert of alerts) expect(`${alert.subject} ${alert.body}`).not.toMatch(/Fridays|main gate/i);
  });

  it('oversized text or nothing to add: the message in the page language, nothing stored', async () => {
    const { code, secret, id } = await fileReport();
    const long = await server.api('/api/reporter/messages?locale=ar', { json: { code, secret, text: 'x'.repeat(5001) } });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].data.errors[0]).toEqual({ path: 'text', message: t('reporterTextTooLong', 'ar', { max: 5000 }) });
    const empty = await server.api('/api/reporter/messages', { json: { code, secret, text: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].data.errors[0].path).toBe('text');
    const { rows } = await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });
});

describe('wrong secrets', () => {
  it('a wrong secret and an unknown code answer the same, in about the same time', async () => {
    const { code, secret } = await fileReport();
    const wrong = await open(code, wrongSecret(secret));
    const unknown = await open('ZZZZ-ZZZZ-ZZ', secret);
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors[0].data.errors[0].message).toBe('Code or secret not recognised.');
    // Time: the median of a few tries each (both check one scrypt hash).
    const timed = async (c: string, s: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await open(c, s);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2];
    };
    const known = await timed(code, wrongSecret(secret));
    const none = await timed(`QQQQ-${process.pid}`, wrongSecret(secret));
    expect(Math.abs(known - none)).toBeLessThan(Math.max(known, none) * 0.5 + 10);
  });

  it('after 10 wrong secrets the code is slowed, never locked: the right secret still opens it', async () => {
    const { code, secret } = await fileReport();
    for (let i = 0; i < 10; i++) expect((await open(code, wrongSecret(secret))).status).toBe(400);
    let start = performance.now();
    expect((await open(code, wrongSecret(secret))).status).toBe(400);
    expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
    start = performance.now();
    const right = await open(code, secret);
    expect(performance.now() - start).toBeGreaterThanOrEqual(2000);
    expect(right.status).toBe(200);
    // Opened: the failures are forgotten, no wait any more.
    start = performance.now();
    expect((await open(code, secret)).status).toBe(200);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('conflict of interest', () => {
  it('an excluded account gets 404 on the report, its thread and case, and does not find it in the list', async () => {
    const { id, code } = await fileReport();
    const officer = await server.staffAs(['compliance']);
    const conflicted = await server.staffAs(['compliance', 'viewer']);
    const me = await server.api('/api/users/me', { as: 'none', headers: conflicted });
    const userId = me.body.user.id;
    expect((await server.api(`/api/${WHISTLE}/${id}`, { as: 'none', headers: conflicted })).status).toBe(200);
    const excluded = await server.api(`/api/${WHISTLE}/${id}/reporter/exclusions/${userId}`, { method: 'PUT', as: 'none', headers: officer });
    expect(excluded.status).toBe(200);
    expect(excluded.body.excluded.map((u: Json) => u.id)).toEqual([userId]);
    expect((await server.api(`/api/${WHISTLE}/${id}`, { as: 'none', headers: conflicted })).status).toBe(404);
    expect((await server.api(`/api/${WHISTLE}/${id}/messages`, { as: 'none', headers: conflicted })).status).toBe(404);
    expect((await server.api(`/api/${WHISTLE}/${id}/reporter`, { as: 'none', headers: conflicted })).status).toBe(404);
    expect((await server.api(`/api/${WHISTLE}/${id}/followup`, { as: 'none', headers: conflicted })).status).toBe(404);
    const list = await server.api(`/api/${WHISTLE}?limit=100&where[reference][equals]=${code}`, { as: 'none', headers: conflicted });
    expect(list.status).toBe(200);
    expect(list.body.docs).toHaveLength(0);
    const officersList = await server.api(`/api/${WHISTLE}?limit=100&where[reference][equals]=${code}`, { as: 'none', headers: officer });
    expect(officersList.body.docs).toHaveLength(1);
    // Lifted: it reads the report again.
    expect((await server.api(`/api/${WHISTLE}/${id}/reporter/exclusions/${userId}`, { method: 'DELETE', as: 'none', headers: officer })).status).toBe(200);
    expect((await server.api(`/api/${WHISTLE}/${id}`, { as: 'none', headers: conflicted })).status).toBe(200);
  });
});

describe('nothing of the report is kept where it does not belong', () => {
  it('the request log has no address, user agent, text or secret; the audit has no text or secret', async () => {
    const { code, secret } = await fileReport();
    await open(code, secret);
    await server.api('/api/reporter/messages', { json: { code, secret, text: `More words ${process.pid}` } });
    await expect.poll(() => written.includes('POST /api/reporter/messages 201'), { timeout: 5000 }).toBe(true);
    // The request log's lines (one JSON a request), not the rest of this process's output (the listening line names the host).
    const logged = written.split('\n').filter((line) => line.includes('"reqId"'));
    expect(logged.join('\n')).toContain(`POST /api/${WHISTLE}`);
    for (const leak of [TEXT, secret, `More words ${process.pid}`, '127.0.0.1', 'Reporter-Browser', '"ip"', 'remoteAddress'])
      expect(logged.join('\n')).not.toContain(leak);
    const { rows } = await server.ctx.db.query<{ row: string }>('SELECT row_to_json(a)::text AS row FROM audit_log a');
    for (const leak of [TEXT, secret, 'Which desk?', 'He does it on Fridays.']) expect(rows.map((r) => r.row).join('\n')).not.toContain(leak);
  });
});

describe("the reporter's page without JavaScript", () => {
  const PAGE = '/employee/whistle-blower/case';
  const post = (fields: Record<string, string>, lang = 'ar') =>
    fetch(`${server.url}${PAGE}?lang=${lang}`, { method: 'POST', body: new URLSearchParams(fields), headers: { origin: server.url } });

  it('opens in Arabic with native posts, carries the proof in hidden fields only, adds information; a wrong secret is the same page message', async () => {
    const { code, secret } = await fileReport();
    const asked = await fetch(`${server.url}${PAGE}?lang=ar`);
    expect(asked.status).toBe(200);
    const form = await asked.text();
    expect(form).toContain('<html lang="ar" dir="rtl">');
    expect(form).toContain(t('reporterPrivacy', 'ar'));
    expect(asked.headers.get('set-cookie')).toBeNull();
    expect(form).not.toMatch(/<script/i);

    const wrong = await post({ action: 'open', code, secret: wrongSecret(secret) });
    const unknown = await post({ action: 'open', code: 'ZZZZ-ZZZZ-ZZ', secret });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.text()).toContain(t('reporterNotRecognised', 'ar'));
    expect(await unknown.text()).toContain(t('reporterNotRecognised', 'ar'));

    const opened = await post({ action: 'open', code, secret });
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain(TEXT);
    expect(page).toContain(`name="secret" value="${secret}"`);
    expect(page).not.toMatch(new RegExp(`action="[^"]*${secret}`));

    const tooLong = await post({ action: 'add', code, secret, text: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(escapeHtml(t('reporterTextTooLong', 'ar', { max: 5000 })));
    const added = await post({ action: 'add', code, secret, text: 'معلومة إضافية' });
    expect(added.status).toBe(200);
    const after = await added.text();
    expect(after).toContain(t('reporterSent', 'ar'));
    expect(after).toContain('معلومة إضافية');
    expect(after).toContain(t('reporterYou', 'ar'));
  });
});

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
