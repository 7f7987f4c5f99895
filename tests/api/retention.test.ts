// The retention job: a submission older than its form's `retention` is deleted with its receipt
// (row and stored object, on disk or in S3-compatible storage), its follow-up notes and its alerts;
// newer ones stay; the audit log gets counts only. Submissions are aged through the database.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startObjectStore, type ObjectStore } from '../support/object-store.ts';
import { deleteSubmissions, expireSubmissions, runRetentionIfDue } from '../../src/server/features/retention/index.ts';
import { loyaltyAnswers, LOYALTY, LOYALTY_MEDIA, register } from './samples.ts';

const age = (server: TestServer, id: number, interval: string) =>
  server.ctx.db.query(`UPDATE documents SET created_at = now() - $2::interval WHERE id = $1`, [id, interval]);

async function registration(server: TestServer, email = 'amal@example.com'): Promise<{ id: number; receipt: string }> {
  const created = await register(server, await loyaltyAnswers(server, { email }));
  expect(created.status).toBe(201);
  const { rows } = await server.ctx.db.query<{ filename: string }>(`SELECT data->>'filename' AS filename FROM documents WHERE attached_to = $1`, [
    created.body.doc.id,
  ]);
  expect(rows).toHaveLength(1);
  return { id: created.body.doc.id, receipt: rows[0].filename };
}

/** A follow-up note and an alert with its outbox row, as staff and the alert rules leave them. */
async function followUpAndAlert(server: TestServer, id: number): Promise<void> {
  const { db } = server.ctx;
  await db.query(`INSERT INTO followup_notes (document_id, text) VALUES ($1, 'Called back, wants a new card.')`, [id]);
  const alert = await db.query<{ id: number }>(
    `INSERT INTO alerts (rule_id, rule_name, submission_id, collection, form_id, reference, lang, subject, body)
     VALUES ($1, 'every registration', $1, $2, 'loyalty-registration', 'REF', 'en', 'New registration', 'Amal Haddad registered') RETURNING id`,
    [id, LOYALTY],
  );
  await db.query(
    `INSERT INTO outbox (kind, channel, recipient, message_id, source_id, document_id) VALUES ('alert', 'email', 'club@example.com', $2, $1, $3)`,
    [alert.rows[0].id, `<${id}@test>`, id],
  );
}

async function remaining(server: TestServer, id: number) {
  const { rows } = await server.ctx.db.query<{ documents: number; files: number; notes: number; alerts: number; deliveries: number }>(
    `SELECT (SELECT count(*) FROM documents WHERE id = $1)::int AS documents,
            (SELECT count(*) FROM documents WHERE attached_to = $1)::int AS files,
            (SELECT count(*) FROM followup_notes WHERE document_id = $1)::int AS notes,
            (SELECT count(*) FROM alerts WHERE submission_id = $1)::int AS alerts,
            (SELECT count(*) FROM outbox WHERE document_id = $1)::int AS deliveries`,
    [id],
  );
  return rows[0];
}

const retentionAudit = async (server: TestServer) =>
  (
    await server.ctx.db.query<{ user_id: number | null; target: string; detail: Record<string, unknown> }>(
      `SELECT user_id, target, detail FROM audit_log WHERE action = 'retention-delete' ORDER BY id`,
    )
  ).rows;

const forms = (server: TestServer) => server.ctx.registry.forms.map((form) => form.compiled);

