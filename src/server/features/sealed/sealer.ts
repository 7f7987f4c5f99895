// Envelope encryption of confidential forms (a definition's `confidential: true`): each submission
// and each of its files has a random data key, which seals its answers or bytes (AES-256-GCM,
// envelope.ts) and is itself stored wrapped by the master key, its key id beside it, on the
// document's row (documents.data_key_id, data_key). What the server needs in plain stays in its
// columns (reference, form version, venue, created time); `data` holds only the sealed answers.
// A reporter's email or phone is kept as keyed hashes (sealed_person_keys) for the privacy tools.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../core/db/db.ts';
import { open, seal } from './envelope.ts';
import type { Keyring, WrappedKey } from './keyring.ts';

/** The one key of a sealed document's data: no form question can have this name (a field name starts with a letter). */
export const SEALED_FIELD = '$sealed';

const DATA_KEY_BYTES = 32;
/** A text sealed by sealFor: its prefix says so and which format. */
const TEXT_PREFIX = 'sealed:1:';

/** The columns of a sealed row (null on every other). */
export interface SealedColumns {
  data_key_id?: unknown;
  data_key?: unknown;
  [column: string]: unknown;
}

/** A new document's data key, and how its row stores it. */
export interface DataKey extends WrappedKey {
  key: Buffer;
}

/** A confidential submission as stored: the sealed answers, its wrapped key, the keyed hashes of its emails and phones. */
export interface SealedAnswers {
  data: { [SEALED_FIELD]: string };
  keyId: string;
  wrapped: string;
  personKeys: string[];
}

// As the privacy index reads answers (features/privacy/migrations.ts person_keys): an email or a phone, lower-cased.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{6,}$/;

/** Every string in the answers (a repeated group's too) shaped like an email or phone, lower-cased, once each. */
export function personStrings(value: unknown, found = new Set<string>()): string[] {
  if (typeof value === 'string') {
    const key = value.toLowerCase();
    if (key.length <= 254 && (EMAIL.test(key) || PHONE.test(key))) found.add(key);
  } else if (Array.isArray(value)) for (const item of value) personStrings(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) personStrings(item, found);
  return [...found];
}

export const isSealedRow = (row: SealedColumns): boolean => typeof row.data_key_id === 'string' && typeof row.data_key === 'string';

export class Sealer {
  constructor(private ring: Keyring) {}

  get keyring(): Keyring {
    return this.ring;
  }

  /** A rotation of the generated key (rotate.ts) moves this running server to the new ring. */
  useKeyring(ring: Keyring): void {
    this.ring = ring;
  }

  newDataKey(): DataKey {
    const key = randomBytes(DATA_KEY_BYTES);
    return { key, ...this.ring.wrap(key) };
  }

  private dataKeyOf(row: SealedColumns): Buffer {
    return this.ring.unwrap(row.data_key_id as string, row.data_key as string);
  }

  sealAnswers(data: Record<string, unknown>): SealedAnswers {
    const { key, keyId, wrapped } = this.newDataKey();
    return {
      data: { [SEALED_FIELD]: seal(key, Buffer.from(JSON.stringify(data)), 'answers').toString('base64') },
      keyId,
      wrapped,
      personKeys: this.ring.currentLookupHashes(personStrings(data)),
    };
  }

  /** The row with its answers opened (a row that is not sealed as it is): every read of a confidential form's submission goes through here. */
  openRow<Row extends SealedColumns & { data: Record<string, unknown> }>(row: Row): Row {
    const sealed = row.data?.[SEALED_FIELD];
    if (!isSealedRow(row) || typeof sealed !== 'string') return row;
    const data = JSON.parse(open(this.dataKeyOf(row), Buffer.from(sealed, 'base64'), 'answers').toString('utf8')) as Record<string, unknown>;
    return { ...row, data };
  }

  /** An upload of a collection a confidential form stores files in: the bytes the file store keeps, and the key its row keeps. */
  sealFile(bytes: Buffer): { bytes: Buffer } & WrappedKey {
    const { key, keyId, wrapped } = this.newDataKey();
    return { bytes: seal(key, bytes, 'file'), keyId, wrapped };
  }

  openFile(row: SealedColumns, bytes: Buffer): Buffer {
    return isSealedRow(row) ? open(this.dataKeyOf(row), bytes, 'file') : bytes;
  }

  /** The keyed hashes a privacy search looks for (under every configured master key). */
  personLookup(values: readonly string[]): string[] {
    return this.ring.lookupHashes(values);
  }

  /** The keyed hashes a sealed submission stores, recomputed under the current key (a rotation). */
  personKeysOf(data: Record<string, unknown>): string[] {
    return this.ring.currentLookupHashes(personStrings(data));
  }

  private async documentKey(db: Queryable, documentId: number): Promise<Buffer> {
    const { rows } = await db.query<SealedColumns>('SELECT data_key_id, data_key FROM documents WHERE id = $1', [documentId]);
    if (!rows[0] || !isSealedRow(rows[0])) throw new Error(`Document ${documentId} is not sealed: only a confidential form's submission has a data key.`);
    return this.dataKeyOf(rows[0]);
  }

  /**
   * A text that belongs to a sealed submission (e.g. a message of its case), sealed with that
   * submission's data key, so it opens, rotates and is erased with the report. The answer is text
   * (a prefix and base64), to store in a text column.
   */
  async sealFor(db: Queryable, documentId: number, plaintext: string): Promise<string> {
    return TEXT_PREFIX + seal(await this.documentKey(db, documentId), Buffer.from(plaintext, 'utf8'), 'text').toString('base64');
  }

  /**
   * A text written about a document (a case message, an internal note), as it is stored: sealed
   * with the document's data key when the document is sealed (a confidential form's submission),
   * else as it is. Every such text goes in through here and comes out through openTextOf.
   */
  async sealTextOf(db: Queryable, documentId: number, plaintext: string): Promise<string> {
    const key = await this.documentKeyIfSealed(db, documentId);
    return key ? TEXT_PREFIX + seal(key, Buffer.from(plaintext, 'utf8'), 'text').toString('base64') : plaintext;
  }

  /**
   * Opens the texts sealTextOf stored for one document (its key read once; one query, so a thread
   * of many messages is opened in one go): each as it was written (one written before its document
   * was sealed: as it is).
   */
  async textOpener(db: Queryable, documentId: number): Promise<(stored: string) => string> {
    const key = await this.documentKeyIfSealed(db, documentId);
    return (stored) =>
      key && stored.startsWith(TEXT_PREFIX) ? open(key, Buffer.from(stored.slice(TEXT_PREFIX.length), 'base64'), 'text').toString('utf8') : stored;
  }

  private async documentKeyIfSealed(db: Queryable, documentId: number): Promise<Buffer | null> {
    const { rows } = await db.query<SealedColumns>('SELECT data_key_id, data_key FROM documents WHERE id = $1', [documentId]);
    return rows[0] && isSealedRow(rows[0]) ? this.dataKeyOf(rows[0]) : null;
  }

  /** What sealFor sealed for the same document. */
  async openFor(db: Queryable, documentId: number, sealed: string): Promise<string> {
    if (!sealed.startsWith(TEXT_PREFIX)) throw new Error('Not a text sealed by sealFor.');
    return open(await this.documentKey(db, documentId), Buffer.from(sealed.slice(TEXT_PREFIX.length), 'base64'), 'text').toString('utf8');
  }
}
