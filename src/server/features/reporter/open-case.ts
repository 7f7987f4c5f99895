// Opening a case with its code and secret. A wrong secret and an unknown code are answered the same,
// in the same time: one lookup and one scrypt check either way (a decoy hash for a code that does not
// exist, as the login does for an unknown email), the comparison constant-time (passwords.ts). After
// FAILURES_BEFORE_SLOWING wrong secrets on one code (counted for any code as typed, so a known code is
// not told apart by it), each further try on it waits first, longer each time up to LONGEST_WAIT_MS:
// a guesser is slowed, never the reporter locked out; the right secret still opens the case (after
// the wait) and forgets the failures.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { Collection, Registry } from '../../core/registry.ts';
import { decoyHash, verifyPassword } from '../../core/access/passwords.ts';
import { normalizeCode, normalizeSecret } from '../../../engine/cases/reporter-case.ts';

export const FAILURES_BEFORE_SLOWING = 10;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;
/** Failures older than this are forgotten: the count starts again. */
const FAILURE_MEMORY_HOURS = 24;

/** The wait before a try on a code with `failures` wrong secrets: none up to FAILURES_BEFORE_SLOWING, then doubling. */
export const waitFor = (failures: number) =>
  failures < FAILURES_BEFORE_SLOWING ? 0 : Math.min(FIRST_WAIT_MS * 2 ** (failures - FAILURES_BEFORE_SLOWING), LONGEST_WAIT_MS);

export interface OpenedCase {
  collection: Collection;
  row: DocumentRow;
}

/** The collections whose forms take reporters back (all, or the one of a reporter page). */
export const reporterCollections = (registry: Registry) =>
  [...registry.collections.values()].filter((collection) => collection.kind === 'submissions' && collection.form?.compiled.form.reporterAccess);

/** The case the code and secret open, or null (whichever was wrong). */
export async function openCase(db: Queryable, collections: readonly Collection[], typedCode: unknown, typedSecret: unknown): Promise<OpenedCase | null> {
  const code = normalizeCode(typedCode);
  const secret = normalizeSecret(typedSecret);
  if (code) {
    const { rows } = await db.query<{ failures: number }>(
      'SELECT failures FROM reporter_attempts WHERE code = $1 AND last_failed_at > now() - make_interval(hours => $2)',
      [code, FAILURE_MEMORY_HOURS],
    );
    const wait = waitFor(rows[0]?.failures ?? 0);
    if (wait) await sleep(wait);
  }
  const { rows } = code
    ? await db.query<DocumentRow & { secret_hash: string | null }>(
        `SELECT d.*, r.secret_hash FROM documents d JOIN reporter_cases r ON r.document_id = d.id WHERE d.reference = $1 AND d.collection = ANY($2::text[])`,
        [code, collections.map((collection) => collection.slug)],
      )
    : { rows: [] };
  const found = rows[0];
  const hash = found?.secret_hash ?? (await decoyHash());
  // Always one scrypt check, whatever was wrong, so the time says nothing.
  const matches = await verifyPassword(secret ?? String(typedSecret ?? '').slice(0, 64), hash);
  if (!found?.secret_hash || !secret || !matches) {
    if (code)
      await db.query(
        `INSERT INTO reporter_attempts AS a (code, failures) VALUES ($1, 1)
         ON CONFLICT (code) DO UPDATE SET failures = CASE WHEN a.last_failed_at > now() - make_interval(hours => $2) THEN a.failures + 1 ELSE 1 END, last_failed_at = now()`,
        [code, FAILURE_MEMORY_HOURS],
      );
    return null;
  }
  await db.query('DELETE FROM reporter_attempts WHERE code = $1', [code]);
  const { secret_hash: _hash, ...row } = found;
  return { collection: collections.find((collection) => collection.slug === row.collection)!, row: row as DocumentRow };
}

/** Old failure counts: forgotten (the sweep's, with the feature's other housekeeping). */
export async function forgetOldAttempts(db: Queryable): Promise<void> {
  await db.query('DELETE FROM reporter_attempts WHERE last_failed_at < now() - make_interval(hours => $1)', [FAILURE_MEMORY_HOURS]);
}
