// One backup file for the embedded database and its files: a gzipped tar holding backup.json (what
// it is), pgdata.tar (PGlite's own copy of its data directory, taken between two queries, so it
// is consistent while the server runs), uploads/ (DATA_DIR/uploads) and the generated secrets (so
// staff sign-ins and ALTCHA challenges made before stay valid). The database is copied first: an
// upload is on disk before its row exists, so every file the copy names is still there after it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { Db } from '../../core/db/db.ts';
import { uploadsRoot } from '../../core/storage/storage-disk.ts';

export const BACKUP_FORMAT = 'venue-forms-backup/1';
export const MANIFEST = 'backup.json';
export const PGDATA_ARCHIVE = 'pgdata.tar';
export const UPLOADS = 'uploads';
/**
 * The secrets generated into DATA_DIR on first start (core/data-dir-secret.ts). Not the confidential
 * key (DATA_DIR/confidential-key, features/sealed): a backup alone must open no confidential report.
 */
export const SECRET_FILES = ['jwt-secret', 'altcha-hmac-key'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** false when uploads are kept in object storage (S3_ENDPOINT): copy the bucket beside this file. */
  uploadsIncluded: boolean;
}

/** A file being written (a .part) or the readiness probe's is no upload worth keeping. */
const keptUpload = (name: string) => !name.endsWith('.part') && !name.split(path.sep).includes('readyz');

/**
 * The backup of an embedded database (db) in dataDir as a stream of the archive's bytes. Its
 * staging folder (outside DATA_DIR) is removed once the stream ends, is destroyed or fails.
 */
export async function backupStream(db: Db, dataDir: string, uploadsOnDisk: boolean): Promise<Readable> {
  if (!db.dumpDataDir) throw new Error('Only the embedded database is backed up this way; with DATABASE_URL use pg_dump (README, Operations).');
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'venue-forms-backup-'));
  try {
    const dump = await db.dumpDataDir();
    await pipeline(
      Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream),
      fs.createWriteStream(path.join(staging, PGDATA_ARCHIVE), { mode: 0o600 }),
    );
    const entries = [MANIFEST, PGDATA_ARCHIVE];
    const uploads = uploadsRoot(dataDir);
    if (uploadsOnDisk && fs.existsSync(uploads)) {
      // Read in place while the archive streams (follow: the link's target, not the link).
      await fs.promises.symlink(uploads, path.join(staging, UPLOADS));
      entries.push(UPLOADS);
    }
    for (const name of SECRET_FILES) {
      if (!fs.existsSync(path.join(dataDir, name))) continue;
      await fs.promises.copyFile(path.join(dataDir, name), path.join(staging, name));
      entries.push(name);
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), uploadsIncluded: uploadsOnDisk };
    await fs.promises.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const archive = Readable.from(createTar({ gzip: true, cwd: staging, follow: true, portable: true, filter: (name) => keptUpload(name) }, entries));
    const cleanUp = () => void fs.promises.rm(staging, { recursive: true, force: true });
    archive.once('close', cleanUp);
    return archive;
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Writes a stream to file through a temporary name, so a failed backup never looks like a finished one. */
export async function writeBackupFile(archive: Readable, file: string): Promise<number> {
  const partial = `${file}.part`;
  try {
    await pipeline(archive, fs.createWriteStream(partial, { mode: 0o600 }));
    await fs.promises.rename(partial, file);
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
  return (await fs.promises.stat(file)).size;
}
