// A report's legal clocks (features/reporter/report-clocks.ts) with second-long periods in a test
// definition (the whistle-blower form's reporterAccess rewritten), on the real server, a real SMTP
// server and PGlite: the acknowledgement's reminder goes to the compliance accounts that may read the
// report (never the one excluded from it) and its escalation at the due time to
// COMPLIANCE_ESCALATION_EMAIL, each once; the report is flagged overdue and counted on the console
// home; acknowledging starts the feedback's clock, the first feedback meets it (its escalation never
// runs). Across kill -9 (src/server/main.ts in its own process): steps due while no server ran run at
// start, and a kill while the mail server holds their emails unanswered sends each again with the same
// Message-ID, the steps themselves run once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formsBuildDir, preparedDataDir, ROOT, startTestServer, type TestServer } from '../support/server.ts';
import { startMainProcess, type MainProcess } from '../support/main-process.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { openPgliteDb } from '../../src/server/core/db/pglite-db.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { proofFor, WHISTLE } from './samples.ts';

const LEAD = 'compliance.lead@example.com';
const dirs: string[] = [];

/** The compiled forms with the whistle-blower's periods replaced (a new hash: another definition). */
function buildWithPeriods(periods: Record<string, string>): string {
  // Beside build/forms: the compiled validators find their packages (node_modules) from there, also in a server of its own process.
  const dir = fs.mkdtempSync(path.join(ROOT, 'build', 'reporter-clocks-'));
  dirs.push(dir);
  fs.cpSync(formsBuildDir(), dir, { recursive: true });
  const file = path.join(dir, 'whistle-blower.json');
  const compiled = JSON.parse(fs.readFileSync(file, 'utf8'));
  compiled.form.reporterAccess = { ...compiled.form.reporterAccess, ...periods };
  compiled.hash = createHash('sha256')
    .update(`${compiled.hash} ${JSON.stringify(periods)}`)
    .digest('hex');
  fs.writeFileSync(file, JSON.stringify(compiled));
  return dir;
}

const alerts = (smtpUrl: string) => ({ ...loadConfig({}).alerts, smtpUrl, retryBaseMs: 100, consoleUrl: 'https://forms.example.com' });

