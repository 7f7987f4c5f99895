// DATABASE_URL: the same code and migrations on a PostgreSQL server, shared by several stateless
// instances (how the product scales past one machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';
import { DINING, diningAnswers, errorPaths, LOYALTY, loyaltyAnswers, register } from './samples.ts';
import { ANSWERED_WHERE, REFUSED_WHERE } from './hostile-where.ts';

// PostgreSQL's programs come from Debian (scripts/ensure-test-tools.sh, run by npm test).
describe('on PostgreSQL (DATABASE_URL)', () => {
  let deployment: ServersOnPostgres;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    // Two instances starting at once: migrations and unique indexes must not trip over each other.
    deployment = await startServersOnPostgres(2);
    [first, second] = deployment.servers;
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('a submission made through one instance is read through the other', async () => {
    const created = await first.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'via instance one' }) });
    expect(created.status).toBe(201);
    const read = await second.api(`/api/${DINING}/${created.body.doc.id}`, { as: 'staff' });
    expect(read.body.customer_comments).toBe('via instance one');
  });

  it('content is seeded once and queries behave as on the embedded database', async () => {
    const stores = await second.api('/api/printemps-loyalty-registration-store?limit=1000');
    expect(stores.body.totalDocs).toBe(2);
    expect((await first.api('/api/restaurants?[where][slug][equals]=pierre-herme')).body.docs[0].name).toBe('Pierre Hermé');
  });

  it('a where PostgreSQL would refuse is a 400 naming the parameter, as on the embedded database', async () => {
    for (const { what, collection, query, parameter } of REFUSED_WHERE) {
      const answer = await first.api(`/api/${collection}?${query}`, { as: 'staff' });
      expect(answer.status, what).toBe(400);
      expect(errorPaths(answer.body), what).toEqual([parameter]);
    }
  });

  it('hostile where values PostgreSQL can read are answered', async () => {
    for (const { what, collection, query } of ANSWERED_WHERE) {
      const answer = await second.api(`/api/${collection}?${query}`, { as: 'staff' });
      expect(answer.status, what).toBe(200);
      expect(answer.body.docs, what).toEqual([]);
    }
  });

  it('the unique phone rule holds across instances', async () => {
    const answers = await loyaltyAnswers(first);
    expect((await register(first, answers)).status).toBe(201);
    const again = await register(second, await loyaltyAnswers(second, { phone: answers.phone }));
    expect(again.status).toBe(409);
    expect((await first.api(`/api/${LOYALTY}/count`, { as: 'staff' })).body.totalDocs).toBe(1);
  });

  it('rate-limit counters are shared: alternating instances gets no extra budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 ? second : first;
      statuses.push((await server.api('/api/users/login', { as: 'none', json: { email: `guess${i}@example.com`, password: 'x' } })).status);
    }
    // 10 login attempts per address per minute in all (the staff logins above count too).
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  });
});
