// A process that owns a PGlite DATA_DIR and runs the core timers with one kind of this test
// ('test-ping', whose run records the step in timer_test_runs), so a test can kill it with -9 and
// start it again on the same directory. Arguments: [--schedule <key> <ms from now>] [--hang-once]
// (the first run of a step waits for ever, holding its transaction open: a kill then lands mid-run).
// Prints "ready" once the worker runs and "ran <key>" for each step run; stops on SIGTERM.
import { openPgliteDb } from '../../src/server/core/db/pglite-db.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { scheduleStep } from '../../src/server/core/timers/timers.ts';
import { Timers } from '../../src/server/core/timers/worker.ts';
import { MIGRATIONS } from '../../src/server/features/index.ts';

const dataDir = process.env.DATA_DIR!;
const args = process.argv.slice(2);
const db = await openPgliteDb(dataDir, `${dataDir}/db`);
await migrate(db, MIGRATIONS);
await db.query('CREATE TABLE IF NOT EXISTS timer_test_runs (key text NOT NULL, attempts integer NOT NULL, ran_at timestamptz NOT NULL DEFAULT now())');
const log = { warn: (line: string) => console.log(line), error: (line: string) => console.log(line) };
const timers = new Timers(db, log as never);
const hangOnce = args.includes('--hang-once');
timers.register({
  name: 'test-ping',
  leaseMs: Number(process.env.TIMER_LEASE_MS ?? 60_000),
  async run(step, tx) {
    await tx.query('INSERT INTO timer_test_runs (key, attempts) VALUES ($1, $2)', [step.key, step.attempts]);
    if (hangOnce && step.attempts === 1) {
      console.log(`hanging ${step.key}`);
      await new Promise(() => {});
    }
    console.log(`ran ${step.key}`);
  },
});
const at = args.indexOf('--schedule');
if (at >= 0) {
  const [key, ms] = [args[at + 1], Number(args[at + 2])];
  await db.transaction((tx) => scheduleStep(tx, { kind: 'test-ping', key, subject: key, dueAt: new Date(Date.now() + ms) }));
}
await timers.start();
console.log('ready');
process.on('SIGTERM', () => {
  void timers
    .stop()
    .then(() => db.close())
    .then(() => process.exit(0));
});
