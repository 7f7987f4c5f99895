// Restores a backup (backup-archive.ts) into DATA_DIR: only with the server stopped (it holds the
// data directory's lock), only into an empty one unless forced, and checked by opening the
// restored database before the lock is let go.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extract as extractTar } from 'tar';
import { acquireDataDirLock, serverHoldingDataDir } from '../../core/db/data-dir-lock.ts';
import { uploadsRoot } from '../../core/storage/storage-disk.ts';
import { BACKUP_FORMAT, MANIFEST, PGDATA_ARCHIVE, SECRET_FILES, UPLOADS, type BackupManifest } from './backup-archive.ts';

export class RestoreRefused extends Error {}

export interface RestoreSummary {
  submissions: number;
  /** Confidential reports, sealed (features/sealed): they open only with the master key, which no backup holds. */
  sealed: number;
  files: number;
  uploadsIncluded: boolean;
}

/** What a restore replaces: everything else in DATA_DIR (e.g. a lock file being taken) is left alone. */
const RESTORED = ['db', UPLOADS, ...SECRET_FILES];

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

async function readManifest(staging: string, archive: string): Promise<BackupManifest> {
  try {
    const manifest = JSON.parse(await fs.promises.readFile(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format === BACKUP_FORMAT) return manifest;
  } catch {
    // answered below
  }
  throw new RestoreRefused(`${archive} is not a backup made by npm run backup (no ${MANIFEST} of format ${BACKUP_FORMAT}).`);
}

/** Moves the staged files into DATA_DIR and lets PGlite unpack its copy into the empty db folder; opening it is the check that it is whole. */
async function placeAndOpen(staging: string, dataDir: string, manifest: BackupManifest): Promise<RestoreSummary> {
  const stagedUploads = path.join(staging, UPLOADS);
  if (fs.existsSync(stagedUploads)) fs.renameSync(stagedUploads, uploadsRoot(dataDir));
  for (const name of SECRET_FILES) if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
  const pglite = new PGlite({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: await fs.openAsBlob(path.join(staging, PGDATA_ARCHIVE), { type: 'application/x-tar' }),
  });
  try {
    await pglite.waitReady;
    const { rows } = await pglite.query<{ submissions: number; sealed: number }>(
      `SELECT count(*)::int AS submissions, count(*) FILTER (WHERE data ? '$sealed')::int AS sealed FROM documents WHERE form_version IS NOT NULL`,
    );
    return { ...rows[0], files: countFiles(uploadsRoot(dataDir)), uploadsIncluded: manifest.uploadsIncluded };
  } finally {
    await pglite.close();
  }
}

export async function restoreBackup(archive: string, dataDir: string, force: boolean): Promise<RestoreSummary> {
  if (!fs.existsSync(archive)) throw new RestoreRefused(`There is no backup file at ${archive}.`);
  const server = serverHoldingDataDir(dataDir);
  if (server) throw new RestoreRefused(`The server (process ${server}) is running on ${dataDir}: stop it first, then restore.`);
  const present = RESTORED.filter((name) => fs.existsSync(path.join(dataDir, name)));
  if (present.length > 0 && !force) {
    throw new RestoreRefused(`${dataDir} already holds data (${present.join(', ')}): restore into an empty DATA_DIR, or add --force to replace it.`);
  }
  const dbDir = path.join(dataDir, 'db');
  const lock = acquireDataDirLock(dataDir, dbDir);
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await extractTar({ file: archive, cwd: staging, strict: true }).catch(() => {
      throw new RestoreRefused(`${archive} is not a backup made by npm run backup (it is not a readable gzipped tar).`);
    });
    const manifest = await readManifest(staging, archive);
    // What was there is set aside, not deleted, until the restored database has opened: a failed
    // restore puts it back, so DATA_DIR never ends up half old, half new.
    const previous = path.join(staging, 'previous');
    fs.mkdirSync(previous);
    for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(previous, name));
    try {
      return await placeAndOpen(staging, dataDir, manifest);
    } catch (error) {
      for (const name of RESTORED) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      for (const name of present) fs.renameSync(path.join(previous, name), path.join(dataDir, name));
      throw new Error(`the database copy in ${archive} could not be opened (${(error as Error).message}); ${dataDir} is as it was before.`, { cause: error });
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
