// One-time codes of returning guests: 6 digits, good for 10 minutes and 5 wrong tries. Never stored:
// a code is derived from a random salt with the server's secret (HMAC), so the mail that carries it
// is built at send time from the salt (the outbox reads its kind's tables then), and checked by its
// keyed hash. The contact (phone or email) is kept as a keyed hash too: the table finds a guest's
// codes without holding their phone or email.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { RETURNING_CODE_DIGITS } from '../../../engine/contract/returning.ts';
import { toE164 } from '../../../engine/checks/phones.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export type Contact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** A typed phone number (E.164, or local to `dialCodes`' first) or email address; null when it is neither. */
export function contactOf(typed: string, dialCode: string | undefined): Contact | null {
  const text = typed.trim();
  if (text.includes('@')) return EMAIL.test(text) && text.length <= 254 ? { kind: 'email', value: text.toLowerCase() } : null;
  const digits = text.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  if (!/^\+?\d{6,15}$/.test(digits)) return null;
  const phone = digits.startsWith('+') ? toE164(digits) : (toE164(`+${dialCode ?? ''}${digits}`) ?? toE164(`+${digits}`));
  return phone ? { kind: 'phone', value: phone } : null;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest();

export const contactKey = (secret: string, contact: Contact) => hmac(secret, `returning-contact:${contact.kind}:${contact.value}`).toString('hex');

export const newSalt = () => randomBytes(16).toString('base64url');

/** The code of a salt: 6 decimal digits of its HMAC. */
export function codeOf(secret: string, salt: string): string {
  const number = hmac(secret, `returning-code:${salt}`).readUInt32BE(0) % 10 ** RETURNING_CODE_DIGITS;
  return String(number).padStart(RETURNING_CODE_DIGITS, '0');
}

export const codeHash = (secret: string, salt: string, code: string) => hmac(secret, `returning-hash:${salt}:${code}`).toString('hex');

/** Whether a typed code (spaces and dashes ignored) is the one of this row. */
export function codeMatches(secret: string, row: { salt: string; code_hash: string }, typed: string): boolean {
  const digits = typed.replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${RETURNING_CODE_DIGITS}}$`).test(digits)) return false;
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(secret, row.salt, digits), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
