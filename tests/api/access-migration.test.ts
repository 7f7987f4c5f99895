// Existing data and accounts migrate: a database written before several roles existed
// (one `role` per user, submissions without a venue) upgrades at start; every account keeps its
// role, viewers keep reading the forms they read except the confidential and restricted ones, and
// stored dining surveys get their venue so managers read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import { openDb } from '../../src/server/core/db/db.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { MIGRATIONS } from '../../src/server/features/index.ts';
import { hashPassword } from '../../src/server/core/access/passwords.ts';
import { newDataDir, startTestServer, type TestServer } from '../support/server.ts';
import { DINING } from './samples.ts';

let server: TestServer;
const PASSWORD = 'an old long password';

beforeAll(async () => {
  const dataDir = await newDataDir();
  const db = await openDb(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  // The schema as it was before migration 40, with accounts and a survey in it.
  await migrate(
    db,
    MIGRATIONS.filter((migration) => migration.id < 40),
  );
  const hash = await hashPassword(PASSWORD);
  for (const role of ['admin', 'editor', 'viewer', 'employee'])
    await db.query('INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3)', [`old.${role}@example.com`, hash, role]);
  await db.query(`INSERT INTO documents (collection, data, form_version, reference) VALUES ($1, $2::jsonb, 1, 'OLD0-SURV-EY')`, [
    DINING,
    JSON.stringify({ visited_restaurant: 'Twiga' }),
  ]);
  await db.close();
  server = await startTestServer({ dataDir });
});
afterAll(() => server?.close());

async function signIn(role: string): Promise<Record<string, string>> {
  const login = await server.api('/api/users/login', { as: 'none', json: { email: `old.${role}@example.com`, password: PASSWORD } });
  expect(login.status, role).toBe(200);
  expect(login.body.user.roles, role).toEqual([role]);
  return { authorization: `JWT ${login.body.token}` };
}

describe('an old database upgraded', () => {
  it('keeps every account with the role it had, and the rights that go with it', async () => {
    const viewer = await signIn('viewer');
    for (const collection of [DINING, 'ifly-waiver-forms', 'survey-customer-satisfactions']) {
      expect((await server.api(`/api/${collection}?limit=1`, { as: 'none', headers: viewer })).status, collection).toBe(200);
    }
    // The confidential form, and careers (the issue: hr and admin), are no longer a viewer's.
    for (const collection of ['employee-whistle-blower', 'careers-applications']) {
      expect((await server.api(`/api/${collection}?limit=1`, { as: 'none', headers: viewer })).status, collection).toBe(403);
    }
    const admin = await signIn('admin');
    expect((await server.api('/api/users?limit=10', { as: 'none', headers: admin })).status).toBe(200);
    expect((await server.api('/api/careers-applications?limit=1', { as: 'none', headers: admin })).status).toBe(200);
    const editor = await signIn('editor');
    expect((await server.api(`/api/${DINING}?limit=1`, { as: 'none', headers: editor })).status).toBe(403);
    const employee = await signIn('employee');
    expect((await server.api(`/api/${DINING}?limit=1`, { as: 'none', headers: employee })).status).toBe(403);
    const { rows } = await server.ctx.db.query<{ role: string; roles: string[] }>('SELECT role, roles FROM users WHERE email LIKE $1 ORDER BY email', [
      'old.%',
    ]);
    expect(rows).toEqual([
      { role: 'admin', roles: ['admin'] },
      { role: 'editor', roles: ['editor'] },
      { role: 'employee', roles: ['employee'] },
      { role: 'viewer', roles: ['viewer'] },
    ]);
  });

  it('gives a stored survey its venue, so the venue’s manager reads it', async () => {
    const { rows } = await server.ctx.db.query<{ venue: string }>(`SELECT venue FROM documents WHERE reference = 'OLD0-SURV-EY'`);
    expect(rows[0].venue).toBe('twiga');
    const manager = await server.staffAs(['manager'], ['twiga']);
    const list = await server.api(`/api/${DINING}`, { as: 'none', headers: manager });
    expect(list.body.docs.map((doc: { reference: string }) => doc.reference)).toEqual(['OLD0-SURV-EY']);
  });
});
