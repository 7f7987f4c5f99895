// A signed-in session: the JWT in the HttpOnly payload-token cookie, the same for a password and a
// single sign-on, and recorded in the audit log. A script in a page (a restaurant's tag, an injected
// one) must never read it: an answer to a browser carries no token (tokenInAnswer).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ServerContext } from '../../core/context.ts';
import { recordAudit } from '../audit/index.ts';
import { SECURE_TOKEN_COOKIE, TOKEN_COOKIE } from '../../core/access/caller.ts';
import { signStaffToken } from '../../core/access/jwt.ts';
import type { StaffUser } from '../../core/access/staff-users.ts';
import { setDeviceCookie } from './device.ts';

/** COOKIE_SECURE: 'true' always (behind a proxy ending TLS), 'false' never, 'auto' when this request came over HTTPS. */
export const secureCookie = (request: FastifyRequest, ctx: ServerContext) =>
  ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : ctx.config.cookieSecure === 'true';

/** The session cookie's name: `__Host-payload-token` when Secure (nothing but this host over HTTPS can set it), else Payload's `payload-token`. */
export const sessionCookieName = (request: FastifyRequest, ctx: ServerContext) => (secureCookie(request, ctx) ? SECURE_TOKEN_COOKIE : TOKEN_COOKIE);

export function cookieOptions(request: FastifyRequest, ctx: ServerContext, expires: Date, path = '/'): CookieSerializeOptions {
  const secure = secureCookie(request, ctx);
  // Lax: sent on the top-level navigation back from the single sign-on provider, never on another site's POST or fetch.
  return { expires, path, httpOnly: true, sameSite: 'lax', secure };
}

/**
 * Whether an answer may carry the session token, as Payload's login and /me answers do: only for a
 * client that authenticates with the header (Authorization: JWT ...) and is no browser. A browser
 * marks its requests (Origin, Sec-Fetch-Site) and sends cookies; its session is the HttpOnly cookie.
 */
export function tokenInAnswer(request: FastifyRequest): boolean {
  const { headers } = request;
  return !headers.origin && !headers['sec-fetch-site'] && !headers.cookie;
}

export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ServerContext,
  user: StaffUser,
  method: 'password' | 'sso',
): Promise<{ token: string; exp: number }> {
  const session = signStaffToken(user, ctx.jwtSecret);
  reply.setCookie(sessionCookieName(request, ctx), session.token, cookieOptions(request, ctx, new Date(session.exp * 1000)));
  setDeviceCookie(reply, secureCookie(request, ctx), ctx.jwtSecret, user.id);
  await recordAudit(ctx.db, { kind: 'staff', user, ...session }, { action: 'sign-in', target: 'users', documentId: user.id, detail: { method } });
  return session;
}
