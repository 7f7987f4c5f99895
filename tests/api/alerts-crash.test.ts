// The server as operators run it (a node process), killed with -9 while it sends an alert: the mail
// server has the message but never answered it. After a restart on the same DATA_DIR the alert is
// sent again with the same Message-ID, so the receiver can tell it is the same, and once: when its
// delivery reads sent, the mail server holds exactly one copy of it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { startMainProcess, withDatabase, type MainProcess } from '../support/main-process.ts';
import { preparedDataDir, PUBLIC_KEY, STAFF } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers } from './samples.ts';

let dataDir: string;
let hanging: SmtpStandIn;
let answering: SmtpStandIn;
const started: ChildProcess[] = [];

/** main.ts (tests/support/main-process.ts) with the given mail server; resolves once it prints its address. */
async function startServer(smtpUrl: string): Promise<MainProcess> {
  const main = await startMainProcess(dataDir, {
    JWT_SECRET: 'alerts-crash-secret',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Alerts <alerts@dohaoasis.example>',
    ALERT_RETRY_BASE_MS: '100',
  });
  started.push(main.child);
  return main;
}

async function signIn(port: number): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

async function deliveriesOf(port: number, token: string, reference: string): Promise<{ state: string }[]> {
  const log = await fetch(`http://127.0.0.1:${port}/api/alert-deliveries`, { headers: { authorization: `JWT ${token}` } });
  expect(log.status).toBe(200);
  return ((await log.json()) as { docs: { reference: string; state: string }[] }).docs.filter((delivery) => delivery.reference === reference);
}

beforeAll(async () => {
  dataDir = await preparedDataDir();
  // An admin, to read the delivery log (before any server runs; create-user.test.ts runs the script that makes one).
  await withDatabase(dataDir, (db) => saveStaffUser(db, STAFF.email, STAFF.password));
  hanging = await startSmtp({ hang: true });
  answering = await startSmtp();
});

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await hanging?.close();
  await answering?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed with -9 while it sends an alert', () => {
  it('sends it after the restart, with the same Message-ID', async () => {
    const first = await startServer(hanging.url);
    const created = await fetch(`http://127.0.0.1:${first.port}/api/${DINING}`, {
      method: 'POST',
      headers: { authorization: `users API-Key ${PUBLIC_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(diningAnswers({ visited_restaurant: 'Cova', rating_service: 'poor' })),
    });
    expect(created.status).toBe(201);
    const { reference } = ((await created.json()) as { doc: { reference: string } }).doc;

    const unanswered = await hanging.mailTo('cova.manager@dohaoasis.example');
    expect(unanswered.acknowledged).toBe(false);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(answering.url);
    // Done is when the server says so (the delivery reads sent), not when a first copy arrives: a second copy would come after it.
    const token = await signIn(second.port);
    await expect
      .poll(async () => (await deliveriesOf(second.port, token, reference)).map((delivery) => delivery.state), { timeout: 60_000, interval: 100 })
      .toEqual(['sent']);
    const copies = answering.mails.filter((mail) => mail.subject.includes(reference) || mail.text.includes(reference));
    expect(copies).toHaveLength(1);
    expect(copies[0].messageId).toBe(unanswered.messageId);
    expect(answering.mails).toHaveLength(1);
  });
});
