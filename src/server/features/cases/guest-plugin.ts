// The guest's side of a case, by the signed link of every reply (case-link.ts, open-case.ts):
// - GET /api/case/{token}: their own thread (staff by first name only, never an address or an
//   internal note) and what they wrote with their submission; the case page's data (any client with
//   the pages' key);
// - POST /api/case/{token}/messages {text}: their answer (JSON);
// - POST /reply/{token}: the case page's own form, posted by the browser with or without JavaScript
//   (urlencoded, like the forms' native post): stored, then 303 to the page#answer-sent (reload and
//   Back never post again); refused, the page again with the words kept and the reason at the box.
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
import { CASE_ANSWER_SENT, CASE_PAGE_PREFIX, GuestCase } from '../../../engine/contract/cases.ts';
import type { NativePostOutcome } from '../../../engine/contract/native-post.ts';
import { firstName, venueName } from './case-guest.ts';
import { checkedAnswer, storeGuestAnswer } from './guest-answer.ts';
import { guestComments, openCase } from './open-case.ts';

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;

const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 120 } }, required: ['token'] } as const;

type GuestMessageRow = { id: number; direction: 'to-guest' | 'from-guest'; text: string; created_at: Date; author_name: string | null };

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
      `SELECT m.id, m.direction, m.text, m.created_at, u.name AS author_name FROM case_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.document_id = $1 ORDER BY m.id`,
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
      })),
    };
  });

  app.post('/api/case/:token/messages', { schema: { params: tokenParams } }, async (request: TokenRequest, reply: FastifyReply) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    await ctx.limits.create(request, 'case-answers');
    const opened = await openCase(ctx, request.params.token);
    if (!opened) throw notFound();
    const given = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>).text : undefined;
    const text = checkedAnswer(given, opened.lang);
    const stored = await storeGuestAnswer(ctx, { ...opened, text });
    if (!stored) throw notFound(); // erased meanwhile
    return reply.code(201).send({ id: stored.id, direction: 'from-guest', text, author: null, createdAt: stored.createdAt });
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
    const given = request.body instanceof URLSearchParams ? request.body.get('text') : null;
    const notSent = t('casePageNotSent', pageLang);
    try {
      await ctx.limits.create(request, 'case-answers');
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 429)
        return answerPage(reply, 429, url, { kind: 'refused', answers: { text: given ?? '' }, errors: [], notice: notSent }, notSent);
      throw error;
    }
    let text: string;
    try {
      text = checkedAnswer(given, pageLang);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return answerPage(reply, 400, url, { kind: 'refused', answers: { text: given ?? '' }, errors: FIELD_ERRORS(error) }, error.message);
    }
    const stored = await storeGuestAnswer(ctx, { ...opened, text });
    if (!stored) return answerPage(reply, 404, url, { kind: 'refused', answers: {}, errors: [] }, t('notFound', pageLang));
    return reply.code(303).header('location', `${url}#${CASE_ANSWER_SENT}`).header('cache-control', 'no-store').send();
  });
});
