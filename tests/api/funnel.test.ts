// The response funnel (features/reach): a scripted set of scans, views, "started" beacons and
// submissions, read back from GET /api/insights/{form}/funnel with exact numbers; crawlers, beacons
// of pages never served, repeated beacons and beacons beyond the rate count nothing; another venue's
// manager sees none of it; wrong parameters are 400s naming them. The review ask: the same links for
// a "Poor" and an "Excellent" guest (no gating), through the counted /r/{venue}/{site}.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';
import { FUNNEL_START_PATH, VIEW_TIMING } from '../../src/engine/contract/reach.ts';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' };
const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
let server: TestServer;

beforeAll(async () => {
  // The built pages: the thank-you page of a post without JavaScript is their server render.
  server = await startTestServer({ webDistDir: path.join(import.meta.dirname, '../../dist') });
});
afterAll(() => server?.close());

const viewOf = (answer: Response) => new RegExp(`${VIEW_TIMING};desc="([^"]+)"`).exec(answer.headers.get('server-timing') ?? '')?.[1] ?? null;

async function open(pathname: string, headers = BROWSER): Promise<string | null> {
  const page = await fetch(`${server.url}${pathname}`, { headers });
  expect(page.status).toBe(200);
  await page.text();
  return viewOf(page);
}

async function scan(code: string, headers = BROWSER): Promise<string> {
  const answer = await fetch(`${server.url}/q/${code}`, { redirect: 'manual', headers });
  expect(answer.status).toBe(302);
  return answer.headers.get('location')!;
}

async function beacon(body: string, headers = BROWSER): Promise<void> {
  const answer = await fetch(`${server.url}${FUNNEL_START_PATH}`, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
  });
  expect(answer.status).toBe(204);
}

async function submit(view: string | null, overrides: Record<string, unknown> = {}) {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(overrides), headers: view ? { 'x-form-view': view } : {} });
  expect(created.status).toBe(201);
  return created.body;
}

const funnelOf = (query: string, as: Record<string, string> | 'staff' = 'staff') =>
  server.api(`/api/insights/dining-survey/funnel?${query}`, as === 'staff' ? { as } : { as: 'none', headers: as });

async function venueId(slug: string): Promise<number> {
  const { body } = await server.api(`/api/restaurants?where[slug][equals]=${slug}`);
  return body.docs[0].id;
}

describe('the response funnel', () => {
  it('counts the scripted scans, views, starts and submissions exactly; crawlers and stray beacons count nothing', async () => {
    const made = await server.api('/api/distribution-points', {
      method: 'POST',
      as: 'staff',
      json: { name: 'Cova, table 4', form: 'dining-survey', venue: 'cova', source: 'table' },
    });
    expect(made.status).toBe(201);
    const code = made.body.doc.code;
    // Two guests scan the card and open the page; a crawler follows the card too.
    const first = await open(await scan(code));
    const second = await open(await scan(code));
    await open(await scan(code, BOT), BOT);
    expect(await open('/survey/fnb/cova', BOT)).toBeNull();
    // One guest opens the page from a link (direct).
    const direct = await open('/survey/fnb/cova');
    expect([first, second, direct].every(Boolean)).toBe(true);
    // Both card guests start (the first page's beacon sent twice), the direct one never does; a made-up token and a crawler's beacon count nothing.
    await beacon(first!);
    await beacon(first!);
    await beacon(second!);
    await beacon('not-a-token');
    await beacon(`${direct!.slice(0, -2)}xx`);
    await beacon(direct!, BOT);
    // The first card guest sends; the direct guest sends too; the second gives up.
    await submit(first);
    await submit(direct);

    const bySource = await funnelOf('by=source&period=day');
    expect(bySource.status).toBe(200);
    expect(bySource.body.totals).toEqual([
      { key: 'direct', scans: 0, views: 1, started: 0, submitted: 1, reviewClicks: 0, startRate: 0, completionRate: 1 },
      { key: 'table', scans: 2, views: 2, started: 2, submitted: 1, reviewClicks: 0, startRate: 1, completionRate: 0.5 },
    ]);
    expect(bySource.body.rows).toHaveLength(2);
    expect(bySource.body.rows[0].start).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const byVenue = await funnelOf('by=venue&period=week');
    expect(byVenue.body.totals).toEqual([
      { key: 'cova', scans: 2, views: 3, started: 2, submitted: 2, reviewClicks: 0, startRate: 0.6667, completionRate: 0.6667 },
    ]);
    // A week starts on Sunday (Doha).
    expect(new Date(`${byVenue.body.rows[0].start}T00:00:00Z`).getUTCDay()).toBe(0);

    // Cova's manager sees it all; Crazy Pizza's none of it.
    const covaManager = await server.staffAs(['manager'], ['cova']);
    expect((await funnelOf('by=venue', covaManager)).body.totals).toEqual(byVenue.body.totals);
    const pizzaManager = await server.staffAs(['manager'], ['crazy-pizza']);
    const pizza = await funnelOf('by=source', pizzaManager);
    expect(pizza.status).toBe(200);
    expect(pizza.body.rows).toEqual([]);
    expect(pizza.body.totals).toEqual([]);
    // Someone who reads no submissions: refused.
    expect((await funnelOf('by=venue', await server.staffAs(['editor']))).status).toBe(403);
  });

  it('drops beacons beyond the rate without saying so', async () => {
    // A server of its own: its address's budget untouched by the other tests.
    const main = server;
    server = await startTestServer();
    try {
      const before = await funnelOf('by=venue&period=day');
      const tokens: string[] = [];
      for (let index = 0; index < 32; index++) tokens.push((await open('/survey/fnb/crazy-pizza'))!);
      for (const token of tokens) await beacon(token);
      const after = await funnelOf('by=venue&period=day');
      const started = (answer: typeof before) => answer.body.totals.find((row: { key: string }) => row.key === 'crazy-pizza')?.started ?? 0;
      // 30 a minute from one address (core/rate-limits.ts); the rest are dropped with the same 204.
      expect(started(after) - started(before)).toBe(30);
    } finally {
      await server.close();
      server = main;
    }
  });

  it.each([
    ['by=table', 'by'],
    ['period=month', 'period'],
    ['from=2026-02-30', 'from'],
    ['from=2026-05-02&to=2026-05-01', 'to'],
  ])('answers %s with a 400 naming %s', async (query, path) => {
    const refused = await funnelOf(query);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].data.errors).toEqual([expect.objectContaining({ path })]);
  });

  it('refuses an unknown form naming it', async () => {
    const refused = await server.api('/api/insights/no-such-form/funnel', { as: 'staff' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].data.errors[0].path).toBe('formId');
  });
});

