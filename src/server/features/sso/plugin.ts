// Company single sign-on (OpenID Connect) when OIDC_ISSUER_URL, OIDC_CLIENT_ID and
// OIDC_CLIENT_SECRET are set: /start sends the browser to the provider, /callback signs it in with
// the same session cookie as a password, then goes back to where the visitor was going.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { safeNextPath } from '../../../engine/access/next-path.ts';
import { OidcClient } from './oidc-client.ts';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, openFlow, sealFlow } from './oidc-flow-cookie.ts';
import { readCookie } from '../../core/access/caller.ts';
import { cookieOptions, startSession } from '../auth/index.ts';
import { ssoUser, SsoRefused } from './sso-users.ts';
import { routeNotFound } from '../../core/errors.ts';
import { queryOf } from '../../core/http/pathname.ts';

export const SIGNED_IN_PAGE = '/login-success';
const CALLBACK_PATH = `${FLOW_COOKIE_PATH}/callback`;

type NextRequest = FastifyRequest<{ Querystring: { next?: unknown } }>;

/** The sign-in page with a reason it can explain (and where the visitor was going). */
function backToLogin(reply: FastifyReply, error: string, next: string | null) {
  const query = new URLSearchParams({ error });
  if (next) query.set('next', next);
  return reply.redirect(`/login?${query}`, 303);
}

export const ssoPlugin = ownPlugin('sso', async (app: FastifyInstance, ctx: ServerContext) => {
  const config = ctx.config.oidc;
  const client = config ? new OidcClient(config) : null;

  /** What the sign-in page offers; the page shows the company button only when this says so. */
  app.get('/api/users/sign-in-options', async () => ({ password: true, sso: client !== null }));

  if (!config || !client) {
    for (const path of [`${FLOW_COOKIE_PATH}/start`, CALLBACK_PATH]) {
      app.get(path, async () => {
        throw routeNotFound(path);
      });
    }
    return;
  }

  const redirectUri = (request: FastifyRequest) => config.redirectUrl ?? `${request.protocol}://${request.host}${CALLBACK_PATH}`;

  app.get(`${FLOW_COOKIE_PATH}/start`, async (request: NextRequest, reply) => {
    const next = safeNextPath(typeof request.query.next === 'string' ? request.query.next : null);
    try {
      const { url, flow } = await client.start(redirectUri(request), next);
      reply.setCookie(FLOW_COOKIE, sealFlow(flow, ctx.jwtSecret), cookieOptions(request, ctx, new Date(flow.exp * 1000), FLOW_COOKIE_PATH));
      return reply.redirect(url.href, 303);
    } catch (error) {
      request.log.error(error, 'single sign-on: the provider could not be reached');
      return backToLogin(reply, 'sso-unavailable', next);
    }
  });

  app.get(CALLBACK_PATH, async (request, reply) => {
    const flow = openFlow(readCookie(request.headers.cookie, FLOW_COOKIE), ctx.jwtSecret);
    // The flow is used once, whatever happens next.
    reply.setCookie(FLOW_COOKIE, '', cookieOptions(request, ctx, new Date(0), FLOW_COOKIE_PATH));
    if (!flow) return backToLogin(reply, 'sso-expired', null);
    const search = queryOf(request);
    try {
      const identity = await client.finish(new URL(`${redirectUri(request).split('?')[0]}?${search}`), flow);
      const user = await ssoUser(ctx.db, config, identity);
      await startSession(request, reply, ctx, user, 'sso');
      return reply.redirect(flow.next ?? SIGNED_IN_PAGE, 303);
    } catch (error) {
      if (error instanceof SsoRefused) return backToLogin(reply, error.reason, flow.next);
      request.log.warn(error, 'single sign-on refused');
      return backToLogin(reply, 'sso-failed', flow.next);
    }
  });
});
