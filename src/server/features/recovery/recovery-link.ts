// The guest's link to their recovery survey: /recovery/<token> (RECOVERY_PAGE_PREFIX; a stated
// contract, mails already sent carry it), the token naming the case's submission and an expiry,
// signed with HMAC-SHA-256 under a key derived from the server's JWT secret (its own key: a case
// link's token opens no survey, a survey's token no case page). Made again from the row when its
// email is built, so nothing secret is stored. Valid 30 days from the survey's sending.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const RECOVERY_LINK_DAYS = 30;
export const RECOVERY_PAGE_PREFIX = '/recovery/';

const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('venue-forms recovery survey link v1').digest();
const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<submission id>.<expires>.<signature>`, safe in a URL path. */
export function signRecoveryToken(jwtSecret: string, documentId: number, sentAt: Date): string {
  const payload = `${documentId}.${Math.floor(sentAt.getTime() / 1000) + RECOVERY_LINK_DAYS * 86_400}`;
  return `${payload}.${signatureOf(keyOf(jwtSecret), payload)}`;
}

/** The case a token names, or null when it was not signed here or has expired. */
export function readRecoveryToken(jwtSecret: string, token: unknown, now = Date.now()): number | null {
  if (typeof token !== 'string') return null;
  const match = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signatureOf(keyOf(jwtSecret), `${match[1]}.${match[2]}`));
  if (!timingSafeEqual(expected, Buffer.from(match[3])) || Number(match[2]) * 1000 <= now) return null;
  return Number(match[1]);
}
