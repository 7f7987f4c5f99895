// The reporter's secret: 80 random bits as 16 symbols of SECRET_ALPHABET (engine/cases/reporter-case.ts),
// shown once in the create's answer; only its scrypt hash is kept (core/access/passwords.ts), so neither
// a database dump nor staff can recover it. Made after the submission's transaction (scrypt is slow on
// purpose): a replay of the create (its Idempotency-Key) makes a new one, the first answer never arrived.
import { randomBytes } from 'node:crypto';
import type { SubmissionAnswer, SubmissionHook } from '../../core/submission-hooks.ts';
import { hashPassword } from '../../core/access/passwords.ts';
import { formatSecret, SECRET_ALPHABET, SECRET_SYMBOLS } from '../../../engine/cases/reporter-case.ts';
import { startAcknowledgeClock } from './report-clocks.ts';

export function newSecret(): string {
  const bytes = randomBytes((SECRET_SYMBOLS * 5) / 8);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let symbols = '';
  for (let i = SECRET_SYMBOLS - 1; i >= 0; i--) symbols += SECRET_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return formatSecret(symbols);
}

/** The submission hook: the case of a report of a form with reporterAccess, received, in the report's language, its acknowledgement's clock started. */
export const openReporterCase: SubmissionHook = async (tx, { collection, row, lang }) => {
  const access = collection.form?.compiled.form.reporterAccess;
  if (!access) return;
  const { rows } = await tx.query('INSERT INTO reporter_cases (document_id, lang) VALUES ($1, $2) ON CONFLICT (document_id) DO NOTHING RETURNING 1', [
    row.id,
    lang,
  ]);
  if (rows.length) await startAcknowledgeClock(tx, access, row);
};

/** The create's answer: `reporter: { code, secret, page }`, the secret's hash stored in its place. */
export const reporterSecretAnswer: SubmissionAnswer = async ({ collection, row }, _jwtSecret, db) => {
  const access = collection.form?.compiled.form.reporterAccess;
  if (!access || !row.reference) return undefined;
  const secret = newSecret();
  const { rows } = await db.query('UPDATE reporter_cases SET secret_hash = $2 WHERE document_id = $1 RETURNING 1', [row.id, await hashPassword(secret)]);
  return rows.length ? { reporter: { code: row.reference, secret, page: access.page } } : undefined;
};
