// The submissions list's columns (a definition's list.columns): each row carries the cells its
// form names (the venue, the lowest rating with the question it came from, the comment's first
// words), scoped like the answers (a manager only its venues' rows, a confidential form none, the
// pages' key nothing), sortable by date and by rating position; a bad sort is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, PADEL, WHISTLE, diningAnswers, padelAnswers, proofFor } from './samples.ts';

let server: TestServer;
const ids: Record<string, number> = {};

const survey = async (answers: Record<string, unknown>): Promise<number> => {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  return created.body.doc.id;
};

/** The list among this file's own submissions, as `roles` (and venues) read it. */
async function list(query: string, roles: Parameters<TestServer['staffAs']>[0] = ['viewer'], venues: string[] = []) {
  const among = `where[id][in]=${Object.values(ids).join(',')}`;
  return server.api(`/api/${DINING}?${among}&depth=0&limit=100&${query}`, { as: 'none', headers: await server.staffAs(roles, venues) });
}
const order = (docs: { id: number }[]) => docs.map((doc) => Object.entries(ids).find(([, id]) => id === doc.id)?.[0]);

beforeAll(async () => {
  server = await startTestServer();
  // Created in this order: the newest (fine) first in the default sort.
  ids.poorDinner = await survey({
    rating_food: 'poor',
    rating_service: 'average',
    customer_comments: 'The lamb was cold and we waited forty minutes for the bill at the end.',
  });
  ids.average = await survey({ visited_restaurant: 'Twiga', rating_beverage: 'average', customer_comments: 'Fine.' });
  ids.fine = await survey({
    rating_greeting: 'excellent',
    rating_service: 'excellent',
    rating_food: 'very-good',
    rating_beverage: 'very-good',
    rating_value_for_money: 'excellent',
    rating_cleanliness: 'excellent',
  });
});
afterAll(() => server?.close());

describe('the submissions list columns', () => {
  it("gives each row the venue, the lowest rating with its question and position, and the comment's first words", async () => {
    const answer = await list('sort=-createdAt');
    expect(answer.status).toBe(200);
    const poor = answer.body.docs.find((doc: { id: number }) => doc.id === ids.poorDinner);
    expect(poor.listColumns).toEqual({
      visited_restaurant: { value: 'Cova' },
      lowest_rating: { value: 'poor', field: 'rating_food', position: 1, top: 5 },
      customer_comments: { value: 'The lamb was cold and we waited forty', truncated: true },
    });
    const twiga = answer.body.docs.find((doc: { id: number }) => doc.id === ids.average);
    // Two ratings are "average" (service is very good in the sample): the first named in the column is the one shown.
    expect(twiga.listColumns.lowest_rating).toEqual({ value: 'average', field: 'rating_beverage', position: 2, top: 5 });
    expect(twiga.listColumns.customer_comments).toEqual({ value: 'Fine.' });
  });

  it("sorts by the lowest rating (its position) and by one rating's position, not its stored word", async () => {
    expect(order((await list('sort=lowest_rating')).body.docs)).toEqual(['poorDinner', 'average', 'fine']);
    expect(order((await list('sort=-lowest_rating')).body.docs)).toEqual(['fine', 'average', 'poorDinner']);
    // By word "good" < "poor" < "very-good"; by position poor (1) < good (3) < very-good (4).
    expect(order((await list('sort=rating_food')).body.docs)).toEqual(['poorDinner', 'average', 'fine']);
    expect(order((await list('sort=createdAt')).body.docs)).toEqual(['poorDinner', 'average', 'fine']);
    expect(order((await list('sort=-createdAt')).body.docs)).toEqual(['fine', 'average', 'poorDinner']);
  });

  it('answers a bad sort with a 400 naming it, in the Payload error shape', async () => {
    const answer = await list('sort=-lowest_ratin');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [{ name: 'QueryError', data: [{ path: 'lowest_ratin' }], message: 'The following path cannot be queried: lowest_ratin' }],
    });
    // A lowest column is its own form's: the padel survey has none of that name.
    const padel = await server.api(`/api/${PADEL}?sort=lowest_rating`, { as: 'none', headers: await server.staffAs(['viewer']) });
    expect(padel.status).toBe(400);
    expect(padel.body.errors[0].data).toEqual([{ path: 'lowest_rating' }]);
  });

  it("is scoped like the answers: a manager gets its venue's rows and cells only", async () => {
    const answer = await list('sort=lowest_rating', ['manager'], ['cova']);
    expect(answer.status).toBe(200);
    expect(order(answer.body.docs)).toEqual(['poorDinner', 'fine']);
    expect(
      answer.body.docs.every((doc: { listColumns: { visited_restaurant: { value: string } } }) => doc.listColumns.visited_restaurant.value === 'Cova'),
    ).toBe(true);
    const elsewhere = await list('sort=lowest_rating', ['manager'], ['twiga']);
    expect(order(elsewhere.body.docs)).toEqual(['average']);
    // The pages' key reads no submissions at all.
    expect((await server.api(`/api/${DINING}?sort=lowest_rating`)).status).toBe(403);
  });

  it('gives the padel survey its own columns (an unanswered comment as null), and a confidential form no cells', async () => {
    const created = await server.api(`/api/${PADEL}`, { json: padelAnswers() });
    expect(created.status).toBe(201);
    const padel = await server.api(`/api/${PADEL}?where[id][equals]=${created.body.doc.id}&depth=0`, { as: 'none', headers: await server.staffAs(['viewer']) });
    expect(padel.body.docs[0].listColumns).toEqual({
      recommend_to_others_rating: { value: 9 },
      visit_frequency: { value: 'weekly' },
      share_experience: { value: null },
    });
    const report = { incident_or_concern: 'Cash is taken from the ticket desk.', contact_name: 'Noor', acknowledgement: true };
    const reported = await server.api(`/api/${WHISTLE}`, {
      json: report,
      headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') },
    });
    expect(reported.status).toBe(201);
    const reports = await server.api(`/api/${WHISTLE}?where[id][equals]=${reported.body.doc.id}&depth=0`, {
      as: 'none',
      headers: await server.staffAs(['compliance']),
    });
    expect(reports.status).toBe(200);
    expect(reports.body.docs[0]).not.toHaveProperty('listColumns');
  });
});
