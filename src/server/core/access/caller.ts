// Who is calling: anonymous (no or bad credential, like Payload: not an error by itself), the
// public pages (shared API key), or a logged-in staff member (JWT header or payload-token cookie).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import type { Queryable } from '../db/db.ts';
import { verifyStaffToken } from './jwt.ts';
import { findUserById, toStaffUser, type StaffUser } from './staff-users.ts';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'public' }
  /** excluded: the submissions this account was excluded from (conflict of interest): read as if they did not exist (submission-access.ts). */
  | { kind: 'staff'; user: StaffUser; token: string; exp: number; excluded?: readonly number[] };

export const TOKEN_COOKIE = 'payload-token';
/** The cookie's name when it is Secure: the browser keeps a __Host- cookie to this host, path / and HTTPS (no sibling subdomain can set it). */
export const SECURE_TOKEN_COOKIE = `__Host-${TOKEN_COOKIE}`;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One cookie of the Cookie header, read by @fastify/cookie's parser (a malformed one is no valid token, so the caller is not signed in). */
export function readCookie(header: string | undefined, name: string): string | null {
  return fastifyCookie.parse(header ?? '')[name] ?? null;
}

/**
 * The cookie is sent by the browser on its own, so it only counts for same-site requests (CSRF); a
 * form posted without JavaScript (features/native-post) is held to the same rule.
 */
export function cookieAllowed(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  const site = headers['sec-fetch-site'];
  // A page that keeps its address to itself (referrer policy no-referrer: the reporter's case page)
  // posts with the origin "null": then only the browser's own word that it is the same origin counts.
  if (origin === 'null') return site === 'same-origin';
  if (origin) {
    try {
      return new URL(origin).host === headers.host;
    } catch {
      return false;
    }
  }
  return site === undefined || site === 'same-origin' || site === 'same-site' || site === 'none';
}

function staffToken(headers: IncomingHttpHeaders, cookieName: string): string | null {
  const authorization = headers.authorization ?? '';
  const match = /^(?:JWT|Bearer) (.+)$/.exec(authorization);
  if (match) return match[1].trim();
  return cookieAllowed(headers) ? readCookie(headers.cookie, cookieName) : null;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Logout: the token stops working everywhere at once, though it has not expired (kept until it would have). */
export async function revokeToken(db: Queryable, token: string, exp: number): Promise<void> {
  await db.query('INSERT INTO revoked_tokens (token_sha256, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING', [tokenHash(token), exp]);
}

export async function forgetExpiredRevocations(db: Queryable): Promise<void> {
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
}

/** cookieName: the session cookie this request's sessions use (SECURE_TOKEN_COOKIE over HTTPS, see auth/session.ts). */
export async function identifyCaller(
  headers: IncomingHttpHeaders,
  db: Queryable,
  publicApiKey: string,
  jwtSecret: string,
  cookieName = TOKEN_COOKIE,
): Promise<Caller> {
  const apiKey = /^users API-Key (.+)$/.exec(headers.authorization ?? '');
  if (apiKey) return publicApiKey && sameKey(apiKey[1], publicApiKey) ? { kind: 'public' } : { kind: 'anonymous' };
  const token = staffToken(headers, cookieName);
  const claims = token ? verifyStaffToken(token, jwtSecret) : null;
  if (!token || !claims) return { kind: 'anonymous' };
  const { rows: revoked } = await db.query('SELECT 1 FROM revoked_tokens WHERE token_sha256 = $1', [tokenHash(token)]);
  if (revoked.length) return { kind: 'anonymous' };
  const row = await findUserById(db, claims.id);
  // A disabled account's tokens stop working at once, like a revoked one.
  if (!row || row.disabled_at) return { kind: 'anonymous' };
  return { kind: 'staff', user: toStaffUser(row), token, exp: claims.exp, excluded: await excludedFrom(db, row.id) };
}

/** The submissions an account is excluded from (a handful at most: one per case where it has a conflict of interest). */
export async function excludedFrom(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ document_id: number }>('SELECT document_id FROM submission_exclusions WHERE user_id = $1', [userId]);
  return rows.map((r) => r.document_id);
}
