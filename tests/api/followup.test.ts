// Follow-up of submissions: a viewer takes a low rating in hand (state, assignee, notes), every
// change audited; the same people who read a submission follow it up, nobody else learns it exists;
// the list filters on state, assignee, venue and a rating range; the pages' key never sees any of it.
// Each test makes the submissions it needs (survey()), so any one runs alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import type { Role } from '../../src/server/core/access/roles.ts';
import { ratingFields, ratingValuesBetween } from '../../src/engine/insights/rating-range.ts';
import { FOLLOW_UP_NOTE_MAX_LENGTH } from '../../src/engine/contract/followup.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
const users: Record<string, { id: number; token: string }> = {};

async function signIn(name: string, role: Role, venues: string[] = []): Promise<void> {
  const email = `${name}@example.com`;
  const user = await saveStaffUser(server.ctx.db, email, 'a long enough password', role, venues);
  const login = await server.api('/api/users/login', { json: { email, password: 'a long enough password' }, as: 'none' });
  users[name] = { id: user.id, token: login.body.token };
}

const as = (name: string, headers: Record<string, string> = {}) => ({
  as: 'none' as const,
  headers: { authorization: `JWT ${users[name].token}`, ...headers },
});
const patch = (id: number | string, json: unknown, who = 'viewer', headers: Record<string, string> = {}) =>
  server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json, ...as(who, headers) });
const where = (clause: unknown) => `where=${encodeURIComponent(JSON.stringify(clause))}`;
const listIds = async (clause: unknown) => {
  const answer = await server.api(`/api/${DINING}?${where(clause)}&limit=100&depth=0`, as('viewer'));
  expect(answer.status).toBe(200);
  return answer.body.docs.map((doc: { id: number }) => doc.id);
};
/** A new dining survey of its own, so no test depends on what another did to one. */
const survey = async (answers: Record<string, unknown> = {}): Promise<number> => {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: 'Cova', ...answers }) });
  expect(created.status).toBe(201);
  return created.body.doc.id;
};
const lowRating = () => survey({ rating_food: 'poor', rating_service: 'average' });
const fineRating = () => survey({ rating_food: 'excellent' });
/** The list filtered by `clause`, among these submissions only (others' tests leave theirs). */
const listIdsAmong = (ids: number[], clause: unknown) => listIds({ and: [{ id: { in: ids.join(',') } }, clause] });
const auditRows = async (documentId: number) =>
  (
    await server.ctx.db.query<{ user_email: string; detail: Record<string, unknown> }>(
      "SELECT * FROM audit_log WHERE action = 'update-followup' AND document_id = $1 ORDER BY id",
      [String(documentId)],
    )
  ).rows;

beforeAll(async () => {
  server = await startTestServer();
  await signIn('viewer', 'viewer');
  await signIn('admin', 'admin');
  await signIn('editor', 'editor');
  await signIn('leaver', 'viewer');
  await server.ctx.db.query('UPDATE users SET disabled_at = now() WHERE id = $1', [users.leaver.id]);
  await signIn('cova-manager', 'manager', ['cova']);
  await signIn('twiga-manager', 'manager', ['twiga']);
});
afterAll(() => server?.close());

