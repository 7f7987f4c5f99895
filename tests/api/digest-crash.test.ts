// The digest as operators run it (src/server/main.ts in its own node process, the embedded database):
// a weekly step that fell due while no server ran is run at the next start (caught up); killed with
// -9 while the mail server holds the digests unanswered, the restarted server sends each again with
// the same Message-ID, and the mail server that answers gets exactly one per account. Afterwards
// `npm run digest -- --now` queues nothing more this week (the same key), and `--dry-run` prints.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { digestStepKey, scheduleDigestStep } from '../../src/server/features/digest/schedule.ts';
import { startMainProcess, withDatabase, type MainProcess } from '../support/main-process.ts';
import { formsBuildDir, preparedDataDir, ROOT, STAFF } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';

const MANAGER = 'cova.manager@example.com';
let dataDir: string;
let hanging: SmtpStandIn;
let answering: SmtpStandIn;
const started: MainProcess[] = [];
let stepKey: string;

const startServer = async (smtpUrl: string) => {
  const main = await startMainProcess(dataDir, { SMTP_URL: smtpUrl, MAIL_FROM: 'Forms <forms@dohaoasis.example>', ALERT_RETRY_BASE_MS: '100' });
  started.push(main);
  return main;
};

const withDb = <T>(use: Parameters<typeof withDatabase<T>>[1]) => withDatabase(dataDir, use);

/** The script in its own process, awaited without blocking this one (the mail server stand-in answers from here). */
const digestScript = (args: string[], smtpUrl = '') =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/digest.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, FORMS_BUILD_DIR: formsBuildDir(), DATABASE_URL: '', SMTP_URL: smtpUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });

beforeAll(async () => {
  dataDir = await preparedDataDir();
  await withDb(async (db) => {
    await saveStaffUser(db, STAFF.email, STAFF.password);
    await saveStaffUser(db, MANAGER, STAFF.password, 'manager', ['cova']);
    await db.query(`UPDATE users SET lang = 'ar' WHERE email = $1`, [MANAGER]);
    // This week's step, due while no server runs.
    const dueAt = new Date(Date.now() - 1000);
    await db.transaction((tx) => scheduleDigestStep(tx, dueAt));
    stepKey = digestStepKey(dueAt);
  });
  hanging = await startSmtp({ hang: true });
  answering = await startSmtp();
});

afterAll(async () => {
  for (const main of started) if (main.child.exitCode === null) main.child.kill('SIGKILL');
  await hanging?.close();
  await answering?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the weekly digest across kill -9', { timeout: 240_000 }, () => {
  it('is caught up at start, and sent once per account after a kill mid-send', async () => {
    const first = await startServer(hanging.url);
    // The step ran at start; both digests reached the mail server, which never answered.
    await vi.waitFor(() => expect(hanging.mails.filter((mail) => mail.messageId.includes('digest-'))).toHaveLength(2), { timeout: 60_000, interval: 100 });
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(answering.url);
    await vi.waitFor(() => expect(answering.mails.filter((mail) => mail.messageId.includes('digest-'))).toHaveLength(2), { timeout: 90_000, interval: 100 });
    second.child.kill('SIGTERM');
    await second.exited;

    const copies = answering.mails.filter((mail) => mail.messageId.includes('digest-'));
    expect(copies.map((mail) => mail.to.join()).toSorted()).toEqual([MANAGER, STAFF.email].toSorted());
    for (const copy of copies) expect(hanging.mails.some((mail) => mail.messageId === copy.messageId)).toBe(true);
    expect(copies.find((mail) => mail.to.includes(MANAGER))!.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    const state = await withDb(async (db) => ({
      step: (await db.query<{ state: string }>('SELECT state FROM timer_steps WHERE key = $1', [stepKey])).rows[0]?.state,
      outbox: (await db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'digest'`)).rows.map((row) => row.state),
      digests: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM digests')).rows[0].n,
    }));
    expect(state).toEqual({ step: 'done', outbox: ['sent', 'sent'], digests: 2 });
  });

  it('queues nothing more this week with npm run digest -- --now, sends a new account its own at once, and prints with --dry-run', async () => {
    const now = await digestScript(['--now']);
    expect(now.status, now.stderr).toBe(0);
    expect(now.stdout).toMatch(/: 0 digest\(s\) queued, 2 already queued this week/);
    await withDb((db) => saveStaffUser(db, 'new.viewer@example.com', STAFF.password, 'viewer'));
    const sent = await digestScript(['--now', '--to', 'new.viewer@example.com'], answering.url);
    expect(sent.status, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/: 1 digest\(s\) queued, 0 already queued this week/);
    expect(sent.stdout, sent.stdout + sent.stderr).toContain('1 sent');
    expect(answering.mails.filter((mail) => mail.to.includes('new.viewer@example.com'))).toHaveLength(1);
    const dry = await digestScript(['--dry-run', '--to', MANAGER]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`To: ${MANAGER}`);
    expect(dry.stdout).toContain('الأسبوع الماضي');
    expect(await withDb(async (db) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'digest'`)).rows[0].n)).toBe(3);
  });
});
