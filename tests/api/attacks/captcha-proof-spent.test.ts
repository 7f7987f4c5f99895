// A 409 (phone already registered) rolled back the proof's use with the rest of
// the transaction, so one human check could test any number of phones. Any answered attempt spends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { captchaProof, errorPaths, freshPhone, loyaltyAnswers, register } from '../samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('one human check', () => {
  it('answers one attempt: after a 409 for a registered phone the same proof tests no other phone', async () => {
    const registered = await loyaltyAnswers(server);
    expect((await register(server, registered)).status).toBe(201);

    const proof = await captchaProof(server);
    const probe = await register(server, await loyaltyAnswers(server, { phone: registered.phone }), proof);
    expect(probe.status).toBe(409);
    expect(errorPaths(probe.body)).toEqual(['phone']);

    const again = await register(server, await loyaltyAnswers(server, { phone: freshPhone() }), proof);
    expect(again.status).toBe(403);
    expect(again.body.errors[0].name).toBe('CaptchaError');
  });

  it('is spent by a refused answer too (a 400 naming a field)', async () => {
    const proof = await captchaProof(server);
    const invalid = await register(server, await loyaltyAnswers(server, { email: 'not an email' }), proof);
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.body)).toEqual(['email']);
    expect((await register(server, await loyaltyAnswers(server), proof)).status).toBe(403);
    // A fresh check lets the guest in.
    expect((await register(server, await loyaltyAnswers(server))).status).toBe(201);
  });
});
