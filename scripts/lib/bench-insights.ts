// The insights part of `npm run bench:server`: the dining survey's insights by restaurant by week
// over one year with 100,000 submissions, each request's time through HTTP (p50, p95; target p95
// < 300 ms). The rows are made by the database in one INSERT ... SELECT generate_series (never
// through HTTP): into a fresh PGlite data directory, or into DATABASE_URL (removed afterwards).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../src/server/core/db/db.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { MIGRATIONS } from '../../src/server/features/index.ts';
import { fmt, median, percentile } from './bench-server.ts';
import { startLocalSite } from './local-site.ts';

export const INSIGHT_ROWS = Number(process.env.BENCH_INSIGHT_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_INSIGHT_REQUESTS ?? 40);
const BENCH_HASH = 'bench-insights';
const ACCOUNT = { email: 'bench-insights@example.com', password: 'bench insights password' };
const RESTAURANTS = ['Cova', 'Crazy Pizza', 'Hakkasan', 'Nobu', 'Zuma', 'Nozomi', 'Em Sherif', 'Al Mourjan', 'Burger Boutique'];

/** 100,000 dining-survey answers spread over the last year, each restaurant its own level of ratings. */
async function fill(db: Db): Promise<void> {
  await db.query('DELETE FROM documents WHERE form_hash = $1', [BENCH_HASH]);
  const rating = (shift: number) => `q[least(5, greatest(1, 1 + (i % 9) / 3 + floor(random() * 3)::int + ${shift}))]`;
  await db.query(
    `INSERT INTO documents (collection, data, form_version, form_hash, reference, created_at, updated_at)
     SELECT 'survey-customer-feedbacks', jsonb_strip_nulls(jsonb_build_object(
         'visited_restaurant', ($2::text[])[1 + i % ${RESTAURANTS.length}], 'meal_period', (ARRAY['breakfast', 'lunch', 'dinner'])[1 + i % 3],
         'rating_greeting', ${rating(0)}, 'rating_service', ${rating(-1)}, 'rating_food', ${rating(0)}, 'rating_beverage', ${rating(1)},
         'rating_value_for_money', ${rating(-1)}, 'rating_cleanliness', ${rating(0)},
         'customer_comments', CASE WHEN i % 7 = 0 THEN 'Comment number ' || i END)),
       1, $3, 'BENCH-' || i, now() - random() * interval '365 days', now()
     FROM generate_series(1, $1::int) AS i, (SELECT ARRAY['poor', 'average', 'good', 'very-good', 'excellent'] AS q) AS scale`,
    [INSIGHT_ROWS, RESTAURANTS, BENCH_HASH],
  );
  await saveStaffUser(db, ACCOUNT.email, ACCOUNT.password, 'viewer');
}

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function benchInsights(): Promise<{ p50: number; p95: number }> {
  const postgres = process.env.DATABASE_URL;
  const dataDir = postgres ? undefined : mkdtempSync(join(tmpdir(), 'forms-insights-'));
  const prepare = await openDb({ databaseUrl: postgres ?? null, dataDir: dataDir ?? tmpdir() });
  const started = performance.now();
  try {
    await migrate(prepare, MIGRATIONS);
    await fill(prepare);
  } finally {
    await prepare.close();
  }
  console.log(`\nInsights: ${INSIGHT_ROWS} dining-survey submissions over a year made in ${fmt((performance.now() - started) / 1000, 1)} s (${postgres ? 'PostgreSQL at DATABASE_URL' : 'embedded PGlite'})`);
  const site = await startLocalSite({}, dataDir);
  try {
    const login = await fetch(`${site.base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ACCOUNT) });
    const { token } = (await login.json()) as { token: string };
    const now = Date.now() + 3 * 3_600_000;
    const query = `by=visited_restaurant&period=week&from=${day(now - 364 * 86_400_000)}&to=${day(now)}`;
    const ask = async () => {
      const begin = performance.now();
      const answer = await fetch(`${site.base}/api/insights/dining-survey?${query}`, { headers: { authorization: `JWT ${token}` } });
      const body = (await answer.json()) as { groups?: { periods: { count: number }[] }[] };
      if (answer.status !== 200) throw new Error(`insights answered ${answer.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - begin, counted: (body.groups ?? []).flatMap((group) => group.periods).reduce((sum, period) => sum + period.count, 0) };
    };
    const warm = await ask();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push((await ask()).ms);
    const p50 = median(times);
    const p95 = percentile(times, 0.95);
    console.log(`insights, dining survey by restaurant by week over a year (${warm.counted} submissions counted): ${REQUESTS} requests one after another, p50 ${fmt(p50, 1)} ms, p95 ${fmt(p95, 1)} ms (target p95 < 300 ms) ${p95 < 300 ? 'met' : 'NOT met'}`);
    return { p50, p95 };
  } finally {
    site.close();
    if (postgres) {
      const cleanup = await openDb({ databaseUrl: postgres, dataDir: tmpdir() });
      await cleanup.query('DELETE FROM documents WHERE form_hash = $1', [BENCH_HASH]);
      await cleanup.close();
    }
  }
}
