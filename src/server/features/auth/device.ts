// The device cookie (OWASP's "device cookies" against lockout): a browser that signed in to an
// account gets an HttpOnly cookie naming that account, signed with an HMAC of the server's JWT
// secret, sent only to the login route and kept a year. A sign-in carrying a valid one for the
// account it tries is never asked for the human check that others' wrong passwords made the
// account ask for (rate-limits.ts), so a guesser cannot lock its owner out. It grants nothing
// else: the password is still checked, and each address's own limit still holds.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { readCookie } from '../../core/access/caller.ts';

const DEVICE_COOKIE = 'staff-device';
/** Over HTTPS the browser keeps a __Secure- cookie only when Secure (no plain-http page can plant one). */
const SECURE_DEVICE_COOKIE = `__Secure-${DEVICE_COOKIE}`;
const LOGIN_PATH = '/api/users/login';
const DEVICE_DAYS = 365;
const DAY_MS = 86_400_000;

/** secure: whether this request's cookies are Secure (session.ts secureCookie). */
const cookieName = (secure: boolean) => (secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`staff-device:${body}`).digest('base64url');

/** "<account id>.<issued, ms>.<random>.<HMAC>": bound to the account, unforgeable without the secret. */
export function setDeviceCookie(reply: FastifyReply, secure: boolean, secret: string, userId: number): void {
  const body = `${userId}.${Date.now()}.${randomBytes(12).toString('base64url')}`;
  reply.setCookie(cookieName(secure), `${body}.${mac(secret, body)}`, {
    expires: new Date(Date.now() + DEVICE_DAYS * DAY_MS),
    path: LOGIN_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}

/** The account a request's device cookie was given for, or null (none, forged, or older than a year). */
export function deviceAccount(cookieHeader: string | undefined, secure: boolean, secret: string): number | null {
  const value = readCookie(cookieHeader, cookieName(secure));
  const match = value ? /^(\d{1,9})\.(\d{1,15})\.([\w-]{16})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, id, issued, nonce, signature] = match;
  const expected = Buffer.from(mac(secret, `${id}.${issued}.${nonce}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  return Date.now() - Number(issued) < DEVICE_DAYS * DAY_MS ? Number(id) : null;
}
