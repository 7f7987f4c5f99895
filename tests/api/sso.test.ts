// Company single sign-on against a real local OpenID provider, over real HTTP: the browser's walk
// (our start address, the provider's sign-in form, our callback) with a cookie jar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, STAFF, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { startOidcProvider, type OidcStandIn } from '../support/oidc-provider.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { DINING } from './samples.ts';

let provider: OidcStandIn;
let server: TestServer;

beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startTestServer({
    oidc: {
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUrl: null,
      scopes: 'openid email profile',
      defaultRole: 'employee',
      allowedDomains: [],
    },
  });
  provider.start(`${server.url}/api/users/oidc/callback`);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** Starts at our /start address, signs in at the provider's form as `email`, and stops at the first address back on our site after the callback. */
async function signInWithCompany(email: string, next?: string, on: { server: TestServer; provider: OidcStandIn } = { server, provider }) {
  const { server, provider } = on;
  const jar = new CookieJar();
  const start = `${server.url}/api/users/oidc/start${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`;
  const toProvider = await jar.follow(start);
  expect(toProvider.response.status).toBe(200);
  expect(toProvider.url.startsWith(provider.issuer)).toBe(true);
  const authorize = new URL(toProvider.hops[0].location!);
  const form = /action="([^"]+)"/.exec(await toProvider.response.text())![1];
  const back = await jar.follow(
    new URL(form, toProvider.url).href,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }) },
    (url) => url.startsWith(server.url) && !url.includes('/api/users/oidc/'),
  );
  return { jar, authorize, landed: back.url.slice(server.url.length), hops: back.hops };
}

