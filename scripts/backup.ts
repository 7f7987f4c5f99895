// npm run backup -- <file>: the embedded database (DATA_DIR/db) and its files (DATA_DIR/uploads) in
// one archive, consistent while the server runs (then the running server makes it: one process owns
// DATA_DIR, see src/server/features/ops/backup-plugin.ts); with the server stopped, made here.
// With DATABASE_URL it prints the PostgreSQL way instead (pg_dump and the object store).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { backupStream, LOCAL_BACKUP_PATH, writeBackupFile } from '../src/server/features/ops/index.ts';
import { callThroughServer, runningServer } from '../src/server/features/auth/index.ts';

const POSTGRES_WAY = `With DATABASE_URL the database is PostgreSQL's to back up, and the files are the object store's:
  pg_dump --format=custom --file=venue-forms.dump "$DATABASE_URL"
  aws s3 sync s3://$S3_BUCKET ./venue-forms-uploads --endpoint-url "$S3_ENDPOINT"
Restore with pg_restore --clean --if-exists --dbname="$DATABASE_URL" venue-forms.dump and the same sync the other way (README, Operations).`;

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>   (e.g. npm run backup -- backups/venue-forms-2026-11-26.tar.gz)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.log(POSTGRES_WAY);
  process.exit(2);
}

async function throughServer(pid: number): Promise<Readable> {
  const response = await callThroughServer(config.dataDir, pid, LOCAL_BACKUP_PATH, { method: 'POST' });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { errors?: { message: string }[] };
    throw new Error(body.errors?.map((error) => error.message).join(' ') || `The server answered ${response.status}.`);
  }
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

try {
  if (!fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) throw new Error(`There is no embedded database in ${config.dataDir} (set DATA_DIR).`);
  const target = path.resolve(file);
  const server = runningServer(config.dataDir);
  let size: number;
  if (server) {
    size = await writeBackupFile(await throughServer(server), target);
  } else {
    const db = await openDb(config);
    try {
      size = await writeBackupFile(await backupStream(db, config.dataDir, config.objectStorage === null), target);
    } finally {
      await db.close();
    }
  }
  console.log(
    `Backup of ${config.dataDir} written to ${target} (${(size / 1024 / 1024).toFixed(1)} MB${server ? `, made by the running server, process ${server}` : ''}).`,
  );
  if (config.objectStorage) console.log(`Uploads are in the bucket ${config.objectStorage.bucket}: copy it too (README, Operations).`);
} catch (error) {
  console.error(`Could not back up: ${(error as Error).message}`);
  process.exit(1);
}
