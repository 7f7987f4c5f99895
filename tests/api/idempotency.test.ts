// Idempotency-Key: a guest whose connection dropped resends the same answers with the same key and
// gets the first answer back, with one record stored, even when the retries arrive at once and the
// form needs a (single-use) captcha proof. Different answers under a used key are refused; a
// refused attempt does not use the key up.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countOf, DINING, diningAnswers, errorPaths, LOYALTY, loyaltyAnswers, PADEL, padelAnswers, captchaProof } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const submit = (collection: string, answers: unknown, key: string, headers: Record<string, string> = {}) =>
  server.api(`/api/${collection}`, { json: answers, headers: { 'idempotency-key': key, ...headers } });

describe('a retried submit with the same Idempotency-Key', () => {
  it('twelve concurrent identical retries store one record and all get its answer', async () => {
    const before = await countOf(server, DINING);
    const answers = diningAnswers();
    const key = randomUUID();
    const answersBack = await Promise.all(Array.from({ length: 12 }, () => submit(DINING, answers, key)));
    expect(answersBack.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(new Set(answersBack.map((a) => a.body.doc.id)).size).toBe(1);
    expect(new Set(answersBack.map((a) => a.body.doc.reference)).size).toBe(1);
    expect(answersBack.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(11);
    expect(await countOf(server, DINING)).toBe(before + 1);
  });

  it('a later retry answers the first result (status and body) without storing again', async () => {
    const answers = diningAnswers();
    const key = randomUUID();
    const first = await submit(DINING, answers, key);
    const before = await countOf(server, DINING);
    const again = await submit(DINING, answers, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await countOf(server, DINING)).toBe(before);
  });

  it('concurrent retries of a captcha form spend the proof once and store one record', async () => {
    const before = await countOf(server, LOYALTY);
    const answers = await loyaltyAnswers(server);
    const proof = await captchaProof(server);
    const key = randomUUID();
    const answersBack = await Promise.all(Array.from({ length: 6 }, () => submit(LOYALTY, answers, key, { 'x-captcha-proof': proof })));
    expect(answersBack.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answersBack.map((a) => a.body.doc.id)).size).toBe(1);
    expect(await countOf(server, LOYALTY)).toBe(before + 1);
  });

  it('different answers under a used key are refused with a clear message; other collections and callers have their own keys', async () => {
    const key = randomUUID();
    expect((await submit(DINING, diningAnswers(), key)).status).toBe(201);
    const before = await countOf(server, DINING);
    const changed = await submit(DINING, diningAnswers({ customer_comments: 'Something else entirely' }), key);
    expect(changed.status).toBe(422);
    expect(changed.body.errors[0].message).toBe('This Idempotency-Key was already used for different answers: send new answers with a new key.');
    expect(await countOf(server, DINING)).toBe(before);
    // The same key on another form is another submit.
    expect((await submit(PADEL, padelAnswers(), key)).status).toBe(201);
    // Staff sending with the same key are another caller.
    const asStaff = await server.api(`/api/${DINING}`, {
      as: 'staff',
      json: diningAnswers({ customer_comments: 'Something else entirely' }),
      headers: { 'idempotency-key': key },
    });
    expect(asStaff.status, JSON.stringify(asStaff.body)).toBe(201);
  });

  it('a refused attempt does not use the key up: the corrected answers go through with it', async () => {
    const key = randomUUID();
    const wrong = await submit(DINING, diningAnswers({ meal_period: 'midnight-feast' }), key);
    expect(wrong.status).toBe(400);
    expect(errorPaths(wrong.body)).toContain('meal_period');
    // Refused by the database's check (no such restaurant), in the statement that would have taken the key.
    const unknownPlace = await submit(DINING, diningAnswers({ visited_restaurant: 'Nowhere Diner' }), key);
    expect(unknownPlace.status).toBe(400);
    expect(errorPaths(unknownPlace.body)).toEqual(['visited_restaurant']);
    const corrected = await submit(DINING, diningAnswers(), key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a key last used more than a day ago is free again: the same key stores a new record', async () => {
    const key = randomUUID();
    const first = await submit(DINING, diningAnswers(), key);
    expect(first.status).toBe(201);
    // A day passes (the key's record ages; the hourly clean-up has not run yet).
    await server.ctx.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
    const before = await countOf(server, DINING);
    const later = await submit(DINING, diningAnswers({ customer_comments: 'A new visit, a day later' }), key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.doc.id).not.toBe(first.body.doc.id);
    expect(await countOf(server, DINING)).toBe(before + 1);
    // And the key now answers the new record.
    const retried = await submit(DINING, diningAnswers({ customer_comments: 'A new visit, a day later' }), key);
    expect(retried.body.doc.id).toBe(later.body.doc.id);
  });

  it('a malformed key is a 400 naming the header, and nothing is stored', async () => {
    const before = await countOf(server, DINING);
    for (const key of ['', 'with space', 'x'.repeat(256), 'cl\u00e9']) {
      const answer = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'idempotency-key': key } });
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(errorPaths(answer.body)).toEqual(['Idempotency-Key']);
    }
    expect(await countOf(server, DINING)).toBe(before);
  });
});
