// `npm run digest -- --dry-run [--to <email>]`: prints this week's digest of every active staff
// account that reads submissions (or of the one named), as its email's plain-text part, in English;
// nothing is sent. Sending (--now, through the outbox) comes with the digest's timer. The embedded
// database is opened only with the server stopped (its data-directory lock says so otherwise).
import { loadConfig, MIGRATIONS } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { loadCompiledForms } from '../src/server/core/forms/compiled-forms.ts';
import { toStaffUser, type UserRow } from '../src/server/core/access/staff-users.ts';
import { buildDigest } from '../src/server/features/digest/content.ts';
import { renderDigest } from '../src/server/features/digest/render.ts';
import { digestWeek } from '../src/server/features/digest/week.ts';

const args = process.argv.slice(2);
const to = args.includes('--to') ? args[args.indexOf('--to') + 1]?.toLowerCase() : undefined;
if (!args.includes('--dry-run')) {
  console.error('Only --dry-run is available yet: npm run digest -- --dry-run [--to <email>] prints the digests without sending them.');
  process.exit(2);
}
const config = loadConfig();
const forms = (await loadCompiledForms(config.formsBuildDir)).map((form) => form.compiled);
const db = await openDb(config);
try {
  await migrate(db, MIGRATIONS);
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE disabled_at IS NULL ORDER BY id');
  const accounts = rows.map(toStaffUser).filter((user) => !to || user.email === to);
  if (to && accounts.length === 0) throw new Error(`No active account ${to}.`);
  const week = digestWeek(new Date());
  const consoleUrl = config.alerts.consoleUrl;
  for (const account of accounts) {
    const digest = await buildDigest(db, forms, account, week);
    if (digest.forms.length === 0 && digest.followUps.open === 0 && !to) continue;
    const email = renderDigest(digest, 'en', consoleUrl);
    console.log(`To: ${account.email}\nSubject: ${email.subject}\n\n${email.text}\n`);
  }
} finally {
  await db.close();
}
