// Editors write restaurants' inline scripts. Their hashes were once in the policy of every page,
// the console included, then in their own dining survey's, where they ran with a signed-in admin's
// cookie. Now no page's policy allows any content script: they run in the sandboxed frame of their
// page (tests/e2e/page-scripts-sandbox.test.ts shows it in the browser). And no answer to a browser
// (cookie) request carries the session token.
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

const restaurants = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/seed/restaurants.json'), 'utf8')) as {
  slug: string;
  scripts: { type: string; content?: string }[];
}[];
const hashOf = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
const policyOf = async (pathname: string) => (await fetch(`${server.url}${pathname}`)).headers.get('content-security-policy') ?? '';

describe("a restaurant's inline script", () => {
  it('is allowed by no page: not its own dining survey, not the console, not sign-in, not another restaurant', async () => {
    const tagged = restaurants.find((restaurant) => restaurant.scripts.some((script) => script.type === 'inline'))!;
    const other = restaurants.find((restaurant) => restaurant.slug !== tagged.slug)!;
    const hashes = tagged.scripts.filter((script) => script.type === 'inline').map((script) => hashOf(script.content!));
    expect(hashes.length).toBeGreaterThan(0);
    for (const pathname of [
      `/survey/fnb/${tagged.slug}`,
      `/survey/fnb/${tagged.slug.toUpperCase()}`,
      '/staff',
      '/staff/users',
      '/login',
      '/login-success',
      '/',
      '/survey/fnb',
      `/survey/fnb/${other.slug}`,
      '/printemps/loyalty-registration',
    ]) {
      const policy = await policyOf(pathname);
      expect(policy, pathname).toMatch(/script-src 'self'(;| https:)/);
      const scripts = /script-src [^;]*/.exec(policy)?.[0] ?? '';
      expect(scripts, pathname).not.toMatch(/'sha256-|'unsafe-inline'|'nonce-/);
      expect(policy, pathname).not.toContain("'sha256-");
    }
  });

  it("runs in its page's frame: a sandbox without allow-same-origin, its scripts allowed there by sha256 and by origin", async () => {
    const tagged = restaurants.find((restaurant) => restaurant.scripts.some((script) => script.type === 'inline'))!;
    for (const pathname of [`/page-scripts/survey/fnb/${tagged.slug}`, `/page-scripts/survey/fnb/${tagged.slug.toUpperCase()}`]) {
      const answer = await fetch(`${server.url}${pathname}`);
      expect(answer.status).toBe(200);
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy.split('; ')[0]).toBe('sandbox allow-scripts');
      expect(policy).not.toContain('allow-same-origin');
      for (const script of tagged.scripts.filter((s) => s.type === 'inline')) {
        expect(policy).toContain(hashOf(script.content!));
        expect(await answer.clone().text()).toContain(`<script>${script.content}</script>`);
      }
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
    // An external tag given as a path of this site is allowed by this site's origin, and loaded from the frame.
    const cova = await fetch(`${server.url}/page-scripts/survey/fnb/cova`);
    expect(cova.headers.get('content-security-policy')).toContain(`script-src ${server.url};`);
    expect(await cova.text()).toContain('<script src="/assets/restaurant-tag.js" async></script>');
    // Any other address is an empty frame that allows no script.
    for (const pathname of ['/page-scripts/staff', '/page-scripts/survey/fnb/no-such-place', '/page-scripts/', '/page-scripts/survey/fnb/%E0%A4%A']) {
      const answer = await fetch(`${server.url}${pathname}`);
      expect(answer.status, pathname).toBeLessThan(500);
      if (answer.status === 200) {
        expect(answer.headers.get('content-security-policy'), pathname).toContain("script-src 'none'");
        expect(await answer.text(), pathname).not.toContain('<script');
      }
    }
  });

  it('an external script is an https address or a path of this site (others refused at save), and no inline one can end its element', async () => {
    const editor = await server.staffAs(['editor']);
    const twiga = (await server.api('/api/restaurants?where[slug][equals]=twiga')).body.docs[0];
    // Refused at save, naming each: plain http, and an address without a scheme.
    const refused = await server.api(`/api/restaurants/${twiga.id}`, {
      method: 'PATCH',
      as: 'none',
      headers: editor,
      json: {
        scripts: [
          { type: 'external', src: 'http://plain.example/tag.js' },
          { type: 'external', src: '//protocol-relative.example/tag.js' },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual(['scripts.0.src', 'scripts.1.src']);
    const scripts = [
      { type: 'external', src: 'https://tags.example/tag.js', async: true },
      { type: 'inline', content: 'window.a = "</script><script>alert(1)</script>";' },
      { type: 'inline', content: 'window.ok = 1;' },
    ];
    const saved = await server.api(`/api/restaurants/${twiga.id}`, { method: 'PATCH', as: 'none', headers: editor, json: { scripts } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const answer = await fetch(`${server.url}/page-scripts/survey/fnb/twiga`);
    const html = await answer.text();
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(html).toContain('<script src="https://tags.example/tag.js" async></script>');
    expect(html).toContain('<script>window.ok = 1;</script>');
    expect(html).not.toMatch(/plain\.example|protocol-relative|alert\(1\)/);
    expect(policy).toContain('https://tags.example');
    expect(policy).toContain(hashOf('window.ok = 1;'));
    expect(policy).not.toMatch(/plain\.example|protocol-relative/);
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
    const plainCookie = (await (await fetch(`${server.url}/api/users/me`, { headers: { cookie: `payload-token=${token}` } })).json()) as Record<
      string,
      unknown
    >;
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
