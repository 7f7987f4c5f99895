// The recovery feature's plugin: the due steps it runs (sending the survey, alerting on a "no"), the
// email's outbox kind, and the survey page's gate. The page itself is the engine's form page of
// routes.json (`/recovery/:token`, kind form, rendered by features/render like any form); before it
// is sent, an address whose token is altered or expired, or whose survey was never sent or is
// answered, is answered with a 404 page of its own in the link's ?lang (else the browser's), never
// the form. Shared (fastify-plugin) so the hook sees the render feature's page routes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedPlugin } from '../../core/context.ts';
import { pathnameOf, queryOf } from '../../core/http/pathname.ts';
import { parseQueryString } from '../../core/http/query-string.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';
import { recoveryAnswerStep } from './answer.ts';
import { goneHtml } from '../../core/http/gone-page.ts';
import { RECOVERY_PAGE_PREFIX, readRecoveryToken } from './recovery-link.ts';
import { recoveryMailKind, recoverySurveyStep } from './survey-mail.ts';

const gonePage = (lang: Lang) => goneHtml(lang, 'recoveryGoneTitle', 'recoveryGoneHint');

/** The survey page's own address (not its thank-you page): `/recovery/<token>`. */
const PAGE = new RegExp(`^${RECOVERY_PAGE_PREFIX}([^/]+)/?$`);

export const recoveryPlugin = sharedPlugin(async (app, ctx) => {
  ctx.timers.register(recoverySurveyStep(ctx));
  ctx.timers.register(recoveryAnswerStep(ctx));
  ctx.outbox.register(recoveryMailKind(ctx));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = PAGE.exec(pathnameOf(request));
    if (!match) return;
    const documentId = readRecoveryToken(ctx.jwtSecret, match[1]);
    const { rows } =
      documentId === null ? { rows: [] } : await ctx.db.query('SELECT 1 FROM recovery_surveys WHERE document_id = $1 AND answer IS NULL', [documentId]);
    if (rows.length) return;
    const asked = parseQueryString(queryOf(request)).lang;
    const lang = resolveLanguage(typeof asked === 'string' ? asked : request.headers['accept-language'], LANGUAGES);
    return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(gonePage(lang));
  });
}, 'recovery');
