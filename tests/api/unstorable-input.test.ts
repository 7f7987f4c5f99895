// Text PostgreSQL cannot store or compare (a null character, half of a UTF-16 surrogate pair) and
// malformed percent-encoding, in every route parameter, query string and JSON body of EVERY route
// the server registers: never a 5xx; an API route's parameter is a 400 naming it, a page address a
// 404 (core/http/unstorable-input.ts). The real server, with the built pages and their render.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, STAFF, startTestServer, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { signStaffToken } from '../../src/server/core/access/jwt.ts';
import { startResponsesStandIn, type ResponsesStandIn } from '../support/responses-standin.ts';
import { DINING, diningAnswers, errorPaths } from './samples.ts';

let server: TestServer;
let assistant: ResponsesStandIn;
let account: { id: number; email: string };
/** A new token for each request: the walk signs out too (POST /api/users/logout revokes the token it was sent with). */
const staff = () => ({ authorization: `JWT ${signStaffToken(account, server.ctx.jwtSecret).token}` });

interface Route {
  method: string;
  url: string;
}

/** Every route with its methods, from Fastify's own table (printRoutes draws it as a tree: a line's depth is its indent). */
function registeredRoutes(app: TestServer['app']): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const url = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** The route's address with each parameter (and a wildcard) given `value`, or `value` in one of them only. */
function address(url: string, value: string, only?: string): string {
  return url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => (only === undefined || (name ?? '*') === only ? value : '1'));
}
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');

const HOSTILE_PATHS = { 'a null character': 'a%00b', 'a lone surrogate (UTF-8 of U+D800)': '%ED%A0%80', 'a cut-off sequence': '%E0%A4%A' };
const HOSTILE_QUERIES = {
  'a null character': { query: 'note=a%00b', name: 'note' },
  'a null character in a name': { query: 'a%00b=1', name: 'a\uFFFDb' },
  'a null character in a where': { query: 'where[note][equals]=%00', name: 'where[note][equals]' },
  'a lone surrogate (UTF-8 of U+D800)': { query: 'note=%ED%A0%80', name: null },
  'a cut-off sequence': { query: 'note=%E0%A4%A', name: null },
};
const HOSTILE_BODIES = { 'a null character': '{"note":"a\\u0000b"}', 'a lone surrogate': '{"note":"\\ud800"}', 'a null character in a key': '{"a\\u0000b":1}' };

async function send(route: Route, url: string, body?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method: route.method,
    headers: { ...staff(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
    redirect: 'manual',
  });
  const text = await response.text().catch((error: Error) => `(body unreadable: ${error.message})`);
  let json: { errors?: { data?: { errors?: { path: string }[] } }[] } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, text, json };
}

let routes: Route[];

/** The walk is long (every route, several requests each): a few at a time, with time for a loaded machine. */
const WALK_MS = 300_000;
async function walk<T>(items: T[], visit: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await visit(item);
    }),
  );
}

beforeAll(async () => {
  // Every feature configured (the chat's assistant too), so each route reaches its own code.
  assistant = await startResponsesStandIn();
  server = await startTestServer({
    webDistDir: path.join(ROOT, 'dist'),
    assistant: { apiKey: assistant.key, baseUrl: assistant.url, model: 'gpt-standin', promptId: null, vectorStoreIds: [], instructions: null },
  });
  account = await saveStaffUser(server.ctx.db, 'walker@example.com', STAFF.password, ['admin', 'compliance', 'editor']);
  routes = registeredRoutes(server.app);
});
afterAll(async () => {
  await server?.close();
  await assistant?.close();
});

