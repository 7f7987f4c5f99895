// The retention job: every form declaring `retention` (an ISO 8601 period, e.g. P2Y) has its
// submissions older than that deleted, with their files, notes and alerts (delete-submissions.ts),
// 500 to a transaction so no request waits long behind it; then one audit entry per form that lost
// any, with counts only. The period is PostgreSQL's own interval arithmetic (created_at + 'P2Y'
// ::interval), the same in PGlite and PostgreSQL, so a month or a leap year is counted as the
// calendar counts it. A party of a waiver (its organiser's name, phone and email) goes once its visit
// day is older than that waiver's retention.
import type { Db } from '../../core/db/db.ts';
import type { UploadStorage } from '../../core/storage/storage.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { recordAudit } from '../audit/index.ts';
import { countExpiredParties, deleteExpiredParties } from '../parties/index.ts';
import { deleteSubmissions } from './delete-submissions.ts';

export const RETENTION_BATCH = 500;

export interface RetentionCount {
  form: string;
  collection: string;
  retention: string;
  /** Deleted (or, in a dry run, to be deleted). */
  submissions: number;
  files: number;
  /** Parties (one waiver link for a group, its organiser's details) whose visit day is older than the retention. */
  parties: number;
}

export interface RetentionOptions {
  dryRun?: boolean;
  batchSize?: number;
  /** Called between batches (the job renews its claim there). */
  onBatch?: () => Promise<void>;
}

type RetainedForm = Pick<CompiledForm, 'id' | 'collection' | 'retention'>;

/** Past its form's retention, and under no legal hold of its own (legal_holds). */
const EXPIRED = `collection = $1 AND created_at + $2::interval < now() AND NOT EXISTS (SELECT 1 FROM legal_holds h WHERE h.document_id = documents.id)`;

async function countExpired(db: Db, form: RetainedForm & { retention: string }): Promise<RetentionCount> {
  const { rows } = await db.query<{ submissions: number; files: number }>(
    `WITH expired AS (SELECT id FROM documents WHERE ${EXPIRED})
     SELECT (SELECT count(*) FROM expired)::int AS submissions,
            (SELECT count(*) FROM documents f JOIN expired e ON f.attached_to = e.id)::int AS files`,
    [form.collection, form.retention],
  );
  return { form: form.id, collection: form.collection, retention: form.retention, ...rows[0], parties: await countExpiredParties(db, form.id, form.retention) };
}

/** Deletes (or with dryRun counts) every expired submission of these forms; the counts per form with a retention. */
export async function expireSubmissions(
  db: Db,
  storage: UploadStorage,
  forms: readonly RetainedForm[],
  options: RetentionOptions = {},
): Promise<RetentionCount[]> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const counts: RetentionCount[] = [];
  for (const form of forms) {
    if (!form.retention) continue;
    const retained = { ...form, retention: form.retention };
    if (options.dryRun) {
      counts.push(await countExpired(db, retained));
      continue;
    }
    const count: RetentionCount = { form: form.id, collection: form.collection, retention: form.retention, submissions: 0, files: 0, parties: 0 };
    for (;;) {
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM documents WHERE ${EXPIRED} ORDER BY created_at, id LIMIT $3`, [
        form.collection,
        form.retention,
        batchSize,
      ]);
      if (rows.length === 0) break;
      const deleted = await deleteSubmissions(
        db,
        storage,
        rows.map((row) => row.id),
      );
      count.submissions += deleted.submissions;
      count.files += deleted.files;
      await options.onBatch?.();
      if (rows.length < batchSize) break;
    }
    // A party's waiver retention counts from its visit day: its organiser's details go then (the waivers signed through it each by their own date).
    count.parties = await deleteExpiredParties(db, form.id, form.retention);
    if (count.submissions > 0 || count.parties > 0) {
      // Counts only: nothing of the deleted answers, nor their references, is kept.
      await recordAudit(
        db,
        { kind: 'anonymous' },
        {
          action: 'retention-delete',
          target: form.collection,
          detail: {
            form: form.id,
            retention: form.retention,
            count: count.submissions,
            files: count.files,
            ...(count.parties ? { parties: count.parties } : {}),
          },
        },
      );
    }
    counts.push(count);
  }
  return counts;
}

/**
 * PGlite runs no autovacuum: the rows a run deleted would keep their space for good. After a run that
 * deleted any, the documents table is vacuumed (about 0.3 s over 100,000 submissions, the server's one
 * database thread waiting meanwhile). Nothing else, and no ANALYZE: PGlite has no autovacuum to keep
 * statistics current either, and statistics taken once go stale as tables grow: taken at a new
 * server's start, of its seeded content, they made every create that checked a restaurant read the
 * whole table (the README's retention paragraph has the figures). Without statistics PostgreSQL's
 * defaults choose the indexes. PostgreSQL's autovacuum does all this there.
 */
export async function vacuumEmbedded(db: Db, counts: readonly RetentionCount[]): Promise<void> {
  if (db.kind === 'pglite' && counts.some((count) => count.submissions > 0)) await db.query('VACUUM documents');
}
