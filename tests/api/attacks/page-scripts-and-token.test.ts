// Editors write restaurants' inline scripts; their hashes were in the one policy
// of every page, the console included, and /api/users/me (and login) answered the session token,
// so such a script could read it. Now a page allows only its own document's scripts, and no answer
// to a browser (cookie) request carries the token.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, STAFF, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const restaurants = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/seed/restaurants.json'), 'utf8')) as { slug: string; scripts: { type: string; content?: string }[] }[];
const policyOf = async (pathname: string) => (await fetch(`${server.url}${pathname}`)).headers.get('content-security-policy') ?? '';

describe("a restaurant's inline script", () => {
  it('is allowed on its own dining survey, and on no other page: not the console, not sign-in, not another restaurant', async () => {
    const tagged = restaurants.find((restaurant) => restaurant.scripts.some((script) => script.type === 'inline'))!;
    const other = restaurants.find((restaurant) => restaurant.slug !== tagged.slug)!;
    const hashes = tagged.scripts.filter((script) => script.type === 'inline').map((script) => `'sha256-${createHash('sha256').update(script.content!).digest('base64')}'`);
    expect(hashes.length).toBeGreaterThan(0);
    const own = await policyOf(`/survey/fnb/${tagged.slug}`);
    for (const hash of hashes) expect(own).toContain(hash);
    // The address as a guest types it (capitals) names the same restaurant, as the page finds it.
    for (const hash of hashes) expect(await policyOf(`/survey/fnb/${tagged.slug.toUpperCase()}`)).toContain(hash);
    for (const pathname of ['/staff', '/staff/users', '/login', '/login-success', '/', '/survey/fnb', `/survey/fnb/${other.slug}`, '/printemps/loyalty-registration']) {
      const policy = await policyOf(pathname);
      expect(policy, pathname).toMatch(/script-src 'self'/);
      for (const hash of hashes) expect(policy, pathname).not.toContain(hash);
    }
  });
});

describe('the session token', () => {
  const browserHeaders = () => ({ origin: server.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' });

  it('is not in the answer of a browser login (the HttpOnly cookie is the session), nor in /me asked with the cookie', async () => {
    const login = await fetch(`${server.url}/api/users/login`, { method: 'POST', headers: browserHeaders(), body: JSON.stringify(STAFF) });
    expect(login.status).toBe(200);
    const body = (await login.json()) as Record<string, unknown>;
    expect(body.user).toMatchObject({ email: STAFF.email });
    expect(body).not.toHaveProperty('token');
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('payload-token='))!;
    const token = /^payload-token=([^;]+)/.exec(cookie)![1];
    expect(cookie).toMatch(/HttpOnly/i);
    expect(JSON.stringify(body)).not.toContain(token);

    const me = await fetch(`${server.url}/api/users/me`, { headers: { ...browserHeaders(), cookie: `payload-token=${token}` } });
    const meBody = (await me.json()) as Record<string, unknown>;
    expect(meBody.user).toMatchObject({ email: STAFF.email });
    expect(JSON.stringify(meBody)).not.toContain(token);
    // Even a cookie sent without the browser's marks gets no token back.
    const plainCookie = (await (await fetch(`${server.url}/api/users/me`, { headers: { cookie: `payload-token=${token}` } })).json()) as Record<string, unknown>;
    expect(plainCookie.user).toMatchObject({ email: STAFF.email });
    expect(JSON.stringify(plainCookie)).not.toContain(token);
  });

  it('a Payload API client (no cookie, no browser) still gets it at login and sends it in the header', async () => {
    const login = await server.api('/api/users/login', { as: 'none', json: STAFF });
    expect(login.body.token).toEqual(expect.any(String));
    const me = await server.api('/api/users/me', { as: 'none', headers: { authorization: `JWT ${login.body.token}` } });
    expect(me.body.user.email).toBe(STAFF.email);
  });
});
