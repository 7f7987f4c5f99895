import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countOf, DINING, diningAnswers, LOYALTY, loyaltyAnswers, register, STORES } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('a guest fills in the dining survey', () => {
  it('is thanked with 201 and staff can read the answers back', async () => {
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'Great pasta' }) });
    expect(created.status).toBe(201);
    expect(created.body.message).toMatch(/successfully created\.$/);
    expect(created.body.doc).toMatchObject({ id: expect.any(Number), visited_restaurant: 'Cova', customer_comments: 'Great pasta' });
    expect(Date.parse(created.body.doc.createdAt)).not.toBeNaN();

    const read = await server.api(`/api/${DINING}/${created.body.doc.id}`, { as: 'staff' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: created.body.doc.id,
      customer_comments: 'Great pasta',
      formVersion: expect.any(Number),
      formHash: expect.any(String),
    });
  });

  it('stores the answers and the form version only: no IP address or browser details', async () => {
    const answers = diningAnswers();
    const created = await server.api(`/api/${DINING}`, { json: answers, headers: { 'user-agent': 'TestBrowser/1.0', 'x-forwarded-for': '203.0.113.9' } });
    const { rows } = await server.ctx.db.query('SELECT * FROM documents WHERE id = $1', [created.body.doc.id]);
    expect(rows[0].data).toEqual(answers);
    expect(JSON.stringify(rows[0])).not.toMatch(/TestBrowser|203\.0\.113\.9|127\.0\.0\.1/);
  });

  const badAnswers: [string, Record<string, unknown>, string][] = [
    ['misses a required answer', diningAnswers({ meal_period: undefined }), 'meal_period'],
    ['gives a bad email', diningAnswers({ email_address: 'not-an-email' }), 'email_address'],
    ['writes too long a comment', diningAnswers({ customer_comments: 'x'.repeat(2001) }), 'customer_comments'],
    ['sends a field the form does not have', diningAnswers({ favourite_colour: 'blue' }), 'favourite_colour'],
    ['sends a number where text is expected', diningAnswers({ customer_comments: 42 }), 'customer_comments'],
    ['picks an option that does not exist', diningAnswers({ meal_period: 'brunch' }), 'meal_period'],
    ['answers a hidden question', diningAnswers({ discovery_method: 'website', discovery_text: 'a friend' }), 'discovery_text'],
    ['names a restaurant that does not exist', diningAnswers({ visited_restaurant: 'Nowhere Diner' }), 'visited_restaurant'],
  ];
  for (const [what, answers, path] of badAnswers) {
    it(`is told which answer to fix when the guest ${what}, and nothing is stored`, async () => {
      const before = await countOf(server, DINING);
      const answer = await server.api(`/api/${DINING}`, { json: JSON.parse(JSON.stringify(answers)) });
      expect(answer.status).toBe(400);
      const [error] = answer.body.errors;
      expect(error.name).toBe('ValidationError');
      expect(error.data.collection).toBe(DINING);
      const field = error.data.errors.find((item: { path: string }) => item.path === path);
      expect(field).toMatchObject({ path, message: expect.any(String), label: expect.any(String) });
      expect(error.message).toContain(field.label);
      expect(await countOf(server, DINING)).toBe(before);
    });
  }

  it('gets the messages in Arabic when asking for them', async () => {
    const answer = await server.api(`/api/${DINING}?locale=ar`, { json: diningAnswers({ meal_period: undefined }) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors[0].message).toBe('هذا الحقل مطلوب.');
  });

  it('is told the body is not JSON, and which limit a huge body breaks', async () => {
    const broken = await fetch(`${server.url}/api/${DINING}`, {
      method: 'POST',
      headers: { authorization: 'users API-Key test-public-key', 'content-type': 'application/json' },
      body: '{"meal_period": "dinner",',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ errors: [{ message: 'Invalid JSON' }] });
    const huge = await server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'x'.repeat(300 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].message).toMatch(/too large/);
  });
});

describe('a guest joins the loyalty club', () => {
  it('registers with a receipt and the store comes back populated', async () => {
    const answers = await loyaltyAnswers(server);
    const created = await register(server, answers);
    expect(created.status).toBe(201);
    expect(created.body.doc).toMatchObject({ first_name: 'Amal', phone: answers.phone, store: { id: answers.store, slug: 'doha' } });
    // The public key may not read uploads back, so the receipt stays an id.
    expect(created.body.doc.receipt).toBe(answers.receipt);

    const flat = await server.api(`/api/${LOYALTY}/${created.body.doc.id}?depth=0`, { as: 'staff' });
    expect(flat.body.store).toBe(answers.store);
    const deep = await server.api(`/api/${LOYALTY}/${created.body.doc.id}`, { as: 'staff' });
    expect(deep.body.receipt).toMatchObject({ id: answers.receipt, mimeType: 'image/png' });
  });

  it('cannot register the same phone twice: a clear message, one row only', async () => {
    const answers = await loyaltyAnswers(server);
    expect((await register(server, answers)).status).toBe(201);
    const again = await register(server, { ...(await loyaltyAnswers(server)), phone: answers.phone });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ name: 'ValidationError', message: 'The following field is invalid: Phone' });
    expect(again.body.errors[0].data.errors).toEqual([
      { label: 'Phone', path: 'phone', message: 'This phone number is already registered in the loyalty club.' },
    ]);
    const { body } = await server.api(`/api/${LOYALTY}?where[phone][equals]=${encodeURIComponent(String(answers.phone))}`, { as: 'staff' });
    expect(body.totalDocs).toBe(1);
  });

  it('cannot point at a store that does not exist', async () => {
    const answer = await register(server, await loyaltyAnswers(server, { store: 999999 }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual(['store']);
  });

  it('cannot give a birth date in the future, which no schema can say', async () => {
    const before = await countOf(server, LOYALTY);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-15`;
    const answer = await register(server, await loyaltyAnswers(server, { birth_date: nextYear }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors).toEqual([{ label: 'Birth Date', message: 'The date cannot be in the future.', path: 'birth_date' }]);
    expect(await countOf(server, LOYALTY)).toBe(before);
  });

  it('cannot use a receipt twice, nor an id that is not an upload', async () => {
    const first = await loyaltyAnswers(server);
    expect((await register(server, first)).status).toBe(201);
    const reused = await register(server, await loyaltyAnswers(server, { receipt: first.receipt }));
    expect(reused.status).toBe(400);
    expect(reused.body.errors[0].data.errors[0].path).toBe('receipt');
    const stores = await server.api(`/api/${STORES}`);
    const notAnUpload = await register(server, await loyaltyAnswers(server, { receipt: stores.body.docs[0].id }));
    expect(notAnUpload.status).toBe(400);
    expect(notAnUpload.body.errors[0].data.errors[0].path).toBe('receipt');
  });
});
