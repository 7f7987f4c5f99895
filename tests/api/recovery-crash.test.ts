// The recovery survey's wait is a due step in the database: the server as operators run it
// (src/server/main.ts, the embedded database), killed with -9 after a replied case was resolved and
// before its survey is due, sends the survey once after the restart (a real SMTP server receives
// exactly one), and the step is done.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { startMainProcess, withDatabase, type MainProcess } from '../support/main-process.ts';
import { preparedDataDir, PUBLIC_KEY, STAFF } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers } from './samples.ts';

const GUEST = 'crash.guest@example.com';
let dataDir: string;
let smtp: SmtpStandIn;
const started: MainProcess[] = [];

const startServer = async () => {
  const main = await startMainProcess(dataDir, { SMTP_URL: smtp.url, MAIL_FROM: 'Forms <forms@dohaoasis.example>', ALERT_RETRY_BASE_MS: '100' });
  started.push(main);
  return main;
};

const withDb = <T>(use: Parameters<typeof withDatabase<T>>[1]) => withDatabase(dataDir, use);

beforeAll(async () => {
  dataDir = await preparedDataDir();
  await withDb(async (db) => {
    await saveStaffUser(db, STAFF.email, STAFF.password);
  });
  smtp = await startSmtp();
});

afterAll(async () => {
  for (const main of started) if (main.child.exitCode === null) main.child.kill('SIGKILL');
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the recovery survey across kill -9', { timeout: 240_000 }, () => {
  it('is sent once after a restart when the server was killed before it was due', async () => {
    const first = await startServer();
    const base = `http://127.0.0.1:${first.port}`;
    const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
    expect(login.status).toBe(200);
    const staff = { authorization: `JWT ${((await login.json()) as { token: string }).token}`, 'content-type': 'application/json' };
    const call = async (path: string, method: string, body: unknown, headers: Record<string, string> = staff) => {
      const answer = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
      return { status: answer.status, body: (await answer.json()) as Record<string, never> };
    };
    // The seeded Poor dining policy asks after 3 seconds.
    const policies = await fetch(`${base}/api/case-policies?where=${encodeURIComponent(JSON.stringify({ form: { equals: 'dining-survey' } }))}`, {
      headers: staff,
    });
    const policy = ((await policies.json()) as { docs: { id: number }[] }).docs[0];
    expect((await call(`/api/case-policies/${policy.id}`, 'PATCH', { recovery_survey_delay: 'PT3S' })).status).toBe(200);

    const created = await call(`/api/${DINING}?locale=en`, 'POST', diningAnswers({ rating_food: 'poor', email_address: GUEST }), {
      authorization: `users API-Key ${PUBLIC_KEY}`,
      'content-type': 'application/json',
    });
    expect(created.status).toBe(201);
    const id = (created.body.doc as { id: number }).id;
    expect((await call(`/api/${DINING}/${id}/messages`, 'POST', { text: 'We are sorry.' })).status).toBe(201);
    await smtp.mailTo(GUEST);
    expect((await call(`/api/${DINING}/${id}/followup`, 'PATCH', { state: 'resolved', outcome: 'recovered' })).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    const surveys = () => smtp.mails.filter((mail) => mail.to.includes(GUEST) && mail.messageId.includes('recovery-'));
    expect(surveys()).toHaveLength(0);

    const second = await startServer();
    await vi.waitFor(() => expect(surveys()).toHaveLength(1), { timeout: 60_000, interval: 100 });
    expect(surveys()[0].subject).toBe('Did we make it right? Cova');
    expect(surveys()[0].text).toMatch(/\/recovery\/\d+\.\d+\.[A-Za-z0-9_-]{43}\?lang=en/);
    second.child.kill('SIGTERM');
    await second.exited;
    const state = await withDb(async (db) => ({
      step: (await db.query<{ state: string }>('SELECT state FROM timer_steps WHERE key = $1', [`recovery-survey:${id}`])).rows.map((row) => row.state),
      outbox: (await db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'recovery-survey'`)).rows.map((row) => row.state),
      sent: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_surveys')).rows[0].n,
    }));
    expect(state).toEqual({ step: ['done'], outbox: ['sent'], sent: 1 });
    expect(surveys()).toHaveLength(1);
  });
});
