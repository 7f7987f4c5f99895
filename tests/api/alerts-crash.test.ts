// The server as operators run it (a node process), killed with -9 while it sends an alert: the mail
// server has the message but never answered it. After a restart on the same DATA_DIR the alert is
// sent again (at least once) with the same Message-ID, so the receiver can tell it is the same.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMainProcess, type MainProcess } from '../support/main-process.ts';
import { newDataDir, PUBLIC_KEY } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers } from './samples.ts';

let dataDir: string;
let hanging: SmtpStandIn;
let answering: SmtpStandIn;
const started: ChildProcess[] = [];


/** main.ts (tests/support/main-process.ts) with the given mail server; resolves once it prints its address. */
async function startServer(smtpUrl: string): Promise<MainProcess> {
  const main = await startMainProcess(dataDir, { JWT_SECRET: 'alerts-crash-secret', SMTP_URL: smtpUrl, MAIL_FROM: 'Alerts <alerts@dohaoasis.example>', ALERT_RETRY_BASE_MS: '100' });
  started.push(main.child);
  return main;
}

beforeAll(async () => {
  dataDir = await newDataDir();
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

    await startServer(answering.url);
    const delivered = await answering.mailTo('cova.manager@dohaoasis.example', 60_000);
    expect(delivered.subject).toContain(reference);
    expect(delivered.messageId).toBe(unanswered.messageId);
    expect(answering.mails).toHaveLength(1);
  });
});
