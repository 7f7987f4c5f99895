// The render cache was keyed on the whole URL, so any query string forced a fresh
// server render (an easy way to keep the server busy). Renders are kept per page (path and the
// parameters it reads) and only a few may wait.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestServer, type TestServer } from '../../support/server.ts';

const DIST = path.join(ROOT, 'dist');
let server: TestServer;
beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'server', 'render-page.js'))) throw new Error('Run npm run build first: these tests need the built pages.');
  server = await startTestServer({ webDistDir: DIST });
});
afterAll(() => server?.close());

const page = async (address: string) => {
  const response = await fetch(`${server.url}${address}`);
  expect(response.status, address).toBe(200);
  return response.text();
};
/** One GET on its own socket, written at once. */
function rawPage(address: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${address}`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${address}: HTTP ${response.statusCode}`))));
    });
    request.on('error', reject);
  });
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('the server render of a page', () => {
  it('is kept per page: parameters the page does not read give no fresh render; ?lang= (read) does', async () => {
    expect(titleOf(await page('/survey/fnb/twiga'))).toContain('Twiga');
    // Renamed behind the render cache's back: only a fresh render shows it.
    await server.ctx.db.query(
      `UPDATE documents SET data = jsonb_set(data, '{name}', '"Twiga Terrace"') WHERE collection = 'restaurants' AND data->>'slug' = 'twiga'`,
    );
    for (const junk of ['?utm_source=x', '?a=1&b=2', '?nocache=12345', '?z=9&y']) {
      const title = titleOf(await page(`/survey/fnb/twiga${junk}`));
      expect(title, junk).toContain('Twiga');
      expect(title, junk).not.toContain('Twiga Terrace');
    }
    expect(titleOf(await page('/survey/fnb/twiga?lang=ar'))).toContain('Twiga Terrace');
  });

  it('is made for only a few new addresses at once: past 2 rendering and 8 waiting, a burst is answered at once with the page the browser renders', async () => {
    // The database held by one transaction: every render waits on its first API read, so none finishes during the burst.
    let release!: () => void;
    let holding!: () => void;
    const inTransaction = new Promise<void>((resolve) => (holding = resolve));
    const held = server.ctx.db.transaction(async () => {
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await inTransaction;
    let answeredWhileHeld = 0;
    let thirty!: () => void;
    const thirtyAnswered = new Promise<void>((resolve) => (thirty = resolve));
    // Sent on 40 sockets at once (no connection pool in between), as a burst from many clients arrives.
    const pages = Array.from({ length: 40 }, (_, i) =>
      rawPage(`/printemps/loyalty-registration?store=burst-${i}`).then((html) => {
        if (++answeredWhileHeld === 30) thirty();
        return html;
      }),
    );
    // Without a bound nothing is answered until the database is free: give up waiting after 15 s.
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, 15_000).unref());
    await Promise.race([thirtyAnswered, deadline]);
    const beforeRelease = answeredWhileHeld;
    release();
    await held;
    const bodies = await Promise.all(pages);
    expect(beforeRelease).toBe(30);
    expect(bodies.filter((html) => html.includes('data-ssr'))).toHaveLength(10);
    for (const html of bodies.filter((body) => !body.includes('data-ssr'))) expect(html).toContain('<div id="root"></div>');
    // Once the burst is over, a new address is rendered again.
    expect(await page('/printemps/loyalty-registration?store=after-the-burst')).toContain('data-ssr');
  }, 30_000);
});
