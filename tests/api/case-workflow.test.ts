// The case workflow on the real server, PGlite and a real SMTP server: resolving names an outcome
// (400 naming `outcome` without one, in the console's language), with a note; reopening clears it,
// whether staff or the guest reopen; a case waiting for the guest stands still (a second-long
// policy does not escalate while it waits, while a case beside it does) and when the guest answers
// its due time moves on by the pause and its steps run then, once; the list filters on overdue and
// due today and sorts by due time, for the venue's manager and for nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { submissionWhere } from '../../src/web/pages/submissions/submissionSearch.ts';
import { DINING, diningAnswers } from './samples.ts';

let smtp: SmtpStandIn;
let server: TestServer;
let cova: Record<string, string>;
let twiga: Record<string, string>;
let counter = 0;
const guestEmail = () => `workflow-guest-${process.pid}-${++counter}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100, consoleUrl: 'https://forms.example.com' } });
  // Only this file's policy applies: the seeded ones (24 hours and more) are switched off.
  const seeded = await server.api('/api/case-policies?limit=100', { as: 'staff' });
  for (const doc of seeded.body.docs)
    expect((await server.api(`/api/case-policies/${doc.id}`, { method: 'PATCH', json: { enabled: false }, as: 'staff' })).status).toBe(200);
  // A Poor food survey is to be resolved within 6 seconds: a reminder at half the time, the escalation at the due time.
  const policy = await server.api('/api/case-policies', {
    method: 'POST',
    json: {
      enabled: true,
      name: 'Poor food, six seconds',
      form: 'dining-survey',
      condition: JSON.stringify({ field: 'rating_food', equals: 'poor' }),
      first_response: 'PT1H',
      resolve: 'PT6S',
      escalation: JSON.stringify([
        { at: 0.5, notify: 'managers' },
        { at: 'due', notify: 'manager_email' },
      ]),
    },
    as: 'staff',
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  cova = await server.staffAs(['manager'], ['cova']);
  twiga = await server.staffAs(['manager'], ['twiga']);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function poorSurvey(answers: Record<string, unknown> = {}): Promise<{ id: number; reference: string; createdAt: string }> {
  const created = await server.api(`/api/${DINING}?locale=en`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', ...answers }) });
  expect(created.status).toBe(201);
  return created.body.doc;
}
const patch = (id: number, json: unknown, as = cova, locale = 'en') =>
  server.api(`/api/${DINING}/${id}/followup?locale=${locale}`, { method: 'PATCH', json, as: 'none', headers: as });
const followUp = async (id: number) => {
  const answer = await server.api(`/api/${DINING}/${id}/followup`, { as: 'none', headers: cova });
  expect(answer.status).toBe(200);
  return answer.body;
};
const fieldErrors = (body: { errors: { data: { errors: { path: string; message: string }[] } }[] }) => body.errors[0].data.errors;
const events = async (id: number) =>
  (await server.ctx.db.query<{ clock: string; at: string }>('SELECT clock, at FROM case_clock_events WHERE document_id = $1 ORDER BY id', [id])).rows;
const pendingSteps = async (id: number) =>
  (
    await server.ctx.db.query<{ key: string; due_at: Date }>(
      `SELECT key, due_at FROM timer_steps WHERE kind = 'case-clock' AND subject = $1 AND state = 'pending' ORDER BY key`,
      [String(id)],
    )
  ).rows;
/** The manager's reply to the guest (the first response). */
async function reply(id: number): Promise<void> {
  const sent = await server.api(`/api/${DINING}/${id}/messages`, {
    method: 'POST',
    json: { text: 'We are sorry. Could you tell us more?' },
    as: 'none',
    headers: cova,
  });
  expect(sent.status).toBe(201);
}
/** The token of the case link the reply's mail carries, once it arrived. */
const tokenIn = async (email: string) => /\/reply\/([^\s?]+)/.exec((await smtp.mailTo(email)).text)![1];
async function replied(id: number, email: string): Promise<string> {
  await reply(id);
  return tokenIn(email);
}
const listIds = async (where: unknown, sort: string, as = cova) => {
  const answer = await server.api(`/api/${DINING}?where=${encodeURIComponent(JSON.stringify(where))}&sort=${encodeURIComponent(sort)}&limit=100&depth=0`, {
    as: 'none',
    headers: as,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.docs as {
    id: number;
    followUp: { state: string; outcome: string | null; due: { at: string | null; overdue: boolean; paused: boolean } | null };
  }[];
};
const among = (ids: number[], clause: Record<string, unknown> | null) => ({ and: [{ id: { in: ids.join(',') } }, ...(clause ? [clause] : [])] });
const form = () => server.ctx.registry.collections.get(DINING)!.form!.compiled.form;
const noSearch = { q: '', from: '', to: '' };

describe('resolving names an outcome', () => {
  it('without one is a 400 naming outcome, in the console language, and nothing is stored', async () => {
    const { id } = await poorSurvey();
    const english = await patch(id, { state: 'resolved' });
    expect(english.status).toBe(400);
    expect(fieldErrors(english.body)).toEqual([
      { path: 'outcome', message: 'Choose the outcome to resolve the case: recovered, not recovered or no action needed.' },
    ]);
    const arabic = await patch(id, { state: 'resolved', note: 'Called the guest' }, cova, 'ar');
    expect(arabic.status).toBe(400);
    expect(fieldErrors(arabic.body)).toEqual([{ path: 'outcome', message: 'اختر النتيجة لحل الحالة: استُعيد رضا الضيف أو لم يُستعد أو لا يلزم أي إجراء.' }]);
    const stored = await followUp(id);
    expect(stored).toMatchObject({ state: 'new', outcome: null, notes: [] });
    expect(stored.clock.resolve.metAt).toBeNull();
  });

  it.each([
    ['an unknown outcome', { state: 'resolved', outcome: 'happy' }, 'outcome'],
    ['an outcome without resolving', { state: 'in-progress', outcome: 'recovered' }, 'outcome'],
    ['an outcome of an open case alone', { outcome: 'recovered' }, 'outcome'],
    ['an outcome note too long', { state: 'resolved', outcome: 'recovered', outcomeNote: 'x'.repeat(2001) }, 'outcomeNote'],
    ['an outcome note without an outcome', { state: 'resolved', outcomeNote: 'Voucher' }, 'outcome'],
  ])('%s is a 400 naming the field', async (_what, body, field) => {
    const { id } = await poorSurvey();
    const answer = await patch(id, body);
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.body).map((error) => error.path)).toContain(field);
    expect((await followUp(id)).state).toBe('new');
  });

  it('a case resolved with an outcome and a note shows both, audited without the note; a resolved case only reopens to in progress, which clears them', async () => {
    const { id } = await poorSurvey();
    expect((await patch(id, { state: 'in-progress' })).status).toBe(200);
    const resolved = await patch(id, { state: 'resolved', outcome: 'recovered', outcomeNote: '  Voucher for two, the guest thanked us.  ' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'resolved', outcome: 'recovered', outcomeNote: 'Voucher for two, the guest thanked us.' });
    expect(resolved.body.resolvedBy).toMatchObject({ email: 'manager.cova@roles.example.com' });
    expect(resolved.body.clock.resolve.metAt).not.toBeNull();
    const [row] = await listIds(among([id], null), '-createdAt');
    expect(row.followUp).toMatchObject({ state: 'resolved', outcome: 'recovered', due: null });

    // Corrected while resolved: the outcome alone may be given again.
    const corrected = await patch(id, { outcome: 'not-recovered' });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ state: 'resolved', outcome: 'not-recovered', outcomeNote: null });
    const waiting = await patch(id, { state: 'waiting-for-guest' });
    expect(waiting.status).toBe(400);
    expect(fieldErrors(waiting.body)).toEqual([
      { path: 'state', message: 'A case that is Resolved cannot be set to Waiting for guest. It can go to: In progress.' },
    ]);

    const reopened = await patch(id, { state: 'in-progress' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ state: 'in-progress', outcome: null, outcomeNote: null, resolvedBy: null, resolvedAt: null });
    const { rows: audit } = await server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'update-followup' AND document_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.map((entry) => entry.detail)).toEqual([
      { state: 'in-progress', from: 'new' },
      { state: 'resolved', from: 'in-progress', outcome: 'recovered', outcomeNote: true },
      { outcome: 'not-recovered', outcomeNote: false },
      { state: 'in-progress', from: 'resolved' },
    ]);
    expect(JSON.stringify(audit)).not.toContain('Voucher');
    // The case's history, from those entries.
    const who = 'manager.cova@roles.example.com';
    expect(
      reopened.body.history.map((event: { from: string; state: string; outcome: string; by: { email: string } | null; byGuest: boolean }) => [
        event.from,
        event.state,
        event.outcome,
        event.by?.email ?? null,
        event.byGuest,
      ]),
    ).toEqual([
      ['new', 'in-progress', null, who, false],
      ['in-progress', 'resolved', 'recovered', who, false],
      [null, null, 'not-recovered', who, false],
      ['resolved', 'in-progress', null, who, false],
    ]);
  });

  it("the outcome's note is part of what is held about the guest: in their privacy export", async () => {
    const email = guestEmail();
    const { id } = await poorSurvey({ email_address: email });
    expect((await patch(id, { state: 'resolved', outcome: 'recovered', outcomeNote: 'Offered a dinner for two.' })).status).toBe(200);
    const exported = await server.api(`/api/privacy/export?email=${encodeURIComponent(email)}`, { as: 'staff' });
    expect(exported.status).toBe(200);
    const mine = exported.body.submissions.find((doc: { id: number }) => doc.id === id);
    expect(mine.notes).toEqual([{ at: expect.any(String), text: 'Offered a dinner for two.' }]);
  });

  it("the guest's answer reopens a resolved case and clears its outcome", async () => {
    const email = guestEmail();
    const { id } = await poorSurvey({ email_address: email });
    const token = await replied(id, email);
    expect((await patch(id, { state: 'resolved', outcome: 'recovered' })).status).toBe(200);
    const answered = await server.api(`/api/case/${token}/messages`, { method: 'POST', json: { text: 'Actually the voucher never came.' } });
    expect(answered.status).toBe(201);
    const reopened = await followUp(id);
    expect(reopened).toMatchObject({ state: 'in-progress', outcome: null, outcomeNote: null, resolvedBy: null });
    expect(reopened.history.at(-1)).toMatchObject({ from: 'resolved', state: 'in-progress', outcome: null, by: null, byGuest: true });
  });
});

describe('waiting for the guest', () => {
  it('stands the clock still: no escalation while waiting; the answer moves the due time on by the pause and the steps run then, once', async () => {
    const email = guestEmail();
    const paused = await poorSurvey({ email_address: email });
    const running = await poorSurvey();
    // Replied and set waiting at once (the reminder is due 3 seconds after it came); the mail is read later.
    await reply(paused.id);
    const waiting = await patch(paused.id, { state: 'waiting-for-guest' });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body.state).toBe('waiting-for-guest');
    const pausedAt = Date.parse(waiting.body.clock.pausedAt);
    const dueBefore = Date.parse(waiting.body.clock.resolve.dueAt);
    expect(dueBefore - Date.parse(paused.createdAt)).toBe(6000);
    expect(await pendingSteps(paused.id)).toEqual([]);

    // The case beside it, not waiting, is reminded and escalated: by then the waiting one was due too.
    await expect.poll(async () => (await events(running.id)).map((event) => event.at), { timeout: 30_000 }).toEqual(['0.5', 'due']);
    expect(Date.now()).toBeGreaterThan(dueBefore);
    expect(await events(paused.id)).toEqual([]);
    const still = await followUp(paused.id);
    expect(still.clock).toMatchObject({ pausedAt: waiting.body.clock.pausedAt, events: [] });
    expect(still.clock.resolve).toMatchObject({ dueAt: waiting.body.clock.resolve.dueAt, overdue: false });
    // The list: the waiting case is paused, not overdue; the other one is overdue.
    const rows = new Map((await listIds(among([paused.id, running.id], null), '-createdAt')).map((row) => [row.id, row.followUp.due]));
    expect(rows.get(paused.id)).toEqual({ at: null, overdue: false, paused: true });
    expect(rows.get(running.id)).toMatchObject({ overdue: true, paused: false });
    const overdue = submissionWhere(form(), { ...noSearch, due: 'overdue' });
    expect((await listIds(among([paused.id, running.id], overdue), '-createdAt')).map((row) => row.id)).toEqual([running.id]);
    const waitingFilter = submissionWhere(form(), { ...noSearch, state: 'waiting-for-guest' });
    expect((await listIds(among([paused.id, running.id], waitingFilter), '-createdAt')).map((row) => row.id)).toEqual([paused.id]);

    // The guest answers: the case is in progress again, its due time moved on by the pause.
    const token = await tokenIn(email);
    const answeredFrom = Date.now();
    const answered = await server.api(`/api/case/${token}/messages`, { method: 'POST', json: { text: 'The soup was cold, the staff kind.' } });
    expect(answered.status).toBe(201);
    const answeredBy = Date.now();
    const resumed = await followUp(paused.id);
    expect(resumed).toMatchObject({ state: 'in-progress', clock: { pausedAt: null } });
    const shift = Date.parse(resumed.clock.resolve.dueAt) - dueBefore;
    expect(shift).toBeGreaterThanOrEqual(answeredFrom - pausedAt - 50);
    expect(shift).toBeLessThanOrEqual(answeredBy - pausedAt + 50);
    // The steps wait again, at the moved times (the reminder at half of it, the escalation at it).
    const dueAfter = Date.parse(resumed.clock.resolve.dueAt);
    expect((await pendingSteps(paused.id)).map((step) => [step.key.split(':').slice(2).join(':'), step.due_at.getTime()])).toEqual([
      ['resolve:0', dueAfter - 3000],
      ['resolve:1', dueAfter],
    ]);
    await expect.poll(async () => (await events(paused.id)).map((event) => event.at), { timeout: 30_000 }).toEqual(['0.5', 'due']);
    expect(Date.now()).toBeGreaterThanOrEqual(dueAfter);
    expect(await pendingSteps(paused.id)).toEqual([]);
  });

  it("a reply asking for the guest's answer sets the case waiting (its clock still), by who replied; without it, in progress; resolved stays resolved", async () => {
    const send = (id: number, json: Record<string, unknown>) =>
      server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'Could you tell us more?', ...json }, as: 'none', headers: cova });
    const asked = await poorSurvey({ email_address: guestEmail() });
    expect((await send(asked.id, { waitForGuest: true })).status).toBe(201);
    const waiting = await followUp(asked.id);
    expect(waiting.state).toBe('waiting-for-guest');
    expect(waiting.clock.pausedAt).not.toBeNull();
    expect(waiting.clock.firstResponse.metAt).not.toBeNull();
    expect(await pendingSteps(asked.id)).toEqual([]);
    expect(waiting.history.at(-1)).toMatchObject({ from: 'new', state: 'waiting-for-guest', byGuest: false, by: { email: 'manager.cova@roles.example.com' } });
    const told = await poorSurvey({ email_address: guestEmail() });
    expect((await send(told.id, {})).status).toBe(201);
    expect(await followUp(told.id)).toMatchObject({ state: 'in-progress', clock: { pausedAt: null } });
    expect((await patch(told.id, { state: 'resolved', outcome: 'recovered' })).status).toBe(200);
    expect((await send(told.id, { waitForGuest: true })).status).toBe(201);
    expect(await followUp(told.id)).toMatchObject({ state: 'resolved', outcome: 'recovered' });
  });

  it('resolving a waiting case resumes and meets its clock: nothing waits', async () => {
    const email = guestEmail();
    const { id } = await poorSurvey({ email_address: email });
    await replied(id, email);
    expect((await patch(id, { state: 'waiting-for-guest' })).status).toBe(200);
    const resolved = await patch(id, { state: 'resolved', outcome: 'no-action' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.clock).toMatchObject({ pausedAt: null, resolve: { overdue: false } });
    expect(resolved.body.clock.resolve.metAt).not.toBeNull();
    expect(await pendingSteps(id)).toEqual([]);
  });
});

describe('the list by due time', () => {
  it('filters overdue and due today (Doha), sorts by due time (none last), for the venue manager; another venue gets none and a 404', async () => {
    const fine = (await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'excellent' }) })).body.doc;
    const first = await poorSurvey();
    const second = await poorSurvey();
    const ids = [fine.id, first.id, second.id];
    const soonest = (await listIds(among(ids, null), 'followUp.due')).map((row) => row.id);
    expect(soonest).toEqual([first.id, second.id, fine.id]);
    expect((await listIds(among(ids, null), '-followUp.due')).map((row) => row.id)).toEqual([second.id, first.id, fine.id]);

    const today = submissionWhere(form(), { ...noSearch, due: 'today' });
    expect((await listIds(among(ids, today), 'followUp.due')).map((row) => row.id)).toEqual([first.id, second.id]);
    // A day later in Doha nothing of these is due that day.
    const tomorrow = submissionWhere(form(), { ...noSearch, due: 'today' }, null, new Date(Date.now() + 86_400_000));
    expect(await listIds(among(ids, tomorrow), 'followUp.due')).toEqual([]);
    const overdue = submissionWhere(form(), { ...noSearch, due: 'overdue' });
    await expect
      .poll(async () => (await listIds(among(ids, overdue), 'followUp.due')).map((row) => row.id), { timeout: 30_000 })
      .toEqual([first.id, second.id]);

    expect(await listIds(among(ids, overdue), 'followUp.due', twiga)).toEqual([]);
    expect(await listIds(among(ids, today), 'followUp.due', twiga)).toEqual([]);
    expect((await server.api(`/api/${DINING}/${first.id}/followup`, { as: 'none', headers: twiga })).status).toBe(404);
    expect((await patch(first.id, { state: 'resolved', outcome: 'recovered' }, twiga)).status).toBe(404);
    // An unknown due path is a 400 naming it, never a 500.
    const unknown = await server.api(`/api/${DINING}?sort=followUp.dueDate`, { as: 'none', headers: cova });
    expect(unknown.status).toBe(400);
  });
});
