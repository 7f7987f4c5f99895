// Case clocks with second-long policies, on the real server, a real SMTP server and PGlite (and two
// instances on one PostgreSQL where the machine has it): a Poor dining survey falls under a policy,
// carries its due times, and its chain runs once each: the reminder at 75 % to the venue's managers
// (nobody is assigned) and the escalation at the due time to the venue's manager_email, both in its
// timeline and the audit log; a reply meets the first response and resolving the resolve clock (their
// steps are cancelled); another venue's manager sees no due times; bad policy content is a 400 naming
// the field, and only admins write policies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn, type ReceivedMail } from '../support/smtp.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { DINING, diningAnswers } from './samples.ts';
import { postgresAvailable, startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';

const alerts = (smtpUrl: string) => ({ ...loadConfig({}).alerts, smtpUrl, retryBaseMs: 100, consoleUrl: 'https://forms.example.com' });

let smtp: SmtpStandIn;
let server: TestServer;

async function policy(on: TestServer, json: Record<string, unknown>) {
  return on.api('/api/case-policies', { method: 'POST', json: { enabled: true, form: 'dining-survey', ...json }, as: 'staff' });
}
/** Only this test's policies apply: the seeded ones (24 hours) are switched off. */
async function seededOff(on: TestServer) {
  const seeded = await on.api('/api/case-policies?limit=100', { as: 'staff' });
  expect(seeded.status).toBe(200);
  for (const doc of seeded.body.docs)
    expect((await on.api(`/api/case-policies/${doc.id}`, { method: 'PATCH', json: { enabled: false }, as: 'staff' })).status).toBe(200);
}
async function poorSurvey(on: TestServer, answers: Record<string, unknown> = {}) {
  const created = await on.api(`/api/${DINING}?locale=en`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', ...answers }) });
  expect(created.status).toBe(201);
  return created.body.doc as { id: number; reference: string; createdAt: string };
}
const clockMails = (reference: string) =>
  smtp.mails.filter((mail: ReceivedMail) => /^(Reminder|Overdue):/.test(mail.subject) && mail.subject.includes(reference));
const followUp = (on: TestServer, id: number, headers?: Record<string, string>) =>
  on.api(`/api/${DINING}/${id}/followup`, headers ? { as: 'none', headers } : { as: 'staff' });

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ alerts: alerts(smtp.url) });
  await seededOff(server);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('case policies are checked at save', () => {
  it('refuses an unknown form, a bad duration, a bad share and a bad notify with a 400 naming the field; a manager may not write one', async () => {
    const unknown = await policy(server, { name: 'x', form: 'no-such-form', first_response: 'PT1H' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toContain('form');
    const duration = await policy(server, { name: 'x', first_response: 'P1M', resolve: '24 hours' });
    expect(duration.status).toBe(400);
    expect(duration.body.errors[0].data.errors.map((error: { path: string }) => error.path).toSorted()).toEqual(['first_response', 'resolve']);
    const none = await policy(server, { name: 'x' });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].data.errors[0].path).toBe('first_response');
    const share = await policy(server, {
      name: 'x',
      first_response: 'PT1H',
      escalation: '[{"at": 1.5, "notify": "assignee"}, {"at": "due", "notify": "everybody"}]',
    });
    expect(share.status).toBe(400);
    const problems = share.body.errors[0].data.errors as { path: string; message: string }[];
    expect(problems.map((error) => error.path)).toEqual(['escalation', 'escalation']);
    expect(problems[0].message).toMatch(/Step 1 .*1\.5/);
    expect(problems[1].message).toMatch(/Step 2 .*notify/);
    const json = await policy(server, { name: 'x', first_response: 'PT1H', condition: '{"field": "no_such_question", "equals": "poor"}' });
    expect(json.status).toBe(400);
    expect(json.body.errors[0].data.errors[0]).toMatchObject({ path: 'condition', message: expect.stringContaining('no_such_question') });
    const manager = await server.staffAs(['manager'], ['cova']);
    const refused = await server.api('/api/case-policies', {
      method: 'POST',
      json: { name: 'x', form: 'dining-survey', first_response: 'PT1H' },
      as: 'none',
      headers: manager,
    });
    expect(refused.status).toBe(403);
  });
});

