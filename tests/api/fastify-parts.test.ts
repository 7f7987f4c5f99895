// The server stands on Fastify's own parts: its JSON parser (secure-json-parse refuses prototype
// poisoning, answered in our error shape naming the key), qs for Payload's bracket queries (what a
// Payload client's qs.stringify writes), JSON schemas on the routes (a bad parameter or header is a
// 400 naming it), @fastify/cookie's parser for the staff cookie, and fastify-plugin on every plugin.
import path from 'node:path';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_KEY, ROOT, STAFF, startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers, errorPaths } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function postRaw(pathname: string, body: string) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `users API-Key ${PUBLIC_KEY}`, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe("Fastify's JSON parser", () => {
  it('refuses a __proto__ key on any route with a 400 naming it, before the handler sees the body', async () => {
    const answer = await postRaw('/api/verify-captcha', '{"token":"x","action":"submit_form_loyalty_registration","__proto__":{"isAdmin":true}}');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ name: 'ValidationError' });
    expect(errorPaths(answer.body)).toEqual(['__proto__']);
  });

  it('names a poisoned key inside an answer, with every other wrong answer of the form', async () => {
    const body = JSON.stringify(diningAnswers({ meal_period: undefined })).replace(/^\{/, '{"constructor":{"prototype":{"x":1}},');
    const answer = await postRaw(`/api/${DINING}`, body);
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body).sort()).toEqual(['constructor', 'meal_period']);
  });

  it('still answers malformed JSON as Payload does', async () => {
    expect(await postRaw(`/api/${DINING}`, '{"a":')).toEqual({ status: 400, body: { errors: [{ message: 'Invalid JSON' }] } });
  });
});

describe('Payload-style queries read with qs', () => {
  it("answers the query a Payload client's qs.stringify writes (nested or/and, in lists, sort, limit)", async () => {
    const query = qs.stringify(
      { where: { or: [{ slug: { equals: 'cova' } }, { and: [{ slug: { in: ['twiga', 'russos'] } }, { name: { like: 'twi' } }] }] }, sort: '-slug', limit: 5 },
      { addQueryPrefix: true },
    );
    const answer = await server.api(`/api/restaurants${query}`);
    expect(answer.status).toBe(200);
    expect(answer.body.docs.map((doc: { slug: string }) => doc.slug)).toEqual(['twiga', 'cova']);
    expect(answer.body.limit).toBe(5);
  });
});

describe('route schemas', () => {
  it('a query parameter longer than any real one is a 400 naming it', async () => {
    const answer = await server.api(`/api/restaurants?locale=${'x'.repeat(100)}`);
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['locale']);
  });
  it('a human-check proof header longer than any proof is a 400 naming it, and nothing is stored', async () => {
    const answer = await server.api('/api/printemps-loyalty-registration', { json: {}, headers: { 'x-captcha-proof': 'p'.repeat(3000) } });
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['x-captcha-proof']);
  });
  it('a list where one value is expected is a 400 naming it', async () => {
    const answer = await server.api('/api/restaurants?sort=slug&sort=name');
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['sort']);
  });
});

/** Every route of the server as [method, path], read from Fastify's own route tree. */
function routesOf(tree: string): [string, string][] {
  const stack: string[] = [];
  const routes: [string, string][] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push([method, stack.join('')]);
  }
  return routes;
}

describe('every route has a JSON schema', () => {
  it('refuses an oversize credential header on every route with a 400 naming it (the headers schema of each route)', async () => {
    const routes = routesOf(server.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const sample = { ':slug': 'restaurants', ':id': '1', ':filename': 'x.png', ':file': 'signature.svg', '*': '/some/page' };
    for (const [method, route] of routes) {
      const url = route.replace(/:slug|:id|:filename|:file|\*/g, (part) => sample[part as keyof typeof sample]);
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: { authorization: `users API-Key ${'k'.repeat(9000)}`, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      const body = (await response.json()) as { errors: { data: { errors: { path: string }[] } }[] };
      expect([method, route, response.status], JSON.stringify(body)).toEqual([method, route, 400]);
      expect(errorPaths(body)).toEqual(['authorization']);
    }
  });
});

describe('the sign-in body schema', () => {
  it('refuses a password of 100,000 characters with a 400 naming it, before any hashing', async () => {
    const answer = await server.api('/api/users/login', { json: { email: STAFF.email, password: 'x'.repeat(100_000) }, as: 'none' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('password');
  });

  it('still answers a missing password in Payload words', async () => {
    const answer = await server.api('/api/users/login', { json: { email: STAFF.email }, as: 'none' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors[0]).toMatchObject({ path: 'password', message: 'This field is required.' });
  });
});

describe('cookies read by @fastify/cookie', () => {
  it('a staff cookie among others, written with spaces around "=", signs the staff member in', async () => {
    const token = await server.staffToken();
    const me = await fetch(`${server.url}/api/users/me`, { headers: { cookie: `theme=dark;payload-token = ${token}` } });
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(STAFF.email);
  });
});

describe('fastify-plugin', () => {
  it('wraps every plugin of core and of each feature, each with its name and the Fastify version it needs', async () => {
    // Every feature's plugins (the table app.ts registers) and core's own.
    const { FEATURES } = await import('../../src/server/features/index.ts');
    const core = await Promise.all(
      ['core/http/errors-plugin.ts', 'core/http/route-schemas-plugin.ts', 'core/http/security-headers.ts', 'core/db/database-plugin.ts'].map(
        async (file) => [file, (await import(path.join(ROOT, 'src/server', file))) as Record<string, unknown>] as const,
      ),
    );
    const plugins: [string, unknown][] = [
      ...FEATURES.flatMap((feature) => feature.plugins.map((plugin, index): [string, unknown] => [`${feature.name} #${index + 1}`, plugin])),
      ...core.flatMap(([file, module]) =>
        Object.entries(module)
          .filter(([name]) => /Plugin$/.test(name))
          .map(([name, value]): [string, unknown] => [`${file} ${name}`, value]),
      ),
    ];
    expect(plugins.length).toBeGreaterThanOrEqual(10);
    for (const [name, plugin] of plugins) {
      expect((plugin as Record<symbol, unknown>)[Symbol.for('plugin-meta')], name).toMatchObject({ fastify: '5.x', name: expect.any(String) });
    }
  });
});
