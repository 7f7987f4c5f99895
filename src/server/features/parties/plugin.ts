// The parties' API. POST /api/parties makes a party: a desk account for one of its attractions, or
// the organiser on the public page (the pages' key, the human check's proof, rate-limited); the
// organiser is mailed their links (outbox). GET /api/parties/page/{code}: what the party's page
// needs (which waiver, the day, whether it still takes guests). GET /api/parties/roster/{token}: the
// organiser's roster by their signed link. The desk ('check-in-waivers', its attractions only:
// another's party is a 404): GET /api/parties/today, GET /api/parties/{id}/roster (and .pdf),
// POST /api/parties/{id}/check-ins (the whole party, or one person) through the desk's own check-in.
// Rosters answer an ETag: a page asking again with If-None-Match gets a 304 while nothing changed.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { can } from '../../core/access/roles.ts';
import { deskFinds } from '../../core/access/submission-access.ts';
import { badRequest, forbidden, notFound, validationError } from '../../core/errors.ts';
import { credentialHeaders, idParams } from '../../core/http/route-schemas.ts';
import { idParam } from '../../core/http/row-id.ts';
import { publicBase } from '../../core/http/public-url.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { toE164 } from '../../../engine/checks/phones.ts';
import { dohaDay } from '../../../engine/waivers/waiver-validity.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';
import {
  PARTY_CAPTCHA_ACTION,
  PARTY_MAX_PEOPLE,
  PARTY_MIN_PEOPLE,
  PARTY_PAGE_PREFIX,
  PartiesToday,
  PartyCheckInAnswer,
  PartyCreated,
  PartyPage,
  PartyRoster,
  type PartyCheckIn,
  type PartyCreate,
  type RosterPerson,
} from '../../../engine/contract/parties.ts';
import { recordAudit } from '../audit/index.ts';
import { consumeProof, spendProof } from '../captcha/index.ts';
import { formRoutes } from '../render/index.ts';
import { checkInRefusal, checkInsOf, checkInWaiverPerson, waiverTermsChecker } from '../waivers/index.ts';
import { partyClosed } from './party-hook.ts';
import { insertParty, partiesOfDay, partyByCode, partyById, partyWaivers, rosterPeople, toParty, type PartyRow } from './party-store.ts';
import { queueRosterEmail, rosterEmailKind } from './roster-email.ts';
import { readRosterToken } from './roster-link.ts';
import { RosterDrawer } from './roster-pool.ts';

