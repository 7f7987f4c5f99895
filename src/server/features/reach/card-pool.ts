// Cards are drawn in worker threads (core/worker-pool.ts), never on the thread that answers
// requests, with the waiver copy's limits: its budget per drawing, its wait for a worker, per
// client one drawing at a time with two waiting (more: 429), a full queue or an overrun 503.
import { ApiError } from '../../core/errors.ts';
import { JobOverran, WorkerPool } from '../../core/worker-pool.ts';
import { PDF_BUDGET_MS } from '../waiver-copy/index.ts';
import type { Card } from './card-pdf.ts';
import type { CardJob } from './card-worker.ts';

const WAIT_MS = 10_000;

export class CardDrawer {
  private readonly pool = new WorkerPool<Uint8Array>({
    entry: new URL('./card-worker.ts', import.meta.url),
    workers: 1,
    heapMb: 256,
    queueLimit: 16,
    waitMs: WAIT_MS,
    busy: 'The server is busy drawing other cards.',
  });

  async draw(cards: Card[], client: string): Promise<Buffer> {
    const job: CardJob = { cards, createdAt: new Date().toISOString() };
    try {
      return Buffer.from(await this.pool.run(client, job, PDF_BUDGET_MS));
    } catch (error) {
      if (!(error instanceof JobOverran)) throw error;
      throw new ApiError(
        503,
        { errors: [{ message: `The cards could not be drawn in time. Please try again in ${WAIT_MS / 1000} seconds.` }] },
        { 'retry-after': String(WAIT_MS / 1000) },
      );
    }
  }

  stop(): Promise<void> {
    return this.pool.stop();
  }
}
