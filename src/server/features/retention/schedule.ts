// When the retention job runs: once per RETENTION_INTERVAL_MS (a day), counted from the last run
// the database remembers (retention_runs), so a restart does not run it again and a server that
// was down for longer runs it at start. Of several instances, the one whose UPDATE claims the row
// runs it; a claim not renewed for CLAIM_LEASE_MS is a crashed run's and may be taken over.
// A timer and one row are all this needs: a scheduling library would add cron syntax and a
// second clock, not the cross-instance claim, which is the part that matters here.
import type { Db } from '../../core/db/db.ts';

export const CLAIM_LEASE_MS = 60 * 60_000;

/** True when this instance may run the job now (and has claimed it). */
export async function claimRetentionRun(db: Db, intervalMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE retention_runs SET started_at = now()
     WHERE id = 1
       AND (last_run_at IS NULL OR last_run_at <= now() - make_interval(secs => $1::double precision / 1000))
       AND (started_at IS NULL OR started_at < now() - make_interval(secs => $2::double precision / 1000))
     RETURNING id`,
    [intervalMs, CLAIM_LEASE_MS],
  );
  return rows.length > 0;
}

/** Between batches: the run is alive, its claim holds on. */
export async function renewRetentionClaim(db: Db): Promise<void> {
  await db.query('UPDATE retention_runs SET started_at = now() WHERE id = 1 AND started_at IS NOT NULL');
}

/** Done (last_run_at set), or failed (released only: the next check tries again). */
export async function releaseRetentionRun(db: Db, finished: boolean): Promise<void> {
  await db.query(`UPDATE retention_runs SET started_at = NULL${finished ? ', last_run_at = now()' : ''} WHERE id = 1`);
}
