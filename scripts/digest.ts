// `npm run digest -- --now [--to <email>]` queues this week's digest of every active staff account
// that reads submissions and has not turned it off (or of the one named) on the core outbox, with the
// same key as the weekly step (account and ISO week: an account already sent this week's gets
// nothing more), then sends what it queued here and now (SMTP down: it waits in the outbox and the
// server sends it). `--dry-run [--to <email>]` prints the digests as their plain-text part in each
// account's language; nothing is queued. The embedded database is opened only with the server
// stopped (its data-directory lock says so otherwise); with DATABASE_URL the running servers send too.
import { CHANNELS, loadConfig, MIGRATIONS } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { loadCompiledForms } from '../src/server/core/forms/compiled-forms.ts';
import type { UserRow } from '../src/server/core/access/staff-users.ts';
import { Outbox } from '../src/server/core/outbox/worker.ts';
import { digestEmailOf, DIGEST_MAIL_KIND, queueDigests, readsSubmissions, type DigestDeps } from '../src/server/features/digest/index.ts';
import { digestMailKind } from '../src/server/features/digest/send.ts';
import { digestWeek } from '../src/server/features/digest/week.ts';
import { isLang } from '../src/engine/text/languages.ts';

const args = process.argv.slice(2);
const to = args.includes('--to') ? args[args.indexOf('--to') + 1]?.toLowerCase() : undefined;
const dryRun = args.includes('--dry-run');
if (dryRun === args.includes('--now') || (args.includes('--to') && !to)) {
  console.error(
    "Usage: npm run digest -- --now [--to <email>]   (queue and send this week's digest)\n       npm run digest -- --dry-run [--to <email>]   (print it, send nothing)",
  );
  process.exit(2);
}
const config = loadConfig();
const forms = (await loadCompiledForms(config.formsBuildDir)).map((form) => form.compiled);
const db = await openDb(config);
const deps: DigestDeps = { db, forms: () => forms, config };
const week = digestWeek(new Date());
try {
  await migrate(db, MIGRATIONS);
  if (dryRun) {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE disabled_at IS NULL ORDER BY id');
    const accounts = rows.filter((row) => (!to || row.email === to) && readsSubmissions(row, forms));
    if (to && accounts.length === 0) throw new Error(`No active account ${to} that reads submissions.`);
    for (const account of accounts) {
      const email = await digestEmailOf(deps, account, week, isLang(account.lang) ? account.lang : 'en');
      console.log(`To: ${account.email}${account.digest ? '' : ' (turned off: not sent)'}\nSubject: ${email.subject}\n\n${email.text}\n`);
    }
  } else {
    const result = await db.transaction((tx) => queueDigests(tx, forms, week, to ? { email: to } : undefined));
    if (to && result.accounts === 0) throw new Error(`No active account ${to} that reads submissions and gets the digest.`);
    console.log(`${week.isoWeek}: ${result.queued} digest(s) queued, ${result.already} already queued this week (not again).`);
    if (result.queued > 0) await sendQueued(result.keys);
  }
} finally {
  await db.close();
}

/** Sends the digests queued for this week here (the server would otherwise at its next start), until each is sent or waits for a retry. */
async function sendQueued(keys: string[]): Promise<void> {
  if (!CHANNELS.some((channel) => channel.name === 'email' && channel.ready(config))) {
    console.log('SMTP_URL is not set: the digests wait in the outbox until a server with a mail server sends them.');
    return;
  }
  const log = { warn: (line: string) => console.error(line), error: (line: string) => console.error(line) };
  const outbox = new Outbox(db, CHANNELS, config, log as never);
  outbox.register(digestMailKind(deps));
  await outbox.start();
  const pending = async () =>
    (
      await db.query<{ state: string; n: number; error: string | null }>(
        `SELECT state, count(*)::int AS n, max(last_error) AS error FROM outbox WHERE kind = $1 AND message_id = ANY($2::text[]) GROUP BY state`,
        [DIGEST_MAIL_KIND, keys],
      )
    ).rows;
  try {
    for (;;) {
      const states = await pending();
      if (!states.some((row) => row.state === 'queued')) {
        console.log(states.map((row) => `${row.n} ${row.state}`).join(', ') || 'nothing to send');
        const waiting = states.find((row) => row.state === 'retrying');
        if (waiting) console.log(`Those not sent (${waiting.error}) wait in the outbox: the server sends them when the mail server answers.`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await outbox.stop();
  }
}
