// A database from before the core outbox: its alerts' deliveries (alert_deliveries, migration 100)
// and guests' copy emails (waiver_copy_emails, 330) still queued when the new code starts. Migrations
// 101 and 332 move them to the outbox: the queued ones are sent, with the Message-ID they were given,
// and one already sent is not sent again.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import { ALERTS_MIGRATIONS } from '../../src/server/features/alerts/migrations.ts';
import { WAIVER_COPY_MIGRATIONS } from '../../src/server/features/waiver-copy/migrations.ts';
import { preparedDataDir, startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers, IFLY, waiverAnswers } from './samples.ts';

let dataDir: string;
let smtp: SmtpStandIn;
let server: TestServer;
const queued: { alert: string; copy: string } = { alert: '', copy: '' };
let sentKey = '';

const creating = (table: string, statements: string[]) => statements.find((statement) => statement.includes(`CREATE TABLE ${table} `))!;

beforeAll(async () => {
  dataDir = await preparedDataDir();
  // Real rows first, with no mail server (so they stay queued): a Poor dinner's alerts and a signed waiver's copy.
  const before = await startTestServer({ dataDir });
  for (const comment of ['first', 'second']) {
    const poor = await before.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', customer_comments: comment }) });
    expect(poor.status).toBe(201);
  }
  const waiver = await before.api(`/api/${IFLY}`, { json: waiverAnswers({ email: 'lina.old@example.com' }) });
  expect(waiver.status).toBe(201);
  // Then the schema as it was: the rows back in the feature's own tables, the outbox's migrations not applied.
  const { db } = before.ctx;
  await db.transaction(async (tx) => {
    await tx.query(creating('alert_deliveries', ALERTS_MIGRATIONS.find((migration) => migration.id === 100)!.statements));
    await tx.query(creating('waiver_copy_emails', WAIVER_COPY_MIGRATIONS.find((migration) => migration.id === 330)!.statements));
    await tx.query(`INSERT INTO alert_deliveries (alert_id, channel, recipient, message_id, state, sent_at)
                    SELECT source_id, channel, recipient, message_id, CASE WHEN row_number() OVER (ORDER BY id) = 1 THEN 'sent' ELSE 'queued' END,
                           CASE WHEN row_number() OVER (ORDER BY id) = 1 THEN now() END
                    FROM outbox WHERE kind = 'alert'`);
    await tx.query(
      `INSERT INTO waiver_copy_emails (submission_id, recipient, lang, message_id) SELECT source_id, recipient, lang, message_id FROM outbox WHERE kind = 'waiver-copy'`,
    );
    await tx.query('DROP TABLE outbox');
    await tx.query('DELETE FROM schema_migrations WHERE id IN (60, 101, 332)');
  });
  const { rows } = await db.query<{ message_id: string; state: string }>(`SELECT message_id, state FROM alert_deliveries ORDER BY id`);
  expect(rows.map((row) => row.state)).toEqual(['sent', 'queued']);
  sentKey = rows[0].message_id;
  queued.alert = rows[1].message_id;
  queued.copy = (await db.query<{ message_id: string }>('SELECT message_id FROM waiver_copy_emails')).rows[0].message_id;
  await before.close();

  smtp = await startSmtp();
  server = await startTestServer({
    dataDir,
    alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100, mailFrom: 'Alerts <alerts@dohaoasis.example>' },
  });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('rows queued before the core outbox', () => {
  it('are sent after the upgrade with the Message-ID they were given; one already sent is not sent again', async () => {
    await expect
      .poll(() => smtp.mails.map((mail) => mail.messageId), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([`<${queued.alert}@dohaoasis.example>`, `<${queued.copy}@dohaoasis.example>`]));
    const copy = smtp.mails.find((mail) => mail.messageId === `<${queued.copy}@dohaoasis.example>`)!;
    expect(copy.to).toEqual(['lina.old@example.com']);
    expect(copy.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
    await expect.poll(async () => (await server.ctx.db.query(`SELECT 1 FROM outbox WHERE state <> 'sent'`)).rows).toEqual([]);
    const { rows } = await server.ctx.db.query<{ kind: string; message_id: string }>('SELECT kind, message_id FROM outbox ORDER BY kind, message_id');
    expect(rows).toEqual(
      [
        { kind: 'alert', message_id: sentKey },
        { kind: 'alert', message_id: queued.alert },
        { kind: 'waiver-copy', message_id: queued.copy },
      ].toSorted((a, b) => `${a.kind} ${a.message_id}`.localeCompare(`${b.kind} ${b.message_id}`)),
    );
    expect(smtp.mails.filter((mail) => mail.messageId === `<${sentKey}@dohaoasis.example>`)).toEqual([]);
    // The old tables are gone: nothing reads them any more.
    expect((await server.ctx.db.query(`SELECT to_regclass('alert_deliveries') AS a, to_regclass('waiver_copy_emails') AS w`)).rows).toEqual([
      { a: null, w: null },
    ]);
  });
});
