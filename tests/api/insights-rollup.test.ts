// The insights read a rollup (features/insights: insight_rollup), kept by triggers on documents:
// a submission deleted (retention, erasure) or edited after it was counted is taken back out, one
// deleted before it was counted never shows, whole weeks and months agree with their days around
// partial edges, and a server started with different counted fields recounts every submission.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedDataDir, startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
let dataDir: string;
const db = () => server.ctx.db;

async function submit(answers: Record<string, unknown>, at: string): Promise<number> {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await db().query('UPDATE documents SET created_at = $1 WHERE id = $2', [at, created.body.doc.id]);
  return created.body.doc.id as number;
}

interface Period {
  start: string;
  count: number;
  questions: Record<string, { answered: number; mean: number | null; distribution: Record<string, number> }>;
}
async function periods(query: string): Promise<Record<string, Period[]>> {
  const answer = await server.api(`/api/insights/dining-survey?${query}`, { as: 'staff' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(answer.body.groups.map((group: { key: string | null; periods: Period[] }) => [group.key ?? '', group.periods]));
}

// Wednesday 4 November to Tuesday 1 December 2026 (Doha): partial weeks and months at both ends.
const RANGE = 'from=2026-11-04&to=2026-12-01';
const DAYS = [
  '2026-11-04T09:00:00Z',
  '2026-11-07T20:30:00Z',
  '2026-11-08T06:00:00Z',
  '2026-11-14T20:59:59Z',
  '2026-11-14T21:00:00Z',
  '2026-11-30T22:00:00Z',
  '2026-12-01T08:00:00Z',
];
let kept: number;

beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = await startTestServer({ dataDir });
  for (const [index, at] of DAYS.entries()) {
    await submit({ visited_restaurant: index % 2 ? 'Crazy Pizza' : 'Cova', rating_food: ['poor', 'good', 'excellent'][index % 3] }, at);
  }
  kept = await submit({ rating_food: 'excellent' }, '2026-11-20T10:00:00Z');
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the rollup', () => {
  it('gives whole weeks and months the same numbers as the days in them, partial ones at the range ends too', async () => {
    const days = (await periods(`period=day&${RANGE}`))[''];
    expect(days.reduce((sum, period) => sum + period.count, 0)).toBe(DAYS.length + 1);
    for (const period of ['week', 'month'] as const) {
      const rows = (await periods(`period=${period}&${RANGE}`))[''];
      const sums = new Map<string, { count: number; food: Record<string, number> }>();
      for (const row of rows) sums.set(row.start, { count: 0, food: {} });
      for (const day of days) {
        const date = new Date(`${day.start}T00:00:00Z`);
        const start =
          period === 'week' ? new Date(date.getTime() - date.getUTCDay() * 86_400_000) : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
        const sum = sums.get(start.toISOString().slice(0, 10))!;
        sum.count += day.count;
        for (const [option, n] of Object.entries(day.questions.rating_food.distribution)) sum.food[option] = (sum.food[option] ?? 0) + n;
      }
      expect(
        rows.map((row) => [row.start, row.count, row.questions.rating_food.distribution]),
        period,
      ).toEqual([...sums].map(([start, sum]) => [start, sum.count, sum.food]));
    }
    expect((await periods(`period=week&${RANGE}`))[''].map((row) => row.start)).toEqual(['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-29']);
  });

  it('takes out a counted submission deleted in SQL (as retention and erasure delete) and moves an edited one', async () => {
    const before = (await periods(`by=visited_restaurant&period=month&${RANGE}`)).Cova[0];
    await db().query('DELETE FROM documents WHERE id = $1', [kept]);
    const after = (await periods(`by=visited_restaurant&period=month&${RANGE}`)).Cova[0];
    expect(after.count).toBe(before.count - 1);
    expect(after.questions.rating_food.distribution.excellent).toBe(before.questions.rating_food.distribution.excellent - 1);

    const edited = await submit({ rating_food: 'poor' }, '2026-11-20T10:00:00Z');
    const counted = await periods(`by=visited_restaurant&period=month&${RANGE}`);
    await db().query(`UPDATE documents SET data = jsonb_set(data, '{visited_restaurant}', '"Crazy Pizza"') WHERE id = $1`, [edited]);
    const moved = await periods(`by=visited_restaurant&period=month&${RANGE}`);
    const poor = (period: Period) => period.questions.rating_food.distribution.poor;
    expect([moved.Cova[0].count, poor(moved.Cova[0])]).toEqual([counted.Cova[0].count - 1, poor(counted.Cova[0]) - 1]);
    expect([moved['Crazy Pizza'][0].count, poor(moved['Crazy Pizza'][0])]).toEqual([counted['Crazy Pizza'][0].count + 1, poor(counted['Crazy Pizza'][0]) + 1]);
  });

  it('never counts a submission deleted before any insights read', async () => {
    const before = (await periods(`period=month&${RANGE}`))[''][0].count;
    const gone = await submit({ rating_food: 'good' }, '2026-11-20T10:00:00Z');
    await db().query('DELETE FROM documents WHERE id = $1', [gone]);
    expect((await periods(`period=month&${RANGE}`))[''][0].count).toBe(before);
    const { rows } = await db().query('SELECT count(*)::int AS n FROM insight_pending');
    expect(rows[0].n).toBe(0);
  });

  it('recounts every submission when the server starts with other counted fields (a new form version)', async () => {
    const before = await periods(`by=meal_period&period=week&${RANGE}`);
    await db().query(`DELETE FROM insight_fields WHERE collection = $1 AND role = 'group'`, [DINING]);
    // Numbers that are wrong unless recounted from the submissions themselves.
    await db().query(`UPDATE insight_rollup SET n = n + 5 WHERE collection = $1`, [DINING]);
    await server.close();
    server = await startTestServer({ dataDir });
    expect(await periods(`by=meal_period&period=week&${RANGE}`)).toEqual(before);
  });

  it('vacuums and analyses the rollup once folds have written enough rows (PGlite runs no autovacuum)', async () => {
    const rollup = async () =>
      (
        await db().query<{ rows: number; visible: number; estimated: number }>(
          `SELECT (SELECT count(*)::int FROM insight_rollup) AS rows, relallvisible AS visible, reltuples::int AS estimated FROM pg_class WHERE relname = 'insight_rollup'`,
        )
      ).rows[0];
    expect((await rollup()).visible).toBe(0);
    // 2,000 submissions on as many days of 2020-2025 (outside every range above): each writes its own day rows.
    const source = await submit({}, '2026-11-20T10:00:00Z');
    await db().query(
      `INSERT INTO documents (collection, data, form_version, form_hash, reference, created_at, updated_at)
       SELECT d.collection, d.data || jsonb_build_object('meal_period', (ARRAY['breakfast', 'lunch', 'dinner'])[1 + i % 3]), d.form_version, d.form_hash,
           'VACUUM-' || i, timestamptz '2020-01-01T09:00:00Z' + i * interval '1 day', now()
         FROM documents d, generate_series(1, 2000) AS i WHERE d.id = $1`,
      [source],
    );
    await periods('period=month&from=2020-01-01&to=2021-12-31');
    const after = await rollup();
    expect(after.visible).toBeGreaterThan(0);
    expect(after.estimated).toBeGreaterThan(after.rows * 0.9);
  });
});
