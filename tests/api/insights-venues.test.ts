// Insights are scoped to a manager's venues, as their submissions are (the one read check of
// core/access: a manager sees their venues only, whatever the grouping).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
let manager: Record<string, string>;
const range = 'from=2026-11-15&to=2026-11-28';

async function submit(answers: Record<string, unknown>, at: string): Promise<void> {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  await server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [at, created.body.doc.id]);
}

beforeAll(async () => {
  server = await startTestServer();
  await submit({ rating_food: 'excellent', customer_comments: 'Cova was lovely.' }, '2026-11-23T10:00:00Z');
  await submit({ visited_restaurant: 'Crazy Pizza', rating_food: 'poor', customer_comments: 'Pizza was cold.' }, '2026-11-23T11:00:00Z');
  manager = await server.staffAs(['manager'], ['cova']);
});
afterAll(() => server?.close());

const asManager = () => ({ as: 'none' as const, headers: manager });

describe("a manager's insights", () => {
  it('count only the submissions of their venues, whatever the grouping', async () => {
    const byRestaurant = await server.api(`/api/insights/dining-survey?by=visited_restaurant&${range}`, asManager());
    expect(byRestaurant.status).toBe(200);
    expect(byRestaurant.body.groups.map((group: { key: string }) => group.key)).toEqual(['Cova']);
    const all = await server.api(`/api/insights/dining-survey?${range}`, asManager());
    expect(all.body.groups[0].periods[0]).toMatchObject({ count: 1, questions: { rating_food: { answered: 1, mean: 5 } } });
    // The staff account (admin) sees both restaurants.
    const admin = await server.api(`/api/insights/dining-survey?${range}`, { as: 'staff' });
    expect(admin.body.groups[0].periods[0].count).toBe(2);
  });

  it("show only their venues' comments, even when another venue is asked for", async () => {
    const comments = await server.api(`/api/insights/dining-survey/comments?by=visited_restaurant&${range}`, asManager());
    expect(comments.body.docs.map((comment: { text: string }) => comment.text)).toEqual(['Cova was lovely.']);
    const other = await server.api(
      `/api/insights/dining-survey/comments?by=visited_restaurant&group=${encodeURIComponent('Crazy Pizza')}&${range}`,
      asManager(),
    );
    expect(other.body.docs).toEqual([]);
  });

  it('are refused for a form the manager role does not read', async () => {
    expect((await server.api(`/api/insights/padel-survey?${range}`, asManager())).status).toBe(403);
  });
});
