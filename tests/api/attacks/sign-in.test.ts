// Behind a load balancer. The client address is what TRUST_PROXY says it is;
// a guesser spread over many addresses makes the account ask for the human check (a browser that
// signed in to it before, by its device cookie, is never held up by them); passwords have at least 12
// characters and are not on the common-passwords list; the session cookie is __Host- when Secure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, startTestServer, type TestServer } from '../../support/server.ts';
import { saveStaffUser } from '../../../src/server/core/access/staff-users.ts';
import { DINING, diningAnswers, errorPaths, proofFor } from '../samples.ts';
import { SIGN_IN_CAPTCHA_ACTION } from '../../../src/engine/contract/session.ts';
import { t } from '../../../src/engine/text/messages.ts';

let address = 0;
/** A fresh client address each call (TEST-NET-2), so no per-address limit is what refuses. */
const freshAddress = () => `198.51.100.${++address}`;

describe('a guesser spread over many addresses (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1 });
  });
  afterAll(() => server?.close());

  const login = (password: string, headers: Record<string, string> = {}, email = STAFF.email) =>
    server.api('/api/users/login', { as: 'none', json: { email: email.toUpperCase(), password }, headers: { 'x-forwarded-for': freshAddress(), ...headers } });
  /** The device cookie a sign-in sets (name=value), or null. */
  const deviceCookie = (answer: { headers: Headers }) =>
    answer.headers
      .getSetCookie()
      .map((line) => /^((?:__Secure-)?staff-device=[^;]+)/.exec(line)?.[1])
      .find(Boolean) ?? null;
  /** 20 wrong passwords for the account, 5 from each of 4 addresses (each address's own limit is 5). */
  async function guessFromFourAddresses(email = STAFF.email) {
    for (let from = 0; from < 4; from++) {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) expect((await login(`wrong guess ${from}.${i}`, { 'x-forwarded-for': address }, email)).status).toBe(401);
    }
  }

  it("a browser that signed in to the account before is not held up by others' wrong passwords: the right one signs in at once", async () => {
    const before = await login(STAFF.password, { origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(before.status).toBe(200);
    const device = deviceCookie(before);
    expect(device).not.toBeNull();
    const line = before.headers.getSetCookie().find((cookie) => cookie.startsWith(device!))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Path=\/api\/users\/login/i);
    expect(new Date(/Expires=([^;]+)/i.exec(line)![1]).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600_000);

    await guessFromFourAddresses();
    // More guesses from fresh addresses meet the human check now.
    for (let i = 0; i < 4; i++) expect((await login(`later guess ${i}`)).status).toBe(403);
    const started = performance.now();
    const known = await login(STAFF.password, { cookie: device! });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    // A tampered cookie, or one of another account, is no device of this one.
    await saveStaffUser(server.ctx.db, 'second@example.com', 'second long password');
    const second = deviceCookie(await login('second long password', {}, 'second@example.com'))!;
    for (const forged of [second, device!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))])
      expect((await login(STAFF.password, { cookie: forged })).status).toBe(403);
  });

  it('without that cookie the right password is asked for the human check, then signs in: never a 429 for 15 minutes', async () => {
    await saveStaffUser(server.ctx.db, 'target@example.com', 'target long password');
    await guessFromFourAddresses('target@example.com');
    const asked = await login('target long password', {}, 'target@example.com');
    expect(asked.status).toBe(403);
    expect(asked.body.errors[0]).toMatchObject({ name: 'CaptchaError', message: 'Complete the human check to sign in.' });
    // A wrong password with a human check is still wrong (and still counted); the proof is used up by it.
    const proof = await proofFor(server, SIGN_IN_CAPTCHA_ACTION);
    expect((await login('one more guess', { 'x-captcha-proof': proof }, 'target@example.com')).status).toBe(401);
    expect((await login('target long password', { 'x-captcha-proof': proof }, 'target@example.com')).status).toBe(403);
    // A proof of another action is no proof for signing in.
    expect(
      (await login('target long password', { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') }, 'target@example.com')).status,
    ).toBe(403);
    const signedIn = await login('target long password', { 'x-captcha-proof': await proofFor(server, SIGN_IN_CAPTCHA_ACTION) }, 'target@example.com');
    expect(signedIn.status).toBe(200);
    // Another account is not asked.
    await saveStaffUser(server.ctx.db, 'other@example.com', 'another long password');
    expect((await login('another long password', {}, 'other@example.com')).status).toBe(200);
  });
});

describe('behind two proxies (TRUST_PROXY=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 2, rateLimitPerMinute: 3 });
  });
  afterAll(() => server?.close());

  it('the client is the entry two hops from the right: what the client writes to its left buys no fresh budget', async () => {
    const send = (forwardedFor: string) => server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'x-forwarded-for': forwardedFor } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(`${freshAddress()}, 203.0.113.20, 10.0.0.${i + 1}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect((await send(`${freshAddress()}, 203.0.113.21, 10.0.0.9`)).status).toBe(201);
  });

  it('the protocol is the one the proxy reports: HTTPS makes the session cookie Secure and __Host-', async () => {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.30, 10.0.0.1', 'x-forwarded-proto': 'https' },
      body: JSON.stringify(STAFF),
    });
    const cookie = login.headers.getSetCookie().find((line) => line.includes('payload-token='))!;
    expect(cookie).toMatch(/^__Host-payload-token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe('the staff cookie when Secure (COOKIE_SECURE=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ cookieSecure: 'true' });
  });
  afterAll(() => server?.close());

  it('is __Host-payload-token; a plain payload-token cookie (which a sibling subdomain could plant) signs no one in', async () => {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const cookie = login.headers.getSetCookie().find((line) => line.includes('payload-token='))!;
    const [, name, token] = /^([^=]+)=([^;]+)/.exec(cookie)!;
    expect(name).toBe('__Host-payload-token');
    const me = (cookieName: string) => server.api('/api/users/me', { as: 'none', headers: { cookie: `${cookieName}=${token}` } });
    expect((await me('__Host-payload-token')).body.user.email).toBe(STAFF.email);
    expect((await me('payload-token')).body.user).toBeNull();
    const logout = await fetch(`${server.url}/api/users/logout`, { method: 'POST', headers: { cookie: `__Host-payload-token=${token}` } });
    expect(logout.headers.getSetCookie().some((line) => line.startsWith('__Host-payload-token=;'))).toBe(true);
  });
});

describe('a new password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  const create = (password: string, lang = 'en') =>
    server.api('/api/users', { as: 'staff', json: { email: `new${++address}@example.com`, password, role: 'viewer' }, headers: { 'accept-language': lang } });

  it("has at least 12 characters (ASVS 2.1.1), told in the admin's language naming the field", async () => {
    const short = await create('eleven char');
    expect(short.status).toBe(400);
    expect(errorPaths(short.body)).toEqual(['password']);
    expect(short.body.errors[0].data.errors[0].message).toBe('Enter a password of at least 12 characters.');
    const arabic = await create('eleven char', 'ar');
    expect(arabic.body.errors[0].data.errors[0].message).toBe('أدخل كلمة مرور من 12 حرفًا على الأقل.');
    expect((await create('twelve chars')).status).toBe(201);
  });

  it('is refused when it is on the list of common passwords shipped with the project, whatever its case', async () => {
    for (const common of ['qwerty123456', 'QWERTY123456', '1qaz2wsx3edc']) {
      const refused = await create(common, 'fr');
      expect(refused.status, common).toBe(400);
      expect(refused.body.errors[0].data.errors[0]).toMatchObject({ path: 'password', message: t('passwordTooCommon', 'fr') });
      expect(t('passwordTooCommon', 'fr')).toMatch(/^Ce mot de passe figure sur une liste de mots de passe courants/);
    }
    await expect(saveStaffUser(server.ctx.db, 'cli@example.com', 'qwerty123456')).rejects.toThrow('This password is on a list of common passwords');
    await expect(saveStaffUser(server.ctx.db, 'cli@example.com', 'short pw')).rejects.toThrow('at least 12 characters');
  });
});
