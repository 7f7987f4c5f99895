// Security headers on every answer, as @fastify/helmet words them: HSTS (a year, subdomains included),
// nosniff, the referrer policy, frame and cross-origin isolation headers. The Content-Security-Policy
// is not helmet's here: the pages plugin computes it from the content (script hashes, the captcha's
// origin) and sends it with HTML pages only; files and signatures carry their own stricter one.
// The headers do not depend on the request, so helmet answers once, at start, on a private
// instance, and every answer gets that set: no helmet middleware chain per request.
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { sharedPlugin } from '../context.ts';

export const YEAR_IN_SECONDS = 31_536_000;

async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: YEAR_IN_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  probe.get('/', async () => '');
  const answer = await probe.inject({ url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(answer.headers).flatMap(([name, value]) => (own.has(name) || value === undefined ? [] : [[name, String(value)]])));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For answers given before any hook runs (core/http/unstorable-input.ts, an address that cannot be decoded). */
    securityHeaders: Record<string, string>;
  }
}

export const securityHeadersPlugin = sharedPlugin(async (app) => {
  const headers = await helmetHeaders();
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}, 'security-headers');
