// The console home (GET /api/console/home) and the navigation's forms and counts (GET /api/console/nav):
// numbers computed from known submissions (this week: the last 7 days; last week: the 7 before),
// scoped like every read (a manager of another venue sees none of Cova's; whistle-blower reports
// only for compliance, and never a rating of them), and every wrong parameter a 4xx naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, WHISTLE, diningAnswers, proofFor } from './samples.ts';

let server: TestServer;
const DAY_MS = 86_400_000;
const ALL = (rating: string) =>
  Object.fromEntries(
    ['rating_greeting', 'rating_service', 'rating_food', 'rating_beverage', 'rating_value_for_money', 'rating_cleanliness'].map((name) => [name, rating]),
  );

/** A dining survey received `daysAgo` days ago: its id and reference. */
async function dine(answers: Record<string, unknown>, daysAgo: number): Promise<{ id: number; reference: string }> {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [new Date(Date.now() - daysAgo * DAY_MS).toISOString(), created.body.doc.id]);
  return { id: created.body.doc.id, reference: created.body.doc.reference };
}

let mixed: { id: number; reference: string };
let poorDinner: { id: number; reference: string };
let pizza: { id: number; reference: string };
let covaManager: Record<string, string>;
let twigaManager: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  // Cova this week: the sample's ratings (5, 4, 3, 2, 3, 5: mean 22/6) and a Poor dinner (all 1); last week: all Excellent (5).
  mixed = await dine({}, 1);
  poorDinner = await dine(ALL('poor'), 2);
  await dine(ALL('excellent'), 9);
  // Crazy Pizza this week, all Average (2); and one older than both weeks, never counted.
  pizza = await dine({ visited_restaurant: 'Crazy Pizza', ...ALL('average') }, 3);
  await dine(ALL('poor'), 20);
  covaManager = await server.staffAs(['manager'], ['cova']);
  twigaManager = await server.staffAs(['manager'], ['twiga']);
  // Cova's mixed dinner is being followed up.
  const taken = await server.api(`/api/${DINING}/${mixed.id}/followup`, { method: 'PATCH', json: { state: 'in-progress' }, as: 'staff' });
  expect(taken.status, JSON.stringify(taken.body)).toBe(200);
});
afterAll(() => server?.close());

const home = (headers: Record<string, string>, query = '') => server.api(`/api/console/home${query}`, { as: 'none', headers });
const dining = (body: { forms: { form: string }[] }) => body.forms.find((form) => form.form === 'dining-survey');

