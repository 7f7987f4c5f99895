// The core timers on their own, with a kind this test registers (core has none): a step due in a
// second runs once, at its time, in a transaction with what it does; a rolled-back, cancelled or
// moved step does not run at its old time; a key runs once however often it is scheduled; a run
// that throws leaves nothing and is run again; two workers on one database (PGlite, and PostgreSQL
// where the machine has it) run each step once; a process killed with -9 before a step is due, or
// in the middle of running it, runs it once after its restart.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/server/core/db/db.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { openPgliteDb } from '../../src/server/core/db/pglite-db.ts';
import { openPostgresDb } from '../../src/server/core/db/postgres-db.ts';
import { cancelSteps, scheduleStep, type TimerKind, type TimerStep } from '../../src/server/core/timers/timers.ts';
import { Timers, TIMERS_IDLE_LOOK_MS } from '../../src/server/core/timers/worker.ts';
import { MIGRATIONS } from '../../src/server/features/index.ts';
import { preparedDataDir, ROOT } from '../support/server.ts';
import { postgresAvailable, startPostgres, type PostgresCluster } from './postgres-cluster.ts';

const warnings: string[] = [];
const log = { warn: (line: string) => void warnings.push(line), error: (line: string) => void warnings.push(line) } as unknown as FastifyBaseLogger;

const databases: { name: string; open: () => Promise<{ db: Db; second: () => Promise<Db>; close: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    async open() {
      const dir = await preparedDataDir();
      const db = await openPgliteDb(dir, `${dir}/db`);
      // One process owns an embedded database: a second instance is a second worker on it.
      return { db, second: async () => db, close: async () => (await db.close(), fs.rmSync(dir, { recursive: true, force: true })) };
    },
  },
];
let cluster: PostgresCluster | null = null;
if (postgresAvailable) {
  databases.push({
    name: 'PostgreSQL',
    async open() {
      cluster ??= await startPostgres();
      const db = await openPostgresDb(cluster.url);
      const others: Db[] = [];
      return {
        db,
        // Another instance: its own pool and its own listening connection.
        second: async () => (others.push(await openPostgresDb(cluster!.url)), others.at(-1)!),
        close: async () => (await Promise.all(others.map((other) => other.close())), await db.close()),
      };
    },
  });
}

afterAll(async () => {
  await cluster?.stop();
});

