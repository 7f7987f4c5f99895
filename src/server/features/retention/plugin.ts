// Starts the retention job with the server (retention-job.ts, on the schedule of schedule.ts) and
// lets a run in progress finish before the database closes. Logs counts only. On PGlite a run that
// deleted submissions ends with a VACUUM of the documents (retention-job.ts).
import type { FastifyInstance } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { expireSubmissions, vacuumEmbedded, type RetentionCount } from './retention-job.ts';
import { claimRetentionRun, releaseRetentionRun, renewRetentionClaim } from './schedule.ts';

const HOUR = 60 * 60_000;

/** One run if it is due and no other instance holds it: the counts, or null when not run. */
export async function runRetentionIfDue(ctx: Pick<ServerContext, 'db' | 'uploads' | 'registry' | 'config'>): Promise<RetentionCount[] | null> {
  if (!(await claimRetentionRun(ctx.db, ctx.config.retention.intervalMs))) return null;
  let finished = false;
  try {
    const forms = ctx.registry.forms.map((form) => form.compiled);
    const counts = await expireSubmissions(ctx.db, ctx.uploads, forms, { onBatch: () => renewRetentionClaim(ctx.db) });
    finished = true;
    await vacuumEmbedded(ctx.db, counts);
    return counts;
  } finally {
    await releaseRetentionRun(ctx.db, finished);
  }
}

export const retentionPlugin = ownPlugin('retention', async (app: FastifyInstance, ctx: ServerContext) => {
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= runRetentionIfDue(ctx)
      .then((counts) => {
        for (const count of counts ?? []) {
          if (count.submissions || count.parties)
            app.log.info(
              `Retention: deleted ${count.submissions} submission(s), ${count.files} file(s) and ${count.parties} party(ies) of ${count.form} older than ${count.retention}.`,
            );
        }
      })
      .catch((error: unknown) => app.log.error(error, 'Retention job failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Not awaited: a first run after a long stop may take a while, and the server answers meanwhile.
    check();
    timer = setInterval(check, Math.min(ctx.config.retention.intervalMs, HOUR)).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
