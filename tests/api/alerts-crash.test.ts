// The server as operators run it (a node process), killed with -9 while it sends an alert: the mail
// server has the message but never answered it. After a restart on the same DATA_DIR the alert is
// sent again (at least once) with the same Message-ID, so the receiver can tell it is the same.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/main-process.ts';
import { formsBuildDir, newDataDir, PUBLIC_KEY, ROOT } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers } from './samples.ts';

let dataDir: string;
let hanging: SmtpStandIn;
let answering: SmtpStandIn;
const started: ChildProcess[] = [];


/** Starts main.ts with the given mail server; resolves once it prints its address. */
function startServer(port: number, smtpUrl: string): Promise<ChildProcess> {
  const env = {
    ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', FORMS_BUILD_DIR: formsBuildDir(),
    WEB_DIST_DIR: path.join(dataDir, 'no-pages'), PUBLIC_API_KEY: PUBLIC_KEY, JWT_SECRET: 'alerts-crash-secret',
    SMTP_URL: smtpUrl, MAIL_FROM: 'Alerts <alerts@dohaoasis.example>', ALERT_RETRY_BASE_MS: '100',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 60 s:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Serving pages and API on http://localhost:${port}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => reject(new Error(`The server stopped (${code}):\n${output}`)));
  });
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
    const port = await freePort();
    const first = await startServer(port, hanging.url);
    const created = await fetch(`http://127.0.0.1:${port}/api/${DINING}`, {
      method: 'POST',
      headers: { authorization: `users API-Key ${PUBLIC_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(diningAnswers({ visited_restaurant: 'Cova', rating_service: 'poor' })),
    });
    expect(created.status).toBe(201);
    const { reference } = ((await created.json()) as { doc: { reference: string } }).doc;

    const unanswered = await hanging.mailTo('cova.manager@dohaoasis.example');
    expect(unanswered.acknowledged).toBe(false);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startServer(await freePort(), answering.url);
    const delivered = await answering.mailTo('cova.manager@dohaoasis.example', 60_000);
    expect(delivered.subject).toContain(reference);
    expect(delivered.messageId).toBe(unanswered.messageId);
    expect(answering.mails).toHaveLength(1);
  });
});
