// The worker side of worker-pool.ts: a worker's entry calls serveJobs with its handler; each job's
// answer (and the buffers it moves back) or its failure goes back to the pool, one job at a time.
import { parentPort } from 'node:worker_threads';

export interface JobRequest {
  id: number;
  request: unknown;
}

export type JobAnswer<Answer> = { ready: true } | { id: number; answer: Answer } | { id: number; failed: string };

/** What a handler gives back: the answer, and the buffers to move (not copy) to the pool. */
export interface Handled<Answer> {
  answer: Answer;
  transfer?: ArrayBuffer[];
}

/**
 * Answers the pool's jobs with `handle`. `warmUp`: work done once before the worker says it is
 * ready (a worker's first job otherwise pays for loading and compiling what every job uses).
 */
export async function serveJobs<Request, Answer>(
  handle: (request: Request) => Handled<Answer> | Promise<Handled<Answer>>,
  warmUp?: () => unknown,
): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread (worker-pool.ts)');
  port.on('message', async ({ id, request }: JobRequest) => {
    let message: JobAnswer<Answer>;
    let transfer: ArrayBuffer[] = [];
    try {
      const handled = await handle(request as Request);
      message = { id, answer: handled.answer };
      transfer = handled.transfer ?? [];
    } catch (error) {
      message = { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(message, transfer);
  });
  await warmUp?.();
  port.postMessage({ ready: true } satisfies JobAnswer<Answer>);
}
