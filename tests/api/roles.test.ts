// Roles: admin (everything), editor (content), viewer (read submissions), employee (perks only, no
// staff rights). Each role signs in with a password, and what it may read is checked on the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import type { Role } from '../../src/server/core/access/roles.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
let submissionId: number;
const tokens: Partial<Record<Role, string>> = {};

async function signIn(role: Role): Promise<string> {
  const email = `${role}@example.com`;
  await saveStaffUser(server.ctx.db, email, 'a long enough password', role);
  const login = await server.api('/api/users/login', { json: { email, password: 'a long enough password' }, as: 'none' });
  expect(login.status).toBe(200);
  expect(login.body.user.roles).toEqual([role]);
  return login.body.token as string;
}

const as = (role: Role) => ({ as: 'none' as const, headers: { authorization: `JWT ${tokens[role]}` } });

beforeAll(async () => {
  server = await startTestServer();
  submissionId = (await server.api(`/api/${DINING}`, { json: diningAnswers() })).body.doc.id;
  for (const role of ['admin', 'editor', 'viewer', 'employee'] as const) tokens[role] = await signIn(role);
});
afterAll(() => server?.close());

describe('what each role may read', () => {
  it('admins and viewers read submissions; editors and employees are refused', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      expect((await server.api(`/api/${DINING}/${submissionId}`, as(role))).status, role).toBe(200);
      expect((await server.api(`/api/${DINING}/export.csv`, as(role))).status, role).not.toBe(403);
    }
    for (const role of ['editor', 'employee'] as const) {
      expect((await server.api(`/api/${DINING}/${submissionId}`, as(role))).status, role).toBe(403);
      expect((await server.api(`/api/${DINING}?limit=5`, as(role))).status, role).toBe(403);
    }
  });

  it('an employee is told who they are, with the role, but reads content like the public', async () => {
    const me = await server.api('/api/users/me', as('employee'));
    expect(me.body.user).toMatchObject({ email: 'employee@example.com', roles: ['employee'], venues: [] });
    // Content drafts (e.g. benefits not published) are limited for anyone but staff.
    const staffView = await server.api('/api/benefits?limit=1000', as('editor'));
    const employeeView = await server.api('/api/benefits?limit=1000', as('employee'));
    expect(staffView.status).toBe(200);
    expect(employeeView.status).toBe(403);
  });

  it('a role that does not exist is refused when saving a user', async () => {
    await expect(saveStaffUser(server.ctx.db, 'x@example.com', 'a long enough password', 'owner' as Role)).rejects.toThrow('"owner" is not a role');
  });

  it('an existing account keeps its roles when only its password changes', async () => {
    const user = await saveStaffUser(server.ctx.db, 'viewer@example.com', 'another long password');
    expect(user.roles).toEqual(['viewer']);
  });
});
