// The reference a guest keeps for a submission ("Your Form ID is: K7QM-4XW2-9D"): 10 random
// Crockford base32 characters (50 bits), so it says nothing about how many submissions exist
// and cannot be guessed, and it reads aloud without confusing 0/O or 1/I/L.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** Name of the unique index that keeps references unique (migration 3). */
export const REFERENCE_INDEX = 'documents_reference';

const grouped = (chars: string) => `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;

export function newReference(): string {
  // 256 is a multiple of 32, so taking 5 bits of each byte keeps every character equally likely.
  const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return grouped(chars);
}

/**
 * A reference as typed or read over the phone (any case, with or without hyphens or spaces,
 * O for 0, I or L for 1) in its stored form; the text unchanged when it cannot be one.
 */
export function normalizeReference(text: string): string {
  const chars = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== LENGTH || [...chars].some((char) => !ALPHABET.includes(char))) return text;
  return grouped(chars);
}
