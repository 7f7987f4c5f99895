// Expiry reminders as operators run it (src/server/main.ts in its own process, the embedded
// database), on a test build of the forms where Laser Oasis' waiver is valid for 8 seconds and
// reminds 5 seconds before: a guest signs with an email, the reminder's due step runs 3 seconds
// later and its mail reaches a mail server that never answers; killed with -9 then, the restarted
// server sends the same mail (same Message-ID) to a mail server that answers, once, with the link to
// sign again (the returning guest's code step) and no code in it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMainProcess, withDatabase, type MainProcess } from '../support/main-process.ts';
import { formsBuildDir, preparedDataDir, PUBLIC_KEY, ROOT } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { laserWaiverAnswers } from './samples.ts';

const GUEST = `expiring-${process.pid}@example.com`;
let dataDir: string;
let buildDir: string;
let hanging: SmtpStandIn;
let answering: SmtpStandIn;
const started: MainProcess[] = [];

const startServer = async (smtpUrl: string) => {
  const main = await startMainProcess(dataDir, {
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Forms <forms@dohaoasis.example>',
    ALERT_RETRY_BASE_MS: '100',
    PUBLIC_URL: 'https://forms.example.com',
    FORMS_BUILD_DIR: buildDir,
  });
  started.push(main);
  return main;
};

const reminders = (smtp: SmtpStandIn) => smtp.mails.filter((mail) => mail.messageId.includes('waiver-expiry'));

beforeAll(async () => {
  // The test definition: a second-long validFor and reminder (inside the checkout: its validators import ajv from node_modules).
  buildDir = fs.mkdtempSync(path.join(ROOT, 'build', 'forms-expiry-'));
  fs.cpSync(formsBuildDir(), buildDir, { recursive: true });
  const file = path.join(buildDir, 'laser-oasis-waiver.json');
  const compiled = JSON.parse(fs.readFileSync(file, 'utf8'));
  compiled.form.validFor = 'PT8S';
  compiled.form.remindBeforeExpiry = 'PT5S';
  fs.writeFileSync(file, JSON.stringify(compiled));
  dataDir = await preparedDataDir({ forms: buildDir });
  hanging = await startSmtp({ hang: true });
  answering = await startSmtp();
});

afterAll(async () => {
  for (const main of started) if (main.child.exitCode === null) main.child.kill('SIGKILL');
  await hanging?.close();
  await answering?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
});

describe('a waiver about to expire', { timeout: 180_000 }, () => {
  it('mails its guest once, across a kill -9 in the middle of sending', async () => {
    const first = await startServer(hanging.url);
    const signed = await fetch(`http://127.0.0.1:${first.port}/api/laser-oasis-waiver-forms?locale=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `users API-Key ${PUBLIC_KEY}` },
      body: JSON.stringify(laserWaiverAnswers({ email: GUEST, name: 'Salma Nasser' })),
    });
    expect(signed.status, await signed.clone().text()).toBe(201);
    const signedAt = Date.now();
    await vi.waitFor(() => expect(reminders(hanging)).toHaveLength(1), { timeout: 60_000, interval: 100 });
    // Not before its time: 8 s valid, 5 s before.
    expect(Date.now() - signedAt).toBeGreaterThanOrEqual(2_500);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(answering.url);
    await vi.waitFor(() => expect(reminders(answering)).toHaveLength(1), { timeout: 90_000, interval: 100 });
    second.child.kill('SIGTERM');
    await second.exited;

    const [mail] = reminders(answering);
    expect(mail.messageId).toBe(reminders(hanging)[0].messageId);
    expect(mail.to).toEqual([GUEST]);
    expect(mail.subject).toContain('Laser Oasis');
    expect(mail.text).toContain('Salma Nasser');
    expect(mail.text).toContain('https://forms.example.com/dohaquest/laser-oasis-waiver?lang=en&again=1');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    await withDatabase(dataDir, async (db) => {
      const steps = await db.query<{ state: string }>(`SELECT state FROM timer_steps WHERE kind = 'waiver-expiry'`);
      const outbox = await db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'waiver-expiry'`);
      expect({ steps: steps.rows.map((row) => row.state), outbox: outbox.rows.map((row) => row.state) }).toEqual({ steps: ['done'], outbox: ['sent'] });
    });
  });
});