describe('a second-long policy', () => {
  let policyId: number;
  beforeAll(async () => {
    const saved = await policy(server, {
      name: 'Poor food: first response in 4 s',
      condition: '{"field": "rating_food", "equals": "poor"}',
      first_response: 'PT4S',
      resolve: 'PT1H',
      escalation: '[{"at": 0.75, "notify": "assignee"}, {"at": "due", "notify": "manager_email"}]',
    });
    expect(saved.status).toBe(201);
    policyId = saved.body.doc.id;
  });
  afterAll(async () => {
    await server.api(`/api/case-policies/${policyId}`, { method: 'PATCH', json: { enabled: false }, as: 'staff' });
  });

  it('reminds the venue managers at 75 % and escalates to the manager_email at the due time, each once, in the timeline and the audit log', async () => {
    await server.staffAs(['manager'], ['cova']); // the venue's manager account (nobody is assigned)
    const doc = await poorSurvey(server);
    const created = new Date(doc.createdAt).getTime();
    const first = await followUp(server, doc.id);
    expect(first.status).toBe(200);
    expect(first.body.clock).toMatchObject({ policy: 'Poor food: first response in 4 s', pausedAt: null, events: [] });
    expect(new Date(first.body.clock.firstResponse.dueAt).getTime() - created).toBe(4000);
    expect(first.body.clock.firstResponse).toMatchObject({ metAt: null, overdue: false });

    const reminder = await smtp.mailTo('manager.cova@roles.example.com', 20_000);
    expect(reminder.subject).toMatch(new RegExp(`^Reminder: Dining survey ${doc.reference}, first response due`));
    expect(reminder.text).toContain(`https://forms.example.com/staff/forms/dining-survey/${doc.id}`);
    expect(Date.now() - created).toBeGreaterThanOrEqual(3000 - 50);
    await expect.poll(() => clockMails(doc.reference).filter((mail) => mail.subject.startsWith('Overdue')), { timeout: 20_000 }).toHaveLength(1);
    const overdue = clockMails(doc.reference).find((mail) => mail.subject.startsWith('Overdue'))!;
    expect(overdue.to).toEqual(['cova.manager@dohaoasis.example']);

    const after = await followUp(server, doc.id);
    expect(after.body.clock.firstResponse).toMatchObject({ metAt: null, overdue: true });
    expect(
      after.body.clock.events.map((event: { clock: string; at: unknown; notify: string; recipients: number }) => [
        event.clock,
        event.at,
        event.notify,
        event.recipients,
      ]),
    ).toEqual([
      ['first-response', 0.75, 'assignee', 1],
      ['first-response', 'due', 'manager_email', 1],
    ]);
    // Each once: every step ran and every mail of them is sent; nothing more came.
    await expect
      .poll(async () =>
        (await server.ctx.db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'case-clock' AND document_id = $1`, [doc.id])).rows.map(
          (row) => row.state,
        ),
      )
      .toEqual(['sent', 'sent']);
    const steps = await server.ctx.db.query<{ key: string; state: string }>(
      `SELECT key, state FROM timer_steps WHERE kind = 'case-clock' AND subject = $1 ORDER BY key`,
      [String(doc.id)],
    );
    // The first-response steps ran; the resolve clock's (an hour) wait.
    expect(steps.rows.map((row) => [row.key.split(':').slice(2).join(':'), row.state])).toEqual([
      ['first-response:0', 'done'],
      ['first-response:1', 'done'],
      ['resolve:0', 'pending'],
      ['resolve:1', 'pending'],
    ]);
    expect(clockMails(doc.reference)).toHaveLength(2);
    const audit = await server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'case-clock-step' AND document_id = $1 ORDER BY id`,
      [String(doc.id)],
    );
    expect(audit.rows.map((row) => row.detail)).toEqual([
      { clock: 'first-response', step: 0, at: 0.75, notify: 'assignee', recipients: 1 },
      { clock: 'first-response', step: 1, at: 'due', notify: 'manager_email', recipients: 1 },
    ]);
  });

  it('a reply to the guest meets the first response, resolving meets the resolve clock: their steps are cancelled', async () => {
    const doc = await poorSurvey(server, { email_address: 'clock-guest@example.com' });
    const manager = await server.staffAs(['manager'], ['cova']);
    const reply = await server.api(`/api/${DINING}/${doc.id}/messages`, { method: 'POST', json: { text: 'We are sorry.' }, as: 'none', headers: manager });
    expect(reply.status).toBe(201);
    const replied = await followUp(server, doc.id);
    expect(replied.body.clock.firstResponse.metAt).not.toBeNull();
    const pending = async () =>
      (
        await server.ctx.db.query<{ key: string }>(
          `SELECT key FROM timer_steps WHERE kind = 'case-clock' AND subject = $1 AND state = 'pending' ORDER BY key`,
          [String(doc.id)],
        )
      ).rows.map((row) => row.key);
    expect(await pending()).toEqual([`case-clock:${doc.id}:resolve:0`, `case-clock:${doc.id}:resolve:1`]);
    const resolved = await server.api(`/api/${DINING}/${doc.id}/followup`, {
      method: 'PATCH',
      json: { state: 'resolved', outcome: 'recovered' },
      as: 'none',
      headers: manager,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.clock.resolve.metAt).not.toBeNull();
    expect(await pending()).toEqual([]);
  });

  it("another venue's manager sees no due times of Cova's case (404)", async () => {
    const doc = await poorSurvey(server);
    const other = await server.staffAs(['manager'], ['twiga']);
    expect((await followUp(server, doc.id, other)).status).toBe(404);
    expect((await server.api(`/api/${DINING}/${doc.id}`, { as: 'none', headers: other })).status).toBe(404);
  });
});

describe.runIf(postgresAvailable)('two instances on one PostgreSQL', () => {
  let deployment: ServersOnPostgres;
  let ownSmtp: SmtpStandIn;
  beforeAll(async () => {
    ownSmtp = await startSmtp();
    deployment = await startServersOnPostgres(2, { alerts: alerts(ownSmtp.url) });
    await seededOff(deployment.servers[0]);
  });
  afterAll(async () => {
    await deployment?.close();
    await ownSmtp?.close();
  });

  it('send the reminder and the escalation once', async () => {
    const [first, second] = deployment.servers;
    expect(
      (
        await policy(first, {
          name: 'two',
          condition: '{"field": "rating_food", "equals": "poor"}',
          first_response: 'PT2S',
          escalation: '[{"at": 0.5, "notify": {"emails": ["duty@dohaoasis.example"]}}, {"at": "due", "notify": "manager_email"}]',
        })
      ).status,
    ).toBe(201);
    const docs = await Promise.all([poorSurvey(first), poorSurvey(second), poorSurvey(first)]);
    const mine = () => ownSmtp.mails.filter((mail) => /^(Reminder|Overdue):/.test(mail.subject) && docs.some((doc) => mail.subject.includes(doc.reference)));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(6);
    await expect
      .poll(
        async () => (await first.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'case-clock' AND state = 'sent'`)).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(6);
    const { rows } = await first.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM case_clock_events`);
    expect(rows[0].n).toBe(6);
    expect(mine()).toHaveLength(6);
  });
});
