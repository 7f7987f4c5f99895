// The guest's link to their case page: /reply/<token> (CASE_PAGE_PREFIX, a stated contract: mails
// already sent carry it), the token naming the submission and an expiry, signed with HMAC-SHA-256 under a key derived from the server's JWT secret (its own key, like the
// waiver copy's link: never a login). Made again from the message when its email is built, so
// nothing secret is stored; without the secret none can be made or guessed. Valid 30 days from
// the reply that carried it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CASE_LINK_DAYS = 30;
export { CASE_PAGE_PREFIX as CASE_LINK_PREFIX } from '../../../engine/contract/cases.ts';

const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('venue-forms case link v1').digest();
const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<submission id>.<expires>.<signature>`, safe in a URL path. */
export function signCaseToken(jwtSecret: string, documentId: number, sentAt: Date): string {
  const payload = `${documentId}.${Math.floor(sentAt.getTime() / 1000) + CASE_LINK_DAYS * 86_400}`;
  return `${payload}.${signatureOf(keyOf(jwtSecret), payload)}`;
}

/** The submission a token names, or null when it was not signed here or has expired. */
export function readCaseToken(jwtSecret: string, token: string, now = Date.now()): number | null {
  const match = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signatureOf(keyOf(jwtSecret), `${match[1]}.${match[2]}`));
  if (!timingSafeEqual(expected, Buffer.from(match[3])) || Number(match[2]) * 1000 <= now) return null;
  return Number(match[1]);
}

// The address a guest's Reply goes to (inbound/): case+<token>@INBOUND_MAIL_DOMAIN. Its own key and
// a 128-bit signature (22 characters), so the address's local part stays within SMTP's 64.
const mailKeyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('venue-forms case reply address v1').digest();
const mailSignatureOf = (key: Buffer, payload: string) => signatureOf(key, payload).slice(0, 22);

/** The local part of the case's reply address, valid as long as the link of the same reply. */
export function caseReplyAddress(jwtSecret: string, documentId: number, sentAt: Date, domain: string): string {
  const payload = `${documentId}.${Math.floor(sentAt.getTime() / 1000) + CASE_LINK_DAYS * 86_400}`;
  return `case+${payload}.${mailSignatureOf(mailKeyOf(jwtSecret), payload)}@${domain}`;
}

/** The submission a reply address names (any case of its local part, at `domain`), or null. */
export function readCaseReplyAddress(jwtSecret: string, address: string, domain: string, now = Date.now()): number | null {
  const match = /^case\+(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})@(.+)$/i.exec(address.trim());
  if (!match || match[4].toLowerCase() !== domain) return null;
  const expected = Buffer.from(mailSignatureOf(mailKeyOf(jwtSecret), `${match[1]}.${match[2]}`));
  if (!timingSafeEqual(expected, Buffer.from(match[3])) || Number(match[2]) * 1000 <= now) return null;
  return Number(match[1]);
}
