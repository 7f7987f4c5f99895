// The guest's link to their signed copy: /api/waiver-copy/<token>, the token naming the stored
// document, an expiry and the guest's language, signed with HMAC-SHA-256 under a key derived from
// the server's JWT secret (its own key: a copy token is never a login and the other way round).
// Nothing of the answers is in it; without the secret none can be made, so none can be guessed,
// and there is no list to read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';

/** How long the thank-you's link works. */
export const COPY_LINK_HOURS = 24;
export const COPY_LINK_PREFIX = '/api/waiver-copy/';

export interface CopyClaim {
  documentId: number;
  /** Seconds since 1970 after which the link no longer works. */
  expires: number;
  lang: Lang;
}

const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('venue-forms waiver-copy link v1').digest();
const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<id>.<expires>.<lang>.<signature>`, safe in a URL path. */
export function signCopyToken(jwtSecret: string, claim: CopyClaim): string {
  const payload = `${claim.documentId}.${claim.expires}.${claim.lang}`;
  return `${payload}.${signatureOf(keyOf(jwtSecret), payload)}`;
}

export function copyLink(jwtSecret: string, documentId: number, lang: Lang, now = Date.now()): string {
  return `${COPY_LINK_PREFIX}${signCopyToken(jwtSecret, { documentId, lang, expires: Math.floor(now / 1000) + COPY_LINK_HOURS * 3600 })}`;
}

/** What a token says, or null when it was not signed here or has expired. */
export function readCopyToken(jwtSecret: string, token: string, now = Date.now()): CopyClaim | null {
  const match = /^(\d{1,9})\.(\d{1,12})\.([a-z]{2})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expires, lang, signature] = match;
  const expected = Buffer.from(signatureOf(keyOf(jwtSecret), `${id}.${expires}.${lang}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  if (Number(expires) * 1000 <= now || !(LANGUAGES as readonly string[]).includes(lang)) return null;
  return { documentId: Number(id), expires: Number(expires), lang: lang as Lang };
}

/** The language a token names, even an expired one (its 404 page speaks it); nothing when it is not a token. */
export function tokenLanguage(token: string): Lang | null {
  const lang = /^\d{1,9}\.\d{1,12}\.([a-z]{2})\./.exec(token)?.[1];
  return lang && (LANGUAGES as readonly string[]).includes(lang) ? (lang as Lang) : null;
}
