// Files uploaded but never attached to a submission (the guest gave up) are deleted after
// UPLOAD_ORPHAN_MINUTES, rows and files (wherever storage.ts keeps them), along with this
// instance's half-written files of interrupted uploads.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../core/db/db.ts';
import type { UploadStorage } from '../../core/storage/storage.ts';

export interface OrphanCleanupOptions {
  /** Where uploads are received (DATA_DIR/uploads): its .part files are swept. */
  uploadsRoot: string;
  collections: string[];
  storage: UploadStorage;
}

export async function cleanupOrphanUploads(db: Queryable, now: Date, maxAgeMinutes: number, options: OrphanCleanupOptions): Promise<number> {
  if (options.collections.length === 0) return 0;
  const cutoff = new Date(now.getTime() - maxAgeMinutes * 60_000);
  const { rows } = await db.query<{ collection: string; filename: string }>(
    `DELETE FROM documents WHERE collection = ANY($1::text[]) AND attached_to IS NULL AND created_at < $2::timestamptz
     RETURNING collection, data->>'filename' AS filename`,
    [options.collections, cutoff.toISOString()],
  );
  for (const row of rows) await options.storage.delete(row.collection, path.basename(row.filename));
  for (const collection of options.collections) {
    const dir = path.join(options.uploadsRoot, collection);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.part'))) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat && stat.mtime < cutoff) await fs.rm(path.join(dir, name), { force: true });
    }
  }
  return rows.length;
}
