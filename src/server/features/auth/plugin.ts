// Identifies the caller of every API request and serves the staff login routes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { sharedPlugin } from '../../core/context.ts';
import { identifyCaller, revokeToken } from '../../core/access/caller.ts';
import { cookieOptions, secureCookie, sessionCookieName, startSession, tokenInAnswer } from './session.ts';
import { recordAudit } from '../audit/index.ts';
import { decoyHash, verifyPassword } from '../../core/access/passwords.ts';
import { findUserByEmail, toStaffUser, USER_DISABLED } from '../../core/access/staff-users.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import { loginBody } from '../../core/http/route-schemas.ts';
import { SessionAnswer, SIGN_IN_CAPTCHA_ACTION } from '../../../engine/contract/session.ts';
import { consumeProof } from '../captcha/index.ts';
import { deviceAccount } from './device.ts';

/** The login page shows the human check on this answer (CaptchaError, as a form's create answers a missing check). */
const humanCheckNeeded = () => new ApiError(403, { errors: [{ name: 'CaptchaError', message: 'Complete the human check to sign in.' }] });

export const authPlugin = sharedPlugin(async (app, ctx) => {
  await app.register(fastifyCookie);
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request) => {
    request.caller = request.url.startsWith('/api/')
      ? await identifyCaller(request.headers, ctx.db, ctx.config.publicApiKey, ctx.jwtSecret, sessionCookieName(request, ctx))
      : { kind: 'anonymous' };
  });

  app.post('/api/users/login', { schema: { body: loginBody } }, async (request: FastifyRequest, reply: FastifyReply) => {
    await ctx.limits.loginAttempt(request);
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
    const missing = (['email', 'password'] as const).filter((name) => typeof body[name] !== 'string' || body[name] === '');
    if (missing.length) {
      throw validationError(
        'users',
        missing.map((name) => ({ label: name === 'email' ? 'Email' : 'Password', message: 'This field is required.', path: name })),
      );
    }
    const row = await findUserByEmail(ctx.db, body.email as string);
    const knownDevice = row !== null && deviceAccount(request.headers.cookie, secureCookie(request, ctx), ctx.jwtSecret) === row.id;
    if ((await ctx.limits.loginAllowed(request, body.email as string, knownDevice)) === 'human-check') {
      // Checked before the password, and used up by this attempt whatever its outcome: one check, one guess.
      const proof = request.headers['x-captcha-proof'];
      await consumeProof(ctx.db, typeof proof === 'string' ? proof : undefined, SIGN_IN_CAPTCHA_ACTION).catch((error: unknown) => {
        throw error instanceof ApiError ? humanCheckNeeded() : error;
      });
    }
    const passwordOk = await verifyPassword(body.password as string, row?.password_hash ?? (await decoyHash()));
    if (!row || !passwordOk) await ctx.limits.loginFailed(request, body.email as string);
    if (!row || !passwordOk) throw new ApiError(401, { errors: [{ message: 'The email or password provided is incorrect.' }] });
    if (row.disabled_at) throw new ApiError(403, { errors: [{ message: USER_DISABLED }] });
    const user = toStaffUser(row);
    const { token, exp } = await startSession(request, reply, ctx, user, 'password');
    // A browser's login sets the cookie only; an API client (no cookie, no browser marks) gets the token as Payload gives it.
    return {
      message: 'Authentication Passed',
      ...(tokenInAnswer(request) ? { token } : {}),
      exp,
      user: { ...user, collection: 'users', _strategy: 'local-jwt' },
    };
  });

  app.get('/api/users/me', { schema: { response: { 200: SessionAnswer } } }, async (request) => {
    const caller = request.caller;
    if (caller.kind !== 'staff') return { user: null, message: 'Account' };
    // The token only back to a client that sent it in the header: never to a cookie-authenticated request.
    const sentInHeader = /^(?:JWT|Bearer) /.test(request.headers.authorization ?? '');
    const token = sentInHeader && tokenInAnswer(request) ? { token: caller.token } : {};
    return {
      user: { ...caller.user, collection: 'users', _strategy: 'local-jwt' },
      collection: 'users',
      strategy: 'local-jwt',
      exp: caller.exp,
      ...token,
      message: 'Account',
    };
  });

  app.post('/api/users/logout', async (request, reply) => {
    if (request.caller.kind === 'staff') {
      await revokeToken(ctx.db, request.caller.token, request.caller.exp);
      await recordAudit(ctx.db, request.caller, { action: 'sign-out', target: 'users', documentId: request.caller.user.id });
    }
    reply.setCookie(sessionCookieName(request, ctx), '', cookieOptions(request, ctx, new Date(0)));
    return { message: 'Logout successful.' };
  });
});
