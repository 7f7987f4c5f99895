// Insights (GET /api/insights/{formId}): exact numbers on a known set of submissions, received
// around a Doha Sunday midnight (Qatar's week starts on Sunday, UTC+3), with hidden questions not
// counted, the same permission as the form's submissions, and every wrong parameter named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { DINING, PADEL, SATISFACTION, diningAnswers, padelAnswers, satisfactionAnswers } from './samples.ts';

let server: TestServer;

/** Sunday 2026-11-22 00:00 in Doha is Saturday 21:00 UTC. */
const SATURDAY_LAST_SECOND = '2026-11-21T20:59:59Z';
const SUNDAY_MIDNIGHT = '2026-11-21T21:00:00Z';

async function submit(collection: string, answers: Record<string, unknown>, receivedAt: string): Promise<number> {
  // The satisfaction survey asks for the human check (the siteverify stand-in passes it).
  const headers: Record<string, string> = {};
  if (collection === SATISFACTION) {
    const verified = await server.api('/api/verify-captcha', { json: { token: `pass-${Math.random()}`, action: 'submit_form_satisfaction_survey' } });
    headers['x-captcha-proof'] = verified.body.proof;
  }
  const created = await server.api(`/api/${collection}`, { json: answers, headers });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.doc.id as number;
  await server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [receivedAt, id]);
  return id;
}

async function tokenOf(role: 'editor' | 'viewer'): Promise<string> {
  const email = `${role}-insights@example.com`;
  await saveStaffUser(server.ctx.db, email, 'a long enough password', role);
  const login = await server.api('/api/users/login', { json: { email, password: 'a long enough password' }, as: 'none' });
  return login.body.token as string;
}

let coldSoupId: number;

beforeAll(async () => {
  server = await startTestServer();
  coldSoupId = await submit(
    DINING,
    diningAnswers({ rating_food: 'poor', rating_service: 'excellent', customer_comments: 'Cold soup, kind waiter.' }),
    SATURDAY_LAST_SECOND,
  );
  await submit(DINING, diningAnswers({ rating_food: 'excellent', customer_comments: 'الطعام رائع' }), SUNDAY_MIDNIGHT);
  await submit(DINING, diningAnswers({ rating_food: 'very-good', customer_comments: '' }), '2026-11-23T10:00:00Z');
  await submit(DINING, diningAnswers({ visited_restaurant: 'Crazy Pizza', rating_food: 'good' }), '2026-11-24T10:00:00Z');
  // Outside every range asked below.
  await submit(DINING, diningAnswers({ rating_food: 'poor' }), '2026-10-01T10:00:00Z');
  for (const [score, frequency] of [
    [10, 'weekly'],
    [9, 'weekly'],
    [9, 'daily'],
    [8, 'daily'],
    [7, 'weekly'],
    [6, 'weekly'],
  ] as const) {
    await submit(PADEL, padelAnswers({ recommend_to_others_rating: score, visit_frequency: frequency }), '2026-11-24T08:00:00Z');
  }
  await submit(SATISFACTION, satisfactionAnswers({ loyalty_program: 'yes', rating_loyalty_program_satisfaction: 'very-satisfied' }), '2026-11-24T08:00:00Z');
  await submit(SATISFACTION, satisfactionAnswers({ loyalty_program: 'yes', rating_loyalty_program_satisfaction: 'neutral' }), '2026-11-24T08:00:00Z');
  await submit(SATISFACTION, satisfactionAnswers({ loyalty_program: 'no' }), '2026-11-24T08:00:00Z');
});
afterAll(() => server?.close());

const range = 'from=2026-11-15&to=2026-11-28';

