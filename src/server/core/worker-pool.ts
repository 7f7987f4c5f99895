// Worker threads for work too heavy for the thread that answers requests (checking an upload,
// drawing a waiver copy), shared out so that no client can take them all:
// - a client (the address the rate limits key on, request.ip) has at most one job running; up to
//   PER_CLIENT_WAITING more wait behind it, in order, and a further one is refused (429), at once
//   when its input is still to arrive (reserve);
// - a job starts on the first free worker whose client has none running, so one client's backlog
//   never stands in front of another client's job;
// - at most `queueLimit` jobs wait in all (beyond those a free worker is about to take), and none
//   waits longer than `waitMs` behind other jobs (a worker's start is not counted): past either,
//   the job is refused (503, with Retry-After) before any of its work is done;
// - a job that runs past its own budget (counted from its start) ends its worker, and only that
//   job is refused (JobOverran); the other workers and the waiting jobs go on. A job is so
//   answered within waitMs + its budget of its arrival, whatever other clients send;
// - workers start when jobs come (one more than they need while all are busy, so that the next
//   client's job does not wait for a start: seconds on a busy machine) and end after a minute
//   without one; a worker that runs out of memory (resourceLimits) or crashes fails only its job.
//
// Hand-written rather than piscina: with a per-task AbortSignal (its way to end an overrunning
// task) piscina 5.3 puts waiting tasks in a queue that `maxQueue` does not bound (measured:
// maxQueue 2, 10 tasks with signals, 10 queued; piscinajs/piscina#899, #1029), and it cannot say
// whether an aborted task was still waiting (the server's fault: 503) or running (the job's);
// the per-client rule would be ours anyway. What is left for a library is starting and
// retiring threads, the smaller half of this file.
import { Worker } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import type { JobAnswer, JobRequest } from './worker-thread.ts';

/** Jobs a client may have waiting behind its running one (a form's few files sent together). */
export const PER_CLIENT_WAITING = 2;
const IDLE_MS = 60_000;
/**
 * A worker not ready by then will not be: its start (tsx compiling its entry) takes about a second,
 * over 15 s seen with four starting at once on a 2-core machine under load.
 */
const START_MS = 60_000;
const BOOT = new URL('./worker-boot.mjs', import.meta.url);

export interface PoolOptions {
  /** The worker's TypeScript entry (it calls serveJobs, worker-thread.ts). */
  entry: URL;
  workers: number;
  heapMb: number;
  /** Jobs waiting for a worker, all clients together. */
  queueLimit: number;
  /** How long a job may wait for a worker. */
  waitMs: number;
  /** What a refusal for a busy pool says (then "Please try again in N seconds."). */
  busy: string;
}

/** The job ran past its budget: its worker was ended. */
export class JobOverran extends Error {}

const busyError = (status: 429 | 503, message: string, seconds: number) =>
  new ApiError(status, { errors: [{ message: `${message} Please try again in ${seconds} seconds.` }] }, { 'retry-after': String(seconds) });

/** A place held for one job of a client (WorkerPool.reserve). */
export interface Reservation<Answer> {
  run(request: unknown, runMs: number, transfer?: ArrayBuffer[]): Promise<Answer>;
  release(): void;
}

interface Job<Answer> {
  client: string;
  request: unknown;
  transfer: ArrayBuffer[];
  runMs: number;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  /** Refuses the job when it has waited too long. */
  wait?: NodeJS.Timeout;
}

interface Slot<Answer> {
  worker: Worker;
  ready: boolean;
  job: Job<Answer> | null;
  jobId: number;
  budget?: NodeJS.Timeout;
  /** Ends the worker when it takes too long to start, or stays idle too long once started. */
  idle?: NodeJS.Timeout;
  /** Why the worker stopped, when it did with an error. */
  error?: Error;
}

export class WorkerPool<Answer> {
  private readonly slots = new Set<Slot<Answer>>();
  private readonly waiting: Job<Answer>[] = [];
  /** Each client's jobs, running or waiting. */
  private readonly perClient = new Map<string, number>();
  private readonly running = new Set<string>();
  private lastId = 0;
  private stopped = false;

