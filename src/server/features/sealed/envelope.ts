// AES-256-GCM, the one cipher of sealed data (Node's crypto): a fresh 12-byte nonce for every
// sealing, the 16-byte tag checked on opening, and associated data naming what the bytes are (a
// report's answers, a file, a wrapped key), so bytes sealed as one kind never open as another.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** What sealed bytes are: the associated data they were sealed with (a wrong one does not open them). */
export type SealedKind = 'answers' | 'file' | 'text' | `data-key:${string}`;

/** nonce | tag | ciphertext. */
export function seal(key: Buffer, plain: Buffer, kind: SealedKind): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(kind));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

/** Throws when the key, the kind or any byte is not the one sealed. */
export function open(key: Buffer, sealed: Buffer, kind: SealedKind): Buffer {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new Error('Not sealed data.');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(kind));
  decipher.setAuthTag(sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

/** What sealing adds to a file's size. */
export const SEAL_OVERHEAD = NONCE_BYTES + TAG_BYTES;