describe('a viewer follows up a low rating', () => {
  it('a submission starts new, with nobody assigned and no notes', async () => {
    const low = await lowRating();
    const answer = await server.api(`/api/${DINING}/${low}`, as('viewer'));
    expect(answer.status).toBe(200);
    // A Poor rating falls under the seeded case policy (content/seed/case-policies.json): its clocks start.
    expect(answer.body.followUp).toEqual({
      state: 'new',
      assignee: null,
      resolvedBy: null,
      resolvedAt: null,
      outcome: null,
      outcomeNote: null,
      notes: [],
      history: [],
      clock: expect.objectContaining({ policy: expect.stringMatching(/^Poor dining/), pausedAt: null, events: [] }),
    });
  });

  it('sets it in progress, assigns themself and adds a note; each change is audited without the note text', async () => {
    const low = await lowRating();
    const answer = await patch(low, { state: 'in-progress', assigneeId: users.viewer.id, note: '  Called the guest and offered a voucher  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'in-progress', assignee: { id: users.viewer.id, email: 'viewer@example.com' }, resolvedBy: null });
    expect(answer.body.notes).toHaveLength(1);
    expect(answer.body.notes[0]).toMatchObject({ text: 'Called the guest and offered a voucher', author: { email: 'viewer@example.com' } });
    const audit = await auditRows(low);
    expect(audit).toHaveLength(1);
    expect(audit[0].user_email).toBe('viewer@example.com');
    expect(audit[0].detail).toEqual({ state: 'in-progress', from: 'new', assigneeId: users.viewer.id, noteId: answer.body.notes[0].id });
    expect(JSON.stringify(audit)).not.toContain('voucher');
  });

  it('resolving records who and when; reopening forgets them', async () => {
    const low = await lowRating();
    const fine = await fineRating();
    await patch(low, { state: 'in-progress', assigneeId: users.viewer.id, note: 'Called the guest and offered a voucher' });
    const before = Date.now();
    const resolved = await patch(low, { state: 'resolved', outcome: 'recovered', note: 'Voucher sent by email.' }, 'admin');
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolvedBy).toMatchObject({ email: 'admin@example.com' });
    expect(Date.parse(resolved.body.resolvedAt)).toBeGreaterThanOrEqual(before - 5000);
    expect(resolved.body.assignee).toMatchObject({ id: users.viewer.id });
    expect(resolved.body.notes.map((note: { text: string }) => note.text)).toEqual(['Called the guest and offered a voucher', 'Voucher sent by email.']);
    const reopened = await patch(fine, { state: 'resolved', outcome: 'no-action' });
    expect(reopened.body.resolvedBy).toMatchObject({ email: 'viewer@example.com' });
    const again = await patch(fine, { state: 'in-progress' });
    expect(again.body).toMatchObject({ state: 'in-progress', resolvedBy: null, resolvedAt: null });
    expect((await patch(fine, { state: 'new', assigneeId: null })).body).toMatchObject({ state: 'new', assignee: null });
    expect(await auditRows(fine)).toHaveLength(3);
  });

  it('the staff accounts offered as assignees are the active ones who may read the form', async () => {
    const answer = await server.api(`/api/${DINING}/followup-assignees`, as('viewer'));
    expect(answer.status).toBe(200);
    const emails = answer.body.docs.map((user: { email: string }) => user.email);
    expect(emails).toEqual(expect.arrayContaining(['viewer@example.com', 'admin@example.com']));
    expect(emails).not.toContain('editor@example.com');
    expect(emails).not.toContain('leaver@example.com');
  });

  it('a venue manager is offered only the accounts that read its venues; an admin, every account that reads the form', async () => {
    const emailsFor = async (who: string) =>
      (await server.api(`/api/${DINING}/followup-assignees`, as(who))).body.docs.map((user: { email: string }) => user.email);
    const forCova = await emailsFor('cova-manager');
    expect(forCova).toEqual(expect.arrayContaining(['cova-manager@example.com', 'viewer@example.com', 'admin@example.com']));
    expect(forCova).not.toContain('twiga-manager@example.com');
    expect(await emailsFor('twiga-manager')).not.toContain('cova-manager@example.com');
    expect(await emailsFor('admin')).toEqual(expect.arrayContaining(['cova-manager@example.com', 'twiga-manager@example.com', 'viewer@example.com']));
    // Nor can a Cova survey be given to Twiga's manager.
    const cova = await lowRating();
    const refused = await patch(cova, { assigneeId: users['twiga-manager'].id }, 'cova-manager');
    expect(refused.status).toBe(400);
    expect((await patch(cova, { assigneeId: users['cova-manager'].id }, 'cova-manager')).status).toBe(200);
  });
});

describe('bad changes are refused, naming the field, in the caller language, and nothing is stored', () => {
  it.each([
    [{ state: 'done' }, 'state'],
    [{ state: 3 }, 'state'],
    [{ assigneeId: 'viewer' }, 'assigneeId'],
    [{ assigneeId: 999_999 }, 'assigneeId'],
    [{ note: '   ' }, 'note'],
    [{ note: 42 }, 'note'],
    [{ note: 'x'.repeat(FOLLOW_UP_NOTE_MAX_LENGTH + 1) }, 'note'],
    [{ archived: true }, 'archived'],
    [{}, 'state'],
  ])('%j is a 400 on %s', async (body, field) => {
    const fine = await fineRating();
    const answer = await patch(fine, { ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toContain(field);
  });

  it('an assignee who may not read the form, or whose account is disabled, is refused', async () => {
    const fine = await fineRating();
    for (const who of ['editor', 'leaver']) {
      const answer = await patch(fine, { assigneeId: users[who].id, note: 'Should not be stored' });
      expect(answer.status, who).toBe(400);
      expect(answer.body.errors[0].data.errors).toEqual([{ path: 'assigneeId', message: "Choose a staff member who may read this form's submissions." }]);
    }
    const now = await server.api(`/api/${DINING}/${fine}/followup`, as('viewer'));
    expect(now.body.notes).toEqual([]);
  });

  it('speaks Arabic to an Arabic console', async () => {
    const fine = await fineRating();
    const answer = await server.api(`/api/${DINING}/${fine}/followup?locale=ar`, { method: 'PATCH', json: { state: 'closed' }, ...as('viewer') });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors[0]).toEqual({ path: 'state', message: 'اختر الحالة: جديد أو قيد المتابعة أو بانتظار الضيف أو تم الحل.' });
  });
});

describe('who may follow up', () => {
  it('a staff member who may not read the submission is told it does not exist, as for one that does not', async () => {
    const low = await lowRating();
    expect((await patch(low, { state: 'resolved' }, 'editor')).status).toBe(404);
    expect((await server.api(`/api/${DINING}/${low}/followup`, as('editor'))).status).toBe(404);
    expect((await patch(999_999, { state: 'resolved' })).status).toBe(404);
    expect((await patch('abc', { state: 'resolved' })).status).toBe(404);
    expect((await server.api(`/api/${DINING}/followup-assignees`, as('editor'))).status).toBe(404);
  });

  it('the pages key and callers without a credential are refused, and the guest answer carries no follow-up', async () => {
    const low = await lowRating();
    await patch(low, { note: 'Called the guest and offered a voucher' });
    for (const who of ['public', 'none'] as const) {
      expect((await server.api(`/api/${DINING}/${low}/followup`, { method: 'PATCH', json: { state: 'new' }, as: who })).status, who).toBe(403);
      expect((await server.api(`/api/${DINING}/${low}/followup`, { as: who })).status, who).toBe(403);
      expect((await server.api(`/api/${DINING}/followup-assignees`, { as: who })).status, who).toBe(403);
      expect((await server.api(`/api/${DINING}/${low}`, { as: who })).status, who).toBe(403);
    }
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers() });
    expect(created.status).toBe(201);
    expect(created.body.doc).not.toHaveProperty('followUp');
    expect(JSON.stringify(created.body)).not.toContain('voucher');
    expect((await server.api(`/api/${DINING}?${where({ 'followUp.state': { equals: 'resolved' } })}`)).status).toBe(403);
  });
});