describe('company single sign-on (OpenID Connect, authorization code with PKCE)', () => {
  it('the sign-in page learns that single sign-on is offered', async () => {
    expect((await server.api('/api/users/sign-in-options', { as: 'none' })).body).toEqual({ password: true, sso: true });
  });

  it('asks the provider with PKCE (S256), state and nonce, keeping them in a signed HttpOnly cookie only', async () => {
    const response = await fetch(`${server.url}/api/users/oidc/start`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const authorize = new URL(response.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/api/users/oidc/callback`);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('oidc-flow='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/users\/oidc/);
  });

  it('a first sign-in creates an employee account (no staff rights), signs it in with the session cookie and goes back to `next`', async () => {
    const { jar, landed } = await signInWithCompany('amal@dohaoasis.example', '/employee/perks?lang=ar');
    expect(landed).toBe('/employee/perks?lang=ar');
    const me = await jar.fetch(`${server.url}/api/users/me`);
    const { user } = (await me.json()) as { user: { email: string; roles: string[] } };
    expect(user).toMatchObject({ email: 'amal@dohaoasis.example', roles: ['employee'], name: 'Amal' });
    // An employee reads no submissions.
    expect((await jar.fetch(`${server.url}/api/${DINING}`)).status).toBe(403);
    expect(jar.get(server.url, 'oidc-flow')).toBeUndefined();
  });

  it('signing in again finds the same account by the provider’s subject; a role an admin grants applies', async () => {
    // An account of this test's own at the provider, and with us by its first sign-in.
    provider.accounts.set('employee-samir', { email: 'samir@dohaoasis.example', emailVerified: true, name: 'Samir' });
    expect((await signInWithCompany('samir@dohaoasis.example')).landed).toBe('/login-success');
    const users = await server.api('/api/users?limit=100', { as: 'staff' });
    const samir = users.body.docs.find((user: { email: string }) => user.email === 'samir@dohaoasis.example');
    expect(samir).toMatchObject({ sso: true, password: false });
    expect((await server.api(`/api/users/${samir.id}`, { as: 'staff', method: 'PATCH', json: { role: 'viewer' } })).status).toBe(200);
    const { jar, landed } = await signInWithCompany('samir@dohaoasis.example');
    expect(landed).toBe('/login-success');
    const me = (await (await jar.fetch(`${server.url}/api/users/me`)).json()) as { user: { id: number; roles: string[] } };
    expect(me.user).toMatchObject({ id: samir.id, roles: ['viewer'] });
    expect((await jar.fetch(`${server.url}/api/${DINING}`)).status).toBe(200);
    expect((await server.api('/api/users?limit=100', { as: 'staff' })).body.totalDocs).toBe(users.body.totalDocs);
  });

  it('never goes to another site after signing in: next=//evil.com lands on /login-success', async () => {
    const { landed } = await signInWithCompany('amal@dohaoasis.example', '//evil.com/steal');
    expect(landed).toBe('/login-success');
    const absolute = await signInWithCompany('amal@dohaoasis.example', 'https://evil.com/');
    expect(absolute.landed).toBe('/login-success');
  });

  it('a password account is not taken over by an unverified email at the provider', async () => {
    provider.accounts.set('intruder', { email: STAFF.email, emailVerified: false });
    const { jar, landed } = await signInWithCompany(STAFF.email);
    expect(landed).toBe('/login?error=sso-account-taken');
    expect(((await (await jar.fetch(`${server.url}/api/users/me`)).json()) as { user: unknown }).user).toBeNull();
  });

  it('a callback without the flow cookie (another browser, a replay, an altered cookie) signs nobody in', async () => {
    const jar = new CookieJar();
    const started = await jar.fetch(`${server.url}/api/users/oidc/start`);
    const state = new URL(started.headers.get('location')!).searchParams.get('state');
    jar.set(server.url, 'oidc-flow', `${jar.get(server.url, 'oidc-flow')!.slice(0, -2)}xx`);
    const callback = await jar.fetch(`${server.url}/api/users/oidc/callback?code=made-up&state=${state}`);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/login?error=sso-expired');
    expect(callback.headers.getSetCookie().some((cookie) => cookie.startsWith('payload-token=') && !cookie.startsWith('payload-token=;'))).toBe(false);
  });

  it('a made-up code with the right cookie is refused by the provider and explained on the sign-in page', async () => {
    const jar = new CookieJar();
    const started = await jar.fetch(`${server.url}/api/users/oidc/start?next=/staff`);
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const callback = await jar.fetch(
      `${server.url}/api/users/oidc/callback?code=made-up&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(provider.issuer)}`,
    );
    expect(callback.headers.get('location')).toBe('/login?error=sso-failed&next=%2Fstaff');
    expect(jar.get(server.url, 'payload-token')).toBeUndefined();
  });

  it('records each sign-in in the audit log', async () => {
    provider.accounts.set('employee-huda', { email: 'huda@dohaoasis.example', emailVerified: true, name: 'Huda' });
    for (let n = 0; n < 2; n++) expect((await signInWithCompany('huda@dohaoasis.example')).landed).toBe('/login-success');
    const huda = (await server.api('/api/users?limit=100', { as: 'staff' })).body.docs.find(
      (user: { email: string }) => user.email === 'huda@dohaoasis.example',
    );
    const log = await server.api('/api/audit-log?limit=100', { as: 'staff' });
    const entries = log.body.docs.filter(
      (entry: { action: string; documentId: string; detail: { method?: string } }) => entry.action === 'sign-in' && entry.documentId === String(huda.id),
    );
    expect(entries.map((entry: { detail: { method?: string } }) => entry.detail.method)).toEqual(['sso', 'sso']);
  });
});

describe('without single sign-on configured', () => {
  it('the page offers passwords only and the start address does not exist', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.api('/api/users/sign-in-options', { as: 'none' })).body).toEqual({ password: true, sso: false });
      expect((await fetch(`${plain.url}/api/users/oidc/start`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

// With OIDC_ALLOWED_DOMAINS an existing account was linked on its email's domain
// alone, so anyone who could name that email at the provider, unverified, became its owner.
describe('linking an existing password account when the domain is allowed', () => {
  let listed: TestServer;
  let idp: OidcStandIn;
  beforeAll(async () => {
    idp = await startOidcProvider();
    listed = await startTestServer({
      oidc: {
        issuerUrl: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        redirectUrl: null,
        scopes: 'openid email profile',
        defaultRole: 'employee',
        allowedDomains: ['example.com'],
      },
    });
    idp.start(`${listed.url}/api/users/oidc/callback`);
  });
  afterAll(async () => {
    await listed?.close();
    await idp?.close();
  });

  it('needs the provider to have verified the email: the domain alone links nothing', async () => {
    await saveStaffUser(listed.ctx.db, 'finance.admin@example.com', 'a long enough password', 'admin');
    idp.accounts.set('unverified-finance', { email: 'finance.admin@example.com', emailVerified: false });
    const refused = await signInWithCompany('finance.admin@example.com', undefined, { server: listed, provider: idp });
    expect(refused.landed).toBe('/login?error=sso-account-taken');
    expect(((await (await refused.jar.fetch(`${listed.url}/api/users/me`)).json()) as { user: unknown }).user).toBeNull();

    idp.accounts.delete('unverified-finance');
    idp.accounts.set('verified-finance', { email: 'finance.admin@example.com', emailVerified: true });
    const linked = await signInWithCompany('finance.admin@example.com', undefined, { server: listed, provider: idp });
    expect(linked.landed).toBe('/login-success');
    const me = (await (await linked.jar.fetch(`${listed.url}/api/users/me`)).json()) as { user: { email: string; role: string } };
    expect(me.user).toMatchObject({ email: 'finance.admin@example.com', roles: ['admin'] });
  });
});