describe('the review ask', () => {
  it('refuses a review address that is not https at save, naming the field', async () => {
    const id = await venueId('cova');
    const refused = await server.api(`/api/restaurants/${id}`, { method: 'PATCH', as: 'staff', json: { google_review_url: 'http://g.page/r/cova/review' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'google_review_url' })]);
  });

  it('offers a "Poor" and an "Excellent" guest the same links, counted on the way to the stored address', async () => {
    const id = await venueId('cova');
    const saved = await server.api(`/api/restaurants/${id}`, {
      method: 'PATCH',
      as: 'staff',
      json: { google_review_url: 'https://g.page/r/cova-test/review' },
    });
    expect(saved.status).toBe(200);
    const poor = await submit(await open('/survey/fnb/cova'), { rating_greeting: 'poor', rating_service: 'poor', rating_food: 'poor' });
    const excellent = await submit(await open('/survey/fnb/cova'), { rating_greeting: 'excellent', rating_service: 'excellent', rating_food: 'excellent' });
    expect(poor.reviewAsk).toEqual({
      title: 'Share your experience',
      links: [{ site: 'google', href: '/r/cova/google?form=dining-survey&source=direct', text: 'Share your experience on Google' }],
    });
    expect(excellent.reviewAsk).toEqual(poor.reviewAsk);

    const before = (await funnelOf('by=venue')).body.totals.find((row: { key: string }) => row.key === 'cova').reviewClicks;
    const click = await fetch(`${server.url}${poor.reviewAsk.links[0].href}`, { redirect: 'manual', headers: BROWSER });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://g.page/r/cova-test/review');
    // A crawler is sent on too, but not counted.
    expect((await fetch(`${server.url}${poor.reviewAsk.links[0].href}`, { redirect: 'manual', headers: BOT })).status).toBe(302);
    const after = (await funnelOf('by=venue')).body.totals.find((row: { key: string }) => row.key === 'cova').reviewClicks;
    expect(after - before).toBe(1);
  });

  it('offers the same links on the thank-you page of a post without JavaScript, in the page language, also when reloaded', async () => {
    // The Poor/Excellent test above saved Cova's Google address; the page is the dining survey at Cova, posted natively.
    const pairs = Object.entries(diningAnswers({ rating_food: 'poor' })).map(([name, value]) => [`root_${name}`, String(value)]);
    const posted = await fetch(`${server.url}/survey/fnb/cova?lang=ar`, {
      method: 'POST',
      body: new URLSearchParams(pairs),
      redirect: 'manual',
      headers: { ...BROWSER, origin: server.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(303);
    const thanks = posted.headers.get('location')!;
    for (let load = 0; load < 2; load++) {
      const html = await (await fetch(`${server.url}${thanks}`, { headers: BROWSER })).text();
      expect(html).toContain('class="thank-you"');
      expect(html).toContain('href="/r/cova/google?form=dining-survey&amp;source=direct"');
      expect(html).toContain('شارك تجربتك على Google');
    }
  });

  it('answers a site the venue has no address for, or an unknown venue, with a 404 page in the guest language', async () => {
    const none = await fetch(`${server.url}/r/cova/tripadvisor`, { redirect: 'manual', headers: { ...BROWSER, 'accept-language': 'ar' } });
    expect(none.status).toBe(404);
    const html = await none.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('رابط التقييم هذا غير مستخدم');
    expect((await fetch(`${server.url}/r/nowhere/google`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${server.url}/r/cova/yelp`, { redirect: 'manual' })).status).toBe(404);
  });
});
