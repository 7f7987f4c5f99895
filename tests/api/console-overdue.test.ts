// Overdue cases on the console home and in the navigation (GET /api/console/home, /api/console/nav): a
// Poor dining survey under a one-second case policy becomes overdue by the server's own clock (no test
// clock), counted for whoever reads it (its venue's manager, an admin) and for nobody else (another
// venue's manager); waiting for the guest takes it off the count until it runs again; resolving it takes it off the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

let server: TestServer;
let covaManager: Record<string, string>;
let twigaManager: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  // Only this test's policy applies: the seeded ones (24 hours and more) are switched off.
  const seeded = await server.api('/api/case-policies?limit=100', { as: 'staff' });
  for (const doc of seeded.body.docs)
    expect((await server.api(`/api/case-policies/${doc.id}`, { method: 'PATCH', json: { enabled: false }, as: 'staff' })).status).toBe(200);
  const policy = await server.api('/api/case-policies', {
    method: 'POST',
    json: {
      enabled: true,
      name: 'Poor food, one second',
      form: 'dining-survey',
      condition: JSON.stringify({ field: 'rating_food', equals: 'poor' }),
      first_response: 'PT1S',
    },
    as: 'staff',
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  covaManager = await server.staffAs(['manager'], ['cova']);
  twigaManager = await server.staffAs(['manager'], ['twiga']);
});
afterAll(async () => {
  await server?.close();
});

const nav = (headers?: Record<string, string>) => server.api('/api/console/nav', headers ? { as: 'none', headers } : { as: 'staff' });
const home = (headers?: Record<string, string>) => server.api('/api/console/home', headers ? { as: 'none', headers } : { as: 'staff' });

describe('overdue cases', () => {
  it('a case past its first-response time is counted on the home and in the navigation of those who read it, and leaves the count once resolved', async () => {
    const before = (await nav()).body.overdue as number;
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor' }) });
    expect(created.status).toBe(201);
    const { id } = created.body.doc as { id: number };
    // Due one second after it arrived: the server's clock makes it overdue.
    await expect.poll(async () => (await nav()).body.overdue, { timeout: 15_000 }).toBe(before + 1);
    expect((await nav(covaManager)).body.overdue).toBe(1);
    expect((await nav(twigaManager)).body.overdue).toBe(0);
    const covaHome = (await home(covaManager)).body;
    expect(covaHome.overdue).toBe(1);
    expect(covaHome.forms.find((form: { form: string }) => form.form === 'dining-survey').overdue).toBe(1);
    expect((await home(twigaManager)).body.overdue).toBe(0);

    // Waiting for the guest, its clock stands still: not overdue while it waits.
    const waiting = await server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json: { state: 'waiting-for-guest' }, as: 'staff' });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect((await nav()).body.overdue).toBe(before);
    expect((await home(covaManager)).body.overdue).toBe(0);
    const resumed = await server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json: { state: 'in-progress' }, as: 'staff' });
    expect(resumed.status).toBe(200);
    expect((await nav(covaManager)).body.overdue).toBe(1);

    const resolved = await server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json: { state: 'resolved', outcome: 'recovered' }, as: 'staff' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await nav()).body.overdue).toBe(before);
    expect((await home(covaManager)).body.overdue).toBe(0);
  });
});