describe('the submissions list filters on the follow-up and the answers', () => {
  it('by state (absent is new) and by assignee, and shows both on each row', async () => {
    const low = await lowRating();
    const fine = await fineRating();
    expect((await patch(low, { state: 'resolved', outcome: 'recovered', assigneeId: users.viewer.id })).status).toBe(200);
    expect(await listIdsAmong([low, fine], { 'followUp.state': { equals: 'resolved' } })).toEqual([low]);
    expect(await listIdsAmong([low, fine], { 'followUp.state': { equals: 'new' } })).toEqual([fine]);
    expect(await listIdsAmong([low, fine], { 'followUp.assignee': { equals: users.viewer.id } })).toEqual([low]);
    const list = await server.api(`/api/${DINING}?${where({ id: { in: [low, fine].join(',') } })}&depth=0`, as('viewer'));
    const byId = new Map(list.body.docs.map((doc: { id: number; followUp: unknown }) => [doc.id, doc.followUp]));
    expect(byId.get(low)).toMatchObject({ state: 'resolved', assignee: { email: 'viewer@example.com' } });
    expect(byId.get(fine)).toEqual({ state: 'new', assignee: null, outcome: null, due: null });
  });

  it('by a rating range (positions on the scale, first option = 1) and by venue', async () => {
    const low = await lowRating();
    const fine = await fineRating();
    const compiled = server.ctx.registry.collections.get(DINING)!.form!.compiled;
    const food = ratingFields(compiled.form).find((field) => field.name === 'rating_food')!;
    expect(ratingValuesBetween(food, 1, 2)).toEqual(['poor', 'average']);
    const lowFood = await listIds({ rating_food: { in: ratingValuesBetween(food, 1, 2).join(',') } });
    expect(lowFood).toContain(low);
    expect(lowFood).not.toContain(fine);
    expect(await listIds({ and: [{ rating_food: { in: ratingValuesBetween(food, 5, 5).join(',') } }, { 'followUp.state': { equals: 'new' } }] })).toContain(
      fine,
    );
    expect(await listIds({ visited_restaurant: { equals: 'Cova' } })).toEqual(expect.arrayContaining([low, fine]));
    expect(await listIds({ visited_restaurant: { equals: 'Nowhere' } })).toEqual([]);
  });

  it('a follow-up filter that matches nobody finds nothing; an unknown follow-up path is a 400, never a 500', async () => {
    const answer = await server.api(`/api/${DINING}?${where({ 'followUp.assignee': { equals: 'someone' } })}`, as('viewer'));
    expect(answer.status).toBe(200);
    expect(answer.body.docs).toEqual([]);
    expect((await server.api(`/api/${DINING}?${where({ 'followUp.notes': { equals: 'x' } })}`, as('viewer'))).status).toBe(400);
  });
});

describe('the staff export', () => {
  it('gives each submission its follow-up state, assignee, outcome, resolution and due time, never the notes', async () => {
    const low = await lowRating();
    const fine = await fineRating();
    await patch(low, { state: 'resolved', outcome: 'recovered', assigneeId: users.viewer.id, note: 'Voucher sent by email.' });
    const answer = await server.api(`/api/${DINING}/export.csv?${where({ id: { in: [low, fine].join(',') } })}`, as('viewer'));
    expect(answer.status).toBe(200);
    const lines = String(answer.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].endsWith(',Follow-up state,Assignee,Outcome,Resolved at,Due at,Overdue')).toBe(true);
    expect(lines[1]).toMatch(/,resolved,viewer@example\.com,recovered,\d{4}-\d{2}-\d{2}T[\d:.]+Z,,no$/);
    expect(lines[2].endsWith(',new,,,,,no')).toBe(true);
    expect(answer.body).not.toContain('voucher');
  });
});