async function fileReport(server: TestServer): Promise<{ id: number; reference: string; createdAt: string }> {
  const created = await server.api(`/api/${WHISTLE}?locale=en`, {
    json: { incident_or_concern: `Invoices are split to stay under the limit ${process.pid}.`, acknowledgement: true },
    headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.doc;
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the clocks of a report, second-long', () => {
  let smtp: SmtpStandIn;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({
      alerts: alerts(smtp.url),
      reporter: { escalationEmail: LEAD },
      formsBuildDir: buildWithPeriods({ acknowledgeReminder: 'PT2S', acknowledgeWithin: 'PT4S', feedbackReminder: 'PT2S', feedbackWithin: 'PT4S' }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** The clock's emails about the report (its other mails, e.g. the rules' confidential alert, aside). */
  const mailsOf = (reference: string) => smtp.mails.filter((mail) => mail.messageId.includes('reporter-clock-') && mail.subject.includes(reference));
  /** The active compliance accounts but the excluded one (the seeded one and this test's). */
  const told = async () =>
    (
      await server.ctx.db.query<{ email: string }>(
        `SELECT email FROM users WHERE 'compliance' = ANY(roles) AND disabled_at IS NULL AND email <> 'admin.compliance@roles.example.com'`,
      )
    ).rows.map((row) => row.email);

  it('reminds compliance (not the excluded account) and escalates to COMPLIANCE_ESCALATION_EMAIL, each once; flagged and counted overdue; the first feedback meets the feedback clock', async () => {
    const compliance = await server.staffAs(['compliance']);
    await server.staffAs(['admin', 'compliance']); // excluded from this report below
    const doc = await fileReport(server);
    const { rows: accounts } = await server.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', ['admin.compliance@roles.example.com']);
    const as = { as: 'none' as const, headers: compliance };
    expect((await server.api(`/api/${WHISTLE}/${doc.id}/reporter/exclusions/${accounts[0].id}`, { ...as, method: 'PUT' })).status).toBe(200);

    const first = await server.api(`/api/${WHISTLE}/${doc.id}/reporter`, as);
    expect(first.body).toMatchObject({ state: 'received', overdue: null, feedbackDueAt: null });
    expect(new Date(first.body.acknowledgeDueAt).getTime() - new Date(doc.createdAt).getTime()).toBe(4000);

    const reminder = await smtp.mailTo('compliance@roles.example.com', 20_000);
    expect(reminder.subject).toMatch(new RegExp(`^Reminder: Whistle-blower reports ${doc.reference}, acknowledgement due`));
    expect(reminder.text).toContain(`https://forms.example.com/staff/forms/whistle-blower/${doc.id}`);
    expect(reminder.text).not.toContain('Invoices');
    const overdue = await smtp.mailTo(LEAD, 20_000);
    expect(overdue.subject).toMatch(new RegExp(`^Overdue: Whistle-blower reports ${doc.reference}, acknowledgement was due`));
    expect(overdue.text).not.toContain('Invoices');
    const reminded = await told();
    expect(reminded).toContain('compliance@roles.example.com');
    await expect
      .poll(() =>
        mailsOf(doc.reference)
          .map((mail) => mail.to.join())
          .toSorted(),
      )
      .toEqual([LEAD, ...reminded].toSorted());
    expect(smtp.mails.some((mail) => mail.to.includes('admin.compliance@roles.example.com'))).toBe(false);

    const late = await server.api(`/api/${WHISTLE}/${doc.id}/reporter`, as);
    expect(late.body.overdue).toBe('acknowledge');
    const home = await server.api('/api/console/home', as);
    expect(home.status).toBe(200);
    expect(home.body.forms.find((form: { form: string }) => form.form === 'whistle-blower').overdue).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          (await server.ctx.db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'reporter-clock' AND document_id = $1`, [doc.id])).rows,
      )
      .toEqual([LEAD, ...reminded].map(() => ({ state: 'sent' })));
    const { rows: audit } = await server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'reporter-clock-step' AND document_id = $1 ORDER BY id`,
      [String(doc.id)],
    );
    expect(audit.map((entry) => entry.detail)).toEqual([
      { clock: 'acknowledge', step: 'reminder', notify: 'compliance', recipients: reminded.length },
      { clock: 'acknowledge', step: 'due', notify: 'escalation-email', recipients: 1 },
    ]);

    // Acknowledged: no longer overdue; the feedback is due feedbackWithin after it, its reminder comes, the first feedback meets it.
    const acknowledged = await server.api(`/api/${WHISTLE}/${doc.id}/reporter/acknowledge`, { ...as, method: 'POST' });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.overdue).toBeNull();
    expect(new Date(acknowledged.body.feedbackDueAt).getTime() - new Date(acknowledged.body.acknowledgedAt).getTime()).toBe(4000);
    await expect
      .poll(() => mailsOf(doc.reference).filter((mail) => mail.subject.startsWith('Reminder') && mail.subject.includes('feedback due')), { timeout: 20_000 })
      .toHaveLength(1);
    const feedback = await server.api(`/api/${WHISTLE}/${doc.id}/reporter/messages`, { ...as, json: { kind: 'feedback', text: 'We looked into it.' } });
    expect(feedback.status).toBe(201);
    const { rows: steps } = await server.ctx.db.query<{ key: string; state: string }>(
      `SELECT key, state FROM timer_steps WHERE kind = 'reporter-clock' AND subject = $1 ORDER BY key`,
      [String(doc.id)],
    );
    // The feedback's escalation was cancelled (its row gone, never to run); the others ran once.
    expect(steps.map((step) => [step.key.split(':').slice(2).join(':'), step.state])).toEqual([
      ['acknowledge:due', 'done'],
      ['acknowledge:reminder', 'done'],
      ['feedback:reminder', 'done'],
    ]);
    expect((await server.api(`/api/${WHISTLE}/${doc.id}/reporter`, as)).body.overdue).toBeNull();
  });
});

describe('the clocks of a report across kill -9', { timeout: 240_000 }, () => {
  const started: MainProcess[] = [];
  let hanging: SmtpStandIn;
  let answering: SmtpStandIn;
  let dataDir: string;
  let build: string;
  beforeAll(async () => {
    hanging = await startSmtp({ hang: true });
    answering = await startSmtp();
    // Long enough to file the report and stop before anything is due: both steps fall due while no server runs.
    build = buildWithPeriods({ acknowledgeReminder: 'PT6S', acknowledgeWithin: 'PT8S' });
    dataDir = await preparedDataDir({ forms: build });
    dirs.push(dataDir);
  });
  afterAll(async () => {
    for (const main of started) if (main.child.exitCode === null) main.child.kill('SIGKILL');
    await hanging?.close();
    await answering?.close();
  });

  const startServer = async (smtpUrl: string) => {
    const main = await startMainProcess(dataDir, {
      FORMS_BUILD_DIR: build,
      SMTP_URL: smtpUrl,
      ALERT_RETRY_BASE_MS: '100',
      COMPLIANCE_ESCALATION_EMAIL: LEAD,
    });
    started.push(main);
    return main;
  };

  /** The clock's emails a mail server got, once per Message-ID (one it never answered is sent to it again). */
  const clockMails = (smtp: SmtpStandIn) => [
    ...new Map(smtp.mails.filter((mail) => mail.messageId.includes('reporter-clock-')).map((mail) => [mail.messageId, mail])).values(),
  ];

  it('runs each step once and sends each email once (same Message-ID) after a kill mid-send', async () => {
    const filing = await startTestServer({ dataDir, formsBuildDir: build });
    await filing.staffAs(['compliance']);
    const doc = await fileReport(filing);
    await filing.close();
    const dueAt = new Date(doc.createdAt).getTime() + 8000;

    const first = await startServer(hanging.url);
    const recipients = [LEAD, 'compliance@roles.example.com'].toSorted();
    await vi.waitFor(() => expect(clockMails(hanging)).toHaveLength(recipients.length), { timeout: 60_000, interval: 100 });
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt - 50);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(answering.url);
    await vi.waitFor(() => expect(clockMails(answering)).toHaveLength(recipients.length), { timeout: 90_000, interval: 100 });
    second.child.kill('SIGTERM');
    await second.exited;

    const copies = clockMails(answering);
    expect(answering.mails.filter((mail) => mail.messageId.includes('reporter-clock-'))).toHaveLength(recipients.length);
    expect(copies.map((mail) => mail.to.join()).toSorted()).toEqual(recipients);
    expect(copies.every((mail) => mail.subject.includes(doc.reference))).toBe(true);
    for (const copy of copies) expect(hanging.mails.some((mail) => mail.messageId === copy.messageId)).toBe(true);
    const db = await openPgliteDb(dataDir, `${dataDir}/db`);
    try {
      const events = await db.query<{ clock: string; step: string }>('SELECT clock, step FROM reporter_clock_events WHERE document_id = $1 ORDER BY id', [
        doc.id,
      ]);
      expect(events.rows).toEqual([
        { clock: 'acknowledge', step: 'reminder' },
        { clock: 'acknowledge', step: 'due' },
      ]);
      const outbox = await db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'reporter-clock' AND document_id = $1`, [doc.id]);
      expect(outbox.rows.map((row) => row.state)).toEqual(recipients.map(() => 'sent'));
    } finally {
      await db.close();
    }
  });
});
