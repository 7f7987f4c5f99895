// Staff sessions: logout revokes the token everywhere, the cookie is Secure by configuration,
// and a malformed cookie is no credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, startTestServer, type TestServer } from '../support/server.ts';
import { DINING } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ cookieSecure: 'true' });
});
afterAll(() => server?.close());

describe('staff sessions', () => {
  it('after logout the token no longer opens anything, though it has not expired', async () => {
    const login = await server.api('/api/users/login', { as: 'none', json: STAFF });
    const authorization = `JWT ${login.body.token}`;
    expect((await server.api(`/api/${DINING}`, { as: 'none', headers: { authorization } })).status).toBe(200);
    const logout = await server.api('/api/users/logout', { as: 'none', method: 'POST', headers: { authorization } });
    expect(logout.status).toBe(200);
    // COOKIE_SECURE=true: the cookie is __Host- prefixed (tests/api/attacks/sign-in.test.ts).
    expect(logout.headers.get('set-cookie')).toMatch(/^__Host-payload-token=;/);
    expect((await server.api(`/api/${DINING}`, { as: 'none', headers: { authorization } })).status).toBe(403);
    expect((await server.api('/api/users/me', { as: 'none', headers: { authorization } })).body.user).toBeNull();
    expect((await server.api('/api/users/me', { as: 'none', headers: { cookie: `__Host-payload-token=${login.body.token}` } })).body.user).toBeNull();
  });

  it('two sign-ins in the same second are two sessions: signing out of one leaves the other', async () => {
    const [first, second] = await Promise.all([1, 2].map(() => server.api('/api/users/login', { as: 'none', json: STAFF })));
    expect(first.body.token).not.toBe(second.body.token);
    expect((await server.api('/api/users/logout', { as: 'none', method: 'POST', headers: { authorization: `JWT ${first.body.token}` } })).status).toBe(200);
    expect((await server.api(`/api/${DINING}`, { as: 'none', headers: { authorization: `JWT ${second.body.token}` } })).status).toBe(200);
  });

  it('COOKIE_SECURE=true marks the login cookie Secure', async () => {
    const login = await server.api('/api/users/login', { as: 'none', json: STAFF });
    expect(login.headers.get('set-cookie')).toMatch(/; Secure(;|$)/);
  });
});
