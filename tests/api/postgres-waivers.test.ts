// DATABASE_URL: form versions, the desk's search and check-ins on a real PostgreSQL server, signed
// through one instance and found and checked in through another; the search's conditions are the
// ones its indexes (migration 302) answer.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { WAIVER_NAMES_VECTOR } from '../../src/server/features/waivers/waiver-fields.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { IFLY, waiverAnswers } from './samples.ts';

describe('the waiver desk on PostgreSQL, across instances', () => {
  let cluster: PostgresCluster;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    cluster = await startPostgres();
    first = await startTestServer({ databaseUrl: cluster.url });
    second = await startTestServer({ databaseUrl: cluster.url });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await cluster?.stop();
  });

  it('keeps one form version for waivers signed through both instances, and the desk of one checks in what the other stored', async () => {
    const phone = `+9745${randomInt(1_000_000, 9_999_999)}`;
    const signed = await Promise.all(
      [first, second, first].map((server) => server.api(`/api/${IFLY}`, { json: waiverAnswers({ phone, name: 'Aisha Rahman' }) })),
    );
    expect(signed.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const { hash } = first.ctx.registry.collections.get(IFLY)!.form!.compiled;
    const { rows } = await first.ctx.db.query('SELECT form_id FROM form_versions WHERE hash = $1', [hash]);
    expect(rows).toEqual([{ form_id: 'ifly-waiver' }]);

    const desk = await second.staffAs(['desk'], ['ifly']);
    const found = await second.api(`/api/waivers/search?q=${phone.slice(4)}`, { as: 'none', headers: desk });
    // Signed at once through two instances: which came first is the database's to say, so the three are compared as a set.
    const ids = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(ids(found.body.docs.map((doc: { id: number }) => doc.id))).toEqual(ids(signed.map((answer) => answer.body.doc.id)));
    const byName = await second.api('/api/waivers/search?q=aisha%20rahman', { as: 'none', headers: desk });
    expect(byName.body.docs).toHaveLength(3);

    const firstDesk = await first.staffAs(['desk'], ['ifly']);
    const id = signed[0].body.doc.id;
    expect((await first.api(`/api/waivers/${id}/check-ins`, { as: 'none', headers: firstDesk, json: { person: 0 } })).status).toBe(200);
    const again = await second.api(`/api/waivers/search?q=${signed[0].body.doc.reference}`, { as: 'none', headers: desk });
    expect(again.body.docs[0].checkIns).toEqual([{ person: 0, by: 'desk.ifly@roles.example.com', at: expect.any(String) }]);
  });

  it("answers the search's conditions from its indexes", async () => {
    const plan = async (condition: string, value: string) => {
      const text = await first.ctx.db.transaction(async (tx) => {
        // Few rows here: forbid the sequential scan, so the plan shows whether an index CAN answer.
        await tx.query('SET LOCAL enable_seqscan = off');
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM documents WHERE evidence IS NOT NULL AND ${condition}`, [value]);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      return text;
    };
    expect(await plan(`data->>'phone' = $1`, '+97455501234')).toContain('documents_waiver_phone');
    expect(await plan(`upper(data->>'qid') = $1`, 'P1234567')).toContain('documents_waiver_document');
    expect(await plan(`data->'dependents' @> $1::jsonb`, '[{"qid": "P1234567"}]')).toContain('documents_waiver_dependents');
    expect(await plan(`${WAIVER_NAMES_VECTOR} @@ to_tsquery('simple', $1)`, 'aisha & rahman')).toContain('documents_waiver_names');
  });
});
