// A captcha token is checked with Google once; what the page gets back is a proof: 32 random
// bytes, stored only as their sha256, valid for a few minutes and for ONE submission. The proof
// is consumed in the same transaction as the submission it allows, and only by a form whose
// captcha action it was issued for.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../core/db/db.ts';
import { ApiError } from '../../core/errors.ts';

const hashOf = (proof: string) => createHash('sha256').update(proof).digest('hex');

export const captchaMissing = () =>
  new ApiError(403, { errors: [{ name: 'CaptchaError', message: 'Human check missing or expired. Please complete it again.' }] });

export async function issueProof(db: Queryable, action: string, minutes: number): Promise<{ proof: string; expiresAt: string }> {
  const proof = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO captcha_proofs (hash, action, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision)) RETURNING expires_at`,
    [hashOf(proof), action, minutes * 60],
  );
  return { proof, expiresAt: rows[0].expires_at.toISOString() };
}

/** Marks the proof used; throws the CaptchaError when it is unknown, used, expired or for another form. */
export async function consumeProof(tx: Queryable, proof: string | undefined, action: string): Promise<void> {
  if (!proof) throw captchaMissing();
  const { rows } = await tx.query(
    `UPDATE captcha_proofs SET used_at = now()
     WHERE hash = $1 AND used_at IS NULL AND expires_at > now() AND action = $2
     RETURNING hash`,
    [hashOf(proof), action],
  );
  if (rows.length === 0) throw captchaMissing();
}

/**
 * Spends the proof of a refused attempt (its transaction, and the proof's use with it, rolled back):
 * any answered attempt uses the proof up, so one human check cannot test many phones for a 409.
 */
export async function spendProof(db: Queryable, proof: string | undefined, action: string): Promise<void> {
  if (!proof) return;
  await db.query('UPDATE captcha_proofs SET used_at = now() WHERE hash = $1 AND action = $2 AND used_at IS NULL', [hashOf(proof), action]);
}

export async function forgetOldProofs(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM captcha_proofs WHERE expires_at < now() - interval '1 day'`);
}
