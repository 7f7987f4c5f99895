// Each perk partner's confirmation code: the restaurant's staff type it on the employee's phone to
// confirm a redemption at the counter. A fixed secret per partner (not a rotating TOTP code)
// because a counter needs nothing but a card kept at the till, no device or app; 10 characters
// from an alphabet without look-alikes (no 0/O, 1/I/L) give 31^10 ≈ 8·10^14 values, and wrong
// tries are limited per employee, so it cannot be guessed. Editors read the codes and issue a new
// one when a code leaks. Codes live in their own table, never in the perks documents, so no
// content answer (public key, employee or staff) can carry one.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../core/db/db.ts';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

export function newConfirmationCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** What staff type: case, spaces and dashes do not matter. */
export const normalizeCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

/** Gives every perk that has none a random code (at start, and when editors list them, for perks added since). */
export async function ensureConfirmationCodes(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT DISTINCT data->>'slug' AS slug FROM documents
     WHERE collection = 'perks' AND data->>'slug' IS NOT NULL AND data->>'slug' NOT IN (SELECT perk FROM perk_codes)`,
  );
  for (const { slug } of rows) await db.query('INSERT INTO perk_codes (perk, code) VALUES ($1, $2) ON CONFLICT DO NOTHING', [slug, newConfirmationCode()]);
}

export async function confirmationCodeMatches(db: Queryable, perk: string, typed: string): Promise<boolean> {
  await ensureConfirmationCodes(db);
  const { rows } = await db.query<{ code: string }>('SELECT code FROM perk_codes WHERE perk = $1', [perk]);
  if (!rows[0]) return false;
  const expected = Buffer.from(rows[0].code);
  const given = Buffer.from(normalizeCode(typed));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function listConfirmationCodes(db: Queryable): Promise<{ perk: string; code: string; updatedAt: string }[]> {
  await ensureConfirmationCodes(db);
  const { rows } = await db.query<{ perk: string; code: string; updated_at: Date }>('SELECT * FROM perk_codes ORDER BY perk');
  return rows.map((row) => ({ perk: row.perk, code: row.code, updatedAt: row.updated_at.toISOString() }));
}

/** A new code for one perk (the old one stops working at once); null when there is no such perk. */
export async function renewConfirmationCode(db: Queryable, perk: string): Promise<string | null> {
  await ensureConfirmationCodes(db);
  const code = newConfirmationCode();
  const { rows } = await db.query('UPDATE perk_codes SET code = $2, updated_at = now() WHERE perk = $1 RETURNING perk', [perk, code]);
  return rows[0] ? code : null;
}
