// Rate limits that hold: the client address comes from the configured number of trusted proxies,
// so rotating X-Forwarded-For buys nothing, and wrong passwords slow down one account from one
// address without locking out the right password from another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

const LIMIT = 5;
const random = () =>
  `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

async function createMany(server: TestServer, count: number, forwardedFor: () => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'x-forwarded-for': forwardedFor() } })).status);
  return statuses;
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, rateLimitPerMinute: LIMIT });
  });
  afterAll(() => server?.close());

  it('a client rotating the leftmost X-Forwarded-For is still counted by the address the proxy saw', async () => {
    const statuses = await createMany(server, LIMIT + 5, () => `${random()}, ${random()}, 203.0.113.7`);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT).every((status) => status === 429)).toBe(true);
    const refused = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'x-forwarded-for': `${random()}, 203.0.113.7` } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.errors[0].message).toMatch(/Too many requests/);
    // Another guest behind the same proxy is not affected.
    expect((await createMany(server, 1, () => '203.0.113.8'))[0]).toBe(201);
  });

  it('wrong passwords make one address wait for that account; the right password from another address still signs in', async () => {
    const login = (password: string, address: string) =>
      server.api('/api/users/login', { as: 'none', json: { email: STAFF.email, password }, headers: { 'x-forwarded-for': `${random()}, ${address}` } });
    for (let i = 0; i < 5; i++) expect((await login('wrong password', '198.51.100.1')).status).toBe(401);
    const waiting = await login(STAFF.password, '198.51.100.1');
    expect(waiting.status).toBe(429);
    const longer = await login('wrong password', '198.51.100.1');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(Number(waiting.headers.get('retry-after')));
    const elsewhere = await login(STAFF.password, '198.51.100.2');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.token).toEqual(expect.any(String));
  });

  it('at most 10 login attempts per address per minute, whichever accounts they try', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await server.api('/api/users/login', {
            as: 'none',
            json: { email: `guess${i}@example.com`, password: 'x' },
            headers: { 'x-forwarded-for': `${random()}, 198.51.100.9` },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('with no trusted proxy (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: LIMIT });
  });
  afterAll(() => server?.close());

  it('X-Forwarded-For is ignored: rotating it gets no fresh budget', async () => {
    const statuses = await createMany(server, LIMIT + 3, random);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });
});