describe.each(databases)('the core timers on $name', ({ open }) => {
  let db: Db;
  let second: () => Promise<Db>;
  let closeDb: () => Promise<void>;
  const workers: Timers[] = [];
  let sequence = 0;
  /** Each run's key, attempt and time (performance.now), in this process. */
  const runs: { key: string; attempts: number; at: number; dueAt: Date }[] = [];

  /** The test's kind: a run writes a row (rolled back with it) and is recorded here. */
  const pingKind = (overrides: Partial<TimerKind> = {}): TimerKind => ({
    name: 'ping',
    async run(step: TimerStep, tx: Queryable) {
      await tx.query('INSERT INTO timer_test_runs (key) VALUES ($1)', [step.key]);
      runs.push({ key: step.key, attempts: step.attempts, at: performance.now(), dueAt: step.dueAt });
    },
    ...overrides,
  });
  const worker = async (kind: TimerKind, on: Db = db) => {
    const timers = new Timers(on, log);
    timers.register(kind);
    workers.push(timers);
    await timers.start();
    return timers;
  };
  const newKey = () => `ping-${++sequence}`;
  const schedule = (key: string, inMs: number, tx?: Queryable) =>
    tx
      ? scheduleStep(tx, { kind: 'ping', key, subject: key, dueAt: new Date(Date.now() + inMs) })
      : db.transaction((t) => scheduleStep(t, { kind: 'ping', key, subject: key, dueAt: new Date(Date.now() + inMs) }));
  const stepOf = async (key: string) =>
    (
      await db.query<{ state: string; attempts: number; last_error: string | null }>('SELECT state, attempts, last_error FROM timer_steps WHERE key = $1', [
        key,
      ])
    ).rows[0];
  const written = async (key: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM timer_test_runs WHERE key = $1', [key])).rows[0].n;

  beforeAll(async () => {
    ({ db, second, close: closeDb } = await open());
    await migrate(db, MIGRATIONS);
    await db.query('CREATE TABLE IF NOT EXISTS timer_test_runs (key text NOT NULL)');
  });

  afterEach(async () => {
    for (const timers of workers.splice(0)) await timers.stop();
  });

  afterAll(async () => {
    await closeDb?.();
  });

  it('runs a step due in a second once, at its time (woken by the schedule: the idle look is far longer), and marks it done', async () => {
    await worker(pingKind());
    const key = newKey();
    const scheduled = performance.now();
    await schedule(key, 1000);
    await expect.poll(async () => (await stepOf(key))?.state, { timeout: 10_000, interval: 50 }).toBe('done');
    const mine = runs.filter((run) => run.key === key);
    expect(mine).toHaveLength(1);
    expect(mine[0].at - scheduled).toBeGreaterThanOrEqual(1000 - 20);
    expect(mine[0].at - scheduled).toBeLessThan(TIMERS_IDLE_LOOK_MS / 2);
    expect(await stepOf(key)).toMatchObject({ attempts: 1, last_error: null });
    expect(await written(key)).toBe(1);
    // Scheduled again after it ran: the key is spent.
    await schedule(key, 0);
    const later = newKey();
    await schedule(later, 200);
    await expect.poll(async () => (await stepOf(later))?.state, { timeout: 10_000, interval: 50 }).toBe('done');
    expect(runs.filter((run) => run.key === key)).toHaveLength(1);
    expect(await written(key)).toBe(1);
  });

  it('does not run a step whose transaction rolled back, nor a cancelled one, nor a moved one at its old time', async () => {
    await worker(pingKind());
    const [rolledBack, cancelled, moved, marker] = [newKey(), newKey(), newKey(), newKey()];
    await expect(
      db.transaction(async (tx) => {
        await schedule(rolledBack, 0, tx);
        throw new Error('the change was refused');
      }),
    ).rejects.toThrow('refused');
    await schedule(cancelled, 300);
    await schedule(moved, 300);
    await db.transaction(async (tx) => {
      expect(await cancelSteps(tx, { key: cancelled })).toBe(1);
      await scheduleStep(tx, { kind: 'ping', key: moved, subject: moved, dueAt: new Date(Date.now() + 1500) });
    });
    const movedAt = performance.now();
    await schedule(marker, 600);
    await expect.poll(async () => (await stepOf(marker))?.state, { timeout: 10_000, interval: 50 }).toBe('done');
    expect(runs.some((run) => [rolledBack, cancelled, moved].includes(run.key))).toBe(false);
    expect(await stepOf(rolledBack)).toBeUndefined();
    expect(await stepOf(cancelled)).toBeUndefined();
    await expect.poll(async () => (await stepOf(moved))?.state, { timeout: 10_000, interval: 50 }).toBe('done');
    expect(runs.find((run) => run.key === moved)!.at - movedAt).toBeGreaterThanOrEqual(1500 - 50);
    // A cancelled key scheduled again is a new step.
    await schedule(cancelled, 0);
    await expect.poll(async () => (await stepOf(cancelled))?.state, { timeout: 10_000, interval: 50 }).toBe('done');
    expect(runs.filter((run) => run.key === cancelled)).toHaveLength(1);
  });

  it('rolls back a run that throws (nothing it wrote stays) and runs it again after the back-off, once', async () => {
    const failing = new Set<string>();
    await worker(
      pingKind({
        retryBaseMs: 300,
        async run(step, tx) {
          await tx.query('INSERT INTO timer_test_runs (key) VALUES ($1)', [step.key]);
          runs.push({ key: step.key, attempts: step.attempts, at: performance.now(), dueAt: step.dueAt });
          if (failing.has(step.key) && step.attempts === 1) throw new Error('The mail server is down.');
        },
      }),
    );
    const key = newKey();
    failing.add(key);
    await schedule(key, 0);
    await expect.poll(async () => (await stepOf(key))?.state, { timeout: 10_000, interval: 50 }).toBe('done');
    const tries = runs.filter((run) => run.key === key);
    expect(tries.map((run) => run.attempts)).toEqual([1, 2]);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(300 - 20);
    expect(await written(key)).toBe(1);
    expect(await stepOf(key)).toMatchObject({ attempts: 2, last_error: null });
    // The log names the step's id and kind, never what it is about.
    expect(warnings.some((line) => /timers: ping step \d+ did not run, attempt 1/.test(line))).toBe(true);
    expect(warnings.join('\n')).not.toContain(key);
  });

  it('has two workers (two instances) on one database run each of 30 steps once', async () => {
    const [first, other] = [await worker(pingKind()), await worker(pingKind(), await second())];
    expect(first).not.toBe(other);
    const keys = Array.from({ length: 30 }, newKey);
    await db.transaction(async (tx) => {
      for (const key of keys) await schedule(key, 1000, tx);
    });
    await expect
      .poll(
        async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM timer_steps WHERE key = ANY($1) AND state = 'done'`, [keys])).rows[0].n,
        {
          timeout: 20_000,
        },
      )
      .toBe(30);
    expect(
      runs
        .filter((run) => keys.includes(run.key))
        .map((run) => run.key)
        .toSorted(),
    ).toEqual(keys.toSorted());
    const { rows } = await db.query<{ key: string; n: number }>(
      'SELECT key, count(*)::int AS n FROM timer_test_runs WHERE key = ANY($1) GROUP BY key HAVING count(*) <> 1',
      [keys],
    );
    expect(rows).toEqual([]);
  });
});

// Each test starts two node processes that each open the embedded database: minutes on a busy machine.
describe('a process killed with -9', { timeout: 240_000 }, () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  /** tests/support/timer-process.ts on dataDir; resolves with its output once it prints "ready". */
  async function startProcess(args: string[] = [], env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/timer-process.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const waiting = new Set<() => void>();
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      for (const check of waiting) check();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => output.includes(text) && (waiting.delete(check), resolve());
        waiting.add(check);
        check();
        void exited.then(() => waiting.has(check) && reject(new Error(`The process stopped before printing ${text}:\n${output}`)));
      });
    await printed('ready');
    return { child, exited, printed, output: () => output };
  }

  /** The runs the processes recorded (the database is theirs while one runs: read it after). */
  async function recorded(): Promise<{ steps: { key: string; state: string; attempts: number }[]; runs: { key: string; attempts: number }[] }> {
    const db = await openPgliteDb(dataDir, `${dataDir}/db`);
    try {
      const steps = (await db.query<{ key: string; state: string; attempts: number }>('SELECT key, state, attempts FROM timer_steps ORDER BY id')).rows;
      const runs = (await db.query<{ key: string; attempts: number }>('SELECT key, attempts FROM timer_test_runs ORDER BY ran_at')).rows;
      return { steps, runs };
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    dataDir = await preparedDataDir();
  });

  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('before its step is due: the step runs once after the restart, late', async () => {
    const first = await startProcess(['--schedule', 'before-due', '1500']);
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.output()).not.toContain('ran before-due');
    expect(await recorded()).toMatchObject({ steps: [{ key: 'before-due', state: 'pending', attempts: 0 }], runs: [] });

    const second = await startProcess();
    await second.printed('ran before-due');
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(1500);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(await recorded()).toMatchObject({ steps: [{ key: 'before-due', state: 'done', attempts: 1 }], runs: [{ key: 'before-due', attempts: 1 }] });
  });

  it('in the middle of a run: nothing of that run stays, and the step runs once after the lease', async () => {
    const first = await startProcess(['--schedule', 'mid-run', '0', '--hang-once'], { TIMER_LEASE_MS: '800' });
    await first.printed('hanging mid-run');
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await recorded()).runs.filter((run) => run.key === 'mid-run')).toEqual([]);

    const second = await startProcess([], { TIMER_LEASE_MS: '800' });
    await second.printed('ran mid-run');
    second.child.kill('SIGTERM');
    await second.exited;
    const after = await recorded();
    expect(after.steps.find((step) => step.key === 'mid-run')).toMatchObject({ state: 'done', attempts: 2 });
    expect(after.runs.filter((run) => run.key === 'mid-run')).toEqual([{ key: 'mid-run', attempts: 2 }]);
  });
});
