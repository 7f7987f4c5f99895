import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_KEY, STAFF, startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers, LOYALTY, STORES } from './samples.ts';

let server: TestServer;
let submissionId: number;
const FORBIDDEN = { errors: [{ message: 'You are not allowed to perform this action.' }] };

beforeAll(async () => {
  server = await startTestServer();
  submissionId = (await server.api(`/api/${DINING}`, { json: diningAnswers() })).body.doc.id;
});
afterAll(() => server?.close());

describe('the public key the pages carry', () => {
  it('cannot read submissions back, listed, counted or by id (even ids that do not exist)', async () => {
    for (const pathname of [`/api/${DINING}`, `/api/${DINING}/count`, `/api/${DINING}/${submissionId}`, `/api/${DINING}/999999`, `/api/${LOYALTY}`]) {
      const answer = await server.api(pathname);
      expect(answer.status, pathname).toBe(403);
      expect(answer.body).toEqual(FORBIDDEN);
    }
  });

  it('can read stores, restaurants and the page content', async () => {
    const stores = await server.api(`/api/${STORES}?limit=1000`);
    expect(stores.status).toBe(200);
    expect(stores.body.docs.map((store: { slug: string }) => store.slug).sort()).toEqual(['doha', 'place-vendome']);
    expect(stores.body.docs[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await server.api('/api/restaurants')).status).toBe(200);
    expect((await server.api('/api/globals/page-content')).status).toBe(200);
  });

  it('cannot create content', async () => {
    expect((await server.api(`/api/${STORES}`, { json: { name: 'Fake', slug: 'fake' } })).status).toBe(403);
  });
});

describe('a call without a valid key', () => {
  it('is anonymous and refused everything, submitting included', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'users API-Key wrong-key' },
      { authorization: 'JWT not.a.token' },
      { authorization: `Users API-Key ${PUBLIC_KEY}` },
    ];
    for (const headers of attempts) {
      const list = await server.api('/api/restaurants', { as: 'none', headers });
      expect(list.status).toBe(403);
      expect(list.body).toEqual(FORBIDDEN);
      expect((await server.api(`/api/${DINING}`, { as: 'none', headers, json: diningAnswers() })).status).toBe(403);
      expect((await server.api('/api/globals/page-content', { as: 'none', headers })).status).toBe(403);
    }
  });
});

describe('staff', () => {
  it('log in, get a token and an HttpOnly cookie, and read every collection', async () => {
    const login = await server.api('/api/users/login', { as: 'none', json: STAFF });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ message: 'Authentication Passed', token: expect.any(String), exp: expect.any(Number), user: { email: STAFF.email } });
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('payload-token=')) ?? '';
    expect(cookie).toMatch(/^payload-token=[^;]+;/);
    for (const attribute of [/; Expires=[^;]+/, /; Path=\/(;|$)/, /; HttpOnly(;|$)/, /; SameSite=Lax(;|$)/]) expect(cookie).toMatch(attribute);
    expect(cookie).not.toMatch(/Secure/); // COOKIE_SECURE=auto over plain HTTP

    for (const authorization of [`JWT ${login.body.token}`, `Bearer ${login.body.token}`]) {
      const read = await server.api(`/api/${DINING}/${submissionId}`, { as: 'none', headers: { authorization } });
      expect(read.status).toBe(200);
    }
    const byCookie = await server.api(`/api/${DINING}?limit=1`, { as: 'none', headers: { cookie: `payload-token=${login.body.token}` } });
    expect(byCookie.status).toBe(200);
    expect(Object.keys(byCookie.body)).toEqual([
      'docs',
      'totalDocs',
      'limit',
      'totalPages',
      'page',
      'pagingCounter',
      'hasPrevPage',
      'hasNextPage',
      'prevPage',
      'nextPage',
    ]);
    // A cookie sent by another site's page does not count (CSRF).
    const crossSite = await server.api(`/api/${DINING}`, {
      as: 'none',
      headers: { cookie: `payload-token=${login.body.token}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);

    const me = await server.api('/api/users/me', { as: 'staff' });
    expect(me.body).toMatchObject({ user: { email: STAFF.email }, message: 'Account' });
    expect((await server.api('/api/users/me')).body).toEqual({ user: null, message: 'Account' });
  });

  it('with a wrong password are told so, without saying which part was wrong', async () => {
    for (const credentials of [
      { ...STAFF, password: 'wrong password' },
      { email: 'nobody@example.com', password: STAFF.password },
    ]) {
      const answer = await server.api('/api/users/login', { as: 'none', json: credentials });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ errors: [{ message: 'The email or password provided is incorrect.' }] });
    }
  });

  it('see a missing document as Not Found', async () => {
    const answer = await server.api(`/api/${DINING}/999999`, { as: 'staff' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ errors: [{ message: 'Not Found' }] });
  });
});

describe('routes that do not exist', () => {
  it('answer like Payload: 404 with the path', async () => {
    expect(await server.api('/api/no-such-collection')).toMatchObject({ status: 404, body: { message: 'Route not found "/api/no-such-collection"' } });
    expect(await server.api('/api/globals/no-such-global')).toMatchObject({ status: 404, body: { message: 'Route not found "/api/globals/no-such-global"' } });
    expect((await server.api('/api/restaurants/1', { method: 'PUT', json: {} })).status).toBe(404);
  });
});

describe('a network sending too many submissions', () => {
  it('is slowed down with 429 after the per-minute budget', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) statuses.push((await limited.api(`/api/${DINING}`, { json: diningAnswers() })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await limited.api('/api/restaurants')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
