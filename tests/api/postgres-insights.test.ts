// DATABASE_URL: the insights' rollup on a real PostgreSQL server with two instances: submissions
// stored, deleted and edited through both at once while both read insights (each read folds the
// queue, one fold at a time) are each counted exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { DINING, diningAnswers } from './samples.ts';

describe('insights on PostgreSQL, across instances', () => {
  let cluster: PostgresCluster;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    cluster = await startPostgres();
    [first, second] = await Promise.all([startTestServer({ databaseUrl: cluster.url }), startTestServer({ databaseUrl: cluster.url })]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await cluster?.stop();
  });

  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const insights = async (server: TestServer) => {
    const answer = await server.api(`/api/insights/dining-survey?by=visited_restaurant&period=month&from=${today}&to=${today}`, { as: 'staff' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Object.fromEntries(
      answer.body.groups.map((group: { key: string; periods: { count: number; questions: { rating_food: { distribution: Record<string, number> } } }[] }) => [
        group.key,
        { count: group.periods[0].count, poor: group.periods[0].questions.rating_food.distribution.poor },
      ]),
    );
  };

  it('counts every submission once while two instances store, delete, edit and read at the same time', async () => {
    const stored: number[] = [];
    const reads: Promise<unknown>[] = [];
    await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const server = i % 2 ? second : first;
        const created = await server.api(`/api/${DINING}`, {
          json: diningAnswers({ visited_restaurant: i % 3 ? 'Cova' : 'Crazy Pizza', rating_food: 'poor' }),
        });
        expect(created.status).toBe(201);
        stored.push(created.body.doc.id);
        if (i % 4 === 0) reads.push(insights(i % 8 ? first : second));
      }),
    );
    await Promise.all(reads);
    // Through SQL, as retention and erasure delete and as a staff edit changes answers.
    const [gone, edited] = stored;
    await Promise.all([
      first.ctx.db.query('DELETE FROM documents WHERE id = $1', [gone]),
      second.ctx.db.query(`UPDATE documents SET data = data || '{"visited_restaurant": "Nobu", "rating_food": "good"}' WHERE id = $1`, [edited]),
      insights(first),
      insights(second),
    ]);
    const { rows } = await first.ctx.db.query<{ venue: string; n: number; poor: number }>(
      `SELECT data->>'visited_restaurant' AS venue, count(*)::int AS n, count(*) FILTER (WHERE data->>'rating_food' = 'poor')::int AS poor FROM documents WHERE collection = $1 GROUP BY 1`,
      [DINING],
    );
    const expected = Object.fromEntries(rows.map((row) => [row.venue, { count: row.n, poor: row.poor }]));
    expect(Object.values(expected).reduce((sum, group) => sum + group.count, 0)).toBe(23);
    expect(await insights(second)).toEqual(expected);
    expect(await insights(first)).toEqual(expected);
  });

  it('vacuums the rollup through the pool once folds have written enough rows', async () => {
    const created = await first.api(`/api/${DINING}`, { json: diningAnswers() });
    expect(created.status).toBe(201);
    const db = first.ctx.db;
    // 2,000 submissions on as many days of 2020-2025: their day rows are enough.
    await db.query(
      `INSERT INTO documents (collection, data, form_version, form_hash, reference, created_at, updated_at)
       SELECT d.collection, d.data || jsonb_build_object('meal_period', (ARRAY['breakfast', 'lunch', 'dinner'])[1 + i % 3]), d.form_version, d.form_hash,
           'VACUUM-' || i, timestamptz '2020-01-01T09:00:00Z' + i * interval '1 day', now()
         FROM documents d, generate_series(1, 2000) AS i WHERE d.id = $1`,
      [created.body.doc.id],
    );
    expect((await first.api('/api/insights/dining-survey?period=month&from=2020-01-01&to=2021-12-31', { as: 'staff' })).status).toBe(200);
    const { rows } = await db.query<{ vacuumed: boolean }>(
      `SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'insight_rollup'`,
    );
    expect(rows[0].vacuumed).toBe(true);
  });
});
