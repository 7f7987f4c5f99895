// Identical insights reads share one computation while the rollup is unchanged (shared-answers.ts),
// never across venue scopes, and a new submission is counted by the next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { SharedAnswers, type SharedRequest } from '../../src/server/features/insights/shared-answers.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
let manager: Record<string, string>;
const range = 'from=2026-11-15&to=2026-11-28';
const view = `/api/insights/dining-survey?by=visited_restaurant&${range}`;

async function submit(answers: Record<string, unknown>, at: string): Promise<void> {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  await server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [at, created.body.doc.id]);
}

const counts = (body: { groups: { key: string; periods: { count: number }[] }[] }) =>
  Object.fromEntries(body.groups.map((group) => [group.key, group.periods.reduce((sum, period) => sum + period.count, 0)]));

beforeAll(async () => {
  server = await startTestServer();
  await submit({ rating_food: 'excellent' }, '2026-11-23T10:00:00Z');
  await submit({ visited_restaurant: 'Crazy Pizza', rating_food: 'poor' }, '2026-11-23T11:00:00Z');
  manager = await server.staffAs(['manager'], ['cova']);
});
afterAll(() => server?.close());

describe('identical insights reads', () => {
  it('are never shared between callers reading different venues, even at the same moment', async () => {
    const asManager = { as: 'none' as const, headers: manager };
    const [admin, own, adminAgain, ownAgain] = await Promise.all([
      server.api(view, { as: 'staff' }),
      server.api(view, asManager),
      server.api(view, { as: 'staff' }),
      server.api(view, asManager),
    ]);
    for (const answer of [admin, own, adminAgain, ownAgain]) expect(answer.status).toBe(200);
    expect(counts(admin.body)).toEqual({ Cova: 1, 'Crazy Pizza': 1 });
    expect(counts(adminAgain.body)).toEqual({ Cova: 1, 'Crazy Pizza': 1 });
    expect(counts(own.body)).toEqual({ Cova: 1 });
    expect(counts(ownAgain.body)).toEqual({ Cova: 1 });
  });

  it('count a new submission at the next read, for every scope', async () => {
    await server.api(view, { as: 'staff' });
    await submit({ rating_food: 'good' }, '2026-11-24T09:00:00Z');
    expect(counts((await server.api(view, { as: 'staff' })).body)).toEqual({ Cova: 2, 'Crazy Pizza': 1 });
    expect(counts((await server.api(view, { as: 'none', headers: manager })).body)).toEqual({ Cova: 2 });
    // A counted submission deleted in SQL (as retention deletes) is taken out at the next read too.
    await server.ctx.db.query(`DELETE FROM documents WHERE collection = $1 AND data->>'visited_restaurant' = 'Crazy Pizza'`, [DINING]);
    expect(counts((await server.api(view, { as: 'staff' })).body)).toEqual({ Cova: 2 });
  });
});

describe('SharedAnswers', () => {
  const request: SharedRequest = {
    form: 'dining-survey',
    by: 'visited_restaurant',
    period: 'week',
    from: '2026-11-15',
    to: '2026-11-28',
    venues: ['cova', 'nobu'],
  };
  const counter = () => {
    const made = { count: 0 };
    return { made, compute: async () => ++made.count };
  };

  it('computes once for identical requests of one generation, whatever the order of the venues', async () => {
    const shared = new SharedAnswers<number>();
    const { made, compute } = counter();
    const answers = await Promise.all([shared.answer(request, '1', compute), shared.answer({ ...request, venues: ['nobu', 'cova'] }, '1', compute)]);
    expect(answers).toEqual([1, 1]);
    expect(made.count).toBe(1);
  });

  it('computes apart for other venues, every venue, another view or a new generation', async () => {
    const shared = new SharedAnswers<number>();
    const { made, compute } = counter();
    const answers = await Promise.all([
      shared.answer(request, '1', compute),
      shared.answer({ ...request, venues: ['cova'] }, '1', compute),
      shared.answer({ ...request, venues: null }, '1', compute),
      shared.answer({ ...request, venues: [] }, '1', compute),
      shared.answer({ ...request, period: 'month' }, '1', compute),
    ]);
    expect(new Set(answers).size).toBe(5);
    expect(await shared.answer(request, '2', compute)).toBe(6);
    expect(made.count).toBe(6);
  });

  it('keeps no failed computation and at most its bound of answers', async () => {
    const shared = new SharedAnswers<number>(2);
    await expect(
      shared.answer(request, '1', async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(await shared.answer(request, '1', async () => 7)).toBe(7);
    for (const to of ['2026-11-29', '2026-11-30', '2026-12-01']) await shared.answer({ ...request, to }, '1', async () => 0);
    expect(shared.size).toBe(2);
    expect(await shared.answer(request, '1', async () => 8)).toBe(8);
  });
});
