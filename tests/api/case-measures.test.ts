// The case measures on the real server and PGlite, from data made through the real endpoints: Poor
// dining surveys at Cova and Twiga fall under a second-long first-response policy; some are replied
// to (on time), one is left until its first response is overdue, two are resolved (one recovered).
// GET /api/insights/cases counts per venue and week the cases opened, the median time to the first
// response, the shares answered and resolved within the policy and the recovery rate; a manager
// reads only its venue's; the console home's "Cases" headline says the same for the caller's venues;
// bad parameters are a 400 naming them, in the caller's language; no staff right, a 403.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dohaToday } from '../../src/server/features/insights/insight-request.ts';
import type { CaseMeasuresAnswer } from '../../src/engine/contract/case-measures.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
let cova: Record<string, string>;
let twiga: Record<string, string>;
let counter = 0;
/** Each case's milliseconds from its submission to its reply, by venue. */
const firstResponses: Record<string, number[]> = { cova: [], twiga: [] };

async function poorSurvey(restaurant: string, answers: Record<string, unknown> = {}) {
  const created = await server.api(`/api/${DINING}?locale=en`, {
    json: diningAnswers({ visited_restaurant: restaurant, rating_food: 'poor', email_address: `measured-${++counter}@example.com`, ...answers }),
  });
  expect(created.status).toBe(201);
  return created.body.doc as { id: number; createdAt: string };
}
async function reply(doc: { id: number; createdAt: string }, venue: string, as: Record<string, string>) {
  const sent = await server.api(`/api/${DINING}/${doc.id}/messages`, {
    method: 'POST',
    json: { text: 'We are sorry. Could you tell us more?' },
    as: 'none',
    headers: as,
  });
  expect(sent.status).toBe(201);
  firstResponses[venue].push(Date.parse(sent.body.createdAt) - Date.parse(doc.createdAt));
}
const resolve = async (id: number, outcome: string) =>
  expect((await server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json: { state: 'resolved', outcome }, as: 'none', headers: cova })).status).toBe(
    200,
  );
