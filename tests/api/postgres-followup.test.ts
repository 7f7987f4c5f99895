// DATABASE_URL: the follow-up's SQL (its upsert, the list's filter columns, the export's) on a real
// PostgreSQL server, changed through one instance and read through another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';
import { DINING, diningAnswers } from './samples.ts';

describe('follow-up on PostgreSQL, across instances', () => {
  let deployment: ServersOnPostgres;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    deployment = await startServersOnPostgres(2);
    [first, second] = deployment.servers;
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('a low rating taken in hand and resolved through one instance is listed and exported as such by the other', async () => {
    const low = (await first.api(`/api/${DINING}`, { json: diningAnswers({ rating_food: 'poor' }) })).body.doc;
    const me = (await first.api('/api/users/me', { as: 'staff' })).body.user;
    const taken = await first.api(`/api/${DINING}/${low.id}/followup`, {
      method: 'PATCH',
      as: 'staff',
      json: { state: 'in-progress', assigneeId: me.id, note: 'Called the guest and offered a voucher' },
    });
    expect(taken.status).toBe(200);
    const resolved = await second.api(`/api/${DINING}/${low.id}/followup`, { method: 'PATCH', as: 'staff', json: { state: 'resolved', outcome: 'recovered' } });
    expect(resolved.body).toMatchObject({
      state: 'resolved',
      assignee: { id: me.id },
      resolvedBy: { id: me.id },
      notes: [{ text: 'Called the guest and offered a voucher' }],
    });
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));

    const where = encodeURIComponent(
      JSON.stringify({
        and: [{ 'followUp.state': { equals: 'resolved' } }, { 'followUp.assignee': { equals: me.id } }, { rating_food: { in: 'poor,average' } }],
      }),
    );
    const list = await second.api(`/api/${DINING}?where=${where}&depth=0`, { as: 'staff' });
    expect(list.body.docs.map((doc: { id: number }) => doc.id)).toEqual([low.id]);
    expect(list.body.docs[0].followUp).toMatchObject({ state: 'resolved', assignee: { id: me.id } });
    const csv = await second.api(`/api/${DINING}/export.csv?where=${where}`, { as: 'staff' });
    // The follow-up's columns come last: state, assignee, outcome, resolved at, due at (no policy here), overdue.
    expect(String(csv.body).trim().split('\r\n')[1]).toMatch(new RegExp(`,resolved,${me.email.replace(/[.]/g, '\\.')},recovered,\\d{4}-[^,]+,,no$`));
    const bad = await second.api(`/api/${DINING}/${low.id}/followup`, { method: 'PATCH', as: 'staff', json: { state: 'done' } });
    expect(bad.status).toBe(400);
  });
});