describe('the retention job, uploads on disk', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('deletes a registration older than P3Y with its receipt, notes and alerts, keeps a newer one, and audits counts only', async () => {
    const old = await registration(server, 'old.member@example.com');
    const recent = await registration(server, 'recent.member@example.com');
    await followUpAndAlert(server, old.id);
    await followUpAndAlert(server, recent.id);
    await age(server, old.id, '3 years 1 day');
    await age(server, recent.id, '2 years 11 months');
    const receiptOnDisk = (filename: string) => fs.existsSync(path.join(server.config.dataDir, 'uploads', LOYALTY_MEDIA, filename));
    expect(receiptOnDisk(old.receipt)).toBe(true);

    const dry = await expireSubmissions(server.ctx.db, server.ctx.uploads, forms(server), { dryRun: true });
    expect(dry.find((count) => count.form === 'loyalty-registration')).toMatchObject({ submissions: 1, files: 1 });
    expect((await remaining(server, old.id)).documents).toBe(1);

    const counts = await expireSubmissions(server.ctx.db, server.ctx.uploads, forms(server));
    expect(counts.find((count) => count.form === 'loyalty-registration')).toMatchObject({ retention: 'P3Y', submissions: 1, files: 1 });
    expect(await remaining(server, old.id)).toEqual({ documents: 0, files: 0, notes: 0, alerts: 0, deliveries: 0 });
    expect(receiptOnDisk(old.receipt)).toBe(false);
    expect(await remaining(server, recent.id)).toEqual({ documents: 1, files: 1, notes: 1, alerts: 1, deliveries: 1 });
    expect(receiptOnDisk(recent.receipt)).toBe(true);

    const audit = await retentionAudit(server);
    expect(audit).toEqual([{ user_id: null, target: LOYALTY, detail: { form: 'loyalty-registration', retention: 'P3Y', count: 1, files: 1 } }]);
    expect(JSON.stringify(audit)).not.toMatch(/old\.member|Amal|Haddad|\+974/);
  });

  it('deletes in batches until none is left', async () => {
    const ids = [(await registration(server)).id, (await registration(server)).id, (await registration(server)).id];
    for (const id of ids) await age(server, id, '4 years');
    const counts = await expireSubmissions(server.ctx.db, server.ctx.uploads, forms(server), { batchSize: 2 });
    expect(counts.find((count) => count.form === 'loyalty-registration')).toMatchObject({ submissions: 3, files: 3 });
    for (const id of ids) expect((await remaining(server, id)).documents).toBe(0);
  });

  it('runs once per interval: of two instances checking at once, one runs it; a finished run is not run again', async () => {
    const { db } = server.ctx;
    await db.query('UPDATE retention_runs SET last_run_at = NULL, started_at = NULL');
    const [first, second] = await Promise.all([runRetentionIfDue(server.ctx), runRetentionIfDue(server.ctx)]);
    expect([first, second].filter((run) => run !== null)).toHaveLength(1);
    expect(await runRetentionIfDue(server.ctx)).toBeNull();
    const { rows } = await db.query<{ last_run_at: Date | null; started_at: Date | null }>('SELECT last_run_at, started_at FROM retention_runs');
    expect(rows[0].last_run_at).not.toBeNull();
    expect(rows[0].started_at).toBeNull();
  });

  it('on the embedded database, which runs no autovacuum, vacuums the documents after a run that deleted some: their pages are marked clean and the row estimate counts the rows left; it never takes statistics, and a run that deleted nothing leaves the table alone', async () => {
    const { db } = server.ctx;
    const vacuums = async () => {
      await db.query('SELECT pg_stat_force_next_flush()');
      return (await db.query<{ vacuums: number }>(`SELECT vacuum_count::int AS vacuums FROM pg_stat_user_tables WHERE relname = 'documents'`)).rows[0].vacuums;
    };
    await db.query('UPDATE retention_runs SET last_run_at = NULL, started_at = NULL');
    const idle = await vacuums();
    expect((await runRetentionIfDue(server.ctx))?.every((count) => count.submissions === 0)).toBe(true);
    expect(await vacuums()).toBe(idle);
    const source = (await registration(server, 'many.members@example.com')).id;
    // 3,000 expired registrations as SQL writes them (no receipt of their own), and 3,000 to keep.
    await db.query(
      `INSERT INTO documents (collection, data, reference, created_at, updated_at)
       SELECT d.collection, d.data || jsonb_build_object('phone', '+9743' || lpad(i::text, 7, '0')), 'UPKEEP-' || i, now() - CASE WHEN i % 2 = 0 THEN interval '4 years' ELSE interval '1 day' END, now()
         FROM documents d, generate_series(1, 6000) AS i WHERE d.id = $1`,
      [source],
    );
    const documents = async () =>
      (
        await db.query<{ visible: number; estimated: number; live: number }>(
          `SELECT relallvisible AS visible, reltuples::int AS estimated, (SELECT count(*)::int FROM documents) AS live FROM pg_class WHERE relname = 'documents'`,
        )
      ).rows[0];
    const before = await documents();
    expect(before.estimated).toBeLessThan(before.live / 2);
    await db.query('UPDATE retention_runs SET last_run_at = NULL, started_at = NULL');
    const counts = await runRetentionIfDue(server.ctx);
    expect(counts?.find((count) => count.form === 'loyalty-registration')?.submissions).toBe(3000);
    const after = await documents();
    expect(after.live).toBe(before.live - 3000);
    expect(after.visible).toBeGreaterThan(before.visible);
    expect(Math.abs(after.estimated - after.live)).toBeLessThan(after.live * 0.05);
    expect(await vacuums()).toBe(idle + 1);
    // Statistics taken once would go stale as the table grows (vacuumEmbedded says what that cost).
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'documents'`)).rows[0].n).toBe(0);
  });
});

describe('the retention job on its own timer, uploads in S3-compatible storage', () => {
  let store: ObjectStore;
  let server: TestServer;
  beforeAll(async () => {
    store = await startObjectStore();
    server = await startTestServer({ objectStorage: store.config, retention: { intervalMs: 300 } });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close().catch(() => undefined); // the last test stops it
  });

  it('removes the expired registration and its stored object by itself, and keeps the newer one', async () => {
    const old = await registration(server);
    const recent = await registration(server);
    expect(await store.keys()).toEqual(expect.arrayContaining([`${LOYALTY_MEDIA}/${old.receipt}`, `${LOYALTY_MEDIA}/${recent.receipt}`]));
    await age(server, old.id, '5 years');
    // The signal: the job's audit entry for this form (the timer checks every 300 ms).
    await expect.poll(async () => (await retentionAudit(server)).length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect((await remaining(server, old.id)).documents).toBe(0);
    const keys = await store.keys();
    expect(keys).not.toContain(`${LOYALTY_MEDIA}/${old.receipt}`);
    expect(keys).toContain(`${LOYALTY_MEDIA}/${recent.receipt}`);
    expect((await remaining(server, recent.id)).documents).toBe(1);
  });

  it('still deletes the submission while the object store is down, leaving its file to the orphan clean-up', async () => {
    const doomed = await registration(server);
    const { rows } = await server.ctx.db.query<{ id: number }>('SELECT id FROM documents WHERE attached_to = $1', [doomed.id]);
    await store.close();
    const counts = await deleteSubmissions(server.ctx.db, server.ctx.uploads, [doomed.id]);
    expect(counts).toEqual({ submissions: 1, files: 1 });
    expect((await remaining(server, doomed.id)).documents).toBe(0);
    // Detached and dated at the epoch: the next orphan clean-up takes it, row and object.
    const file = await server.ctx.db.query<{ attached_to: number | null; created_at: Date }>('SELECT attached_to, created_at FROM documents WHERE id = $1', [
      rows[0].id,
    ]);
    expect(file.rows).toEqual([{ attached_to: null, created_at: new Date(0) }]);
  });
});
