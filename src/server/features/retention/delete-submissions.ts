// Deleting submissions for good (the retention job, a data-subject erasure): the rows in one
// transaction, and with them, by ON DELETE CASCADE, their follow-up and notes (followups,
// followup_notes), their alerts, deliveries (the outbox) and reads, and their upload reservations.
// Signatures are answers, so they go with the row. Attached files are rows of their upload
// collection plus a stored object (disk or S3): the rows are let go inside the transaction and the
// objects removed once it commits, so a rolled-back deletion never loses a file. A submission
// under a legal hold of its own (legal_holds) is never deleted here, whoever asks.
import path from 'node:path';
import type { Db, Queryable } from '../../core/db/db.ts';
import type { UploadStorage } from '../../core/storage/storage.ts';

export interface DeletedCounts {
  submissions: number;
  /** Attached files removed (row and stored object). */
  files: number;
}

interface FileRow {
  id: number;
  collection: string;
  filename: string | null;
  [key: string]: unknown;
}

/**
 * Deletes the submissions `ids` in one transaction (with `alsoInTransaction`, e.g. the audit entry,
 * so the record exists exactly when the deletion does), then their files' stored objects.
 */
export async function deleteSubmissions(
  db: Db,
  storage: UploadStorage,
  ids: readonly number[],
  alsoInTransaction?: (tx: Queryable, counts: DeletedCounts) => Promise<void>,
): Promise<DeletedCounts> {
  const { files, counts } = await db.transaction(async (tx) => {
    // A legal hold placed since the caller chose these (features/privacy) still wins: the rows are
    // locked here, and placing a hold needs them (its foreign key), so the two never cross.
    const free = await tx.query<{ id: number }>(
      'SELECT id FROM documents WHERE id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM legal_holds h WHERE h.document_id = documents.id) FOR UPDATE',
      [ids],
    );
    const deletable = free.rows.map((row) => row.id);
    if (deletable.length === 0) {
      const none = { submissions: 0, files: 0 };
      await alsoInTransaction?.(tx, none);
      return { files: [] as FileRow[], counts: none };
    }
    // Detached and dated at the epoch: should this process stop before the objects are removed
    // below, the orphan clean-up (features/uploads) removes them, rows and objects, within a minute.
    const detached = await tx.query<FileRow>(
      `UPDATE documents SET attached_to = NULL, created_at = 'epoch' WHERE attached_to = ANY($1::int[])
       RETURNING id, collection, data->>'filename' AS filename`,
      [deletable],
    );
    const deleted = await tx.query('DELETE FROM documents WHERE id = ANY($1::int[]) RETURNING id', [deletable]);
    // A retried submit of a deleted submission must not answer with its id (core/http/idempotency.ts).
    await tx.query(`DELETE FROM idempotency_keys WHERE body->>'documentId' = ANY($1::text[])`, [deletable.map(String)]);
    const counts = { submissions: deleted.rows.length, files: detached.rows.length };
    await alsoInTransaction?.(tx, counts);
    return { files: detached.rows, counts };
  });
  await removeFiles(db, storage, files);
  return counts;
}

async function removeFiles(db: Db, storage: UploadStorage, files: FileRow[]): Promise<void> {
  const removed: number[] = [];
  for (const file of files) {
    try {
      if (file.filename) await storage.delete(file.collection, path.basename(file.filename));
      removed.push(file.id);
    } catch {
      // Storage unreachable (S3 down): the row stays detached, and the orphan clean-up tries again within a minute.
    }
  }
  if (removed.length) await db.query('DELETE FROM documents WHERE id = ANY($1::int[])', [removed]);
}
