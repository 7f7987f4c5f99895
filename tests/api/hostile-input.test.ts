// One public request must not freeze the server, nothing outside a form is stored, and no bad
// input gets a 5xx: the answers a hostile or broken client gets, with the real server and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countOf, DINING, diningAnswers, errorPaths, IFLY, PADEL, padelAnswers, waiverAnswers } from './samples.ts';
import { ANSWERED_WHERE, REFUSED_WHERE } from './hostile-where.ts';

const MANAGEMENT = 'employee-responses-management';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** Sends a raw body as the pages would (public key), timing the answer. */
async function post(collection: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/${collection}`, {
    method: 'POST',
    headers: { authorization: 'users API-Key test-public-key', 'content-type': 'application/json', ...headers },
    body: body as BodyInit,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text), ms: performance.now() - started };
}

/** Another guest reading content the whole time; returns the slowest answer's time. */
function secondClient() {
  let running = true;
  const times: number[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/printemps-loyalty-registration-store`, { headers: { authorization: 'users API-Key test-public-key' } });
      await answer.text();
      expect(answer.status).toBe(200);
      times.push(performance.now() - started);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { answers: times.length, slowest: Math.max(...times) };
  };
}

describe('a huge list is refused on its length, at once', () => {
  const cases = [
    { collection: MANAGEMENT, field: 'training_needs', answers: { department: 'operations' }, item: 1 },
    { collection: PADEL, field: 'why_choose_us', answers: padelAnswers(), item: 1 },
    { collection: IFLY, field: 'dependents', answers: waiverAnswers(), item: {} },
  ];
  for (const { collection, field, answers, item } of cases) {
    it(`${field} with ~80,000 items: 400 naming ${field} in milliseconds, a bounded answer, another guest unhurt`, async () => {
      const before = await countOf(server, collection);
      const stop = secondClient();
      const body = JSON.stringify({ ...answers, [field]: Array(80_000).fill(item) });
      expect(body.length).toBeLessThan(256 * 1024);
      const answer = await post(collection, body);
      const other = await stop();
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)).toContain(field);
      expect(answer.body.errors[0].data.errors.find((error: { path: string }) => error.path === field).message).toMatch(/at most/);
      expect(answer.text.length).toBeLessThan(20_000);
      expect(answer.ms).toBeLessThan(1500);
      expect(other.answers).toBeGreaterThan(0);
      expect(other.slowest).toBeLessThan(1500);
      console.log(
        `${field} x 80,000: ${answer.status} in ${answer.ms.toFixed(0)} ms; second client ${other.answers} answers, slowest ${other.slowest.toFixed(0)} ms`,
      );
      expect(await countOf(server, collection)).toBe(before);
    });
  }

  it('a body over the size limit is 413 before it is read', async () => {
    const answer = await post(MANAGEMENT, JSON.stringify({ training_needs: Array(100_000).fill('leadership') }));
    expect(answer.status).toBe(413);
  });

  it('60,000 unknown answers: 400 with at most 50 named, a bounded body', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`x${index}`, 0]));
    const answer = await post(DINING, JSON.stringify({ ...diningAnswers(), ...unknown }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors.length).toBeLessThanOrEqual(50);
    expect(answer.text.length).toBeLessThan(20_000);
    expect(answer.ms).toBeLessThan(1500);
  });

  it('every list in every compiled contract is bounded', async () => {
    for (const form of server.ctx.registry.forms) {
      const unbounded: string[] = [];
      const walk = (node: unknown, at: string) => {
        if (!node || typeof node !== 'object') return;
        const schema = node as Record<string, unknown>;
        if (schema.type === 'array' && typeof schema.maxItems !== 'number') unbounded.push(at);
        for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`);
      };
      walk(form.compiled.schema, form.compiled.id);
      expect(unbounded).toEqual([]);
    }
  });
});

describe('nesting, encoding and duplicate answers', () => {
  for (const levels of [3_000, 100_000]) {
    it(`JSON nested ${levels} levels deep: 400 naming the answer, no stack overflow`, async () => {
      const body = `{"customer_comments":${'['.repeat(levels)}${']'.repeat(levels)}}`;
      const answer = await post(DINING, body);
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)[0]).toMatch(/^customer_comments/);
      expect(answer.ms).toBeLessThan(1500);
    });
  }

  it('an answer sent twice is refused, naming it', async () => {
    const valid = JSON.stringify(diningAnswers());
    const answer = await post(DINING, `${valid.slice(0, -1)},"meal_period":"lunch"}`);
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['meal_period']);
    expect(answer.body.errors[0].data.errors[0].message).toMatch(/twice/);
  });

  it('bytes that are not UTF-8 are refused', async () => {
    const answer = await post(DINING, Buffer.concat([Buffer.from('{"customer_comments":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]));
    expect(answer.status).toBe(400);
  });
});

describe('nothing outside a form is stored', () => {
  it('an answer with an empty name is a 400 naming "(empty name)", and nothing is stored', async () => {
    const before = await countOf(server, DINING);
    const answer = await server.api(`/api/${DINING}`, { json: { '': { anything: 1 }, ...diningAnswers() } });
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['']);
    expect(answer.body.errors[0].message).toContain('(empty name)');
    expect(await countOf(server, DINING)).toBe(before);
  });

  it('__proto__ and constructor answers are refused as not part of the form', async () => {
    const before = await countOf(server, DINING);
    const answer = await post(DINING, `{"__proto__":{"admin":true},"constructor":{"x":1},${JSON.stringify(diningAnswers()).slice(1)}`);
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body).sort()).toEqual(['__proto__', 'constructor']);
    expect(await countOf(server, DINING)).toBe(before);
  });

  for (const depth of ['abc', '-1', '1.5', '1e400']) {
    it(`?depth=${depth} is a 400 before anything is stored`, async () => {
      const before = await countOf(server, DINING);
      const answer = await server.api(`/api/${DINING}?depth=${depth}`, { json: diningAnswers() });
      expect(answer.status).toBe(400);
      expect(await countOf(server, DINING)).toBe(before);
    });
  }
});

describe('no 5xx from bad input', () => {
  const texts = { 'a lone surrogate': '\ud800 hello', 'a lone low surrogate': 'x\udc00', 'a null character': 'a\u0000b' };
  for (const [what, text] of Object.entries(texts)) {
    it(`${what} in a text answer is a 400 naming the answer`, async () => {
      const before = await countOf(server, DINING);
      const answer = await server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: text }) });
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)).toEqual(['customer_comments']);
      expect(answer.body.errors[0].data.errors[0].message).toMatch(/cannot be saved/);
      expect(await countOf(server, DINING)).toBe(before);
    });
  }

  it('a null character in an answer name or a repeated item is refused too', async () => {
    const inKey = await server.api(`/api/${DINING}`, { json: { ...diningAnswers(), 'bad\u0000key': 'x' } });
    expect(inKey.status).toBe(400);
    const inItem = await server.api(`/api/${IFLY}`, { json: waiverAnswers({ dependents: [{ name: 'Lina\u0000' }] }) });
    expect(inItem.status).toBe(400);
    expect(errorPaths(inItem.body)).toEqual(['dependents.0.name']);
  });

  it('an emoji (a whole surrogate pair) is kept', async () => {
    const answer = await server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'Lovely 🌴 terrace' }) });
    expect(answer.status).toBe(201);
    expect(answer.body.doc.customer_comments).toBe('Lovely 🌴 terrace');
  });

  it('a malformed payload-token cookie is no credential, on every route', async () => {
    const headers = { cookie: 'payload-token=%E0%A4%A' };
    const me = await server.api('/api/users/me', { as: 'none', headers });
    expect(me.status).toBe(200);
    expect(me.body.user).toBeNull();
    const content = await server.api('/api/printemps-loyalty-registration-store', { headers });
    expect(content.status).toBe(200);
    const page = await fetch(`${server.url}/`, { headers });
    expect(page.status).toBe(200);
  });

  for (const query of ['page=1e21', 'limit=1e21', 'page=99999999999', 'limit=-1', 'page=1.5']) {
    it(`?${query} is a 400, not a 500`, async () => {
      const answer = await server.api(`/api/${DINING}?${query}`, { as: 'staff' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].message).toMatch(/whole number/);
    });
  }

  it('the largest page and limit still answer', async () => {
    const answer = await server.api(`/api/${DINING}?page=2147483647&limit=2147483647`, { as: 'staff' });
    expect(answer.status).toBe(200);
    expect(answer.body.docs).toEqual([]);
  });
});

describe('no 5xx from a hostile where', () => {
  for (const { what, collection, query, parameter } of REFUSED_WHERE) {
    it(`${what}: a 400 naming ${parameter}, on the list and the count`, async () => {
      for (const route of ['', '/count']) {
        const answer = await server.api(`/api/${collection}${route}?${query}`, { as: 'staff' });
        expect(answer.status).toBe(400);
        expect(errorPaths(answer.body)).toEqual([parameter]);
        expect(answer.body.errors[0].data.errors[0].message).toContain(parameter);
      }
    });
  }

  for (const { what, collection, query } of ANSWERED_WHERE) {
    it(`${what}: answered, with no document`, async () => {
      const answer = await server.api(`/api/${collection}?${query}`, { as: 'staff' });
      expect(answer.status).toBe(200);
      expect(answer.body.docs).toEqual([]);
    });
  }

  it('the CSV export refuses a date out of range with a 400, not a stream cut short', async () => {
    const answer = await fetch(`${server.url}/api/${DINING}/export.csv?where[createdAt][greater_than]=99999-01-01`, {
      headers: { authorization: `JWT ${await server.staffToken()}` },
    });
    expect(answer.status).toBe(400);
    expect(errorPaths(await answer.json())).toEqual(['where[createdAt][greater_than]']);
  });
});

describe('a row id in an address that is not one', () => {
  // One rule for every route that takes a row's :id (src/server/core/http/row-id.ts): 1 to 9 digits, at least 1.
  // (A NUL in an address is refused before any route: unstorable-input.ts.)
  const notIds = ['abc', '0', '-1', '1.5', '1e3', '0x10', '1234567890', '%201'];
  const routes: [method: string, path: string, json?: unknown][] = [
    ['GET', `/api/${DINING}/:id`],
    ['GET', `/api/${DINING}/:id/followup`],
    ['PATCH', `/api/${DINING}/:id/followup`, { status: 'open' }],
    ['PATCH', '/api/restaurants/:id', { name: 'x' }],
    ['DELETE', '/api/restaurants/:id'],
    ['PATCH', '/api/alert-rules/:id', { name: 'x' }],
    ['DELETE', '/api/alert-rules/:id'],
    ['POST', '/api/alerts/:id/read'],
    ['POST', '/api/alert-deliveries/:id/resend'],
    ['GET', '/api/waivers/:id'],
    ['GET', `/api/waiver-copy/staff/${IFLY}/:id`],
  ];
  it.each(routes)('%s %s answers 404 Not Found to staff', async (method, path, json) => {
    for (const id of notIds) {
      const answer = await server.api(path.replace(':id', id), { method, as: 'staff', ...(json ? { json } : {}) });
      expect(answer.status, `${method} ${path.replace(':id', id)}`).toBe(404);
      expect(answer.body.errors?.[0]?.message, `${method} ${path.replace(':id', id)}`).toMatch(/not found/i);
    }
  });
});
