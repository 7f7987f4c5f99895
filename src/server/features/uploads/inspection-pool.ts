// Uploads are cleaned (clean-upload.ts: type checks, metadata removal, the PDF check) in worker
// threads, never on the thread that answers requests: however a file is made, other clients are
// answered meanwhile. Each file has a time budget; a worker still busy when it runs out is
// terminated and the file refused as damaged (fileDamaged), as is a file whose worker runs out of
// memory (resourceLimits). A few workers are kept, started on the first upload (warmInspection is
// called as soon as an upload arrives, so the start overlaps with receiving the file), and ended
// after a minute without work.
//
// Our own pool rather than a library (piscina and the like): about as long as configuring one,
// and none of them starts a TypeScript entry under tsx on Node 20 without the same bootstrap
// (inspection-worker.mjs) anyway.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { FileRefused } from '../../uploads/clean-upload.ts';
import type { InspectionAnswer, InspectionRequest } from './inspection-worker.ts';

/** What one file may take in its worker. The largest upload (10 MB) takes well under half a second. */
export const INSPECTION_BUDGET_MS = 2_000;
/** Workers at most: one core is left to the request thread. */
const POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism() - 1));
const IDLE_MS = 60_000;
/** A worker not ready by then will not be (its start takes well under a second). */
const START_MS = 15_000;
/** A worker's heap: the PDF check of the largest upload needs about a third of it. */
const HEAP_MB = 384;

const BOOT = new URL('./inspection-worker.mjs', import.meta.url);
const ENTRY = new URL('./inspection-worker.ts', import.meta.url).href;

interface Job {
  bytes: Buffer;
  mimeType: string;
  budgetMs: number;
  resolve: (cleaned: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  jobId: number;
  budget?: NodeJS.Timeout;
  /** Ends the worker when it takes too long to start, or stays idle too long once started. */
  idle?: NodeJS.Timeout;
  /** Why the worker stopped, when it did with an error. */
  error?: Error;
}

class InspectionPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private lastId = 0;

  run(bytes: Buffer, mimeType: string, budgetMs: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ bytes, mimeType, budgetMs, resolve, reject });
      this.dispatch();
    });
  }

  warm() {
    if (this.slots.size === 0) this.spawn();
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (slot.ready && !slot.job) this.start(slot, this.queue.shift()!);
    }
    const starting = [...this.slots].filter((slot) => !slot.ready).length;
    for (let wanted = this.queue.length - starting; wanted > 0 && this.slots.size < POOL_SIZE; wanted--) this.spawn();
  }

  private spawn() {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    const slot: Slot = { worker, ready: false, job: null, jobId: 0 };
    this.slots.add(slot);
    slot.idle = setTimeout(() => {
      slot.error = new Error(`not ready after ${START_MS} ms`);
      void worker.terminate();
    }, START_MS).unref();
    worker.on('message', (answer: InspectionAnswer) => this.answered(slot, answer));
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', () => this.exited(slot));
  }

  private start(slot: Slot, job: Job) {
    clearTimeout(slot.idle);
    slot.job = job;
    slot.jobId = ++this.lastId;
    slot.worker.ref(); // a job in hand keeps the process alive
    slot.budget = setTimeout(() => this.overrun(slot), job.budgetMs);
    const bytes = new Uint8Array(job.bytes); // a copy of its own, moved to the worker
    slot.worker.postMessage({ id: slot.jobId, bytes, mimeType: job.mimeType } satisfies InspectionRequest, [bytes.buffer]);
  }

  private finish(slot: Slot): Job | null {
    const { job } = slot;
    clearTimeout(slot.budget);
    slot.job = null;
    slot.worker.unref();
    return job;
  }

  private answered(slot: Slot, answer: InspectionAnswer) {
    if ('ready' in answer) {
      slot.ready = true;
      clearTimeout(slot.idle);
    }
    else if (answer.id === slot.jobId && slot.job) {
      const job = this.finish(slot)!;
      if ('cleaned' in answer) job.resolve(Buffer.from(answer.cleaned.buffer, answer.cleaned.byteOffset, answer.cleaned.byteLength));
      else if ('refused' in answer) job.reject(new FileRefused(answer.refused));
      else job.reject(new Error(`File inspection failed: ${answer.failed}`));
    }
    this.dispatch();
    if (this.slots.has(slot) && !slot.job) {
      slot.worker.unref(); // an idle worker does not keep the process alive
      clearTimeout(slot.idle);
      slot.idle = setTimeout(() => this.retire(slot), IDLE_MS).unref();
    }
  }

  /** The file took longer than its budget: the worker is stopped (the file with it) and replaced when needed. */
  private overrun(slot: Slot) {
    this.finish(slot)?.reject(new FileRefused('fileDamaged'));
    this.retire(slot);
    this.dispatch();
  }

  private retire(slot: Slot) {
    clearTimeout(slot.idle);
    this.slots.delete(slot);
    void slot.worker.terminate();
  }

  private exited(slot: Slot) {
    const wasReady = slot.ready;
    this.slots.delete(slot);
    clearTimeout(slot.idle);
    // Out of memory (or any crash) while reading a file: that file is refused.
    this.finish(slot)?.reject(new FileRefused('fileDamaged'));
    if (!wasReady && slot.error) {
      // A worker that cannot even start will not start next time either: the waiting uploads fail (500) instead of waiting forever.
      const error = new Error(`The file inspection worker could not start: ${slot.error.message}`);
      for (const job of this.queue.splice(0)) job.reject(error);
      return;
    }
    this.dispatch();
  }
}

const pool = new InspectionPool();

/** clean-upload.ts's cleanUpload in a worker thread, within `budgetMs`; refusals reject with FileRefused as there. */
export const cleanUploadInWorker = (bytes: Buffer, mimeType: string, budgetMs = INSPECTION_BUDGET_MS): Promise<Buffer> => pool.run(bytes, mimeType, budgetMs);

/** Starts a worker if none runs, so that it is ready by the time the upload is received. */
export const warmInspection = () => pool.warm();
