// POST /api/verify-captcha {token, action?}: asks siteverify once and answers with a
// single-use proof the page sends as X-Captcha-Proof with the submission.
import type { ServerContext } from '../context.ts';
import type { FastifyInstance } from 'fastify';
import { askSiteverify, SiteverifyUnreachableError, type SiteverifyAnswer } from '../captcha/siteverify.ts';
import { issueProof } from '../captcha/captcha-proofs.ts';
import { ApiError, badRequest, forbidden } from '../errors.ts';

const failed = () => badRequest('Captcha verification failed.');
/** Google's documented test secret: every token passes. The default, for local use only. */
const GOOGLE_TEST_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';

/**
 * Whether Google's answer vouches for this action here: solved, for the action claimed (v3 names
 * it), on one of our host names, and (v3) with a score good enough.
 */
function vouches(answer: SiteverifyAnswer, action: string, config: ServerContext['config']): boolean {
  if (!answer.success) return false;
  if (answer.action !== undefined && answer.action !== action) return false;
  if (config.recaptchaHostnames.length && !config.recaptchaHostnames.includes((answer.hostname ?? '').toLowerCase())) return false;
  return answer.score === undefined || answer.score >= config.recaptchaMinScore;
}

export async function captchaPlugin(app: FastifyInstance, ctx: ServerContext) {
  // A proof is bound to one action, and only the captcha forms' actions are worth a proof.
  const actions = new Set(ctx.registry.forms.flatMap((form) => (form.compiled.captcha ? [form.compiled.captcha.action] : [])));
  if (ctx.config.recaptchaSecret === GOOGLE_TEST_SECRET) {
    app.log.warn("RECAPTCHA_SECRET is Google's test secret, so every human check passes. Set the real secret in production.");
  }
  app.post('/api/verify-captcha', async (request) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    await ctx.limits.create(request, 'verify-captcha');
    const body = (request.body ?? {}) as { token?: unknown; action?: unknown };
    const token = typeof body.token === 'string' ? body.token : '';
    const action = typeof body.action === 'string' && actions.has(body.action) ? body.action : null;
    if (!token || token.length > 10_000 || !action) throw failed();
    try {
      const answer = await askSiteverify(ctx.config.recaptchaVerifyUrl, ctx.config.recaptchaSecret, token);
      if (!vouches(answer, action, ctx.config)) throw failed();
    } catch (error) {
      if (!(error instanceof SiteverifyUnreachableError)) throw error;
      request.log.warn(error.message);
      throw new ApiError(502, { errors: [{ message: 'The human check service could not be reached. Please try again in a moment.' }] });
    }
    const { proof, expiresAt } = await issueProof(ctx.db, action, ctx.config.captchaProofMinutes);
    return { success: true, proof, expiresAt };
  });
}
