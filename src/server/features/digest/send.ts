// Sending the digest. The weekly step (core timers, kind 'digest') queues, in the transaction that
// marks it done, one digest per active account that reads submissions and has not turned it off: a
// row of `digests` (unique per account and ISO week: at most once whoever queues it) and its outbox
// row (kind 'digest', email, Message-ID key digest-<account>-<week>), then schedules next week's step.
// The outbox builds the email when it claims the row: the week the row names, read with the
// account's read scope at that time, in the account's language; SMTP down, it waits and is retried.
import type { ServerConfig } from '../../core/config.ts';
import type { Db, Queryable } from '../../core/db/db.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import type { TimerKind } from '../../core/timers/timers.ts';
import { toStaffUser, type UserRow } from '../../core/access/staff-users.ts';
import { formReadScope } from '../../../engine/access/roles.ts';
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { isLang, type Lang } from '../../../engine/text/languages.ts';
import { leaseMs } from '../alerts/index.ts';
import { buildDigest } from './content.ts';
import { renderDigest, type DigestEmail } from './render.ts';
import { DIGEST_STEP_KIND, nextDigestAt, scheduleDigestStep } from './schedule.ts';
import { digestWeek, type DigestWeek } from './week.ts';

/** The outbox kind of a digest's email. */
export const DIGEST_MAIL_KIND = 'digest';

/** What building a digest needs: the database, the compiled forms, the settings (links, retries). */
export interface DigestDeps {
  db: Db;
  forms: () => readonly CompiledForm[];
  config: ServerConfig;
}

/** Links in the digest: PUBLIC_URL, else the console's address (CONSOLE_URL). */
export const digestLinkBase = (config: ServerConfig) => config.publicUrl ?? config.alerts.consoleUrl;

/** Whether the account reads some form's submissions (a manager: of its venues): only those get a digest. */
export function readsSubmissions(account: UserRow, forms: readonly CompiledForm[]): boolean {
  const user = toStaffUser(account);
  return forms.some((form) => formReadScope(user, form).kind !== 'none');
}

const languageOf = (row: UserRow): Lang => (isLang(row.lang) ? row.lang : 'en');

/**
 * Queues the week's digest of every account that gets one (or of the one address given), in the
 * caller's transaction; an account whose digest of that ISO week was queued already is skipped.
 * Answers how many were queued now and how many had been before.
 */
export async function queueDigests(
  tx: Queryable,
  forms: readonly CompiledForm[],
  week: DigestWeek,
  only?: { email: string },
): Promise<{ queued: number; already: number; accounts: number; keys: string[] }> {
  const params: unknown[] = [];
  const onlyOne = only ? ` AND email = $${params.push(only.email.trim().toLowerCase())}` : '';
  const { rows } = await tx.query<UserRow>(`SELECT * FROM users WHERE disabled_at IS NULL AND digest${onlyOne} ORDER BY id`, params);
  const accounts = rows.filter((row) => readsSubmissions(row, forms));
  const keys: string[] = [];
  for (const account of accounts) {
    const { rows: made } = await tx.query<{ id: number }>(
      `INSERT INTO digests (user_id, iso_week, week_from, week_to, before_from) VALUES ($1, $2, $3::date, $4::date, $5::date)
       ON CONFLICT (user_id, iso_week) DO NOTHING RETURNING id`,
      [account.id, week.isoWeek, week.from, week.to, week.beforeFrom],
    );
    if (!made[0]) continue;
    const key = `digest-${account.id}-${week.isoWeek}`;
    await enqueue(tx, {
      kind: DIGEST_MAIL_KIND,
      channel: 'email',
      recipient: account.email,
      key,
      sourceId: made[0].id,
      lang: languageOf(account),
    });
    keys.push(key);
  }
  return { queued: keys.length, already: accounts.length - keys.length, accounts: accounts.length, keys };
}

/** The weekly step: queues the digests of the week it was due in, and schedules the next week's. */
export function digestStepKind(deps: DigestDeps): TimerKind {
  return {
    name: DIGEST_STEP_KIND,
    async run(step, tx) {
      await queueDigests(tx, deps.forms(), digestWeek(step.dueAt));
      await scheduleDigestStep(tx, nextDigestAt(new Date(Math.max(Date.now(), step.dueAt.getTime())), deps.config.digest));
    },
  };
}

/** One account's digest as its email (the caller's preview, the outbox's build). */
export async function digestEmailOf(deps: DigestDeps, account: UserRow, week: DigestWeek, lang: Lang): Promise<DigestEmail> {
  const digest = await buildDigest(deps.db, deps.forms(), toStaffUser(account), week);
  return renderDigest(digest, lang, digestLinkBase(deps.config));
}

type DigestRow = { user_id: number; iso_week: string; week_from: Date | string; week_to: Date | string; before_from: Date | string };
const dayText = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** The digest's email, built when the outbox claims its row; an account gone, disabled or opted out meanwhile gets none. */
export function digestMailKind(deps: DigestDeps): OutboxKind {
  const retryBaseMs = deps.config.alerts.retryBaseMs;
  return {
    name: DIGEST_MAIL_KIND,
    retryBaseMs,
    leaseMs: leaseMs(retryBaseMs),
    maxInFlight: 3,
    async build(row) {
      const { rows } = await deps.db.query<DigestRow & UserRow>(
        `SELECT g.user_id, g.iso_week, g.week_from::text AS week_from, g.week_to::text AS week_to, g.before_from::text AS before_from, u.*
         FROM digests g JOIN users u ON u.id = g.user_id WHERE g.id = $1`,
        [row.source_id],
      );
      const found = rows[0];
      if (!found) return { ok: false, permanent: true, status: null, error: 'The account is no longer kept.' };
      if (found.disabled_at) return { ok: false, permanent: true, status: null, error: 'The account is disabled.' };
      if (!found.digest) return { ok: false, permanent: true, status: null, error: 'The account turned its weekly digest off.' };
      const week: DigestWeek = { from: dayText(found.week_from), to: dayText(found.week_to), beforeFrom: dayText(found.before_from), isoWeek: found.iso_week };
      const email = await digestEmailOf(deps, { ...found, id: found.user_id }, week, row.lang);
      return {
        recipient: row.recipient,
        key: row.message_id,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { 'Auto-Submitted': 'auto-generated' },
      };
    },
  };
}
