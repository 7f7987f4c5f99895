// POST /api/verify-captcha {token, action?}: asks siteverify once and answers with a
// single-use proof the page sends as X-Captcha-Proof with the submission.
import type { ServerContext } from '../context.ts';
import type { FastifyInstance } from 'fastify';
import { askSiteverify, SiteverifyUnreachableError } from '../captcha/siteverify.ts';
import { issueProof } from '../captcha/captcha-proofs.ts';
import { ApiError, badRequest, forbidden, tooManyRequests } from '../errors.ts';

const failed = () => badRequest('Captcha verification failed.');
/** Google's documented test secret: every token passes. The default, for local use only. */
const GOOGLE_TEST_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';

export async function captchaPlugin(app: FastifyInstance, ctx: ServerContext) {
  if (ctx.config.recaptchaSecret === GOOGLE_TEST_SECRET) {
    app.log.warn("RECAPTCHA_SECRET is Google's test secret, so every human check passes. Set the real secret in production.");
  }
  app.post('/api/verify-captcha', async (request) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    if (!ctx.rateLimiter.take(`verify-captcha:${request.ip}`)) throw tooManyRequests();
    const body = (request.body ?? {}) as { token?: unknown; action?: unknown };
    const token = typeof body.token === 'string' ? body.token : '';
    const action = typeof body.action === 'string' && /^[a-z_]{1,100}$/.test(body.action) ? body.action : null;
    if (!token || token.length > 10_000) throw failed();
    try {
      const answer = await askSiteverify(ctx.config.recaptchaVerifyUrl, ctx.config.recaptchaSecret, token);
      // v3 answers name the action the token was made for; it must be the one claimed.
      if (!answer.success || (answer.action && action && answer.action !== action)) throw failed();
    } catch (error) {
      if (!(error instanceof SiteverifyUnreachableError)) throw error;
      request.log.warn(error.message);
      throw new ApiError(502, { errors: [{ message: 'The human check service could not be reached. Please try again in a moment.' }] });
    }
    const { proof, expiresAt } = await issueProof(ctx.db, action, ctx.config.captchaProofMinutes);
    return { success: true, proof, expiresAt };
  });
}