describe('every registered route', () => {
  it('the route table is read whole (the API, the pages and the page posts)', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const known of [
      'GET /api/privacy/search',
      'PATCH /api/:slug/:id/followup',
      'PUT /api/privacy/holds/:id',
      'POST /api/waiver-copy/verify',
      'GET /survey/fnb/:restaurantName',
      'GET /survey/padel/thank-you',
      'GET /*',
    ]) {
      expect(urls).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(100);
  });

  it(
    'a hostile route parameter: an API route answers 400 naming it, a page 404, never a 5xx',
    async () => {
      const failures: string[] = [];
      await walk(routes, async (route) => {
        for (const name of paramsOf(route.url)) {
          for (const [what, value] of Object.entries(HOSTILE_PATHS)) {
            const url = address(route.url, value, name);
            const answer = await send(route, url);
            const api = url.startsWith('/api/');
            const named = route.method === 'HEAD' || answer.json?.errors?.[0]?.data?.errors?.some((error) => error.path === name);
            // A malformed address is no route's parameter: refused before routing, the address named.
            const expected = api ? answer.status === 400 && (named || what === 'a cut-off sequence' || what.startsWith('a lone')) : answer.status === 404;
            if (!expected) failures.push(`${route.method} ${url} (${what}): ${answer.status} ${answer.text.slice(0, 120)}`);
          }
        }
      });
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'a hostile query string: an API route answers 400 naming the parameter (a page 404), and a malformed one is no 5xx',
    async () => {
      const failures: string[] = [];
      await walk(routes, async (route) => {
        for (const [what, { query, name }] of Object.entries(HOSTILE_QUERIES)) {
          const url = `${address(route.url, '1')}?${query}`;
          const answer = await send(route, url);
          const ok =
            name === null
              ? answer.status < 500
              : url.startsWith('/api/')
                ? answer.status === 400 && (route.method === 'HEAD' || answer.json?.errors?.[0]?.data?.errors?.some((error) => error.path === name))
                : answer.status === 404;
          if (!ok) failures.push(`${route.method} ${url} (${what}): ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      });
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'a hostile JSON body: a 400 naming the field wherever a body is read, never a 5xx',
    async () => {
      const failures: string[] = [];
      await walk(
        routes.filter((candidate) => !['GET', 'HEAD'].includes(candidate.method)),
        async (route) => {
          for (const [what, body] of Object.entries(HOSTILE_BODIES)) {
            const url = address(route.url, '1');
            const answer = await send(route, url, body);
            const field = what.endsWith('a key') ? 'a\uFFFDb' : 'note';
            const named = answer.json?.errors?.[0]?.data?.errors?.some((error) => error.path === field);
            // Routes refusing the caller or the content type before they read a body (a page's post takes no JSON) are no 5xx either.
            if (answer.status >= 500 || (answer.status === 400 && !named) || answer.status < 400)
              failures.push(`${route.method} ${url} (${what}): ${answer.status} ${answer.text.slice(0, 120)}`);
          }
        },
      );
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );
});

describe("the review's requests", () => {
  let id: number;
  beforeAll(async () => {
    id = (await server.api(`/api/${DINING}`, { json: diningAnswers() })).body.doc.id;
  });

  it('the public pages: 404, not 500', async () => {
    for (const url of ['/survey/padel/thank-you?reference=%00', '/survey/fnb/%00', '/survey/fnb/%ED%A0%80', '/survey/fnb/%E0%A4%A']) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
    }
  });

  it('staff requests: 400 naming the parameter, nothing stored', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/privacy/search?email=a%00b@c.de', undefined, 'email'],
      ['GET', '/api/insights/dining-survey/comments?group=%00', undefined, 'group'],
      ['PATCH', `/api/${DINING}/${id}/followup`, { note: 'a\u0000b' }, 'note'],
      ['PATCH', `/api/${DINING}/${id}/followup`, { note: 'a\ud800b' }, 'note'],
      ['PATCH', `/api/${DINING}/${id}/followup`, { state: 'resolved', outcome: 'recovered', outcomeNote: 'a\u0000b' }, 'outcomeNote'],
      ['PUT', `/api/privacy/holds/${id}`, { reason: 'a\u0000b' }, 'reason'],
      ['POST', '/api/waiver-copy/verify', { reference: 'a\u0000b' }, 'reference'],
      ['POST', '/api/users/login', { email: 'a\u0000b@c.de', password: 'x' }, 'email'],
    ];
    for (const [method, url, json, name] of cases) {
      const answer = await server.api(url, { method, json, as: 'none', headers: staff() });
      expect(answer.status, url).toBe(400);
      expect(errorPaths(answer.body), url).toEqual([name]);
    }
    const followUp = await server.api(`/api/${DINING}/${id}/followup`, { as: 'none', headers: staff() });
    expect(followUp.status, JSON.stringify(followUp.body)).toBe(200);
    expect(followUp.body.notes).toEqual([]);
  });
});