describe('the numbers', () => {
  it('groups the dining survey by restaurant and Doha week (Sunday first): means, distributions, answered counts', async () => {
    const answer = await server.api(`/api/insights/dining-survey?by=visited_restaurant&period=week&${range}`, { as: 'staff' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ form: 'dining-survey', by: 'visited_restaurant', period: 'week', from: '2026-11-15', to: '2026-11-28' });
    const cova = answer.body.groups.find((group: { key: string }) => group.key === 'Cova');
    expect(cova.label).toEqual({ en: 'Cova', ar: 'Cova' });
    expect(cova.periods.map((period: { start: string; count: number }) => [period.start, period.count])).toEqual([
      ['2026-11-15', 1],
      ['2026-11-22', 2],
    ]);
    const [lastWeek, thisWeek] = cova.periods;
    expect(lastWeek.questions.rating_food).toEqual({ answered: 1, mean: 1, distribution: { poor: 1, average: 0, good: 0, 'very-good': 0, excellent: 0 } });
    expect(thisWeek.questions.rating_food).toEqual({ answered: 2, mean: 4.5, distribution: { poor: 0, average: 0, good: 0, 'very-good': 1, excellent: 1 } });
    expect(thisWeek.questions.rating_service.mean).toBe(4);
    const pizza = answer.body.groups.find((group: { key: string }) => group.key === 'Crazy Pizza');
    expect(pizza.periods).toHaveLength(1);
    expect(pizza.periods[0]).toMatchObject({ start: '2026-11-22', count: 1, questions: { rating_food: { answered: 1, mean: 3 } } });
    expect(answer.body.groups).toHaveLength(2);
  });

  it('days and months are Doha days and months too; without by, one group with key null', async () => {
    const days = await server.api(`/api/insights/dining-survey?period=day&${range}`, { as: 'staff' });
    expect(days.body.groups).toHaveLength(1);
    expect(days.body.groups[0].key).toBeNull();
    expect(days.body.groups[0].label.en).toBe('All submissions');
    expect(days.body.groups[0].periods.map((period: { start: string; count: number }) => [period.start, period.count])).toEqual([
      ['2026-11-21', 1],
      ['2026-11-22', 1],
      ['2026-11-23', 1],
      ['2026-11-24', 1],
    ]);
    const months = await server.api('/api/insights/dining-survey?period=month&from=2026-10-01&to=2026-11-30', { as: 'staff' });
    expect(months.body.groups[0].periods.map((period: { start: string; count: number }) => [period.start, period.count])).toEqual([
      ['2026-10-01', 1],
      ['2026-11-01', 4],
    ]);
    expect(months.body.groups[0].periods[1].questions.rating_food.mean).toBe(3.25);
  });

  it('a 0-10 scale with an NPS band: its mean, distribution and the Net Promoter Score', async () => {
    const answer = await server.api(`/api/insights/padel-survey?${range}`, { as: 'staff' });
    const [period] = answer.body.groups[0].periods;
    expect(period.count).toBe(6);
    const recommend = period.questions.recommend_to_others_rating;
    // 10, 9, 9 promote; 8, 7 are passive; 6 detracts: (3 - 1) / 6 = 33 %.
    expect(recommend.nps).toEqual({ score: 33, promoters: 3, passives: 2, detractors: 1 });
    expect(recommend.mean).toBe(8.17);
    expect(recommend.answered).toBe(6);
    expect(recommend.distribution).toMatchObject({ 6: 1, 7: 1, 8: 1, 9: 2, 10: 1, 0: 0 });
    expect(period.questions.satisfaction_booking_process).not.toHaveProperty('nps');
  });

  it('groups by a choice question, labelled in the form languages', async () => {
    const answer = await server.api(`/api/insights/padel-survey?by=visit_frequency&${range}`, { as: 'staff' });
    const weekly = answer.body.groups.find((group: { key: string }) => group.key === 'weekly');
    expect(weekly.label).toEqual({ en: 'Weekly', ar: 'أسبوعيًا' });
    // 10 and 9 promote, 7 is passive, 6 detracts: (2 - 1) / 4 = 25 %.
    expect(weekly.periods[0].questions.recommend_to_others_rating.nps).toEqual({ score: 25, promoters: 2, passives: 1, detractors: 1 });
  });

  it('a question hidden by a condition is not counted', async () => {
    const answer = await server.api(`/api/insights/satisfaction-survey?${range}`, { as: 'staff' });
    const [period] = answer.body.groups[0].periods;
    expect(period.count).toBe(3);
    expect(period.questions.rating_loyalty_program_satisfaction).toMatchObject({
      answered: 2,
      mean: 4,
      distribution: { neutral: 1, 'very-satisfied': 1, satisfied: 0 },
    });
    expect(period.questions.rating_overall_experience.answered).toBe(3);
  });

  it('the comments of the range, newest first, with their ratings and submission, per restaurant', async () => {
    const answer = await server.api(`/api/insights/dining-survey/comments?by=visited_restaurant&group=Cova&${range}`, { as: 'staff' });
    expect(answer.status).toBe(200);
    expect(answer.body.docs.map((comment: { text: string }) => comment.text)).toEqual(['الطعام رائع', 'Cold soup, kind waiter.']);
    expect(answer.body.docs[1]).toMatchObject({
      id: coldSoupId,
      group: 'Cova',
      field: 'customer_comments',
      ratings: { rating_food: 'poor', rating_service: 'excellent' },
    });
    expect(answer.body.more).toBe(false);
    const pizza = await server.api(`/api/insights/dining-survey/comments?by=visited_restaurant&group=${encodeURIComponent('Crazy Pizza')}&${range}`, {
      as: 'staff',
    });
    expect(pizza.body.docs.map((comment: { text: string }) => comment.text)).toEqual(['Lovely terrace.']);
  });
});

