// npm run bench:server — only the server half of `npm run bench`, on the existing build (run
// `npm run build` first): our create beside a bare Fastify route, with PGlite in a fresh data
// directory, or PostgreSQL when DATABASE_URL is set. BENCH_SERVER_RUNS (default 3) repeats it and
// prints the medians, since the machine may be shared.
import { startLocalSite } from './lib/local-site.ts';
import { benchServer, fmt, median, printServerTargets, type ServerBench } from './lib/bench-server.ts';

const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 3);
const site = await startLocalSite();
try {
  const runs: ServerBench[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await benchServer(site.base));
  const pick = (of: (run: ServerBench) => number) => median(runs.map(of));
  const medians: ServerBench = {
    bare: { perSecond: pick((run) => run.bare.perSecond), median: pick((run) => run.bare.median), p99: pick((run) => run.bare.p99), failed: pick((run) => run.bare.failed) },
    ours: { perSecond: pick((run) => run.ours.perSecond), median: pick((run) => run.ours.median), p99: pick((run) => run.ours.p99), failed: pick((run) => run.ours.failed) },
  };
  console.log(`\nMedians of ${RUNS} runs: bare ${fmt(medians.bare.perSecond)}/s p99 ${fmt(medians.bare.p99, 1)} ms; ours ${fmt(medians.ours.perSecond)}/s median ${fmt(medians.ours.median, 1)} ms p99 ${fmt(medians.ours.p99, 1)} ms`);
  printServerTargets(medians);
} finally {
  site.close();
}
