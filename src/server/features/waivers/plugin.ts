// The waiver desk's API (roles with 'check-in-waivers': desk and admin): GET /api/waivers/search
// finds signed waivers across every waiver form, POST /api/waivers/{id}/check-ins records that the
// signer or a dependent was checked in (audited). And GET /api/waivers/{id}/terms: the terms a guest
// saw, for whoever may read that submission (the staff submission page).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { readScope, readsRow } from '../../core/access/submission-access.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { resolveLanguage } from '../../../engine/language.ts';
import type { Lang } from '../../../engine/languages.ts';
import { t } from '../../../engine/messages.ts';
import { termsOf } from '../../../engine/waiver-terms.ts';
import { CheckInPerson, CheckInsAnswer, SignedTermsAnswer, WAIVER_SEARCH_LIMIT, WAIVER_SEARCH_MAX_LENGTH, WAIVER_SEARCH_MIN_LENGTH, WaiverSearchAnswer } from '../../../engine/contract/waivers.ts';
import { termsSha256 } from '../../core/forms/evidence.ts';
import { recordAudit } from '../audit/index.ts';
import { checkInsOf, searchWaivers } from './desk-search.ts';
import { formVersionSeen } from './form-versions.ts';
import { toWaiverResult } from './waiver-result.ts';
import { WAIVER_FIELDS } from './waiver-fields.ts';

type Locale = { locale?: string };
type IdRequest<Extra = object> = FastifyRequest<{ Params: { id: string }; Querystring: Locale } & Extra>;

const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 12 } }, required: ['id'] } as const;
const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 20 } } } as const;

function idOf(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1) throw notFound();
  return id;
}

const callerLanguage = (request: FastifyRequest<{ Querystring: Locale }>): Lang => resolveLanguage(request.query.locale ?? request.headers['accept-language']);

export const waiversPlugin = ownPlugin('waivers', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  const waiverForms = registry.forms.filter((form) => form.compiled.form.submit.evidence);
  const waiverCollections = new Set(waiverForms.map((form) => form.compiled.collection));
  // Today's terms fingerprint per form and language, to tell a guest who signed older terms.
  const todaysTerms = new Map(waiverForms.map((form) => [form.compiled.collection, { form, byLang: new Map<Lang, string>() }]));
  const currentTermsSha256 = (collection: string, lang: Lang) => {
    const entry = todaysTerms.get(collection)!;
    if (!entry.byLang.has(lang)) entry.byLang.set(lang, termsSha256(termsOf({ ...entry.form.compiled, texts: entry.form.texts }, lang)));
    return entry.byLang.get(lang)!;
  };

  const desk = (request: FastifyRequest) => {
    if (!can(request.caller, 'check-in-waivers')) throw forbidden();
  };

  app.get('/api/waivers/search', {
    schema: { querystring: { type: 'object', properties: { q: { type: 'string', maxLength: WAIVER_SEARCH_MAX_LENGTH }, locale: localeQuery.properties.locale } }, headers: credentialHeaders, response: { 200: WaiverSearchAnswer } },
  }, async (request: FastifyRequest<{ Querystring: Locale & { q?: string } }>) => {
    desk(request);
    // Control characters (a NUL, which PostgreSQL text cannot hold) mean nothing in a search: spaces.
    const text = (request.query.q ?? '').replace(/\p{Cc}/gu, ' ').trim();
    // Spaces do not count: '5 1' is two characters of a number, not three.
    if ([...text.replace(/\s/g, '')].length < WAIVER_SEARCH_MIN_LENGTH) throw validationError(null, [{ path: 'q', message: t('staffWaiverSearchTooShort', callerLanguage(request), { count: WAIVER_SEARCH_MIN_LENGTH }) }]);
    const found = await searchWaivers(db, waiverForms.map((form) => form.compiled), text);
    const checkIns = await checkInsOf(db, found.map((row) => row.id));
    // Names and phone numbers read: recorded like any read of submissions (the words searched are personal, so not kept).
    await recordAudit(db, request.caller, { action: 'read-submission', target: 'waivers', detail: { desk: 'search', results: found.length } });
    const docs = found.map((row) => {
      const form = todaysTerms.get(row.collection)!.form;
      const lang = resolveLanguage(row.evidence.language, form.compiled.languages);
      const newTermsSince = row.evidence.termsSha256 ? row.evidence.termsSha256 !== currentTermsSha256(row.collection, lang) : row.form_hash !== form.compiled.hash;
      return toWaiverResult(row, form, { newTermsSince, checkIns: checkIns.get(row.id) ?? [] });
    });
    return { docs, limit: WAIVER_SEARCH_LIMIT };
  });

  app.post('/api/waivers/:id/check-ins', {
    schema: {
      params: idParams, querystring: localeQuery, headers: credentialHeaders,
      // `person` is checked below, not required here: the credential headers are checked first and a missing person is named in the caller's language.
      body: { type: 'object', properties: { person: CheckInPerson }, additionalProperties: false },
      response: { 200: CheckInsAnswer },
    },
  }, async (request: IdRequest<{ Body: { person?: CheckInPerson } }>) => {
    desk(request);
    const id = idOf(request.params.id);
    const { person } = request.body;
    const { rows } = await db.query<{ collection: string; dependents: number; reference: string }>(
      `SELECT collection, reference, CASE WHEN jsonb_typeof(data->'${WAIVER_FIELDS.dependents}') = 'array' THEN jsonb_array_length(data->'${WAIVER_FIELDS.dependents}') ELSE 0 END AS dependents
       FROM documents WHERE id = $1 AND evidence IS NOT NULL`,
      [id],
    );
    const waiver = rows[0];
    if (!waiver || !waiverCollections.has(waiver.collection)) throw notFound();
    if (person === undefined || (person !== 'signer' && person >= waiver.dependents)) throw validationError(null, [{ path: 'person', message: t('staffWaiverNoSuchPerson', callerLanguage(request)) }]);
    const caller = request.caller;
    if (caller.kind !== 'staff') throw forbidden();
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO waiver_check_ins (document_id, person, user_id, user_email) VALUES ($1, $2, $3, $4)', [id, String(person), caller.user.id, caller.user.email]);
      await recordAudit(tx, caller, { action: 'waiver-check-in', target: waiver.collection, documentId: waiver.reference, detail: { person } });
    });
    return { checkIns: (await checkInsOf(db, [id])).get(id) ?? [] };
  });

  app.get('/api/waivers/:id/terms', { schema: { params: idParams, querystring: localeQuery, headers: credentialHeaders, response: { 200: SignedTermsAnswer } } }, async (request: IdRequest) => {
    const id = idOf(request.params.id);
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
    return { formHash: seen.hash, formVersion: seen.version, language: terms.language, blocks: terms.blocks, consent: terms.consent, changedSince: termsSha256(terms) !== today };
  });
});
