// npm run bench:server — only the server half of `npm run bench`, on the existing build (run
// `npm run build` first): our create beside a bare Fastify route, with PGlite in a fresh data
// directory, or PostgreSQL when DATABASE_URL is set. BENCH_SERVER_RUNS (default 3) repeats it and
// prints the medians, since the machine may be shared. Then the insights of 100,000 submissions
// (scripts/lib/bench-insights.ts).
import { startLocalSite } from './lib/local-site.ts';
import { benchInsights } from './lib/bench-insights.ts';
import { benchServer, fmt, median, printServerTargets, type LoadResult, type ServerBench } from './lib/bench-server.ts';

const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 3);
const site = await startLocalSite();
try {
  const runs: ServerBench[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await benchServer(site));
  const medianOf = (which: keyof ServerBench): LoadResult => {
    const of = (field: keyof LoadResult) => median(runs.map((run) => run[which][field]));
    return { perSecond: of('perSecond'), median: of('median'), p99: of('p99'), failed: of('failed'), cpuMs: of('cpuMs') };
  };
  const medians: ServerBench = { bare: medianOf('bare'), ours: medianOf('ours'), withKey: medianOf('withKey') };
  console.log(`\nMedians of ${RUNS} runs`);
  for (const [label, result] of Object.entries(medians))
    console.log(
      `${label}: ${fmt(result.perSecond)}/s, median ${fmt(result.median, 1)} ms, p99 ${fmt(result.p99, 1)} ms, server CPU ${fmt(result.cpuMs, 2)} ms per request`,
    );
  printServerTargets(medians);
} finally {
  site.close();
}
await benchInsights();
