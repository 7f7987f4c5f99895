// With no reCAPTCHA keys the human check is the self-hosted ALTCHA proof of work: the server issues
// a signed challenge per form action and exchanges a solution, once, for the same single-use proof.
// Challenges are solved here with altcha-lib's own solver, as the widget's workers would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ALTCHA_MODE, startTestServer, type TestServer } from '../support/server.ts';
import { countOf, LOYALTY, loyaltyAnswers, register, SATISFACTION, satisfactionAnswers } from './samples.ts';

const LOYALTY_ACTION = 'submit_form_loyalty_registration';
const SATISFACTION_ACTION = 'submit_form_satisfaction_survey';
const FAILED = { errors: [{ message: 'Captcha verification failed.' }] };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(ALTCHA_MODE);
});
afterAll(() => server?.close());

async function challengeFor(action: string, on = server): Promise<Challenge> {
  const answer = await on.api(`/api/captcha-challenge?action=${encodeURIComponent(action)}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** What the widget sends: base64 of {challenge, solution}. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

const verify = (token: string, action: string, on = server) => on.api('/api/verify-captcha', { json: { token, action } });

describe('the self-hosted ALTCHA check', () => {
  it('issues a signed challenge per form action, never cached, only for the captcha forms and with the API key', async () => {
    const challenge = await challengeFor(LOYALTY_ACTION);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { action: LOYALTY_ACTION }, expiresAt: expect.any(Number) });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await challengeFor(SATISFACTION_ACTION)).parameters.data).toEqual({ action: SATISFACTION_ACTION });
    const headers = (await server.api(`/api/captcha-challenge?action=${LOYALTY_ACTION}`)).headers;
    expect(headers.get('cache-control')).toBe('no-store');
    expect((await server.api('/api/captcha-challenge?action=submit_form_something_else')).status).toBe(400);
    expect((await server.api('/api/captcha-challenge')).status).toBe(400);
    expect((await server.api(`/api/captcha-challenge?action=${LOYALTY_ACTION}`, { as: 'none' })).status).toBe(403);
  });

  it('a solved challenge gives a proof once, and the proof registers the guest', async () => {
    const before = await countOf(server, LOYALTY);
    const token = await solved(await challengeFor(LOYALTY_ACTION));
    const verified = await verify(token, LOYALTY_ACTION);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, proof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    expect((await register(server, await loyaltyAnswers(server), verified.body.proof)).status).toBe(201);
    expect(await countOf(server, LOYALTY)).toBe(before + 1);

    const replay = await verify(token, LOYALTY_ACTION);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(FAILED);
  });

  it('a challenge solved for one form gives no proof for another, and stays usable for its own', async () => {
    const token = await solved(await challengeFor(SATISFACTION_ACTION));
    expect((await verify(token, LOYALTY_ACTION)).status).toBe(400);
    const own = await verify(token, SATISFACTION_ACTION);
    expect(own.status).toBe(200);
    const created = await server.api(`/api/${SATISFACTION}`, { json: satisfactionAnswers(), headers: { 'x-captcha-proof': own.body.proof } });
    expect(created.status).toBe(201);
  });

  it('a tampered payload is refused: another action written in, a wrong answer, a forged signature, garbage', async () => {
    const challenge = await challengeFor(SATISFACTION_ACTION);
    const payload = JSON.parse(Buffer.from(await solved(challenge), 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

    const otherAction = structuredClone(payload);
    otherAction.challenge.parameters.data.action = LOYALTY_ACTION;
    expect((await verify(encode(otherAction), LOYALTY_ACTION)).status).toBe(400);

    const wrongAnswer = structuredClone(payload);
    wrongAnswer.solution.derivedKey = wrongAnswer.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    expect((await verify(encode(wrongAnswer), SATISFACTION_ACTION)).status).toBe(400);

    const easier = structuredClone(payload);
    easier.challenge.parameters.cost = 1;
    expect((await verify(encode(easier), SATISFACTION_ACTION)).status).toBe(400);

    const unsigned = structuredClone(payload);
    delete unsigned.challenge.signature;
    expect((await verify(encode(unsigned), SATISFACTION_ACTION)).status).toBe(400);

    for (const garbage of ['not base64 at all!', encode({}), encode({ challenge: null, solution: null, test: true }), 'x'.repeat(10_001)]) {
      expect((await verify(garbage, SATISFACTION_ACTION)).status).toBe(400);
    }
    // None of the refusals spent the challenge: the genuine payload still passes.
    expect((await verify(encode(payload), SATISFACTION_ACTION)).status).toBe(200);
  });

  it('a challenge signed with another key is refused', async () => {
    const other = await startTestServer({ ...ALTCHA_MODE, altchaHmacKey: 'another-instance-key' });
    try {
      const token = await solved(await challengeFor(LOYALTY_ACTION, other));
      expect((await verify(token, LOYALTY_ACTION)).status).toBe(400);
      expect((await verify(token, LOYALTY_ACTION, other)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('an expired challenge is refused', async () => {
    const hurried = await startTestServer({ ...ALTCHA_MODE, altchaChallengeMinutes: 1 / 60 });
    try {
      const token = await solved(await challengeFor(LOYALTY_ACTION, hurried));
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const answer = await verify(token, LOYALTY_ACTION, hurried);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(FAILED);
    } finally {
      await hurried.close();
    }
  });

  it('a reCAPTCHA token means nothing here, and the pages are told to use ALTCHA with no Google origin allowed', async () => {
    expect((await verify('pass-abc', LOYALTY_ACTION)).status).toBe(400);
    expect(server.siteverify.tokens).toEqual([]);
    const settings = {} as { __RUNTIME_CONFIG__?: Record<string, string> };
    const script = await (await fetch(`${server.url}/runtime-config.js`)).text();
    settings.__RUNTIME_CONFIG__ = JSON.parse(script.replace(/^window\.__RUNTIME_CONFIG__ = /, '').replace(/;\s*$/, ''));
    expect(settings.__RUNTIME_CONFIG__).toMatchObject({ humanCheck: 'altcha', recaptchaSiteKey: '' });
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/google|gstatic|unsafe-eval|wasm-unsafe-eval|blob:/);
    expect(csp).toContain("worker-src 'self'");
  });

  it('with reCAPTCHA keys configured there is no ALTCHA challenge', async () => {
    const recaptcha = await startTestServer();
    try {
      expect((await recaptcha.api(`/api/captcha-challenge?action=${LOYALTY_ACTION}`)).status).toBe(404);
    } finally {
      await recaptcha.close();
    }
  });
});
