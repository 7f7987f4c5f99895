// The reporter's page at each form's `reporterAccess.page` (e.g. /employee/whistle-blower/case), in
// en, ar or fr (?lang=): GET asks for code and secret; POST (the page's own forms, urlencoded or
// multipart with files) opens the case or adds to it, and answers the page again. No redirect, no
// cookie, no script (page-html.ts); the code and secret travel in the POST bodies only. A refusal is
// the page again with the message in its language (400; 429 at the limits), never a 5xx.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { ApiError, type FieldError } from '../../core/errors.ts';
import { cookieAllowed } from '../../core/access/caller.ts';
import { LANGUAGES, type Lang } from '../../../engine/text/languages.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { t } from '../../../engine/text/messages.ts';
import { claimedUploadHashes } from '../uploads/index.ts';
import { MAX_TEXT_BYTES, readMultipart, urlencodedPairs } from '../native-post/index.ts';
import type { Collection } from '../../core/registry.ts';
import { reporterCase } from './case-view.ts';
import { addInformation, openOrRefuse } from './reporter-actions.ts';
import { casePage, openPage } from './page-html.ts';

const fieldErrorOf = (error: unknown): FieldError | null => {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return null;
  return (error.body as { errors?: { data?: { errors?: FieldError[] } }[] }).errors?.[0]?.data?.errors?.[0] ?? null;
};

export const reporterPagePlugin = ownPlugin('reporter-page', async (app, ctx: ServerContext) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_TEXT_BYTES }, (_request, body, done) => {
    try {
      done(null, urlencodedPairs(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  const langOf = (request: FastifyRequest) =>
    resolveLanguage((request.query as { lang?: string }).lang ?? request.headers['accept-language']?.split(',')[0], LANGUAGES);
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);

  for (const collection of ctx.registry.collections.values()) {
    const form = ctx.registry.forms.find((loaded) => loaded.compiled.collection === collection.slug);
    const access = collection.kind === 'submissions' ? collection.form?.compiled.form.reporterAccess : undefined;
    if (!form || !access) continue;
    const page = access.page;
    const only: readonly Collection[] = [collection];
    const fileRule = form.compiled.uploads[0];

    app.get(page, async (request, reply) => send(reply, 200, openPage(langOf(request), page, LANGUAGES)));

    app.post(page, { bodyLimit: MAX_TEXT_BYTES }, async (request, reply) => {
      const lang: Lang = langOf(request);
      if (!cookieAllowed(request.headers)) return reply.code(403).type('text/plain; charset=utf-8').send('This page can only be sent from itself.');
      let pairs: [string, string][];
      let uploadIds: number[] = [];
      let claims: string[] = [];
      let fileError: FieldError | null = null;
      if (request.isMultipart()) {
        const posted = await readMultipart(ctx, request, form, lang);
        pairs = posted.pairs;
        uploadIds = [...posted.uploads.values()].flat();
        claims = claimedUploadHashes(posted.claims.join(','));
        fileError = posted.fileErrors[0] ? { path: 'files', message: posted.fileErrors[0].message } : null;
      } else if (Array.isArray(request.body)) pairs = request.body as [string, string][];
      else return reply.code(415).type('text/plain; charset=utf-8').send('Send the page as application/x-www-form-urlencoded or multipart/form-data.');
      const field = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? '';
      const proof = { code: field('code'), secret: field('secret') };
      if (!proof.code.trim() || !proof.secret.trim()) return send(reply, 400, openPage(lang, page, LANGUAGES, t('reporterCodeMissing', lang), proof.code));
      let opened;
      try {
        opened = await openOrRefuse(ctx, request, only, lang, proof);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 429)
          return send(reply, 429, openPage(lang, page, LANGUAGES, t('submitFailed', lang), proof.code));
        if (fieldErrorOf(error)) return send(reply, 400, openPage(lang, page, LANGUAGES, fieldErrorOf(error)!.message, proof.code));
        throw error;
      }
      const show = async (status: number, options: Parameters<typeof casePage>[4]) =>
        send(
          reply,
          status,
          casePage(lang, page, await reporterCase(ctx.sealed, ctx.db, opened.collection, ctx.sealed.openRow(opened.row), lang), proof, {
            fileControl: fileRule && `root_${fileRule.field}`,
            ...options,
          }),
        );
      if (field('action') !== 'add') return show(200, {});
      if (fileError) return show(400, { error: fileError, text: field('text') });
      try {
        await addInformation(ctx, opened, { text: field('text'), files: uploadIds }, claims, lang);
      } catch (error) {
        const refused = fieldErrorOf(error);
        if (!refused) throw error;
        return show(400, { error: refused, text: field('text') });
      }
      return show(200, { notice: t('reporterSent', lang) });
    });
  }
});
