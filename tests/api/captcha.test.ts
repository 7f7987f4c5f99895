import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { captchaProof, countOf, LOYALTY, loyaltyAnswers, register } from './samples.ts';

let server: TestServer;
const CAPTCHA_ERROR = { errors: [{ name: 'CaptchaError', message: 'Human check missing or expired. Please complete it again.' }] };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the human check', () => {
  it('a passed check gives a proof that lets the guest register once', async () => {
    const verified = await server.api('/api/verify-captcha', { json: { token: 'pass-abc', action: 'submit_form_loyalty_registration' } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, proof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    expect(server.siteverify.tokens).toContain('pass-abc');
    expect((await register(server, await loyaltyAnswers(server), verified.body.proof)).status).toBe(201);
  });

  it('a failed check is refused', async () => {
    const answer = await server.api('/api/verify-captcha', { json: { token: 'robot-token' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ message: 'Captcha verification failed.' }] });
    expect((await server.api('/api/verify-captcha', { json: {} })).status).toBe(400);
  });

  it('a token is verified by Google once, so replaying it fails', async () => {
    const json = { token: 'pass-replayed', action: 'submit_form_loyalty_registration' };
    expect((await server.api('/api/verify-captcha', { json })).status).toBe(200);
    expect((await server.api('/api/verify-captcha', { json })).status).toBe(400);
  });

  it('registering without a proof, or with a made-up one, is refused and stores nothing', async () => {
    const before = await countOf(server, LOYALTY);
    const answers = await loyaltyAnswers(server);
    const none = await server.api(`/api/${LOYALTY}`, { json: answers });
    expect(none.status).toBe(403);
    expect(none.body).toEqual(CAPTCHA_ERROR);
    const madeUp = await register(server, answers, 'made-up-proof');
    expect(madeUp.status).toBe(403);
    expect(madeUp.body).toEqual(CAPTCHA_ERROR);
    expect(await countOf(server, LOYALTY)).toBe(before);
  });

  it('a proof works once only', async () => {
    const proof = await captchaProof(server);
    expect((await register(server, await loyaltyAnswers(server), proof)).status).toBe(201);
    const again = await register(server, await loyaltyAnswers(server), proof);
    expect(again.status).toBe(403);
    expect(again.body).toEqual(CAPTCHA_ERROR);
  });

  it('an expired proof is refused', async () => {
    const proof = await captchaProof(server);
    await server.ctx.db.query(`UPDATE captcha_proofs SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const answer = await register(server, await loyaltyAnswers(server), proof);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(CAPTCHA_ERROR);
  });

  it('a proof is spent by a submission that fails validation too (any answered attempt)', async () => {
    const proof = await captchaProof(server);
    const invalid = await register(server, await loyaltyAnswers(server, { email: 'nope' }), proof);
    expect(invalid.status).toBe(400);
    expect((await register(server, await loyaltyAnswers(server), proof)).status).toBe(403);
  });

  it('when siteverify cannot be reached the guest is told to retry (502)', async () => {
    const offline = await startTestServer({ recaptchaVerifyUrl: 'http://127.0.0.1:9/siteverify' });
    try {
      const answer = await offline.api('/api/verify-captcha', { json: { token: 'pass-offline', action: 'submit_form_loyalty_registration' } });
      expect(answer.status).toBe(502);
      expect(answer.body.errors[0].message).toMatch(/could not be reached/);
    } finally {
      await offline.close();
    }
  });

  it('needs the API key', async () => {
    expect((await server.api('/api/verify-captcha', { as: 'none', json: { token: 'pass-x' } })).status).toBe(403);
  });
});
