// The self-hosted human check (ALTCHA proof of work, altcha-lib), used when no reCAPTCHA keys are
// configured. A challenge is signed with our key and names the form's action in its signed data;
// a solved challenge is accepted once: its nonce is recorded until the challenge expires.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Queryable } from '../../core/db/db.ts';
import { ALTCHA_ALGORITHM } from '../../../engine/access/human-check.ts';

export interface AltchaSettings {
  hmacKey: string;
  cost: number;
  maxAttempts: number;
  challengeMinutes: number;
}

/** Two secrets from one configured key: one signs the challenge, one the expected answer. */
function secrets(hmacKey: string) {
  const derive = (purpose: string) => createHmac('sha256', hmacKey).update(purpose).digest('hex');
  return { hmacSignatureSecret: derive('altcha-challenge'), hmacKeySignatureSecret: derive('altcha-derived-key') };
}

export async function issueChallenge(settings: AltchaSettings, action: string): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.cost,
    // Deterministic mode: the answer is drawn here, so the work is bounded and checking it is one HMAC, no work.
    counter: randomInt(settings.maxAttempts, Math.max(1, Math.floor(settings.maxAttempts / 2))),
    deriveKey,
    data: { action },
    expiresAt: new Date(Date.now() + settings.challengeMinutes * 60_000),
    ...secrets(settings.hmacKey),
  });
}

export type AltchaOutcome = { ok: true; nonce: string; expiresAt: number } | { ok: false; reason: 'malformed' | 'expired' | 'invalid' | 'other-action' };

/** The widget's payload: base64 of JSON {challenge: {parameters, signature}, solution: {counter, derivedKey}}. */
function parsePayload(token: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    const parameters = payload?.challenge?.parameters;
    if (!parameters || typeof parameters !== 'object' || typeof parameters.nonce !== 'string' || !payload.solution || typeof payload.solution !== 'object')
      return null;
    return payload;
  } catch {
    return null;
  }
}

/** Signature, expiry, answer and action; not yet single use (see spendChallenge). */
export async function checkAltchaPayload(settings: AltchaSettings, token: string, action: string): Promise<AltchaOutcome> {
  const payload = parsePayload(token);
  if (!payload) return { ok: false, reason: 'malformed' };
  const { parameters } = payload.challenge;
  // Our challenges always carry an expiry and our algorithm; the signature below vouches for both.
  if (parameters.algorithm !== ALTCHA_ALGORITHM || typeof parameters.expiresAt !== 'number') return { ok: false, reason: 'invalid' };
  let result;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets(settings.hmacKey) });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (result.expired) return { ok: false, reason: 'expired' };
  if (!result.verified) return { ok: false, reason: 'invalid' };
  if (parameters.data?.action !== action) return { ok: false, reason: 'other-action' };
  return { ok: true, nonce: parameters.nonce, expiresAt: parameters.expiresAt };
}

/** Records a verified challenge as used; false when it was used already (a replay). */
export async function spendChallenge(tx: Queryable, nonce: string, expiresAt: number): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO altcha_spent_challenges (nonce, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [nonce, expiresAt],
  );
  return rows.length === 1;
}

/** A spent challenge need not be remembered once it expired: its signature no longer passes. */
export async function forgetSpentChallenges(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM altcha_spent_challenges WHERE expires_at < now() - interval '1 hour'`);
}
