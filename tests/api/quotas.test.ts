// Forms that open, close and fill up (features/quotas), on the real server with test definitions
// (tests/support/quota-forms.ts): the places are exact when 20 guests send at once (PGlite here,
// PostgreSQL with two instances below), a venue's places are its own, and a form not open yet or
// closed refuses every create with a 403 naming the reason in the guest's language (Payload's error shape).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestServer, type TestServer } from '../support/server.ts';
import { buildWithQuotas, dohaFromNow } from '../support/quota-forms.ts';
import { startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';
import { countOf, DINING, diningAnswers, PADEL, RETAIL, retailAnswers } from './samples.ts';

const HOUR = 3600_000;

/** 20 guests sending at once, spread over the servers given; the statuses of their answers. */
async function race(servers: TestServer[], clients = 20): Promise<number[]> {
  const sends = Array.from({ length: clients }, (_, n) =>
    servers[n % servers.length].api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: `Race ${n}` }) }),
  );
  return (await Promise.all(sends)).map((answer) => answer.status);
}

const count = (statuses: number[], status: number) => statuses.filter((value) => value === status).length;

describe('a form with a limit, on the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      formsBuildDir: buildWithQuotas({
        'dining-survey': { maxResponses: 8 },
        'padel-survey': { closes: dohaFromNow(-HOUR) },
        'retail-survey': { opens: '2099-01-05T09:00' },
      }),
    });
  });
  afterAll(() => server?.close());

  it('stores exactly the 5 places left when 20 guests send at once; the others get 403 saying it is full', async () => {
    for (let n = 0; n < 3; n++) expect((await server.api(`/api/${DINING}`, { json: diningAnswers() })).status).toBe(201);
    const statuses = await race([server]);
    expect(count(statuses, 201)).toBe(5);
    expect(count(statuses, 403)).toBe(15);
    expect(await countOf(server, DINING)).toBe(8);
    const refused = await server.api(`/api/${DINING}?locale=ar`, { json: diningAnswers() });
    expect(refused).toMatchObject({
      status: 403,
      body: { errors: [{ name: 'FormUnavailable', message: 'شكرًا لك: لقد اكتمل عدد الإجابات التي يحتاجها هذا الاستبيان', data: { state: 'full' } }] },
    });
    expect((await server.api('/api/forms/dining-survey/availability')).body).toEqual({ state: 'full', limited: true });
  });

  it('refuses a create to a closed form with 403 before reading the answers, in the guest’s language', async () => {
    const closed = await server.api(`/api/${PADEL}?locale=ar`, { json: {} });
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ errors: [{ name: 'FormUnavailable', message: 'أُغلق هذا الاستبيان', data: { state: 'closed' } }] });
    expect(await countOf(server, PADEL)).toBe(0);
    expect((await server.api('/api/forms/padel-survey/availability')).body).toEqual({ state: 'closed', limited: true });
  });

  it('refuses a create to a form not open yet, saying when it opens', async () => {
    const early = await server.api(`/api/${RETAIL}`, { json: retailAnswers(9) });
    expect(early.status).toBe(403);
    expect(early.body.errors[0]).toMatchObject({
      name: 'FormUnavailable',
      message: 'This survey opens on 5 January 2099',
      data: { state: 'notYet', opens: '2099-01-05T06:00:00.000Z' },
    });
    expect((await server.api('/api/forms/retail-survey/availability')).body).toEqual({ state: 'notYet', opens: '2099-01-05T06:00:00.000Z', limited: true });
  });

  it('answers availability to the pages only, and 404 for a form it does not know', async () => {
    expect((await server.api('/api/forms/satisfaction-survey/availability')).body).toEqual({ state: 'open' });
    expect((await server.api('/api/forms/dining-survey/availability', { as: 'none' })).status).toBe(403);
    expect((await server.api('/api/forms/no-such-form/availability')).status).toBe(404);
  });
});

describe('the page of a closed form', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webDistDir: path.join(ROOT, 'dist'), formsBuildDir: buildWithQuotas({ 'padel-survey': { closes: dohaFromNow(-HOUR) } }) });
  });
  afterAll(() => server?.close());

  it('shows its title and says it has closed, in the guest’s language, with no form', async () => {
    const page = await (await fetch(`${server.url}/survey/padel?lang=ar`)).text();
    expect(page).toContain('صوتك يصنع تطوّرنا');
    expect(page).toContain('أُغلق هذا الاستبيان');
    expect(page).not.toMatch(/<form[\s>]/);
    const english = await (await fetch(`${server.url}/survey/padel`)).text();
    expect(english).toContain('Your Voice, Our Improvement');
    expect(english).toContain('This survey has closed');
  });

  it('posted without JavaScript: 403, the answers shown back with the reason, nothing stored', async () => {
    const answer = await fetch(`${server.url}/survey/padel`, {
      method: 'POST',
      body: new URLSearchParams([
        ['root_visit_frequency', 'weekly'],
        ['root_share_experience', 'Courts were great, keep them'],
      ]),
      redirect: 'manual',
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.status).toBe(403);
    const page = await answer.text();
    expect(page).toContain('This survey has closed');
    expect(page).toMatch(/<form[\s>]/);
    expect(page).toContain('Courts were great, keep them');
    expect(await countOf(server, PADEL)).toBe(0);
  });
});

describe('a form with a limit per venue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ formsBuildDir: buildWithQuotas({ 'dining-survey': { maxResponsesPerVenue: 2 } }) });
  });
  afterAll(() => server?.close());

  it('fills each venue on its own: a full venue refuses, another still takes answers', async () => {
    for (let n = 0; n < 2; n++) expect((await server.api(`/api/${DINING}`, { json: diningAnswers() })).status).toBe(201);
    const third = await server.api(`/api/${DINING}`, { json: diningAnswers() });
    expect(third.status).toBe(403);
    expect(third.body.errors[0].data).toEqual({ state: 'full' });
    expect((await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: 'Crazy Pizza' }) })).status).toBe(201);
    expect((await server.api('/api/forms/dining-survey/availability?venue=cova')).body).toEqual({ state: 'full', limited: true });
    expect((await server.api('/api/forms/dining-survey/availability?venue=crazy-pizza')).body).toEqual({ state: 'open', limited: true });
    expect((await server.api('/api/forms/dining-survey/availability')).body).toEqual({ state: 'open', limited: true });
    expect(await countOf(server, DINING)).toBe(3);
  });
});

describe('a form with a limit, two instances on one PostgreSQL', () => {
  let deployment: ServersOnPostgres;
  beforeAll(async () => {
    deployment = await startServersOnPostgres(2, { formsBuildDir: buildWithQuotas({ 'dining-survey': { maxResponses: 5 } }) });
  }, 120_000);
  afterAll(() => deployment?.close());

  it('stores exactly 5 when 20 guests send at once to both instances', async () => {
    const statuses = await race(deployment.servers);
    expect(count(statuses, 201)).toBe(5);
    expect(count(statuses, 403)).toBe(15);
    expect(await countOf(deployment.servers[1], DINING)).toBe(5);
  });
});
