// The waiver desk's API (roles with 'check-in-waivers': desk and admin), over the waiver forms the
// caller's desk finds (core/access deskFinds: a desk's attractions, an admin's every one; another
// attraction's waiver is a 404): GET /api/waivers/search finds signed waivers, document numbers and
// phones masked; GET /api/waivers/{id} opens one, in full (audited, never the values); both limited
// per account. POST /api/waivers/{id}/check-ins records that the signer or a minor was checked
// in (audited), refused (409) when the terms changed since and the definition wants them signed again. And GET /api/waivers/{id}/terms: the terms a guest saw, for whoever may read that
// submission (the staff submission page).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { deskFinds, readScope, readsRow } from '../../core/access/submission-access.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import { credentialHeaders, idParams } from '../../core/http/route-schemas.ts';
import { idParam } from '../../core/http/row-id.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { termsOf } from '../../../engine/waivers/waiver-terms.ts';
import {
  CheckInPerson,
  CheckInsAnswer,
  type WaiverCheckIn,
  SignedTermsAnswer,
  WAIVER_SEARCH_LIMIT,
  WAIVER_SEARCH_MAX_LENGTH,
  WAIVER_SEARCH_MIN_LENGTH,
  WaiverOpenAnswer,
  WaiverSearchAnswer,
} from '../../../engine/contract/waivers.ts';
import { termsSha256 } from '../../core/forms/evidence.ts';
import { recordAudit } from '../audit/index.ts';
import { checkInsOf, findWaiver, searchTermsOf, searchWaivers, type FoundWaiver } from './desk-search.ts';
import { formVersionSeen } from './form-versions.ts';
import { toWaiverResult } from './waiver-result.ts';
import { checkInWaiverPerson, waiverTermsChecker } from './check-in.ts';

type Locale = { locale?: string };
type IdRequest<Extra = object> = FastifyRequest<{ Params: { id: string }; Querystring: Locale } & Extra>;

const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 20 } } } as const;

const callerLanguage = (request: FastifyRequest<{ Querystring: Locale }>): Lang => resolveLanguage(request.query.locale ?? request.headers['accept-language']);

export const waiversPlugin = ownPlugin('waivers', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  const waiverForms = registry.forms.filter((form) => form.compiled.form.submit.evidence);
  // Today's terms fingerprint per form and language, to tell a guest who signed older terms.
  const termsOfRow = waiverTermsChecker(waiverForms);
  const formOf = new Map(waiverForms.map((form) => [form.compiled.collection, form]));

  /** The collections of the waiver forms the caller's desk finds (none: a desk given no attraction); 403 without the desk's permission. */
  const deskCollections = (request: FastifyRequest): string[] => {
    if (!can(request.caller, 'check-in-waivers')) throw forbidden();
    return waiverForms.filter((form) => deskFinds(request.caller, form.compiled)).map((form) => form.compiled.collection);
  };

  const toResult = (row: FoundWaiver, checkIns: Map<number, WaiverCheckIn[]>, masked: boolean) =>
    toWaiverResult(row, formOf.get(row.collection)!, { ...termsOfRow(row), checkIns: checkIns.get(row.id) ?? [], masked });

  app.get(
    '/api/waivers/search',
    {
      schema: {
        querystring: { type: 'object', properties: { q: { type: 'string', maxLength: WAIVER_SEARCH_MAX_LENGTH }, locale: localeQuery.properties.locale } },
        headers: credentialHeaders,
        response: { 200: WaiverSearchAnswer },
      },
    },
    async (request: FastifyRequest<{ Querystring: Locale & { q?: string } }>) => {
      const collections = deskCollections(request);
      // Control characters (a NUL, which PostgreSQL text cannot hold) mean nothing in a search: spaces.
      const text = (request.query.q ?? '').replace(/\p{Cc}/gu, ' ').trim();
      const terms = searchTermsOf(
        text,
        waiverForms.map((form) => form.compiled),
      );
      if (!terms)
        throw validationError(null, [{ path: 'q', message: t('staffWaiverSearchTooShort', callerLanguage(request), { count: WAIVER_SEARCH_MIN_LENGTH }) }]);
      // Counted once the search is one (a refused text reads nothing).
      await ctx.limits.deskLookup(request, 'search');
      const found = await searchWaivers(db, collections, terms);
      const checkIns = await checkInsOf(
        db,
        found.map((row) => row.id),
      );
      // Names read: recorded like any read of submissions (the words searched are personal, so not kept).
      await recordAudit(db, request.caller, { action: 'read-submission', target: 'waivers', detail: { desk: 'search', results: found.length } });
      return { docs: found.map((row) => toResult(row, checkIns, true)), limit: WAIVER_SEARCH_LIMIT };
    },
  );

  app.get(
    '/api/waivers/:id',
    { schema: { params: idParams, querystring: localeQuery, headers: credentialHeaders, response: { 200: WaiverOpenAnswer } } },
    async (request: IdRequest) => {
      const collections = deskCollections(request);
      const id = idParam(request.params.id);
      await ctx.limits.deskLookup(request, 'open');
      const row = await findWaiver(db, collections, id);
      if (!row) throw notFound();
      // Who opened which waiver and when; never the numbers shown.
      await recordAudit(db, request.caller, { action: 'waiver-open', target: row.collection, documentId: row.reference });
      return { doc: toResult(row, await checkInsOf(db, [id]), false) };
    },
  );

  app.post(
    '/api/waivers/:id/check-ins',
    {
      schema: {
        params: idParams,
        querystring: localeQuery,
        headers: credentialHeaders,
        // `person` is checked below, not required here: the credential headers are checked first and a missing person is named in the caller's language.
        body: { type: 'object', properties: { person: CheckInPerson }, additionalProperties: false },
        response: { 200: CheckInsAnswer },
      },
    },
    async (request: IdRequest<{ Body: { person?: CheckInPerson } }>) => {
      const collections = deskCollections(request);
      const id = idParam(request.params.id);
      await checkInWaiverPerson(db, request.caller, termsOfRow, { collections, id, person: request.body.person, lang: callerLanguage(request) });
      return { checkIns: (await checkInsOf(db, [id])).get(id) ?? [] };
    },
  );

  app.get(
    '/api/waivers/:id/terms',
    { schema: { params: idParams, querystring: localeQuery, headers: credentialHeaders, response: { 200: SignedTermsAnswer } } },
    async (request: IdRequest) => {
      const id = idParam(request.params.id);
      const { rows } = await db.query<{ collection: string; venue: string | null; form_hash: string; evidence: { language?: string; termsSha256?: string } }>(
        'SELECT collection, venue, form_hash, evidence FROM documents WHERE id = $1 AND evidence IS NOT NULL',
        [id],
      );
      const row = rows[0];
      const collection = row && registry.collections.get(row.collection);
      if (!collection?.form) throw notFound();
      // The same rule as reading the submission itself (core/access/submission-access.ts).
      const scope = readScope(request.caller, collection.form.compiled);
      if (scope.kind === 'none') throw forbidden();
      if (!readsRow(scope, row)) throw notFound();
      const seen = await formVersionSeen(db, row.form_hash);
      if (!seen) throw notFound();
      const terms = termsOf(seen, resolveLanguage(row.evidence.language, seen.languages));
      const today = termsSha256(termsOf({ ...collection.form.compiled, texts: collection.form.texts }, terms.language));
      return {
        formHash: seen.hash,
        formVersion: seen.version,
        language: terms.language,
        blocks: terms.blocks,
        consent: terms.consent,
        changedSince: termsSha256(terms) !== today,
      };
    },
  );
});