  constructor(private readonly options: PoolOptions) {}

  /** Seconds a refused client is told to wait: about one job's turn. */
  private get retryAfter(): number {
    return Math.max(1, Math.ceil(this.options.waitMs / 1000));
  }

  /**
   * Runs `request` in a worker for `client`, within `runMs` once started. Rejects with an ApiError
   * (429, 503, Retry-After) when the client or the pool has too many waiting, with JobOverran
   * past the budget, or with the worker's failure.
   */
  run(client: string, request: unknown, runMs: number, transfer: ArrayBuffer[] = []): Promise<Answer> {
    try {
      return this.reserve(client).run(request, runMs, transfer);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * Holds a place for a job of `client` whose input is still arriving (an upload being received):
   * it counts as one of the client's jobs from now, so a client with too many is refused (429)
   * before it has sent them. Throws that ApiError; release() the place if the job is not run.
   */
  reserve(client: string): Reservation<Answer> {
    if (this.stopped) throw new Error('The server is stopping.');
    const mine = this.perClient.get(client) ?? 0;
    if (mine > PER_CLIENT_WAITING) throw busyError(429, 'Too many requests from your network at once.', this.retryAfter);
    this.perClient.set(client, mine + 1);
    let held = true;
    return {
      run: (request, runMs, transfer = []) => {
        if (!held) return Promise.reject(new Error('This place in the pool was already used.'));
        held = false;
        return this.enqueue({ client, request, transfer, runMs });
      },
      release: () => {
        if (held) this.done(client);
        held = false;
      },
    };
  }

  private enqueue(what: Pick<Job<Answer>, 'client' | 'request' | 'transfer' | 'runMs'>): Promise<Answer> {
    const { client } = what;
    if (this.stopped) {
      this.done(client);
      return Promise.reject(new Error('The server is stopping.'));
    }
    return new Promise((resolve, reject) => {
      const job: Job<Answer> = { ...what, resolve, reject };
      this.waiting.push(job);
      this.dispatch();
      if (!this.waiting.includes(job)) return; // started at once
      // Jobs up to the workers not running one are about to start (on a worker ready or starting); the rest queue.
      if (this.waiting.length > this.options.queueLimit + this.options.workers - this.running.size) {
        this.drop(job);
        reject(busyError(503, this.options.busy, this.retryAfter));
        return;
      }
      const expire = () => {
        // A worker still starting (as for a pool's first job: about a second, more on a busy machine) is not a busy pool.
        if (!this.running.has(client) && [...this.slots].some((slot) => !slot.ready)) {
          job.wait = setTimeout(expire, this.options.waitMs);
          return;
        }
        this.drop(job);
        reject(busyError(503, this.options.busy, this.retryAfter));
      };
      job.wait = setTimeout(expire, this.options.waitMs);
    });
  }

  /** Starts a worker if none runs, so that it is ready by the time the job comes. */
  warm(): void {
    if (this.slots.size === 0 && !this.stopped) this.spawn();
  }

  /** Ends every worker; jobs waiting or running are refused. */
  async stop(): Promise<void> {
    this.stopped = true;
    const error = new Error('The server is stopping.');
    for (const job of this.waiting.splice(0)) {
      clearTimeout(job.wait);
      job.reject(error);
    }
    await Promise.all(
      [...this.slots].map((slot) => {
        this.finish(slot)?.reject(error);
        this.retire(slot);
        return slot.worker.terminate();
      }),
    );
  }

  /** A waiting job taken out of the queue (refused, or about to start). */
  private drop(job: Job<Answer>) {
    clearTimeout(job.wait);
    const at = this.waiting.indexOf(job);
    if (at !== -1) this.waiting.splice(at, 1);
    this.done(job.client);
  }

  /** One of the client's jobs is over (answered, refused or never run). */
  private done(client: string) {
    const left = (this.perClient.get(client) ?? 1) - 1;
    if (left > 0) this.perClient.set(client, left);
    else this.perClient.delete(client);
  }

  /** The first waiting job whose client has none running. */
  private nextJob(): Job<Answer> | undefined {
    return this.waiting.find((job) => !this.running.has(job.client));
  }

  private dispatch() {
    if (this.stopped) return;
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.nextJob();
      if (!job) break;
      this.start(slot, job);
    }
    const startable = new Set(this.waiting.filter((job) => !this.running.has(job.client)).map((job) => job.client)).size;
    const slots = [...this.slots];
    const starting = slots.filter((slot) => !slot.ready).length;
    // One worker more than the jobs need while every worker is busy: the next client's job does not wait for a start
    // (seconds on a busy machine), only the first job of an idle pool does.
    const spare = slots.length > 0 && slots.every((slot) => slot.job || !slot.ready) ? 1 : 0;
    for (let wanted = startable + spare - starting; wanted > 0 && this.slots.size < this.options.workers; wanted--) this.spawn();
  }

  private spawn() {
    const worker = new Worker(BOOT, {
      workerData: { entry: this.options.entry.href },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    const slot: Slot<Answer> = { worker, ready: false, job: null, jobId: 0 };
    this.slots.add(slot);
    worker.unref();
    slot.idle = setTimeout(() => {
      slot.error = new Error(`not ready after ${START_MS} ms`);
      void worker.terminate();
    }, START_MS).unref();
    worker.on('message', (answer: JobAnswer<Answer>) => this.answered(slot, answer));
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', () => this.exited(slot));
  }

  private start(slot: Slot<Answer>, job: Job<Answer>) {
    clearTimeout(job.wait);
    this.waiting.splice(this.waiting.indexOf(job), 1);
    clearTimeout(slot.idle);
    this.running.add(job.client);
    slot.job = job;
    slot.jobId = ++this.lastId;
    slot.worker.ref(); // a job in hand keeps the process alive
    slot.budget = setTimeout(() => this.overrun(slot), job.runMs);
    slot.worker.postMessage({ id: slot.jobId, request: job.request } satisfies JobRequest, job.transfer);
  }

  /** The slot's job, taken from it (its client may start another). */
  private finish(slot: Slot<Answer>): Job<Answer> | null {
    const { job } = slot;
    clearTimeout(slot.budget);
    slot.job = null;
    slot.worker.unref();
    if (job) {
      this.running.delete(job.client);
      this.done(job.client);
    }
    return job;
  }

  private answered(slot: Slot<Answer>, answer: JobAnswer<Answer>) {
    if ('ready' in answer) {
      slot.ready = true;
      clearTimeout(slot.idle);
    } else if (answer.id === slot.jobId && slot.job) {
      const job = this.finish(slot)!;
      if ('answer' in answer) job.resolve(answer.answer);
      else job.reject(new Error(`The worker failed: ${answer.failed}`));
    }
    this.dispatch();
    if (this.slots.has(slot) && !slot.job) {
      clearTimeout(slot.idle);
      slot.idle = setTimeout(() => this.retire(slot), IDLE_MS).unref();
    }
  }

  /** The job took longer than its budget: its worker is stopped (the job with it) and replaced when needed. */
  private overrun(slot: Slot<Answer>) {
    this.finish(slot)?.reject(new JobOverran());
    this.retire(slot);
    this.dispatch();
  }

  private retire(slot: Slot<Answer>) {
    clearTimeout(slot.idle);
    this.slots.delete(slot);
    void slot.worker.terminate();
  }

  private exited(slot: Slot<Answer>) {
    const wasReady = slot.ready;
    this.slots.delete(slot);
    clearTimeout(slot.idle);
    // Out of memory (or any crash) during a job: that job is refused.
    this.finish(slot)?.reject(new JobOverran());
    if (!wasReady && slot.error) {
      // A worker that cannot even start will not start next time either: the waiting jobs fail (500) instead of waiting.
      const error = new Error(`The worker could not start: ${slot.error.message}`);
      for (const job of this.waiting.splice(0)) {
        clearTimeout(job.wait);
        this.done(job.client);
        job.reject(error);
      }
      return;
    }
    this.dispatch();
  }
}