type Locale = { locale?: string };
const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 20 } } } as const;
const codeParams = { type: 'object', properties: { code: { type: 'string', maxLength: 20 } }, required: ['code'] } as const;
const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 120 } }, required: ['token'] } as const;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const callerLanguage = (request: FastifyRequest<{ Querystring: Locale }>): Lang => resolveLanguage(request.query.locale ?? request.headers['accept-language']);
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const etagOf = (value: unknown) => `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;

export const partiesPlugin = ownPlugin('parties', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry } = ctx;
  // The waivers groups may sign through one link: their definition says `party`, and they ask the visit date.
  const partyForms = registry.forms.filter(
    (form) =>
      form.compiled.form.submit.evidence &&
      form.compiled.form.party &&
      form.compiled.form.sections.some((s) => s.fields.some((f) => 'name' in f && f.name === WAIVER_FIELDS.visitDate)),
  );
  const formOf = (id: string) => partyForms.find((form) => form.compiled.id === id);
  const termsOfRow = waiverTermsChecker(registry.forms.filter((form) => form.compiled.form.submit.evidence));
  const waiverPaths = new Map(
    formRoutes(partyForms)
      .filter((route) => route.segments.every((segment) => !segment.startsWith(':')))
      .map((route) => [route.form.id, `/${route.segments.join('/')}`]),
  );
  const drawer = new RosterDrawer();
  ctx.outbox.register(rosterEmailKind(ctx));
  app.addHook('onClose', () => drawer.stop());

  const linkOf = (request: FastifyRequest, party: PartyRow) => `${publicBase(ctx.config, request)}${PARTY_PAGE_PREFIX}${party.code}`;

  /** The party forms the caller's desk finds; 403 without the desk's permission. */
  const deskForms = (request: FastifyRequest): LoadedForm[] => {
    if (!can(request.caller, 'check-in-waivers')) throw forbidden();
    return partyForms.filter((form) => deskFinds(request.caller, form.compiled));
  };

  /** A party of the caller's desk, else 404 (another attraction's party is not found). */
  async function deskParty(request: FastifyRequest<{ Params: { id: string } }>): Promise<{ party: PartyRow; form: LoadedForm }> {
    const forms = deskForms(request);
    const party = await partyById(db, idParam(request.params.id));
    const form = party && forms.find((candidate) => candidate.compiled.id === party.form_id);
    if (!party || !form) throw notFound();
    return { party, form };
  }

  async function rosterOf(request: FastifyRequest, party: PartyRow, form: LoadedForm): Promise<PartyRoster> {
    const waivers = await partyWaivers(db, party.id);
    const checkIns = await checkInsOf(
      db,
      waivers.map((waiver) => waiver.id),
    );
    const people: RosterPerson[] = waivers.flatMap((waiver) => {
      const times = checkIns.get(waiver.id) ?? [];
      const checkedIn = (person: 'signer' | number) => times.findLast((entry) => entry.person === person)?.at ?? null;
      return rosterPeople(waiver, checkedIn, termsOfRow(waiver).mustSignNewTerms);
    });
    return { party: toParty(party, form, linkOf(request, party)), people, missing: Math.max(0, party.expected - party.signed), lang: party.lang };
  }

  /** A roster (or the day's parties), or 304 when the page already has this one. */
  const sendRoster = (request: FastifyRequest, reply: FastifyReply, roster: PartyRoster | PartiesToday) => {
    const etag = etagOf(roster);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(roster);
  };

  /** The create's answers checked, each refusal named at its field in the caller's language. */
  function checkedCreate(body: Partial<Record<keyof PartyCreate, unknown>>, lang: Lang, forms: readonly LoadedForm[]) {
    const errors: { path: string; message: string }[] = [];
    const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim().length > 0 && value.length <= max ? value.trim() : null);
    const form = typeof body.form === 'string' ? forms.find((candidate) => candidate.compiled.id === body.form) : undefined;
    if (!form) errors.push({ path: 'form', message: t('partyNoSuchWaiver', lang) });
    if (!isDay(body.visitDate)) errors.push({ path: 'visitDate', message: t('date', lang) });
    else if (body.visitDate < dohaDay(new Date())) errors.push({ path: 'visitDate', message: t('partyDateInPast', lang) });
    const name = text(body.name, 200);
    if (!name) errors.push({ path: 'name', message: t('partyNameRequired', lang) });
    const phone = typeof body.phone === 'string' && body.phone.length <= 30 ? toE164(body.phone) : null;
    if (!phone) errors.push({ path: 'phone', message: t('phone', lang) });
    const email = text(body.email, 254);
    if (!email || !EMAIL.test(email)) errors.push({ path: 'email', message: t('email', lang) });
    const expected = body.expected;
    if (typeof expected !== 'number' || !Number.isInteger(expected) || expected < PARTY_MIN_PEOPLE || expected > PARTY_MAX_PEOPLE)
      errors.push({ path: 'expected', message: t('partyExpectedRange', lang, { min: PARTY_MIN_PEOPLE, max: PARTY_MAX_PEOPLE }) });
    if (errors.length) throw validationError('parties', errors);
    return { form: form!, visitDate: body.visitDate as string, name: name!, phone: phone!, email: email!, expected: expected as number };
  }

  app.get('/api/parties/forms', { schema: { headers: credentialHeaders } }, async (request) => {
    if (request.caller.kind === 'anonymous') throw forbidden();
    // A desk makes parties for its own attractions; the organiser's page offers every one.
    const forms = can(request.caller, 'check-in-waivers') ? deskForms(request) : partyForms;
    return {
      docs: forms.map(({ compiled, texts }) => ({
        form: compiled.id,
        title: Object.fromEntries(compiled.languages.map((lang) => [lang, texts[lang]?.[compiled.form.title] ?? compiled.id])),
      })),
    };
  });

  app.post(
    '/api/parties',
    { schema: { querystring: localeQuery, headers: credentialHeaders, body: { type: 'object' }, response: { 201: PartyCreated } } },
    async (request: FastifyRequest<{ Querystring: Locale; Body: Partial<Record<keyof PartyCreate, unknown>> }>, reply) => {
      const caller = request.caller;
      if (caller.kind === 'anonymous') throw forbidden();
      const desk = caller.kind === 'staff' && can(caller, 'check-in-waivers');
      if (caller.kind === 'staff' && !desk) throw forbidden();
      const lang = callerLanguage(request);
      const proof = request.headers['x-captcha-proof'];
      if (!desk) await ctx.limits.create(request, 'parties');
      let checked;
      try {
        checked = checkedCreate(request.body ?? {}, lang, desk ? deskForms(request) : partyForms);
      } catch (error) {
        // A refused try still spends the human check (as a refused submission does).
        if (!desk) await spendProof(db, typeof proof === 'string' ? proof : undefined, PARTY_CAPTCHA_ACTION);
        throw error;
      }
      const organiserLang = resolveLanguage(typeof request.body.lang === 'string' ? request.body.lang : lang);
      const party = await db.transaction(async (tx) => {
        if (!desk) await consumeProof(tx, typeof proof === 'string' ? proof : undefined, PARTY_CAPTCHA_ACTION);
        const made = await insertParty(tx, {
          ...checked,
          form: checked.form.compiled.id,
          lang: organiserLang,
          createdBy: caller.kind === 'staff' ? caller.user.id : null,
        });
        await queueRosterEmail(tx, made);
        if (caller.kind === 'staff') await recordAudit(tx, caller, { action: 'party-create', target: checked.form.compiled.collection, documentId: made.code });
        return made;
      });
      const doc = toParty(party, checked.form, linkOf(request, party));
      const qr = await QRCode.toString(doc.link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
      return reply.code(201).send({ doc, message: 'Party successfully created.', qr });
    },
  );

  app.get(
    '/api/parties/page/:code',
    { schema: { params: codeParams, headers: credentialHeaders, response: { 200: PartyPage } } },
    async (request: FastifyRequest<{ Params: { code: string } }>, reply) => {
      if (request.caller.kind === 'anonymous') throw forbidden();
      const party = /^[0-9A-Za-z]{1,20}$/.test(request.params.code) ? await partyByCode(db, request.params.code) : null;
      const form = party && formOf(party.form_id);
      if (!party || !form) throw notFound();
      const page: PartyPage = {
        code: party.code,
        form: party.form_id,
        visitDate: party.visit_date,
        organiser: party.organiser_name,
        state: partyClosed(party, form.compiled.form.party!.margin) ?? 'open',
        waiverPath: waiverPaths.get(party.form_id) ?? null,
      };
      return reply.header('cache-control', 'no-store').send(page);
    },
  );

  app.get(
    '/api/parties/roster/:token',
    { schema: { params: tokenParams, headers: credentialHeaders, response: { 200: PartyRoster } } },
    async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
      if (request.caller.kind === 'anonymous') throw forbidden();
      const claim = readRosterToken(ctx.jwtSecret, request.params.token);
      const party = claim && (await partyById(db, claim.partyId));
      const form = party && formOf(party.form_id);
      // An organiser who asked to be forgotten has no roster page any more.
      if (!party || party.erased || !form) throw notFound();
      return sendRoster(request, reply, { ...(await rosterOf(request, party, form)), lang: claim.lang });
    },
  );

  app.get(
    '/api/parties/today',
    { schema: { querystring: localeQuery, headers: credentialHeaders, response: { 200: PartiesToday } } },
    async (request: FastifyRequest<{ Querystring: Locale }>, reply) => {
      const forms = deskForms(request);
      const day = dohaDay(new Date());
      const parties = await partiesOfDay(
        db,
        forms.map((form) => form.compiled.id),
        day,
      );
      return sendRoster(request, reply, { day, docs: parties.map((party) => toParty(party, formOf(party.form_id)!, linkOf(request, party))) });
    },
  );

  app.get(
    '/api/parties/:id/roster',
    { schema: { params: idParams, querystring: localeQuery, headers: credentialHeaders, response: { 200: PartyRoster } } },
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: Locale }>, reply) => {
      const { party, form } = await deskParty(request);
      await recordAudit(db, request.caller, { action: 'read-submission', target: form.compiled.collection, detail: { party: party.id } });
      return sendRoster(request, reply, await rosterOf(request, party, form));
    },
  );

  app.get(
    '/api/parties/:id/roster.pdf',
    {
      schema: { params: idParams, querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['en', 'ar'] } } }, headers: credentialHeaders },
    },
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { lang?: 'en' | 'ar' } }>, reply) => {
      const { party, form } = await deskParty(request);
      const lang = request.query.lang ?? 'en';
      await recordAudit(db, request.caller, { action: 'read-submission', target: form.compiled.collection, detail: { party: party.id, copy: 'pdf' } });
      const pdf = await drawer.draw(await rosterOf(request, party, form), lang, request.ip);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="party-${party.code}-${lang}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/parties/:id/check-ins',
    {
      schema: {
        params: idParams,
        querystring: localeQuery,
        headers: credentialHeaders,
        body: { type: 'object', properties: { waiver: { type: 'integer' }, person: {} }, additionalProperties: false },
        response: { 200: PartyCheckInAnswer },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: Locale; Body: PartyCheckIn | null }>) => {
      const { party, form } = await deskParty(request);
      const lang = callerLanguage(request);
      const roster = await rosterOf(request, party, form);
      const body = request.body ?? {};
      if ((body.waiver === undefined) !== (body.person === undefined))
        throw badRequest('Send both waiver and person (one person), or neither (the whole party).');
      const chosen =
        body.waiver === undefined
          ? roster.people.filter((person) => !person.checkedInAt)
          : roster.people.filter((person) => person.waiver === body.waiver && person.person === body.person);
      if (body.waiver !== undefined && chosen.length === 0) throw validationError(null, [{ path: 'person', message: t('staffWaiverNoSuchPerson', lang) }]);
      const collections = [form.compiled.collection];
      const refused: { name: string; reason: string }[] = [];
      let checkedIn = 0;
      for (const person of chosen) {
        try {
          await checkInWaiverPerson(db, request.caller, termsOfRow, { collections, id: person.waiver, person: person.person, lang });
          checkedIn += 1;
        } catch (error) {
          const reason = checkInRefusal(error);
          // One person's check-in: its refusal is the answer (the desk's own, e.g. 409 must sign the new terms).
          if (reason === null || body.waiver !== undefined) throw error;
          refused.push({ name: person.name, reason });
        }
      }
      return { checkedIn, refused, roster: await rosterOf(request, (await partyById(db, party.id))!, form) };
    },
  );
});
