// A human-check proof is bound to the form's action, and Google's answer must vouch for that
// action on our host names with a good enough score (local siteverify stand-in, real server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countOf, loyaltyAnswers, proofFor, register, LOYALTY, SATISFACTION, satisfactionAnswers } from './samples.ts';

const LOYALTY_ACTION = 'submit_form_loyalty_registration';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ recaptchaHostnames: ['forms.example.com', 'localhost'], recaptchaMinScore: 0.5 });
});
afterAll(() => server?.close());

const verify = (token: string, action?: string) => server.api('/api/verify-captcha', { json: { token, action } });

describe('captcha proofs bound to the form', () => {
  it('a proof issued for the satisfaction survey is refused by the loyalty registration, and stays usable for its own form', async () => {
    const before = await countOf(server, LOYALTY);
    const proof = await proofFor(server, 'submit_form_satisfaction_survey');
    const answer = await register(server, await loyaltyAnswers(server), proof);
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].name).toBe('CaptchaError');
    expect(await countOf(server, LOYALTY)).toBe(before);
    const own = await server.api(`/api/${SATISFACTION}`, { json: satisfactionAnswers(), headers: { 'x-captcha-proof': proof } });
    expect(own.status).toBe(201);
  });

  it('a check without an action, or for an action no form uses, gives no proof', async () => {
    expect((await verify('pass-no-action')).status).toBe(400);
    expect((await verify('pass-other-action', 'submit_form_something_else')).status).toBe(400);
    expect(server.siteverify.tokens).not.toContain('pass-no-action');
  });

  it("Google's answer must name the same action (reCAPTCHA v3)", async () => {
    expect((await verify(`pass;action=submit_form_whistle_blower;r=${Math.random()}`, LOYALTY_ACTION)).status).toBe(400);
    expect((await verify(`pass;action=${LOYALTY_ACTION};r=${Math.random()}`, LOYALTY_ACTION)).status).toBe(200);
  });

  it('a check solved on another host name is refused; a configured one passes', async () => {
    expect((await verify(`pass;hostname=evil.example;r=${Math.random()}`, LOYALTY_ACTION)).status).toBe(400);
    expect((await verify(`pass;hostname=Forms.Example.com;r=${Math.random()}`, LOYALTY_ACTION)).status).toBe(200);
  });

  it('a v3 score below RECAPTCHA_MIN_SCORE is refused', async () => {
    expect((await verify(`pass;score=0.2;r=${Math.random()}`, LOYALTY_ACTION)).status).toBe(400);
    expect((await verify(`pass;score=0.9;r=${Math.random()}`, LOYALTY_ACTION)).status).toBe(200);
  });
});
