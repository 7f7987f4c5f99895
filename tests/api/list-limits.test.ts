// One answer of a collection's list holds at most 500 documents (core/http/list-page.ts), whatever
// limit or pagination=false asks: the rest is on the next pages, as totalDocs and hasNextPage say;
// reading a whole collection is the CSV export's stream. The real server and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

const STORED = 520;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  for (let sent = 0; sent < STORED; sent += 20) {
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.api(`/api/${DINING}`, { json: diningAnswers() })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
  }
});
afterAll(async () => server?.close());

const list = async (query: string) => (await server.api(`/api/${DINING}?depth=0&${query}`, { as: 'staff' })).body;

describe('a collection list', () => {
  for (const query of ['limit=100000', 'limit=2147483647', 'pagination=false', 'limit=0']) {
    it(`${query}: the first 500, and the answer says there are more`, async () => {
      const answer = await list(query);
      expect(answer.docs).toHaveLength(500);
      expect(answer).toMatchObject({ totalDocs: STORED, limit: 500, totalPages: 2, page: 1, hasNextPage: true, nextPage: 2 });
    });
  }

  it('the next page holds the rest, none twice', async () => {
    const first = await list('limit=100000&sort=id');
    const second = await list('limit=100000&sort=id&page=2');
    expect(second).toMatchObject({ totalDocs: STORED, limit: 500, page: 2, hasNextPage: false, nextPage: null, hasPrevPage: true });
    const ids = new Set([...first.docs, ...second.docs].map((doc: { id: number }) => doc.id));
    expect(ids.size).toBe(STORED);
  });

  it('a limit within the cap is kept, and pagination=false of a short list is still every document on one page', async () => {
    expect(await list('limit=120')).toMatchObject({ limit: 120, totalPages: 5 });
    const restaurants = (await server.api('/api/restaurants?pagination=false')).body;
    expect(restaurants.docs).toHaveLength(restaurants.totalDocs);
    expect(restaurants).toMatchObject({ hasNextPage: false, totalPages: 1 });
  });

  it('the CSV export still streams every row', async () => {
    const csv = (await server.api(`/api/${DINING}/export.csv`, { as: 'staff' })).body as string;
    expect(csv.trim().split('\n')).toHaveLength(STORED + 1);
  });
});