describe('who may read them', () => {
  it('a role without the form is refused (editor; viewer for a compliance-only form); the public key and no credentials too', async () => {
    const editor = await tokenOf('editor');
    const viewer = await tokenOf('viewer');
    const as = (token: string) => ({ as: 'none' as const, headers: { authorization: `JWT ${token}` } });
    expect((await server.api(`/api/insights/dining-survey?${range}`, as(editor))).status).toBe(403);
    expect((await server.api(`/api/insights/dining-survey/comments?${range}`, as(editor))).status).toBe(403);
    expect((await server.api(`/api/insights/dining-survey?${range}`, as(viewer))).status).toBe(200);
    expect((await server.api(`/api/insights/whistle-blower?${range}`, as(viewer))).status).toBe(403);
    expect((await server.api(`/api/insights/dining-survey?${range}`, { as: 'public' })).status).toBe(403);
    expect((await server.api(`/api/insights/dining-survey?${range}`, { as: 'none' })).status).toBe(403);
  });
});

describe("wrong parameters: 400 naming the parameter, in the caller's language", () => {
  const cases: [string, string, RegExp, RegExp][] = [
    ['/api/insights/no-such-form', 'formId', /There is no form "no-such-form"/, /لا يوجد نموذج/],
    ['/api/insights/dining-survey?by=customer_comments', 'by', /"customer_comments" is not a single-choice/, /ليس سؤال اختيار واحد/],
    ['/api/insights/dining-survey?by=rating_food', 'by', /not a single-choice/, /ليس سؤال اختيار/],
    ['/api/insights/dining-survey?period=year', 'period', /day, week or month/, /اختر الفترة/],
    ['/api/insights/dining-survey?from=2026-02-30&to=2026-03-05', 'from', /real date as YYYY-MM-DD/, /تاريخًا صحيحًا/],
    ['/api/insights/dining-survey?from=2026-11-01&to=tomorrow', 'to', /real date/, /تاريخًا صحيحًا/],
    ['/api/insights/dining-survey?from=2026-11-20&to=2026-11-10', 'to', /on or after the start date/, /تاريخ النهاية/],
    ['/api/insights/dining-survey?from=2024-01-01&to=2026-11-10', 'from', /at most two years/, /سنتين/],
  ];
  it.each(cases)('%s names %s', async (path, parameter, english, arabic) => {
    const en = await server.api(path, { as: 'staff' });
    expect(en.status).toBe(400);
    expect(en.body.errors[0].data.errors).toEqual([{ path: parameter, message: expect.stringMatching(english) }]);
    const ar = await server.api(path, { as: 'staff', headers: { 'accept-language': 'ar' } });
    expect(ar.status).toBe(400);
    expect(ar.body.errors[0].data.errors[0]).toEqual({ path: parameter, message: expect.stringMatching(arabic) });
  });
});
