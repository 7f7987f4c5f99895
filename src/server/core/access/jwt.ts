// HS256 JSON Web Tokens with node:crypto: the staff session, in Payload's shape
// (claims id, collection, email, iat, exp; 2 hours like Payload's default tokenExpiration), plus a
// random jti: two sign-ins in the same second are two sessions, and signing out ends only its own.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { resolveSecret } from '../data-dir-secret.ts';

export const TOKEN_SECONDS = 7200;

export interface StaffClaims {
  id: number;
  collection: 'users';
  email: string;
  iat: number;
  exp: number;
  /** Unique per session (a revoked token is found by its hash). */
  jti?: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function signStaffToken(user: { id: number; email: string }, secret: string, now = Date.now()): { token: string; exp: number } {
  const iat = Math.floor(now / 1000);
  const claims: StaffClaims = {
    id: user.id,
    collection: 'users',
    email: user.email,
    iat,
    exp: iat + TOKEN_SECONDS,
    jti: randomBytes(16).toString('base64url'),
  };
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return { token: `${body}.${sign(body, secret)}`, exp: claims.exp };
}

export function verifyStaffToken(token: string, secret: string, now = Date.now()): StaffClaims | null {
  const [header, payload, signature] = token.split('.');
  if (header !== HEADER || !payload || !signature) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StaffClaims;
    if (claims.collection !== 'users' || !Number.isInteger(claims.id) || !(claims.exp > now / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR so logins survive restarts. */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'jwt-secret');
}