describe('the console home', () => {
  it("gives a Cova manager Cova's week beside last week, its lowest-rated dinners first, its follow-ups in progress", async () => {
    const answer = await home(covaManager);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(dining(answer.body)).toEqual({
      form: 'dining-survey',
      collection: DINING,
      title: { en: 'Dining survey', ar: 'استبيان المطاعم', fr: 'Enquête restauration' },
      ratingTop: 5,
      thisWeek: { submissions: 2, meanRating: Math.round(((22 / 6 + 1) / 2) * 100) / 100 },
      lastWeek: { submissions: 1, meanRating: 5 },
      followUpsInProgress: 1,
      // Under the seeded policies (24 hours to a first response) none is due yet.
      overdue: 0,
    });
    expect(answer.body.lowest.map((item: { reference: string }) => item.reference)).toEqual([poorDinner.reference, mixed.reference]);
    expect(answer.body.lowest[0]).toMatchObject({ form: 'dining-survey', id: poorDinner.id, venue: 'cova', meanRating: 1, ratingTop: 5 });
    expect(answer.body.followUpsInProgress).toBe(1);
    // Only forms a manager reads, and nothing of a form without a venue question.
    expect(answer.body.forms.map((form: { form: string }) => form.form)).not.toContain('whistle-blower');
  });

  it("gives a manager of another venue none of Cova's (nor Crazy Pizza's)", async () => {
    const answer = await home(twigaManager);
    expect(answer.status).toBe(200);
    expect(dining(answer.body)).toMatchObject({
      thisWeek: { submissions: 0, meanRating: null },
      lastWeek: { submissions: 0, meanRating: null },
      followUpsInProgress: 0,
    });
    expect(answer.body.lowest).toEqual([]);
    expect(answer.body.followUpsInProgress).toBe(0);
    expect(JSON.stringify(answer.body)).not.toContain(poorDinner.reference);
  });

  it('gives an admin every restaurant, the lowest across them, and as many as ?lowest= asks', async () => {
    const answer = await server.api('/api/console/home?lowest=2', { as: 'staff' });
    expect(answer.status).toBe(200);
    expect(dining(answer.body)).toMatchObject({ thisWeek: { submissions: 3 }, lastWeek: { submissions: 1, meanRating: 5 } });
    expect(answer.body.lowest.map((item: { reference: string }) => item.reference)).toEqual([poorDinner.reference, pizza.reference]);
    // The admin reads no whistle-blower report (the form's access names compliance only).
    expect(answer.body.forms.map((form: { form: string }) => form.form)).not.toContain('whistle-blower');
  });

  it('counts whistle-blower reports for compliance only, and never rates or lists them', async () => {
    const report = { incident_or_concern: 'The shift lead takes cash from the till on Fridays.', acknowledgement: true };
    const created = await server.api(`/api/${WHISTLE}`, { json: report, headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const compliance = await server.staffAs(['compliance']);
    const answer = await home(compliance);
    expect(answer.status).toBe(200);
    const whistle = answer.body.forms.find((form: { form: string }) => form.form === 'whistle-blower');
    expect(whistle).toMatchObject({ title: { en: 'Whistle-blower reports' }, ratingTop: null, thisWeek: { meanRating: null } });
    expect(whistle.thisWeek.submissions).toBe(1);
    expect(JSON.stringify(answer.body)).not.toContain('till');
    expect(answer.body.lowest.every((item: { form: string }) => item.form !== 'whistle-blower')).toBe(true);
  });

  it('says the unread alerts the caller has, as the alerts inbox does', async () => {
    for (const headers of [covaManager, twigaManager]) {
      const unread = await server.api('/api/alerts/unread', { as: 'none', headers });
      expect((await home(headers)).body.unreadAlerts).toBe(unread.body.unread);
    }
  });

  it('gives the navigation the forms the caller reads by their staff names, and the same counts, scoped the same way', async () => {
    const nav = await server.api('/api/console/nav', { as: 'none', headers: covaManager });
    expect(nav.status).toBe(200);
    expect(nav.body).toMatchObject({ unreadAlerts: (await home(covaManager)).body.unreadAlerts, followUpsInProgress: 1 });
    expect(nav.body.forms).toContainEqual({
      form: 'dining-survey',
      title: { en: 'Dining survey', ar: 'استبيان المطاعم', fr: 'Enquête restauration' },
      insights: true,
    });
    expect(nav.body.forms.map((form: { form: string }) => form.form)).toEqual((await home(covaManager)).body.forms.map((form: { form: string }) => form.form));
    expect((await server.api('/api/console/nav', { as: 'none', headers: twigaManager })).body.followUpsInProgress).toBe(0);
    const admin = await server.api('/api/console/nav', { as: 'staff' });
    expect(admin.body.forms.map((form: { form: string }) => form.form)).not.toContain('whistle-blower');
    expect(
      (await server.api('/api/console/nav', { as: 'none', headers: await server.staffAs(['compliance']) })).body.forms.map(
        (form: { form: string }) => form.form,
      ),
    ).toEqual(['whistle-blower']);
  });

  it('is for staff only', async () => {
    for (const path of ['/api/console/home', '/api/console/nav']) {
      expect((await server.api(path, { as: 'none' })).status, path).toBe(403);
      expect((await server.api(path)).status, `${path} with the public key`).toBe(403);
      expect((await server.api(path, { as: 'none', headers: await server.staffAs(['employee']) })).status, `${path} as an employee`).toBe(403);
    }
  });

  it.each([
    ['?lowest=abc', 'lowest'],
    ['?lowest=0', 'lowest'],
    ['?lowest=21', 'lowest'],
    ['?lowest=1.5', 'lowest'],
    ['?lowest[$gt]=1', 'lowest'],
    ['?lowest=1&lowest=2', 'lowest'],
    [`?locale=${'x'.repeat(100)}`, 'locale'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const answer = await server.api(`/api/console/home${query}`, { as: 'staff' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toContain(field);
  });
});
