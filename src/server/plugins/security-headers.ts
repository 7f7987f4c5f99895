// Security headers on every answer, through @fastify/helmet: HSTS (a year, subdomains included),
// nosniff, the referrer policy, frame and cross-origin isolation headers. The Content-Security-Policy
// is not helmet's here: the pages plugin computes it from the content (script hashes, the captcha's
// origin) and sends it with HTML pages only; files and signatures carry their own stricter one.
import helmet from '@fastify/helmet';
import { sharedPlugin } from '../context.ts';

export const YEAR_IN_SECONDS = 31_536_000;

export const securityHeadersPlugin = sharedPlugin(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: YEAR_IN_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}, 'security-headers');
