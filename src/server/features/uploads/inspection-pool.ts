// Uploads are cleaned (clean-upload.ts: type checks, metadata removal, the PDF check) in worker
// threads (core/worker-pool.ts), never on the thread that answers requests: however a file is
// made, other clients are answered meanwhile, and one client's files are checked one at a time
// while another client's file takes the next free worker. Each file has a time budget once its
// check starts; a worker still busy when it runs out is terminated and the file refused as damaged
// (fileDamaged), as is a file whose worker runs out of memory (resourceLimits). A file waits at
// most INSPECTION_WAIT_MS for a worker, else it is refused with 503 and Retry-After (as when the
// queue is full): counting the wait, a check ends within INSPECTION_WAIT_MS + INSPECTION_BUDGET_MS
// of the file's arrival, whatever other clients send.
import os from 'node:os';
import { JobOverran, WorkerPool } from '../../core/worker-pool.ts';
import { FileRefused } from './clean-upload.ts';
import type { InspectionAnswer, InspectionRequest } from './inspection-worker.ts';

/** What one file may take in its worker. The largest upload (10 MB) takes well under half a second. */
export const INSPECTION_BUDGET_MS = 2_000;
/** How long a file may wait for a worker. */
export const INSPECTION_WAIT_MS = 5_000;

const pool = new WorkerPool<InspectionAnswer>({
  entry: new URL('./inspection-worker.ts', import.meta.url),
  // At least two (one client's files never hold every worker); one core is left to the request thread.
  workers: Math.max(2, Math.min(4, os.availableParallelism() - 1)),
  // A worker's heap: the PDF check of the largest upload needs about a third of it.
  heapMb: 384,
  // Each waiting file is held in memory (at most 10 MB).
  queueLimit: 8,
  waitMs: INSPECTION_WAIT_MS,
  busy: 'The server is busy checking other files.',
});

/** A place for one file of a client in the checks, held from the moment its upload begins. */
export interface InspectionTurn {
  /** clean-upload.ts's cleanUpload in a worker thread, within `budgetMs`; refusals reject with FileRefused as there, a busy pool with its 503 (an ApiError). */
  clean(bytes: Buffer, mimeType: string, budgetMs?: number): Promise<Buffer>;
  /** Gives the place back when the file is not cleaned (refused before, or failed to arrive). */
  release(): void;
}

/**
 * `client`: whom the file comes from (request.ip), who has one file checked at a time and a few
 * waiting: throws a 429 (an ApiError with Retry-After) at once, before the file is received, when
 * that client already has as many under way.
 */
export function inspectionTurn(client: string): InspectionTurn {
  const place = pool.reserve(client);
  return {
    async clean(bytes, mimeType, budgetMs = INSPECTION_BUDGET_MS) {
      const copy = new Uint8Array(bytes); // a copy of its own, moved to the worker
      let answer: InspectionAnswer;
      try {
        answer = await place.run({ bytes: copy, mimeType } satisfies InspectionRequest, budgetMs, [copy.buffer]);
      } catch (error) {
        if (error instanceof JobOverran) throw new FileRefused('fileDamaged');
        throw error;
      }
      if ('refused' in answer) throw new FileRefused(answer.refused);
      return Buffer.from(answer.cleaned.buffer, answer.cleaned.byteOffset, answer.cleaned.byteLength);
    },
    release: place.release,
  };
}

/** One file's check for `client` (inspectionTurn, then clean). */
export const cleanUploadInWorker = (bytes: Buffer, mimeType: string, client: string, budgetMs = INSPECTION_BUDGET_MS): Promise<Buffer> =>
  inspectionTurn(client).clean(bytes, mimeType, budgetMs);

/** Starts a worker if none runs, so that it is ready by the time the upload is received. */
export const warmInspection = () => pool.warm();
