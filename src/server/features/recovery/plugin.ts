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
import { t } from '../../../engine/text/messages.ts';
import { recoveryAnswerStep } from './answer.ts';
import { RECOVERY_PAGE_PREFIX, readRecoveryToken } from './recovery-link.ts';
import { recoveryMailKind, recoverySurveyStep } from './survey-mail.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function gonePage(lang: Lang): string {
  const title = escapeHtml(t('recoveryGoneTitle', lang));
  const hint = escapeHtml(t('recoveryGoneHint', lang));
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}h1{font-size:1.5rem}</style></head>
<body><main><h1>${title}</h1><p>${hint}</p></main></body>
</html>`;
}

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
