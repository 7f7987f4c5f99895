// The guest's side of a case, by the signed link of every reply (case-link.ts, open-case.ts):
// - GET /api/case/{token}: their own thread (staff by first name only, never an address or an
//   internal note) and what they wrote with their submission; the case page's data (any client with
//   the pages' key);
// - POST /api/case/{token}/messages {text, photo?}: their answer (JSON), the photo an upload to the
//   case photos' collection (POST /api/case-photos) with its claim in X-Upload-Claim;
// - POST /reply/{token}: the case page's own form, posted by the browser without JavaScript
//   (urlencoded, or multipart with the file `photo`, read as the forms' native post reads files):
//   stored, then 303 to the page#answer-sent (reload and Back never post again); refused, the page
//   again with the words kept and the reason at the box (or at the photo);
// - GET /reply/{token}/photos/{file}: a photo of this case's own answers, the token its only key
//   (the page's <img>; a file of any other case, or none, is a 404).
// Each answer goes through storeGuestAnswer (guest-answer.ts). Altered, expired or of a form that
// takes no reply: 404 (the page: Not Found in the page's language). Answers are rate-limited per
// address like creates. Nothing of an answer is logged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { cookieAllowed } from '../../core/access/caller.ts';
import { ApiError, forbidden, notFound, type FieldError } from '../../core/errors.ts';
import { pathnameOf } from '../../core/http/pathname.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { LANGUAGES } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { CASE_ANSWER_SENT, CASE_PAGE_PREFIX, CASE_PHOTO_PATH, CASE_PHOTO_RULE, GuestCase } from '../../../engine/contract/cases.ts';
import { claimedUploadHashes, storedFile, UPLOAD_CLAIM_HEADER } from '../uploads/index.ts';
import { readParts } from '../native-post/index.ts';
import type { NativePostOutcome } from '../../../engine/contract/native-post.ts';
import { firstName, venueName } from './case-guest.ts';
import { checkedAnswer, checkedPhoto, storeGuestAnswer, type AnswerPhoto } from './guest-answer.ts';
import { guestComments, openCase } from './open-case.ts';

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;

const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 120 } }, required: ['token'] } as const;

type GuestMessageRow = {
  id: number;
  direction: 'to-guest' | 'from-guest';
  text: string;
  created_at: Date;
  author_name: string | null;
  photo_name: string | null;
  photo_type: string | null;
};

/** Where the guest's page shows a photo of their case: under the page's own address, the token its key. */
const guestPhotoUrl = (token: string, filename: string) => `${CASE_PAGE_PREFIX}${encodeURIComponent(token)}${CASE_PHOTO_PATH}${encodeURIComponent(filename)}`;

/** The page's multipart post: the answer's words and at most one photo (a second file is refused as it arrives). */
const CASE_PARTS = {
  rules: [CASE_PHOTO_RULE],
  maxPairs: 10,
  maxFiles: 1,
  ruleOf: (control: string) => (control === CASE_PHOTO_RULE.field ? CASE_PHOTO_RULE : undefined),
};

/** A stored file is never shown by the browser as a page of ours (as the uploads file route). */
const FILE_POLICY = "default-src 'none'; sandbox";

/** The page's post: one answer of at most CASE_ANSWER_MAX_LENGTH characters, urlencoded (a few KB at most). */
const PAGE_BODY_LIMIT = 64 * 1024;
const FIELD_ERRORS = (error: ApiError): FieldError[] =>
  (error.body as { errors?: { data?: { errors?: FieldError[] } }[] }).errors?.[0]?.data?.errors ?? [{ path: 'text', message: error.message }];
const htmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const caseGuestPlugin = ownPlugin('case-guest', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db } = ctx;

  app.get('/api/case/:token', { schema: { params: tokenParams, response: { 200: GuestCase } } }, async (request: TokenRequest) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    const opened = await openCase(ctx, request.params.token);
    if (!opened) throw notFound();
    const { collection, row, lang } = opened;
    const { rows } = await db.query<GuestMessageRow>(
      `SELECT m.id, m.direction, m.text, m.created_at, u.name AS author_name, p.data->>'filename' AS photo_name, p.data->>'mimeType' AS photo_type
       FROM case_messages m LEFT JOIN users u ON u.id = m.author_id LEFT JOIN documents p ON p.id = m.photo_id AND p.attached_to = m.document_id
       WHERE m.document_id = $1 ORDER BY m.id`,
      [row.id],
    );
    return {
      lang,
      reference: row.reference ?? String(row.id),
      venue: await venueName(db, collection.form!.compiled, row, lang),
      comments: guestComments(opened),
      docs: rows.map((message) => ({
        id: message.id,
        direction: message.direction,
        text: message.text,
        // A first name only, and only a name the account has: never an address.
        author: message.direction === 'to-guest' && message.author_name?.trim() ? firstName({ name: message.author_name, email: '' }) : null,
        createdAt: message.created_at.toISOString(),
        ...(message.photo_name && message.photo_type
          ? { photo: { url: guestPhotoUrl(request.params.token, message.photo_name), mimeType: message.photo_type } }
          : {}),
      })),
    };
  });

  app.get(
    `${CASE_PAGE_PREFIX}:token${CASE_PHOTO_PATH}:file`,
    {
      schema: { params: { ...tokenParams, properties: { ...tokenParams.properties, file: { type: 'string', maxLength: 200 } }, required: ['token', 'file'] } },
    },
    async (request: FastifyRequest<{ Params: { token: string; file: string } }>, reply: FastifyReply) => {
      const opened = await openCase(ctx, request.params.token);
      if (!opened) throw notFound();
      // Only a photo of this case's own answers.
      const own = (params: unknown[]) =>
        `documents.attached_to = $${params.push(opened.row.id)} AND EXISTS (SELECT 1 FROM case_messages m WHERE m.photo_id = documents.id AND m.document_id = documents.attached_to)`;
      const { mimeType, file } = await storedFile(db, ctx, CASE_PHOTO_RULE.collection, request.params.file, own);
      return reply
        .type(mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_POLICY)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file);
    },
  );

  app.post('/api/case/:token/messages', { schema: { params: tokenParams } }, async (request: TokenRequest, reply: FastifyReply) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    await ctx.limits.create(request, 'case-answers');
    const opened = await openCase(ctx, request.params.token);
    if (!opened) throw notFound();
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const text = checkedAnswer(body.text, opened.lang);
    const photoId = checkedPhoto(body.photo, opened.lang);
    const photo = photoId === null ? null : { id: photoId, claims: claimedUploadHashes(request.headers[UPLOAD_CLAIM_HEADER]) };
    const stored = await storeGuestAnswer(ctx, { ...opened, text, photo });
    if (!stored) throw notFound(); // erased meanwhile
    return reply.code(201).send({
      id: stored.id,
      direction: 'from-guest',
      text,
      author: null,
      createdAt: stored.createdAt,
      ...(stored.photo ? { photo: { url: guestPhotoUrl(request.params.token, stored.photo.filename), mimeType: stored.photo.mimeType } } : {}),
    });
  });

  // The page's form, posted by the browser itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: PAGE_BODY_LIMIT }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  /** The case page at this address showing the post's outcome (render feature), or a short page when it cannot be rendered now. */
  async function answerPage(reply: FastifyReply, status: number, url: string, outcome: NativePostOutcome, fallback: string) {
    const html =
      (await app.postedFormPage?.(url, outcome)) ?? `<!doctype html><meta charset="utf-8"><title>${htmlEscape(fallback)}</title><p>${htmlEscape(fallback)}</p>`;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  app.post(`${CASE_PAGE_PREFIX}:token`, { schema: { params: tokenParams }, bodyLimit: PAGE_BODY_LIMIT }, async (request: TokenRequest, reply: FastifyReply) => {
    if (!cookieAllowed(request.headers)) return reply.code(403).type('text/plain; charset=utf-8').send('This answer can only be sent from its own page.');
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    const url = `${pathnameOf(request)}${search.size ? `?${search}` : ''}`;
    const opened = await openCase(ctx, request.params.token);
    // As the page: ?lang when the address names one, else the guest's own.
    const pageLang = !search.get('lang') && opened ? opened.lang : resolveLanguage(search.get('lang'), LANGUAGES);
    if (!opened) return answerPage(reply, 404, url, { kind: 'refused', answers: {}, errors: [] }, t('notFound', pageLang));
    const notSent = t('casePageNotSent', pageLang);
    try {
      await ctx.limits.create(request, 'case-answers');
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 429) {
        const given = request.body instanceof URLSearchParams ? request.body.get('text') : null;
        return answerPage(reply, 429, url, { kind: 'refused', answers: { text: given ?? '' }, errors: [], notice: notSent }, notSent);
      }
      throw error;
    }
    // The words, and with a multipart post the photo (kept through the uploads' checks) or why it was refused.
    let given: string | null = request.body instanceof URLSearchParams ? request.body.get('text') : null;
    let photo: AnswerPhoto | null = null;
    let photoError: FieldError | null = null;
    if (request.isMultipart()) {
      const onlyOne = { path: CASE_PHOTO_RULE.field, message: t('casePhotoOnlyOne', pageLang) };
      try {
        const posted = await readParts(ctx, request, pageLang, CASE_PARTS);
        given = posted.pairs.find(([name]) => name === 'text')?.[1] ?? null;
        const ids = posted.uploads.get(CASE_PHOTO_RULE.field) ?? [];
        if (posted.fileErrors[0]) photoError = { path: CASE_PHOTO_RULE.field, message: posted.fileErrors[0].message };
        else if (ids.length > 1) photoError = onlyOne;
        else if (ids.length === 1) photo = { id: ids[0], claims: claimedUploadHashes(posted.claims.join(',')) };
      } catch (error) {
        // A second file: refused as it arrives (the words before it are lost with the stream; the page says why).
        if ((error as { code?: string }).code !== 'FST_FILES_LIMIT') throw error;
        photoError = onlyOne;
      }
    }
    const refusedWith = (errors: FieldError[], status = 400, fallback = errors[0]?.message ?? notSent) =>
      answerPage(reply, status, url, { kind: 'refused', answers: { text: given ?? '' }, errors }, fallback);
    let text: string;
    try {
      text = checkedAnswer(given, pageLang);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refusedWith([...FIELD_ERRORS(error), ...(photoError ? [photoError] : [])]);
    }
    if (photoError) return refusedWith([photoError]);
    let stored;
    try {
      stored = await storeGuestAnswer(ctx, { ...opened, text, photo });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refusedWith(FIELD_ERRORS(error));
    }
    if (!stored) return answerPage(reply, 404, url, { kind: 'refused', answers: {}, errors: [] }, t('notFound', pageLang));
    return reply.code(303).header('location', `${url}#${CASE_ANSWER_SENT}`).header('cache-control', 'no-store').send();
  });
});
