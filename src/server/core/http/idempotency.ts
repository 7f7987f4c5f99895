// Idempotency-Key on submissions: a guest whose connection dropped after sending resends the same
// answers with the same key, and gets the first result instead of a second record. The key is
// claimed inside the submission's own transaction (migration 31), before the captcha proof is
// spent: of two concurrent requests with one key, the second waits on the first's row, then finds
// it taken and answers the first's document. A failed attempt claims nothing, so the
// guest may correct the answers and send them with the same key. Keys are forgotten after a day.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import type { DocumentRow } from '../documents.ts';
import { isDatabaseError, UNIQUE_VIOLATION } from '../db/db.ts';
import { ApiError, validationError } from '../errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Long enough for every retry of one form; the page starts a new key for a new form. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PRIMARY_KEY = 'idempotency_keys_pkey';

export interface IdempotencyClaim {
  /** Runs first in the submission's transaction. */
  claim(tx: Queryable): Promise<void>;
  /** Runs last in it, with the stored document. */
  stored(tx: Queryable, documentId: number): Promise<void>;
  /**
   * The claim as a part of the one statement that stores a document (when nothing else is written):
   * an INSERT taking the key, with its result already, for the rows of `source` that pass `when`;
   * it returns a row only when it took the key.
   */
  inStatement(params: unknown[], documentId: string, source: string, when: string): string;
  /** What to throw when inStatement took nothing. */
  taken(): Error;
}

export interface IdempotentRequest {
  scope: string;
  key: string;
  requestSha256: string;
}

/** The header's key, or null when none was sent; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (Array.isArray(header) && header.length > 1) throw validationError(null, [{ path: 'Idempotency-Key', message: 'Send one Idempotency-Key header.' }]);
  if (!KEY_PATTERN.test(key))
    throw validationError(null, [{ path: 'Idempotency-Key', message: 'An Idempotency-Key is 1 to 255 visible ASCII characters (e.g. a UUID).' }]);
  return key;
}

/** Per collection and caller: the public key's guests share one scope, and their random keys keep them apart. */
export function idempotentRequest(collection: string, caller: string, key: string, body: unknown): IdempotentRequest {
  return {
    scope: `${collection}:${caller}`,
    key,
    requestSha256: createHash('sha256')
      .update(JSON.stringify(body) ?? '')
      .digest('hex'),
  };
}

export const differentRequest = () =>
  new ApiError(422, {
    errors: [
      {
        name: 'IdempotencyKeyReused',
        message: 'This Idempotency-Key was already used for different answers: send new answers with a new key.',
        data: { path: 'Idempotency-Key' },
      },
    ],
  });

/** The document the first request with this key stored, or null when there is none yet. Throws when the answers differ. */
export async function earlierResult(db: Queryable, request: IdempotentRequest): Promise<number | null> {
  const { rows } = await db.query<{ request_sha256: string; document_id: number | null }>(
    `SELECT request_sha256, (body->>'documentId')::int AS document_id FROM idempotency_keys
     WHERE scope = $1 AND key = $2 AND created_at > now() - make_interval(hours => $3)`,
    [request.scope, request.key, IDEMPOTENCY_KEY_HOURS],
  );
  if (rows.length === 0) return null;
  if (rows[0].request_sha256 !== request.requestSha256) throw differentRequest();
  return rows[0].document_id;
}

/** The key is held by a stored submission (a concurrent request with it committed first). */
class KeyTaken extends Error {}

export function claimFor(request: IdempotentRequest): IdempotencyClaim {
  // A key older than a day is taken over; a younger one is left as it is, and nothing is claimed.
  const takeOver = (params: unknown[]) =>
    `ON CONFLICT (scope, key) DO UPDATE SET request_sha256 = EXCLUDED.request_sha256, status = EXCLUDED.status, body = EXCLUDED.body, created_at = now()
     WHERE k.created_at <= now() - make_interval(hours => $${params.push(IDEMPOTENCY_KEY_HOURS)})`;
  return {
    async claim(tx) {
      const params: unknown[] = [request.scope, request.key, request.requestSha256];
      const { rows } = await tx.query(
        `INSERT INTO idempotency_keys AS k (scope, key, request_sha256) VALUES ($1, $2, $3) ${takeOver(params)} RETURNING 1 AS claimed`,
        params,
      );
      if (rows.length === 0) throw new KeyTaken('This Idempotency-Key belongs to a stored submission.');
    },
    async stored(tx, documentId) {
      await tx.query(`UPDATE idempotency_keys SET status = 201, body = jsonb_build_object('documentId', $3::int) WHERE scope = $1 AND key = $2`, [
        request.scope,
        request.key,
        documentId,
      ]);
    },
    inStatement(params, documentId, source, when) {
      const [scope, key, sha] = [request.scope, request.key, request.requestSha256].map((value) => `$${params.push(value)}`);
      return `INSERT INTO idempotency_keys AS k (scope, key, request_sha256, status, body)
        SELECT ${scope}, ${key}, ${sha}, 201, jsonb_build_object('documentId', ${documentId}) FROM ${source} WHERE ${when}
        ${takeOver(params)} RETURNING 1 AS claimed`;
    },
    taken: () => new KeyTaken('This Idempotency-Key belongs to a stored submission.'),
  };
}

/** A create that lost the race for its key (another request with it committed first). */
export const lostKeyRace = (error: unknown) =>
  error instanceof KeyTaken || (isDatabaseError(error) && error.code === UNIQUE_VIOLATION && error.constraint === PRIMARY_KEY);

/** The document the first request with this key stored: null when there is none (yet, or any more). Throws when the answers differ. */
async function earlierDocument(db: Queryable, request: IdempotentRequest, collection: string): Promise<DocumentRow | null> {
  const id = await earlierResult(db, request);
  if (id === null) return null;
  const { rows } = await db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1 AND collection = $2', [id, collection]);
  return rows[0] ?? null;
}

/**
 * A submission stored once per key (the JSON API's Idempotency-Key, a page's post mark): the
 * document an earlier request with the key stored (`replayed`, nothing stored), else what `store`
 * stores with the key's claim; of two requests at once, the one that lost the claim answers the
 * winner's document. Without a key, `store` runs as it is.
 */
export async function storeOnce(
  db: Queryable,
  collection: string,
  request: IdempotentRequest | null,
  store: (claim: IdempotencyClaim | null) => Promise<DocumentRow>,
): Promise<{ row: DocumentRow; replayed: boolean }> {
  const earlier = request && (await earlierDocument(db, request, collection));
  if (earlier) return { row: earlier, replayed: true };
  try {
    return { row: await store(request && claimFor(request)), replayed: false };
  } catch (error) {
    if (!request || !lostKeyRace(error)) throw error;
    const winner = await earlierDocument(db, request, collection);
    if (winner) return { row: winner, replayed: true };
    throw differentRequest();
  }
}

export async function forgetOldIdempotencyKeys(db: Queryable): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [IDEMPOTENCY_KEY_HOURS]);
}
