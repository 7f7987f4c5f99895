// How many uploads one client address may have waiting for a submission (UPLOAD_ORPHANS_PER_CLIENT):
// without a cap, a script could fill the disk with files no form ever claims before the clean-up
// removes them. Counted in the database (upload_reservations, migration 32), so every instance
// behind a load balancer counts against the same cap. The address itself is stored nowhere: only
// a keyed hash of it, which cannot be reversed by trying every address without the server's secret.
import { createHmac } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { t } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/text/languages.ts';

/** Any constant: with the client's hash, serialises one client's reservations across instances. */
const RESERVATION_LOCK = 7_262_032;
/** An upload still being received after this long was interrupted (its instance stopped): it no longer counts. */
const RECEIVING_MINUTES = 10;

export interface OrphanSlot {
  keep(id: number): Promise<void>;
  release(): Promise<void>;
}

export class OrphanUploadBudget {
  constructor(
    private readonly limit: number,
    private readonly lifetimeMinutes: number,
    private readonly secret: string,
  ) {}

  private clientKey(client: string): string {
    return createHmac('sha256', this.secret).update(`orphan-uploads:${client}`).digest('hex');
  }

  /** A place for one more upload from `client`, or a 429 naming the limit and when to try again. */
  async reserve(db: Db, client: string, lang: Lang): Promise<OrphanSlot> {
    const key = this.clientKey(client);
    const id = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [RESERVATION_LOCK, key]);
      // Waiting: being received (recently), or received and not yet attached, within the orphan lifetime.
      const { rows } = await tx.query<{ waiting: number; wait_seconds: number | null }>(
        `SELECT count(*)::int AS waiting,
                ceil(extract(epoch FROM min(r.created_at) + make_interval(secs => $2::double precision * 60) - now()))::int AS wait_seconds
         FROM upload_reservations r LEFT JOIN documents d ON d.id = r.document_id
         WHERE r.client_sha256 = $1 AND r.created_at > now() - make_interval(secs => $2::double precision * 60)
           AND (CASE WHEN r.document_id IS NULL THEN r.created_at > now() - make_interval(secs => $3::double precision * 60) ELSE d.attached_to IS NULL END)`,
        [key, this.lifetimeMinutes, RECEIVING_MINUTES],
      );
      const { waiting, wait_seconds } = rows[0];
      if (waiting >= this.limit) {
        const seconds = Math.max(1, wait_seconds ?? 60);
        const message = t('tooManyPendingUploads', lang, { limit: this.limit, minutes: Math.ceil(seconds / 60) });
        throw new ApiError(429, { errors: [{ name: 'TooManyPendingUploads', message, data: { limit: this.limit } }] }, { 'retry-after': String(seconds) });
      }
      const inserted = await tx.query<{ id: number }>('INSERT INTO upload_reservations (client_sha256) VALUES ($1) RETURNING id', [key]);
      return inserted.rows[0].id;
    });
    return {
      keep: async (documentId) => {
        await db.query('UPDATE upload_reservations SET document_id = $2 WHERE id = $1', [id, documentId]);
      },
      release: async () => {
        await db.query('DELETE FROM upload_reservations WHERE id = $1', [id]);
      },
    };
  }

  /** Forgets reservations that no longer count: attached to a submission, expired, or interrupted. */
  async prune(db: Queryable): Promise<void> {
    await db.query(
      `DELETE FROM upload_reservations r WHERE r.created_at < now() - make_interval(secs => $1::double precision * 60)
         OR (r.document_id IS NULL AND r.created_at < now() - make_interval(secs => $2::double precision * 60))
         OR EXISTS (SELECT 1 FROM documents d WHERE d.id = r.document_id AND d.attached_to IS NOT NULL)`,
      [this.lifetimeMinutes, RECEIVING_MINUTES],
    );
  }
}
