// The human check. POST /api/verify-captcha {token, action} answers a single-use proof the page
// sends as X-Captcha-Proof with the submission. The token is checked with Google's siteverify when
// reCAPTCHA keys are configured; otherwise it is a solved ALTCHA challenge, issued by
// GET /api/captcha-challenge?action=... and checked here, offline.
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { humanCheckKind } from '../../core/config.ts';
import { askSiteverify, SiteverifyUnreachableError, type SiteverifyAnswer } from './siteverify.ts';
import { checkAltchaPayload, issueChallenge, spendChallenge, type AltchaSettings } from './altcha.ts';
import { issueProof } from './captcha-proofs.ts';
import { resolveSecret } from '../../core/data-dir-secret.ts';
import { SIGN_IN_CAPTCHA_ACTION } from '../../../engine/contract/session.ts';
import { PARTY_CAPTCHA_ACTION } from '../../../engine/contract/parties.ts';
import { ApiError, badRequest, forbidden } from '../../core/errors.ts';

const failed = () => badRequest('Captcha verification failed.');
/** Google's documented test secret: every token passes. */
const GOOGLE_TEST_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';
/** Longer than any payload either check produces (an ALTCHA payload is under 1 kB). */
const TOKEN_MAX_LENGTH = 10_000;

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

async function verifyWithGoogle(ctx: ServerContext, request: FastifyRequest, token: string, action: string): Promise<void> {
  try {
    const answer = await askSiteverify(ctx.config.recaptchaVerifyUrl, ctx.config.recaptchaSecret ?? '', token);
    if (!vouches(answer, action, ctx.config)) throw failed();
  } catch (error) {
    if (!(error instanceof SiteverifyUnreachableError)) throw error;
    request.log.warn(error.message);
    throw new ApiError(502, { errors: [{ message: 'The human check service could not be reached. Please try again in a moment.' }] });
  }
}

/** The action to be checked: which one is known is the handler's to say. */
const challengeQuery = { type: 'object', properties: { action: { type: 'string', maxLength: 100 } } } as const;
/** A JSON object; what a token or action is worth is the check's to say (a wrong one is the same refusal as a failed check). */
const verifyBody = { type: 'object' } as const;

export const captchaPlugin = ownPlugin('captcha', async (app: FastifyInstance, ctx: ServerContext) => {
  // A proof is bound to one action, and only the captcha forms' actions (and a sign-in the login asks it of, and a party an organiser makes) are worth a proof.
  const actions = new Set([
    ...ctx.registry.forms.flatMap((form) => (form.compiled.captcha ? [form.compiled.captcha.action] : [])),
    SIGN_IN_CAPTCHA_ACTION,
    PARTY_CAPTCHA_ACTION,
  ]);
  const kind = humanCheckKind(ctx.config);
  const altcha: AltchaSettings | null =
    kind === 'altcha'
      ? {
          hmacKey: resolveSecret(ctx.config.altchaHmacKey, ctx.config.dataDir, 'altcha-hmac-key'),
          cost: ctx.config.altchaCost,
          maxAttempts: ctx.config.altchaMaxAttempts,
          challengeMinutes: ctx.config.altchaChallengeMinutes,
        }
      : null;
  if (ctx.config.recaptchaSecret === GOOGLE_TEST_SECRET) {
    app.log.warn("RECAPTCHA_SECRET is Google's test secret, so every human check passes. Set the real secret in production.");
  }

  const knownAction = (value: unknown) => (typeof value === 'string' && actions.has(value) ? value : null);

  if (altcha) {
    app.get('/api/captcha-challenge', { schema: { querystring: challengeQuery, headers: credentialHeaders } }, async (request, reply) => {
      if (request.caller.kind === 'anonymous') throw forbidden();
      await ctx.limits.create(request, 'captcha-challenge');
      const action = knownAction((request.query as { action?: unknown }).action);
      if (!action) throw badRequest('No human check for this action.');
      return reply.header('cache-control', 'no-store').send(await issueChallenge(altcha, action));
    });
  }

  app.post('/api/verify-captcha', { schema: { body: verifyBody, headers: credentialHeaders } }, async (request) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    await ctx.limits.create(request, 'verify-captcha');
    const body = (request.body ?? {}) as { token?: unknown; action?: unknown };
    const token = typeof body.token === 'string' ? body.token : '';
    const action = knownAction(body.action);
    if (!token || token.length > TOKEN_MAX_LENGTH || !action) throw failed();
    if (!altcha) {
      await verifyWithGoogle(ctx, request, token, action);
      const { proof, expiresAt } = await issueProof(ctx.db, action, ctx.config.captchaProofMinutes);
      return { success: true, proof, expiresAt };
    }
    const outcome = await checkAltchaPayload(altcha, token, action);
    if (!outcome.ok) throw failed();
    // Spending the challenge and issuing the proof commit together: a replay gets no proof, a failure spends nothing.
    const issued = await ctx.db.transaction(async (tx) =>
      (await spendChallenge(tx, outcome.nonce, outcome.expiresAt)) ? issueProof(tx, action, ctx.config.captchaProofMinutes) : null,
    );
    if (!issued) throw failed();
    return { success: true, ...issued };
  });
});
