// npm run restore -- <file> [--force]: puts a backup made by npm run backup into DATA_DIR, with the
// server stopped, into an empty DATA_DIR unless --force (src/server/features/ops/restore-archive.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/features/index.ts';
import { restoreBackup, RestoreRefused } from '../src/server/features/ops/index.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <file> [--force]   (the server stopped; --force replaces the data already in DATA_DIR)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore and the uploads with the object store (README, Operations).');
  process.exit(2);
}
try {
  const summary = await restoreBackup(path.resolve(positionals[0]), config.dataDir, values.force);
  console.log(
    `Restored into ${config.dataDir}: ${summary.submissions} submissions, ${summary.files} files${summary.uploadsIncluded ? '' : ' (uploads were in object storage: copy the bucket back too)'}. Start the server with npm start.`,
  );
  // The master key is never in a backup (so a backup alone reveals no report): the start needs it.
  if (summary.sealed > 0)
    console.log(
      `${summary.sealed} confidential report(s) are sealed: they open only with the master key they were sealed under. Set CONFIDENTIAL_KEY to it (or copy the old DATA_DIR's confidential-key file into ${config.dataDir}) before you start the server.`,
    );
} catch (error) {
  console.error(`${error instanceof RestoreRefused ? 'Not restored' : 'Could not restore'}: ${(error as Error).message}`);
  process.exit(1);
}
