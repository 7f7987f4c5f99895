// Admins manage users (list, invite with a role, change a role or name) and read the audit log;
// nobody else can, and the last admin cannot lose the role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function tokenOf(email: string, password: string): Promise<string> {
  const login = await server.api('/api/users/login', { as: 'none', json: { email, password } });
  expect(login.status).toBe(200);
  return login.body.token;
}

describe('user management', () => {
  it('an admin invites an editor with a password; the editor signs in with the role given', async () => {
    const created = await server.api('/api/users', {
      as: 'staff',
      json: { email: 'Editor@Example.com', password: 'editor password 1', role: 'editor', name: 'Nadia' },
    });
    expect(created.status).toBe(201);
    expect(created.body.doc).toMatchObject({ email: 'editor@example.com', roles: ['editor'], venues: [], name: 'Nadia', password: true, sso: false });
    expect(JSON.stringify(created.body)).not.toMatch(/scrypt|password_hash/);
    const token = await tokenOf('editor@example.com', 'editor password 1');
    const me = await server.api('/api/users/me', { as: 'none', headers: { authorization: `JWT ${token}` } });
    expect(me.body.user.roles).toEqual(['editor']);
  });

  it('lists users in Payload’s paged shape, to admins only', async () => {
    const list = await server.api('/api/users?limit=1&page=2', { as: 'staff' });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalDocs: 2, limit: 1, page: 2, totalPages: 2, hasPrevPage: true, hasNextPage: false, prevPage: 1, nextPage: null });
    expect(list.body.docs).toHaveLength(1);
    const editor = await tokenOf('editor@example.com', 'editor password 1');
    expect((await server.api('/api/users', { as: 'none', headers: { authorization: `JWT ${editor}` } })).status).toBe(403);
    expect((await server.api('/api/users', { as: 'public' })).status).toBe(403);
    expect((await server.api('/api/users', { as: 'none' })).status).toBe(403);
    expect(
      (
        await server.api('/api/users', {
          as: 'none',
          method: 'POST',
          headers: { authorization: `JWT ${editor}` },
          json: { email: 'x@example.com', password: 'long enough 1', role: 'admin' },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = await server.api('/api/users', { as: 'staff', json: { email: 'not-an-email', password: 'short', role: 'owner' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual(['email', 'password', 'roles']);
    const twice = await server.api('/api/users', { as: 'staff', json: { email: 'editor@example.com', password: 'another password', role: 'viewer' } });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].data.errors[0]).toMatchObject({ path: 'email', message: 'A user with the given email is already registered.' });
    expect((await server.api('/api/users', { as: 'staff', method: 'POST', headers: { 'content-type': 'application/json' }, json: ['a'] })).status).toBe(400);
    expect((await server.api('/api/users/abc', { as: 'staff', method: 'PATCH', json: { role: 'viewer' } })).status).toBe(404);
    expect((await server.api('/api/users/99999', { as: 'staff', method: 'PATCH', json: { role: 'viewer' } })).status).toBe(404);
    expect((await server.api('/api/users?limit=1000', { as: 'staff' })).status).toBe(400);
  });

  it('a role change applies at once to a token already issued', async () => {
    const editor = await tokenOf('editor@example.com', 'editor password 1');
    const list = await server.api('/api/users?limit=100', { as: 'staff' });
    const id = list.body.docs.find((user: { email: string }) => user.email === 'editor@example.com').id;
    const changed = await server.api(`/api/users/${id}`, { as: 'staff', method: 'PATCH', json: { role: 'viewer', name: 'Nadia K.' } });
    expect(changed.status).toBe(200);
    expect(changed.body.doc).toMatchObject({ roles: ['viewer'], name: 'Nadia K.' });
    expect((await server.api('/api/survey-customer-feedbacks', { as: 'none', headers: { authorization: `JWT ${editor}` } })).status).toBe(200);
  });

  it('the last admin cannot lose the role; with a second admin it can', async () => {
    const list = await server.api('/api/users?limit=100', { as: 'staff' });
    const me = list.body.docs.find((user: { email: string }) => user.email === STAFF.email);
    const refused = await server.api(`/api/users/${me.id}`, { as: 'staff', method: 'PATCH', json: { role: 'editor' } });
    expect(refused.status).toBe(400);
    // The pages react to the stable code, never to the English message (which may be reworded).
    expect(refused.body.errors[0].data.errors[0]).toMatchObject({ path: 'roles', code: 'last-admin', message: expect.stringMatching(/last admin/) });
    const second = await server.api('/api/users', { as: 'staff', json: { email: 'second-admin@example.com', password: 'second admin pw', role: 'admin' } });
    expect(second.status).toBe(201);
    const secondToken = await tokenOf('second-admin@example.com', 'second admin pw');
    const demoted = await server.api(`/api/users/${me.id}`, {
      as: 'none',
      method: 'PATCH',
      headers: { authorization: `JWT ${secondToken}` },
      json: { role: 'editor' },
    });
    expect(demoted.status).toBe(200);
    expect(
      (await server.api(`/api/users/${me.id}`, { as: 'none', method: 'PATCH', headers: { authorization: `JWT ${secondToken}` }, json: { role: 'admin' } }))
        .status,
    ).toBe(200);
  });
});

describe('several roles and venues per user', () => {
  it('an admin gives a manager two venues and a second role; every grant and removal is in the audit log', async () => {
    const venues = await server.api('/api/users/venues', { as: 'staff' });
    expect(venues.status).toBe(200);
    const slugs = venues.body.docs.map((venue: { slug: string }) => venue.slug);
    expect(slugs).toEqual(expect.arrayContaining(['cova', 'twiga']));
    const created = await server.api('/api/users', {
      as: 'staff',
      json: { email: 'manager@example.com', password: 'manager password', roles: ['manager', 'viewer'], venues: ['twiga', 'cova'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.doc).toMatchObject({ roles: ['manager', 'viewer'], venues: ['cova', 'twiga'] });
    const changed = await server.api(`/api/users/${created.body.doc.id}`, {
      as: 'staff',
      method: 'PATCH',
      json: { roles: ['manager', 'compliance'], venues: ['cova'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.doc).toMatchObject({ roles: ['manager', 'compliance'], venues: ['cova'] });
    const log = await server.api('/api/audit-log?limit=50', { as: 'staff' });
    const grants = log.body.docs.filter(
      (entry: { action: string; documentId: string }) => entry.action === 'change-roles' && entry.documentId === String(created.body.doc.id),
    );
    expect(grants[0]).toMatchObject({
      userEmail: STAFF.email,
      at: expect.any(String),
      detail: { granted: ['compliance'], removed: ['viewer'], venuesAdded: [], venuesRemoved: ['twiga'] },
    });
    expect(grants[1]).toMatchObject({ detail: { granted: ['manager', 'viewer'], venuesAdded: ['cova', 'twiga'] } });
  });

  it('refuses venues without a venue role, unknown venues, no role at all and unknown roles, naming the field', async () => {
    const refused = async (json: unknown) =>
      (await server.api('/api/users', { as: 'staff', json: { email: 'someone@example.com', password: 'long enough pw', ...(json as object) } })).body.errors[0]
        .data.errors[0];
    expect(await refused({ roles: ['viewer'], venues: ['cova'] })).toMatchObject({ path: 'venues', message: expect.stringMatching(/venue role/) });
    expect(await refused({ roles: ['manager'], venues: ['atlantis'] })).toMatchObject({
      path: 'venues',
      message: expect.stringMatching(/"atlantis" is no venue/),
    });
    expect(await refused({ roles: ['manager'], venues: ['Not A Slug'] })).toMatchObject({ path: 'venues' });
    expect(await refused({ roles: [] })).toMatchObject({ path: 'roles' });
    expect(await refused({ roles: ['owner'] })).toMatchObject({ path: 'roles', message: expect.stringMatching(/"owner" is not a role/) });
    expect((await server.api('/api/users?limit=100', { as: 'staff' })).body.docs.map((user: { email: string }) => user.email)).not.toContain(
      'someone@example.com',
    );
    expect((await server.api('/api/users/venues', { as: 'none', headers: await server.staffAs(['viewer']) })).status).toBe(403);
  });
});

describe('the audit log', () => {
  it('admins read who signed in and out and who changed users, newest first; others cannot', async () => {
    const token = await tokenOf(STAFF.email, STAFF.password);
    await server.api('/api/users/logout', { as: 'none', method: 'POST', headers: { authorization: `JWT ${token}` } });
    const log = await server.api('/api/audit-log?limit=50', { as: 'staff' });
    expect(log.status).toBe(200);
    const actions = log.body.docs.map((entry: { action: string }) => entry.action);
    expect(actions[0]).toBe('sign-out');
    expect(actions).toContain('sign-in');
    expect(actions).toContain('save-user');
    const saved = log.body.docs.find((entry: { action: string; detail: { changed?: string[] } }) => entry.action === 'save-user' && entry.detail?.changed);
    expect(saved).toMatchObject({ userEmail: expect.any(String), target: 'users', detail: { changed: expect.any(Array) } });
    const viewer = await tokenOf('editor@example.com', 'editor password 1');
    expect((await server.api('/api/audit-log', { as: 'none', headers: { authorization: `JWT ${viewer}` } })).status).toBe(403);
    expect((await server.api('/api/audit-log?page=0', { as: 'staff' })).status).toBe(400);
  });
});

// Its own server: the sign-ins here would otherwise exceed one address's sign-ins per minute.
describe('disabling a user (a leaver)', () => {
  beforeAll(async () => {
    await server.close();
    server = await startTestServer();
  });

  it('ends their sessions at once and refuses their sign-in with the old app’s message; enabling gives access back', async () => {
    await server.api('/api/users', { as: 'staff', json: { email: 'leaver@example.com', password: 'leaver password', role: 'viewer' } });
    const token = await tokenOf('leaver@example.com', 'leaver password');
    const list = await server.api('/api/users?limit=100', { as: 'staff' });
    const id = list.body.docs.find((user: { email: string }) => user.email === 'leaver@example.com').id;
    const disabled = await server.api(`/api/users/${id}`, { as: 'staff', method: 'PATCH', json: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.doc.disabled).toBe(true);
    expect((await server.api('/api/users/me', { as: 'none', headers: { authorization: `JWT ${token}` } })).body.user).toBeNull();
    expect((await server.api('/api/survey-customer-feedbacks', { as: 'none', headers: { authorization: `JWT ${token}` } })).status).toBe(403);
    const login = await server.api('/api/users/login', { as: 'none', json: { email: 'leaver@example.com', password: 'leaver password' } });
    expect(login.status).toBe(403);
    expect(login.body.errors[0].message).toBe('User has been disabled. Please contact IT.');
    // A wrong password still says only that it is wrong.
    expect((await server.api('/api/users/login', { as: 'none', json: { email: 'leaver@example.com', password: 'not it at all' } })).status).toBe(401);
    expect((await server.api(`/api/users/${id}`, { as: 'staff', method: 'PATCH', json: { disabled: 'yes' } })).status).toBe(400);
    expect((await server.api(`/api/users/${id}`, { as: 'staff', method: 'PATCH', json: { disabled: false } })).status).toBe(200);
    expect(await tokenOf('leaver@example.com', 'leaver password')).toBeTruthy();
  });

  it('the last working admin cannot be disabled', async () => {
    const list = await server.api('/api/users?limit=100', { as: 'staff' });
    const admins = list.body.docs.filter((user: { roles: string[] }) => user.roles.includes('admin'));
    const me = admins.find((user: { email: string }) => user.email === STAFF.email);
    for (const other of admins.filter((user: { id: number }) => user.id !== me.id)) {
      expect((await server.api(`/api/users/${other.id}`, { as: 'staff', method: 'PATCH', json: { disabled: true } })).status).toBe(200);
    }
    const refused = await server.api(`/api/users/${me.id}`, { as: 'staff', method: 'PATCH', json: { disabled: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].data.errors[0].path).toBe('disabled');
    // Nor demoted while the other admins are disabled.
    expect((await server.api(`/api/users/${me.id}`, { as: 'staff', method: 'PATCH', json: { role: 'viewer' } })).status).toBe(400);
  });
});
