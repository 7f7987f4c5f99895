// The organiser's link to their party's roster: /p/roster/<token>, the token naming the party, an
// expiry (a week after the visit) and the organiser's language, signed with HMAC-SHA-256 under a
// key derived from the server's JWT secret (its own: never a login, never a copy link). Nothing
// personal is in it; without the secret none can be made.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';

/** The roster link works until this many days after the visit day. */
export const ROSTER_LINK_DAYS_AFTER = 7;

export interface RosterClaim {
  partyId: number;
  /** Seconds since 1970. */
  expires: number;
  lang: Lang;
}

const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('venue-forms party roster link v1').digest();
const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signRosterToken(jwtSecret: string, partyId: number, visitDate: string, lang: Lang): string {
  const expires = Math.floor(Date.parse(`${visitDate}T00:00:00Z`) / 1000) + (ROSTER_LINK_DAYS_AFTER + 1) * 86_400;
  const payload = `${partyId}.${expires}.${lang}`;
  return `${payload}.${signatureOf(keyOf(jwtSecret), payload)}`;
}

/** What a token says, or null when it was not signed here or has expired. */
export function readRosterToken(jwtSecret: string, token: string, now = Date.now()): RosterClaim | null {
  const match = /^(\d{1,9})\.(\d{1,12})\.([a-z]{2})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expires, lang, signature] = match;
  const expected = Buffer.from(signatureOf(keyOf(jwtSecret), `${id}.${expires}.${lang}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  if (Number(expires) * 1000 <= now || !(LANGUAGES as readonly string[]).includes(lang)) return null;
  return { partyId: Number(id), expires: Number(expires), lang: lang as Lang };
}
