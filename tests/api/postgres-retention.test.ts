// Retention and erasure on PostgreSQL (DATABASE_URL) with two instances sharing it: the daily job
// is run by one instance only when both find it due at once, its interval arithmetic and the
// privacy search's JSON path work the same as in the embedded database, and an erasure made
// through one instance is seen by the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { runRetentionIfDue } from '../../src/server/features/retention/index.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { DINING, diningAnswers, freshPhone } from './samples.ts';

describe('retention and erasure, two instances on one PostgreSQL', () => {
  let cluster: PostgresCluster;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    cluster = await startPostgres();
    a = await startTestServer({ databaseUrl: cluster.url });
    b = await startTestServer({ databaseUrl: cluster.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  const survey = async (server: TestServer, phone: string) => {
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ telephone_number: phone }) });
    expect(created.status).toBe(201);
    return created.body.doc.id as number;
  };

  it('runs the due job on one instance of the two, deletes the expired survey once and audits it once', async () => {
    const old = await survey(a, freshPhone());
    const recent = await survey(b, freshPhone());
    const { db } = a.ctx;
    await db.query(`UPDATE documents SET created_at = now() - interval '2 years 1 day' WHERE id = $1`, [old]);
    await db.query(`UPDATE documents SET created_at = now() - interval '1 year 11 months' WHERE id = $1`, [recent]);
    await db.query('UPDATE retention_runs SET last_run_at = NULL, started_at = NULL');

    const runs = await Promise.all([runRetentionIfDue(a.ctx), runRetentionIfDue(b.ctx)]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM documents WHERE id = ANY($1::int[])', [[old, recent]]);
    expect(rows.map((row) => row.id)).toEqual([recent]);
    const audit = await db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM audit_log WHERE action = 'retention-delete'`);
    expect(audit.rows.map((row) => row.detail)).toEqual([{ form: 'dining-survey', retention: 'P2Y', count: 1, files: 0 }]);
  });

  it('finds a person through one instance, nested answers included, and erases them through the other', async () => {
    const phone = freshPhone();
    const top = await survey(a, phone);
    const nested = await a.ctx.db.query<{ id: number }>(`INSERT INTO documents (collection, data, reference) VALUES ($1, $2, 'PGNS-TED0-01') RETURNING id`, [
      DINING,
      JSON.stringify(diningAnswers({ guests: [{ name: 'Sara', phone }] })),
    ]);
    const found = await a.api(`/api/privacy/search?phone=${encodeURIComponent(phone)}`, { as: 'staff' });
    expect(found.status).toBe(200);
    expect(found.body.docs.map((doc: { id: number }) => doc.id).sort()).toEqual([top, nested.rows[0].id].sort());
    const erased = await b.api('/api/privacy/erase', { as: 'staff', json: { phone, reason: 'Request at the front desk, 2026-11-26', confirm: true } });
    expect(erased.body).toMatchObject({ erased: 2, files: 0, held: [] });
    expect((await a.api(`/api/privacy/search?phone=${encodeURIComponent(phone)}`, { as: 'staff' })).body.docs).toEqual([]);
  });
});
