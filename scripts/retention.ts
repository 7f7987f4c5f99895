// `npm run retention -- --dry-run`: how many submissions and files of each form are older than
// its retention (and parties of a waiver whose visit day is), i.e. what the daily job (features/retention) would delete now; nothing changes.
// Without --dry-run it deletes them now, as the job does (audited the same way, and the embedded
// database vacuumed after). The embedded
// database is opened only with the server stopped (its data-directory lock says so otherwise);
// with DATABASE_URL it runs beside the servers.
import { loadConfig } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { loadCompiledForms } from '../src/server/core/forms/compiled-forms.ts';
import { openUploadStorage } from '../src/server/core/storage/open-storage.ts';
import { MIGRATIONS } from '../src/server/features/index.ts';
import { expireSubmissions, vacuumEmbedded } from '../src/server/features/retention/index.ts';

const dryRun = process.argv.includes('--dry-run');
const config = loadConfig();
const forms = (await loadCompiledForms(config.formsBuildDir)).map((form) => form.compiled);
const db = await openDb(config);
try {
  await migrate(db, MIGRATIONS);
  const counts = await expireSubmissions(db, await openUploadStorage(config), forms, { dryRun });
  if (!dryRun) await vacuumEmbedded(db, counts);
  console.log(dryRun ? 'Older than their retention (nothing deleted, --dry-run):' : 'Deleted:');
  for (const count of counts)
    console.log(
      `  ${count.form.padEnd(26)} ${count.retention.padEnd(5)} ${String(count.submissions).padStart(6)} submission(s), ${count.files} file(s), ${count.parties} part${count.parties === 1 ? 'y' : 'ies'}`,
    );
} finally {
  await db.close();
}
