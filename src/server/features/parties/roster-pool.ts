// Rosters are drawn in a worker thread (core/worker-pool.ts), never on the thread that answers
// requests, with the waiver copy's budget; per client one at a time, two waiting (more: 429), a
// full queue or an overrun 503 with Retry-After.
import { ApiError } from '../../core/errors.ts';
import { JobOverran, WorkerPool } from '../../core/worker-pool.ts';
import type { PartyRoster } from '../../../engine/contract/parties.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { PDF_BUDGET_MS } from '../waiver-copy/index.ts';
import type { RosterJob } from './roster-worker.ts';

const WAIT_MS = 10_000;

export class RosterDrawer {
  private readonly pool = new WorkerPool<Uint8Array>({
    entry: new URL('./roster-worker.ts', import.meta.url),
    workers: 1,
    heapMb: 256,
    queueLimit: 16,
    waitMs: WAIT_MS,
    busy: 'The server is busy drawing other rosters.',
  });

  async draw(roster: PartyRoster, lang: Lang, client: string): Promise<Buffer> {
    const job: RosterJob = { roster, lang, createdAt: new Date().toISOString() };
    try {
      return Buffer.from(await this.pool.run(client, job, PDF_BUDGET_MS));
    } catch (error) {
      if (!(error instanceof JobOverran)) throw error;
      throw new ApiError(
        503,
        { errors: [{ message: `The roster could not be drawn in time. Please try again in ${WAIT_MS / 1000} seconds.` }] },
        { 'retry-after': String(WAIT_MS / 1000) },
      );
    }
  }

  stop(): Promise<void> {
    return this.pool.stop();
  }
}