const measures = async (query = '', headers?: Record<string, string>) => {
  const answer = await server.api(`/api/insights/cases${query}`, headers ? { as: 'none', headers } : { as: 'staff' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as CaseMeasuresAnswer;
};
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** This week's first day in Doha (weeks start on Sunday). */
const thisWeek = () => {
  const today = Date.parse(`${dohaToday()}T00:00:00Z`);
  return new Date(today - new Date(today).getUTCDay() * 86_400_000).toISOString().slice(0, 10);
};

beforeAll(async () => {
  server = await startTestServer();
  // Only this file's policy applies: the seeded ones (24 hours and more) are switched off.
  const seeded = await server.api('/api/case-policies?limit=100', { as: 'staff' });
  for (const doc of seeded.body.docs)
    expect((await server.api(`/api/case-policies/${doc.id}`, { method: 'PATCH', json: { enabled: false }, as: 'staff' })).status).toBe(200);
  const policy = await server.api('/api/case-policies', {
    method: 'POST',
    json: {
      enabled: true,
      name: 'Poor food, answered within two seconds',
      form: 'dining-survey',
      condition: JSON.stringify({ field: 'rating_food', equals: 'poor' }),
      first_response: 'PT2S',
      resolve: 'PT1H',
      escalation: JSON.stringify([{ at: 'due', notify: 'managers' }]),
    },
    as: 'staff',
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  cova = await server.staffAs(['manager'], ['cova']);
  twiga = await server.staffAs(['manager'], ['twiga']);

  const recovered = await poorSurvey('Cova');
  const lost = await poorSurvey('Cova');
  const late = await poorSurvey('Cova');
  const open = await poorSurvey('Twiga');
  // A good survey is no case (no policy matched, nobody replied).
  const good = await server.api(`/api/${DINING}?locale=en`, { json: diningAnswers({ visited_restaurant: 'Cova', email_address: 'fine@example.com' }) });
  expect(good.status).toBe(201);
  await reply(recovered, 'cova', cova);
  await reply(lost, 'cova', cova);
  await reply(open, 'twiga', twiga);
  await resolve(recovered.id, 'recovered');
  await resolve(lost.id, 'not-recovered');
  // The late case's first response is due two seconds after it came: wait for the server to count it overdue.
  const lateDue = await server.api(`/api/${DINING}/${late.id}/followup`, { as: 'none', headers: cova });
  expect(lateDue.body.clock.firstResponse.metAt).toBeNull();
  await vi.waitFor(async () => expect((await measures('', cova)).overall.firstResponseDecided).toBe(3), { timeout: 15_000, interval: 250 });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/insights/cases', () => {
  it('per venue and week: cases opened, median first response, shares within the policy, recovery rate', async () => {
    const answer = await measures('?form=dining-survey');
    expect(answer.form).toBe('dining-survey');
    const week = thisWeek();
    expect(answer.rows.map((row) => [row.venue, row.start])).toEqual([
      ['cova', week],
      ['twiga', week],
    ]);
    const byVenue = Object.fromEntries(answer.totals.map(({ venue, ...figures }) => [venue, figures]));
    expect(byVenue.cova).toMatchObject({
      opened: 3,
      responded: 2,
      firstResponseDecided: 3,
      answeredOnTime: 2,
      answeredWithinPolicy: 0.6667,
      resolveDecided: 2,
      resolvedOnTime: 2,
      resolvedWithinPolicy: 1,
      resolvedWithReply: 2,
      recovered: 1,
      recoveryRate: 0.5,
    });
    expect(Math.abs(byVenue.cova.medianFirstResponseMs! - median(firstResponses.cova))).toBeLessThanOrEqual(2);
    expect(byVenue.twiga).toMatchObject({
      opened: 1,
      responded: 1,
      answeredWithinPolicy: 1,
      resolveDecided: 0,
      resolvedWithinPolicy: null,
      recoveryRate: null,
    });
    expect(answer.overall).toMatchObject({ opened: 4, responded: 3, firstResponseDecided: 4, answeredOnTime: 3, recovered: 1, resolvedWithReply: 2 });
    expect(Math.abs(answer.overall.medianFirstResponseMs! - median([...firstResponses.cova, ...firstResponses.twiga]))).toBeLessThanOrEqual(2);
    // Every form the caller reads: the same cases (only the dining survey has any).
    expect((await measures()).overall).toEqual(answer.overall);
    // A range before them: none.
    expect((await measures('?from=2025-01-01&to=2025-01-31')).overall).toMatchObject({ opened: 0, medianFirstResponseMs: null, recoveryRate: null });
  });

  it("a venue's manager reads its venue's cases only; the console home's Cases headline says the same", async () => {
    const mine = await measures('', cova);
    expect(mine.totals.map((row) => row.venue)).toEqual(['cova']);
    expect(mine.overall).toMatchObject({ opened: 3, recoveryRate: 0.5, answeredWithinPolicy: 0.6667 });
    expect((await measures('?form=dining-survey', twiga)).overall).toMatchObject({ opened: 1, recoveryRate: null });
    const home = await server.api('/api/console/home', { as: 'none', headers: cova });
    expect(home.status).toBe(200);
    expect(home.body.cases).toEqual(mine.overall);
  });

  it('a wrong parameter is a 400 naming it in the caller language; no staff right is a 403', async () => {
    const path = (body: { errors: { data: { errors: { path: string; message: string }[] } }[] }) => body.errors[0].data.errors[0];
    const unknown = await server.api('/api/insights/cases?form=no-such-form&locale=ar', { as: 'staff' });
    expect(unknown.status).toBe(400);
    expect(path(unknown.body).path).toBe('form');
    expect(path(unknown.body).message).toMatch(/[\u0600-\u06FF]/);
    // The whistle-blower form is read by its own readers only: to anybody else it is a 403 before it is a confidential one.
    expect((await server.api('/api/insights/cases?form=whistle-blower', { as: 'staff' })).status).toBe(403);
    const day = await server.api('/api/insights/cases?from=2026-02-30', { as: 'staff' });
    expect(day.status).toBe(400);
    expect(path(day.body).path).toBe('from');
    expect((await server.api('/api/insights/cases', { as: 'public' })).status).toBe(403);
    expect((await server.api('/api/insights/cases', { as: 'none' })).status).toBe(403);
  });
});
