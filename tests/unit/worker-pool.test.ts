// The worker pool both heavy features use (core/worker-pool.ts), with real worker threads whose
// jobs the test holds and releases: a full queue and a long wait answer 503 with Retry-After, a
// client has one job running and a few waiting (then 429), another client's job takes the free
// worker meanwhile, and a job that overruns its budget ends only itself.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/core/errors.ts';
import { JobOverran, PER_CLIENT_WAITING, WorkerPool, type PoolOptions } from '../../src/server/core/worker-pool.ts';
import type { HeldJob } from '../support/held-worker.ts';

/** A worker thread starts (tsx compiling its entry) in about a second on a busy machine. */
const START = { timeout: 15_000 };
const pools: WorkerPool<string>[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.stop();
});

function held(options: Partial<PoolOptions> = {}) {
  const pool = new WorkerPool<string>({
    entry: new URL('../support/held-worker.ts', import.meta.url),
    workers: 2,
    heapMb: 64,
    queueLimit: 8,
    waitMs: 30_000,
    busy: 'Busy.',
    ...options,
  });
  pools.push(pool);
  const shared = new SharedArrayBuffer(8);
  const view = new Int32Array(shared);
  return {
    run: (client: string, name: string, runMs = 30_000, spin = false) => pool.run(client, { shared, name, spin } satisfies HeldJob, runMs),
    /** A job answered at once: the worker is up once it is. */
    warm: () => pool.run('warm', { shared, name: 'warm', free: true } satisfies HeldJob, 30_000),
    /** Jobs started so far. */
    started: () => Atomics.load(view, 1),
    release: () => {
      Atomics.store(view, 0, 1);
      Atomics.notify(view, 0);
    },
  };
}

/** The refusal a promise settles with (it must be refused). */
async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('accepted');
}

const busy = (status: number) => (error: unknown) =>
  error instanceof ApiError &&
  error.statusCode === status &&
  Number(error.headers['retry-after']) >= 1 &&
  /Please try again in \d+ seconds\.$/.test((error.body as { errors: { message: string }[] }).errors[0].message);

describe('the bounded worker pool', () => {
  it('answers 503 with Retry-After once its queue is full, without starting the job', async () => {
    const jobs = held({ queueLimit: 1 });
    const first = [jobs.run('a', 'a1'), jobs.run('b', 'b1')];
    await expect.poll(jobs.started, START).toBe(2);
    const waiting = jobs.run('c', 'c1');
    expect(await refusalOf(jobs.run('d', 'd1'))).toSatisfy(busy(503));
    jobs.release();
    expect(await Promise.all([...first, waiting])).toEqual(['a1', 'b1', 'c1']);
    expect(jobs.started()).toBe(3);
  });

  it('answers 503 with Retry-After to a job that waited longer than its wait', async () => {
    const jobs = held({ workers: 1, waitMs: 300 });
    await jobs.warm();
    const first = jobs.run('a', 'a1');
    await expect.poll(jobs.started, START).toBe(1);
    expect(await refusalOf(jobs.run('b', 'b1'))).toSatisfy(busy(503));
    jobs.release();
    expect(await first).toBe('a1');
    expect(jobs.started()).toBe(1);
  });

  it("runs one job of a client at a time, refuses its next beyond the waiting ones (429), and gives another client's job the free worker meanwhile", async () => {
    const jobs = held();
    const mine = Array.from({ length: 1 + PER_CLIENT_WAITING }, (_, index) => jobs.run('a', `a${index}`));
    expect(await refusalOf(jobs.run('a', 'one too many'))).toSatisfy(busy(429));
    const other = jobs.run('b', 'b1');
    await expect.poll(jobs.started, START).toBe(2); // a0 and b1, not a1
    jobs.release();
    expect(await other).toBe('b1');
    expect(await Promise.all(mine)).toEqual(['a0', 'a1', 'a2']);
  });

  it('ends only the job that overran its budget: the running and the waiting ones are answered', async () => {
    const jobs = held();
    const spinning = jobs.run('a', 'spins', 300, true);
    const running = jobs.run('b', 'b1');
    const waiting = jobs.run('c', 'c1');
    expect(await refusalOf(spinning)).toBeInstanceOf(JobOverran);
    jobs.release();
    expect(await Promise.all([running, waiting])).toEqual(['b1', 'c1']);
    expect(await jobs.run('a', 'a2')).toBe('a2');
  });
});
