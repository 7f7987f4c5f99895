// DATABASE_URL with two instances: what a staff member or employee does through one holds on the
// other (a redemption of the week, the wrong-code limit, a role change, a disabled account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';

describe('staff and perks on PostgreSQL, across instances', () => {
  let deployment: ServersOnPostgres;
  let first: TestServer;
  let second: TestServer;
  let codes: Record<string, string>;
  const as = (token: string) => ({ as: 'none' as const, headers: { authorization: `JWT ${token}` } });
  const login = async (server: TestServer, email: string, password: string) =>
    (await server.api('/api/users/login', { as: 'none', json: { email, password } })).body.token as string;

  beforeAll(async () => {
    deployment = await startServersOnPostgres(2);
    [first, second] = deployment.servers;
    const list = await first.api('/api/perk-codes', { as: 'staff' });
    codes = Object.fromEntries(list.body.docs.map((doc: { perk: string; code: string }) => [doc.perk, doc.code]));
    // Both instances started at once: still one code per partner.
    expect((await second.api('/api/perk-codes', { as: 'staff' })).body.docs).toEqual(list.body.docs);
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('a perk redeemed through one instance is refused for the week through the other', async () => {
    expect(
      (await first.api('/api/users', { as: 'staff', json: { email: 'pg.employee@example.com', password: 'employee password', role: 'employee' } })).status,
    ).toBe(201);
    const token = await login(second, 'pg.employee@example.com', 'employee password');
    expect((await first.api('/api/perk-redemptions', { ...as(token), json: { perk: 'cova', code: codes.cova } })).status).toBe(201);
    const again = await second.api('/api/perk-redemptions', { ...as(token), json: { perk: 'cova', code: codes.cova } });
    expect(again.status).toBe(409);
  });

  it('wrong codes count across instances', async () => {
    const token = await login(first, 'pg.employee@example.com', 'employee password');
    for (let i = 0; i < 5; i += 1) {
      const server = i % 2 ? first : second;
      expect((await server.api('/api/perk-redemptions', { ...as(token), json: { perk: 'twiga', code: `WRONG${i}` } })).status).toBe(400);
    }
    expect((await first.api('/api/perk-redemptions', { ...as(token), json: { perk: 'twiga', code: codes.twiga } })).status).toBe(429);
  });

  it('a role change or a disabled account through one instance applies at once on the other', async () => {
    expect((await first.api('/api/users', { as: 'staff', json: { email: 'pg.viewer@example.com', password: 'viewer password', role: 'viewer' } })).status).toBe(
      201,
    );
    const token = await login(second, 'pg.viewer@example.com', 'viewer password');
    const id = (await first.api('/api/users?limit=100', { as: 'staff' })).body.docs.find(
      (user: { email: string }) => user.email === 'pg.viewer@example.com',
    ).id;
    expect((await second.api('/api/survey-customer-feedbacks', as(token))).status).toBe(200);
    expect((await first.api(`/api/users/${id}`, { as: 'staff', method: 'PATCH', json: { role: 'employee', name: 'Ex viewer' } })).status).toBe(200);
    expect((await second.api('/api/survey-customer-feedbacks', as(token))).status).toBe(403);
    expect((await first.api(`/api/users/${id}`, { as: 'staff', method: 'PATCH', json: { disabled: true } })).status).toBe(200);
    expect((await second.api('/api/users/me', as(token))).body.user).toBeNull();
    const log = await second.api('/api/audit-log?limit=100', { as: 'staff' });
    expect(log.body.docs.filter((entry: { action: string }) => entry.action === 'save-user').length).toBeGreaterThanOrEqual(4);
  });
});
