// The insights part of `npm run bench:server`: the dining survey's insights by restaurant by week
// over one year with 100,000 submissions, each request's time through HTTP (p50, p95; target p95
// < 300 ms), one client after another and several at once, each a different view (computed) and
// the same view (shared until the next fold), with the server's CPU time per request;
// the comments of the same view; and how long the server takes at start to count the submissions
// into the rollup (features/insights/fold.ts). The rows are made by the database in one
// INSERT ... SELECT generate_series (never through HTTP): into a fresh PGlite data directory, or
// into DATABASE_URL (removed afterwards).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../src/server/core/db/db.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { MIGRATIONS } from '../../src/server/features/index.ts';
import { cpuTimeMs, fmt, median, percentile } from './bench-server.ts';
import { startLocalSite } from './local-site.ts';

export const INSIGHT_ROWS = Number(process.env.BENCH_INSIGHT_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_INSIGHT_REQUESTS ?? 40);
/** Staff clients asking at once (a morning's managers opening the page together). */
const CONCURRENCY = Number(process.env.BENCH_INSIGHT_CONCURRENCY ?? 8);
const BENCH_HASH = 'bench-insights';
const ACCOUNT = { email: 'bench-insights@example.com', password: 'bench insights password' };
const RESTAURANTS = ['Cova', 'Crazy Pizza', 'Hakkasan', 'Nobu', 'Zuma', 'Nozomi', 'Em Sherif', 'Al Mourjan', 'Burger Boutique'];

/** 100,000 dining-survey answers spread over the last year, each restaurant its own level of ratings. */
export async function fill(db: Db): Promise<void> {
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

export interface InsightsBench {
  p50: number;
  p95: number;
  concurrentP50: number;
  concurrentP95: number;
  cpuMs: number;
  sharedP50: number;
  sharedP95: number;
  sharedCpuMs: number;
  commentsP95: number;
  countedAtStartSeconds: number;
}

/** With PostgreSQL on this machine: the CPU time its server processes have used so far (ms), else 0. */
async function databaseCpuMs(): Promise<number> {
  if (!process.env.DATABASE_URL) return 0;
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: tmpdir() });
  try {
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.reduce((sum, row) => sum + (cpuTimeMs(row.pid) || 0), 0);
  } finally {
    await db.close();
  }
}

type Ask = () => Promise<{ ms: number; counted: number }>;

async function timesOf(ask: Ask, requests: number, clients: number): Promise<number[]> {
  const times: number[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) times.push((await ask()).ms);
    }),
  );
  return times;
}

export async function benchInsights(): Promise<InsightsBench> {
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
  const where = postgres ? 'PostgreSQL at DATABASE_URL' : 'embedded PGlite';
  console.log(`\nInsights: ${INSIGHT_ROWS} dining-survey submissions over a year made in ${fmt((performance.now() - started) / 1000, 1)} s (${where})`);
  const starting = performance.now();
  const site = await startLocalSite({}, dataDir);
  try {
    const login = await fetch(`${site.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNT),
    });
    const { token } = (await login.json()) as { token: string };
    const now = Date.now() + 3 * 3_600_000;
    // Request i asks for the year ending i days ago when `distinct` (each answer computed), else for
    // the year ending today (identical requests share one answer until the next fold, shared-answers.ts).
    const view = (i: number) => `by=visited_restaurant&period=week&from=${day(now - (364 + i) * 86_400_000)}&to=${day(now - i * 86_400_000)}`;
    // `first`: the first distinct view this asker asks for; each phase asks for views no other phase
    // asked for, or its answers would be the kept ones of the phase before (shared-answers.ts).
    const asker = (path: string, distinct: boolean, first = 0): Ask => {
      let asked = first;
      return async () => {
        const begin = performance.now();
        const answer = await fetch(`${site.base}/api/insights/dining-survey${path}?${view(distinct ? asked++ : 0)}`, {
          headers: { authorization: `JWT ${token}` },
        });
        const body = (await answer.json()) as { groups?: { periods: { count: number }[] }[] };
        if (answer.status !== 200) throw new Error(`insights answered ${answer.status}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - begin, counted: (body.groups ?? []).flatMap((group) => group.periods).reduce((sum, period) => sum + period.count, 0) };
      };
    };
    // The first read waits for the submissions stored before the server started to be counted.
    const warm = await asker('', false)();
    const countedAtStartSeconds = (performance.now() - starting) / 1000;
    console.log(`counted into the rollup by the time the first insights answered: ${fmt(countedAtStartSeconds, 1)} s after the server was started`);
    const cpuBefore = cpuTimeMs(site.pid);
    const databaseBefore = await databaseCpuMs();
    const times = await timesOf(asker('', true, 1), REQUESTS, 1);
    const cpuMs = (cpuTimeMs(site.pid) - cpuBefore) / REQUESTS;
    const databaseMs = ((await databaseCpuMs()) - databaseBefore) / REQUESTS;
    const concurrent = await timesOf(asker('', true, REQUESTS + 1), REQUESTS * 2, CONCURRENCY);
    const sharedCpuBefore = cpuTimeMs(site.pid);
    const shared = await timesOf(asker('', false), REQUESTS * 2, CONCURRENCY);
    const sharedCpuMs = (cpuTimeMs(site.pid) - sharedCpuBefore) / (REQUESTS * 2);
    const comments = await timesOf(asker('/comments', false), REQUESTS, 1);
    const result = {
      p50: median(times),
      p95: percentile(times, 0.95),
      concurrentP50: median(concurrent),
      concurrentP95: percentile(concurrent, 0.95),
      cpuMs,
      sharedP50: median(shared),
      sharedP95: percentile(shared, 0.95),
      sharedCpuMs,
      commentsP95: percentile(comments, 0.95),
      countedAtStartSeconds,
    };
    const verdict = (p95: number) => `(target p95 < 300 ms) ${p95 < 300 ? 'met' : 'NOT met'}`;
    console.log(
      `insights, dining survey by restaurant by week over a year (${warm.counted} submissions counted), ${where}, load average ${loadavg()[0].toFixed(1)}:`,
    );
    console.log(
      `  ${REQUESTS} requests one after another, each a different year (computed): p50 ${fmt(result.p50, 1)} ms, p95 ${fmt(result.p95, 1)} ms ${verdict(result.p95)}; server CPU ${fmt(cpuMs, 1)} ms per request${postgres ? `, PostgreSQL's ${fmt(databaseMs, 1)} ms` : ''}`,
    );
    console.log(
      `  ${REQUESTS * 2} requests, ${CONCURRENCY} clients at once, each a different year (computed): p50 ${fmt(result.concurrentP50, 1)} ms, p95 ${fmt(result.concurrentP95, 1)} ms ${verdict(result.concurrentP95)}`,
    );
    console.log(
      `  ${REQUESTS * 2} requests, ${CONCURRENCY} clients at once, the same view (shared until the next fold): p50 ${fmt(result.sharedP50, 1)} ms, p95 ${fmt(result.sharedP95, 1)} ms ${verdict(result.sharedP95)}; server CPU ${fmt(sharedCpuMs, 1)} ms per request`,
    );
    console.log(`  comments of the same view, ${REQUESTS} one after another: p50 ${fmt(median(comments), 1)} ms, p95 ${fmt(result.commentsP95, 1)} ms`);
    return result;
  } finally {
    site.close();
    if (postgres) {
      const cleanup = await openDb({ databaseUrl: postgres, dataDir: tmpdir() });
      await cleanup.query('DELETE FROM documents WHERE form_hash = $1', [BENCH_HASH]);
      await cleanup.close();
    }
  }
}
