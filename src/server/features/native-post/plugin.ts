// A guest form posted by the browser itself, before or without JavaScript: POST to the form page's
// own address (urlencoded, or multipart with its files), stored by THE store of the JSON API
// (collections' storeSubmission: same validation, checks, hooks and alerts). The answer is a page:
// - stored: 303 See Other to <page>/thank-you?reference=..., which shows the thanks (reload and
//   Back never post again; the address carries the reference, never an answer);
// - refused: 400 with the form again, the answers kept, each message at its question and in the
//   summary, in the page's language (the pages' own render, src/web/ssr/renderPage.tsx).
// Protected like the API's cookie requests: a post from another site is refused (403).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { cookieAllowed } from '../../core/access/caller.ts';
import { ApiError, type FieldError } from '../../core/errors.ts';
import { idempotentRequest, storeOnce } from '../../core/http/idempotency.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { pruneHidden } from '../../../engine/checks/conditions.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import type { NativePostOutcome } from '../../../engine/contract/native-post.ts';
import { storeSubmission } from '../collections/index.ts';
import { availabilityRefused } from '../quotas/index.ts';
import { unavailableText } from '../../../engine/quotas/availability.ts';
import { answerFieldsOf } from '../../core/submission-hooks.ts';
import type { ReporterReceipt } from '../../../engine/contract/reporter.ts';
import type { ReviewAsk } from '../../../engine/contract/reach-names.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { claimedUploadHashes } from '../uploads/index.ts';
import { formRoutes } from '../render/index.ts';
import { postedAnswers } from './posted-answers.ts';
import { postKey } from './post-mark.ts';
import { maxPairsOf, MAX_TEXT_BYTES, readMultipart, tooMuch, urlencodedPairs, type Posted } from './read-post.ts';
import { pathnameOf, queryOf } from '../../core/http/pathname.ts';
import { PARTY_PAGE_PREFIX, partyCodeOf } from '../../../engine/contract/party-names.ts';
import { partyByCode } from '../parties/index.ts';

/** A form page's body: its answers are a few KB; files go as multipart (their own limits). */
const FORM_BODY_LIMIT = MAX_TEXT_BYTES;
/** A post larger than its form can hold (read-post.ts), however it was found: the form again, saying so (413). */
const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT']);
const isTooLarge = (error: unknown) =>
  (error instanceof ApiError && error.statusCode === 413) || TOO_LARGE.has((error as { code?: string } | null)?.code ?? '');
/** How long after sending a guest may open the thanks again (reload, Back then Forward). */
const THANKS_HOURS = 24;

const fieldErrorsOf = (error: ApiError): FieldError[] | null => {
  const first = (error.body as { errors?: { name?: string; data?: { errors?: FieldError[] } }[] }).errors?.[0];
  return first?.name === 'ValidationError' && first.data?.errors ? first.data.errors : null;
};

const htmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const nativePostPlugin = ownPlugin('native-post', async (app, ctx: ServerContext) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, urlencodedPairs(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  const formsById = new Map(ctx.registry.forms.map((form) => [form.compiled.id, form]));
  const query = (request: FastifyRequest) => (queryOf(request) ? `?${queryOf(request)}` : '');

  /** The page again, or a short page when it cannot be rendered (pages not built, too many renders under way). */
  async function answerPage(reply: FastifyReply, status: number, url: string, outcome: NativePostOutcome, fallback: string) {
    const html =
      (await app.postedFormPage?.(url, outcome)) ?? `<!doctype html><meta charset="utf-8"><title>${htmlEscape(fallback)}</title><p>${htmlEscape(fallback)}</p>`;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  /** The page's language and address, as the form page posted to it has them. */
  const pageOf = (request: FastifyRequest, form: LoadedForm) => ({
    lang: resolveLanguage(new URLSearchParams(query(request)).get('lang'), form.compiled.languages),
    url: `${pathnameOf(request)}${query(request)}`,
  });

  /** The route's error handler: a post too large is the form again with the reason, in its language; anything else goes on to the app's. */
  async function refuseTooLarge(error: unknown, request: FastifyRequest, reply: FastifyReply, form: LoadedForm) {
    if (!isTooLarge(error)) throw error;
    const { lang, url } = pageOf(request, form);
    const notice = t('formTooLarge', lang);
    return answerPage(reply, 413, url, { kind: 'refused', answers: {}, errors: [], notice }, notice);
  }

  /** party: posted from a party's page (/p/{code}): the code is its address's, checked by the parties' hook as X-Party is; the thanks is the waiver's own page's. */
  async function post(request: FastifyRequest, reply: FastifyReply, form: LoadedForm, party?: { code: string; thanks: string | null }) {
    if (!cookieAllowed(request.headers)) return reply.code(403).type('text/plain; charset=utf-8').send('This form can only be sent from its own page.');
    const collection = ctx.registry.collections.get(form.compiled.collection);
    if (!collection?.publicCreate) return reply.code(403).type('text/plain; charset=utf-8').send('This form cannot be sent without signing in.');
    const { lang, url } = pageOf(request, form);
    const failed = form.compiled.form.submit.failed ? formText(form.compiled.id, form.compiled.form.submit.failed, lang) : t('submitFailed', lang);
    /** No answer at fault (a limit, the human check): the form again, saying it was not sent. */
    const notSent = (status: number, answers: Record<string, unknown> = {}, notice = failed) =>
      answerPage(reply, status, url, { kind: 'refused', answers, errors: [], notice }, notice);
    try {
      await ctx.limits.create(request, collection.slug);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 429) return notSent(429);
      throw error;
    }
    let posted: Posted;
    if (request.isMultipart()) posted = await readMultipart(ctx, request, form, lang);
    else if (Array.isArray(request.body)) posted = { pairs: request.body as [string, string][], uploads: new Map(), files: [], claims: [], fileErrors: [] };
    else return reply.code(415).type('text/plain; charset=utf-8').send('Send the form as application/x-www-form-urlencoded or multipart/form-data.');
    if (posted.pairs.length > maxPairsOf(form)) throw tooMuch();
    const answers = pruneHidden(form.compiled.form, postedAnswers(form.compiled.schema as never, posted.pairs, posted.uploads));
    // Files are chosen again after a refusal: a file input cannot be given one back.
    const kept = () => Object.fromEntries(Object.entries(answers).filter(([name]) => !form.compiled.uploads.some((rule) => rule.field === name)));
    const refused = (errors: FieldError[]) =>
      answerPage(reply, 400, url, { kind: 'refused', answers: kept(), errors: errors.map(({ path, message }) => ({ path, message })) }, failed);
    if (posted.fileErrors.length) return refused(posted.fileErrors);
    // The same answers posted again from the same page load (a double tap): the first post's thanks (post-mark.ts).
    const sent = { pairs: posted.pairs, files: posted.files };
    const key = postKey(request, sent);
    const idempotent = key ? idempotentRequest(collection.slug, 'page', key, sent) : null;
    try {
      const { row } = await storeOnce(ctx.db, collection.slug, idempotent, (idempotency) =>
        storeSubmission(ctx, collection, {
          body: answers,
          captchaProof: undefined,
          uploadClaims: claimedUploadHashes(posted.claims),
          lang,
          idempotency,
          party: party?.code,
        }),
      );
      // A reporter's secret is shown once, by this answer itself: never in the address a redirect would carry.
      const { reporter } = (await answerFieldsOf(ctx.submissionAnswers, { collection, row, lang }, ctx.jwtSecret, ctx.db)) as { reporter?: ReporterReceipt };
      if (reporter) return answerPage(reply, 200, url, { kind: 'stored', reference: String(row.reference ?? row.id), reporter }, t('thankYouTitle', lang));
      const thanks = new URLSearchParams(query(request));
      thanks.set('reference', String(row.reference ?? row.id));
      if (party && !party.thanks) return answerPage(reply, 200, url, { kind: 'stored', reference: String(row.reference ?? row.id) }, t('thankYouTitle', lang));
      return reply
        .code(303)
        .header('location', `${(party?.thanks ?? pathnameOf(request)).replace(/\/$/, '')}/thank-you?${thanks}`)
        .header('cache-control', 'no-store')
        .send();
    } catch (error) {
      const errors = error instanceof ApiError ? fieldErrorsOf(error) : null;
      if (errors) return refused(errors);
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
      // A form closed or full meanwhile: the answers shown back with the reason (the guest may keep them).
      const availability = availabilityRefused(error);
      return notSent(error.statusCode, kept(), availability ? (unavailableText(availability, lang) ?? failed) : failed);
    }
  }

  async function thanks(request: FastifyRequest<{ Querystring: { reference?: string } }>, reply: FastifyReply, form: LoadedForm) {
    const reference = request.query.reference;
    const { rows } =
      typeof reference === 'string' && reference.length <= 40
        ? await ctx.db.query<DocumentRow>(
            'SELECT * FROM documents WHERE collection = $1 AND reference = $2 AND created_at > now() - make_interval(hours => $3)',
            [form.compiled.collection, reference, THANKS_HOURS],
          )
        : { rows: [] };
    if (rows.length === 0) return reply.callNotFound();
    const page = new URLSearchParams(query(request));
    page.delete('reference');
    const url = `${pathnameOf(request).replace(/\/thank-you\/?$/, '')}${page.size ? `?${page}` : ''}`;
    const lang = resolveLanguage(page.get('lang'), form.compiled.languages);
    // What may be shown again to whoever holds the reference (the review ask): core/feature.ts thanksAnswers.
    const collection = ctx.registry.collections.get(form.compiled.collection);
    const { reviewAsk } = collection
      ? ((await answerFieldsOf(ctx.thanksAnswers, { collection, row: rows[0]!, lang }, ctx.jwtSecret, ctx.db)) as { reviewAsk?: ReviewAsk })
      : {};
    return answerPage(reply, 200, url, { kind: 'stored', reference: reference!, ...(reviewAsk ? { reviewAsk } : {}) }, t('thankYouTitle', lang));
  }

  // A party's page (/p/{code}) posts the waiver it holds to its own address: an unknown code is a 404
  // (nothing read); the party's rules (its day, its places) are the parties' hook's, as for X-Party.
  const staticPaths = new Map(
    formRoutes(ctx.registry.forms)
      .filter((route) => route.segments.every((segment) => !segment.startsWith(':')))
      .map((route) => [route.form.id, `/${route.segments.join('/')}`]),
  );
  async function partyForm(param: string): Promise<{ code: string | null; form: LoadedForm | undefined }> {
    const code = partyCodeOf(`${PARTY_PAGE_PREFIX}${param}`);
    const party = code ? await partyByCode(ctx.db, code) : null;
    return { code, form: party ? formsById.get(party.form_id) : undefined };
  }
  for (const address of [`${PARTY_PAGE_PREFIX}:code`, `${PARTY_PAGE_PREFIX}:code/`]) {
    app.post(
      address,
      {
        bodyLimit: FORM_BODY_LIMIT,
        errorHandler: async (error, request: FastifyRequest<{ Params: { code: string } }>, reply) => {
          const { form } = await partyForm(request.params.code);
          if (!form) throw error;
          return refuseTooLarge(error, request, reply, form);
        },
      },
      async (request: FastifyRequest<{ Params: { code: string } }>, reply) => {
        const { code, form } = await partyForm(request.params.code);
        if (!code || !form) return reply.callNotFound();
        return post(request, reply, form, { code, thanks: staticPaths.get(form.compiled.id) ?? null });
      },
    );
  }

  const seen = new Set<string>();
  for (const route of formRoutes(ctx.registry.forms)) {
    const form = formsById.get(route.form.id);
    const path = `/${route.segments.join('/')}`;
    if (!form || seen.has(path)) continue;
    seen.add(path);
    for (const address of [path, `${path}/`]) {
      app.post(
        address,
        { bodyLimit: FORM_BODY_LIMIT, errorHandler: (error, request, reply) => refuseTooLarge(error, request, reply, form) },
        (request, reply) => post(request, reply, form),
      );
    }
    app.get(`${path}/thank-you`, (request: FastifyRequest<{ Querystring: { reference?: string } }>, reply) => thanks(request, reply, form));
  }
});
