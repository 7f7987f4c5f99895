// Returning guests' API (the pages' key). POST /api/returning/code: the guest gives the phone or
// email of their last waiver of an attraction; when one is found, a one-time code is mailed
// (mails.ts), and the answer is the same either way (a phone or email is never confirmed to be
// known). POST /api/returning/prefill: the code traded, once, for that waiver's answers today's form
// asks again; a wrong code answers only "code not recognised", the 5th wrong one ends the code.
// Both are limited per client address and the code's asks per phone/email from anywhere. The code
// travels in request bodies only: never in an address, a log line (the request log names no body) or an alert.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { ApiError, forbidden, validationError } from '../../core/errors.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import type { ResolvedField } from '../../../engine/compiler/compiled.ts';
import {
  RETURNING_CODE_MINUTES,
  RETURNING_CODE_TRIES,
  ReturningCodeAsk,
  ReturningCodeSent,
  ReturningPrefill,
  ReturningPrefillAsk,
} from '../../../engine/contract/returning.ts';
import { formRoutes } from '../render/index.ts';
import type { ChannelName } from '../alerts/index.ts';
import { codeHash, codeMatches, codeOf, contactKey, contactOf, newSalt, type Contact } from './codes.ts';
import { EMAIL_FIELD, lastWaiverOf, prefillOf } from './last-waiver.ts';
import { codeMailKind, expiryMailKind, queueCodeMail, TEXT_CHANNEL } from './mails.ts';
import { expiryStepKind } from './expiry.ts';

const MINUTE = 60_000;
/** Codes asked from one address in 10 minutes (a family asks one or two; a script walking phone numbers is stopped). */
const ASKS_PER_ADDRESS = 10;
/** Codes asked for one phone or email in 10 minutes, from anywhere (a stranger cannot flood a guest's inbox). */
const ASKS_PER_CONTACT = 3;
/** Codes tried from one address in 10 minutes, whichever code (each code also ends after 5 wrong tries). */
const TRIES_PER_ADDRESS = 20;

type Body<T> = FastifyRequest<{ Body: T; Querystring: { locale?: string } }>;

export const returningPlugin = ownPlugin('returning', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db, registry, jwtSecret } = ctx;
  const waiverForms = registry.forms.filter((form) => form.compiled.form.submit.evidence);
  const formOfCollection = (collection: string) => waiverForms.find((form) => form.compiled.collection === collection);
  const paths = new Map(
    formRoutes(waiverForms)
      .filter((route) => route.segments.every((segment) => !segment.startsWith(':')))
      .map((route) => [route.form.id, `/${route.segments.join('/')}`]),
  );
  ctx.outbox.register(codeMailKind(ctx, formOfCollection));
  ctx.outbox.register(expiryMailKind(ctx, formOfCollection, (id) => paths.get(id)));
  ctx.timers.register(expiryStepKind(ctx, formOfCollection));

  const attractionOf = (form: LoadedForm) => form.compiled.form.attraction ?? form.compiled.id;
  /** The collections of the attraction's waivers (a guest's last waiver may be of an earlier form of it). */
  const collectionsOf = (form: LoadedForm) =>
    waiverForms.filter((other) => attractionOf(other) === attractionOf(form)).map((other) => other.compiled.collection);
  const dialCodeOf = (form: LoadedForm) =>
    form.compiled.form.sections
      .flatMap((section) => section.fields)
      .flatMap((field: ResolvedField) => (field.type === 'phone' && field.defaultDialCode ? [field.defaultDialCode] : []))[0];

  const byAddress = (prefix: string, max: number) =>
    app.createRateLimit({ max, timeWindow: 10 * MINUTE, keyGenerator: (request) => `${prefix}:${request.ip}` });
  const asksFromAddress = byAddress('returning-ask', ASKS_PER_ADDRESS);
  const triesFromAddress = byAddress('returning-try', TRIES_PER_ADDRESS);
  const pendingContact = new WeakMap<FastifyRequest, string>();
  const asksForContact = app.createRateLimit({
    max: ASKS_PER_CONTACT,
    timeWindow: 10 * MINUTE,
    keyGenerator: (request) => `returning-contact:${pendingContact.get(request)}`,
  });
  /** A refusal of the limits, named at the field in the page's language. */
  const limited = async (check: ReturnType<typeof byAddress>, request: FastifyRequest, path: string, lang: Lang) => {
    const answer = await check(request);
    if (answer.isAllowed || !answer.isExceeded) return;
    const error = validationError(null, [{ path, message: t('returningTooMany', lang) }], 429);
    throw new ApiError(error.statusCode, error.body, { 'retry-after': String(Math.max(1, answer.ttlInSeconds)) });
  };

  /** The waiver form and the contact of a request, each refusal at its field. */
  function checked(request: Body<{ form?: string; contact?: string; lang?: string }>): { form: LoadedForm; contact: Contact; lang: Lang } {
    if (request.caller.kind === 'anonymous') throw forbidden();
    const form = waiverForms.find((candidate) => candidate.compiled.id === request.body.form);
    const lang = resolveLanguage(request.body.lang ?? request.query.locale ?? request.headers['accept-language'], form?.compiled.languages);
    if (!form) throw validationError(null, [{ path: 'form', message: t('partyNoSuchWaiver', lang) }]);
    const contact = contactOf(request.body.contact ?? '', dialCodeOf(form));
    if (!contact) throw validationError(null, [{ path: 'contact', message: t('returningContactInvalid', lang) }]);
    return { form, contact, lang };
  }

  const localeQuery = { type: 'object', properties: { locale: { type: 'string', maxLength: 20 } } } as const;

  app.post(
    '/api/returning/code',
    { schema: { body: ReturningCodeAsk, querystring: localeQuery, headers: credentialHeaders, response: { 202: ReturningCodeSent } } },
    async (request: Body<ReturningCodeAsk>, reply) => {
      const { form, contact, lang } = checked(request);
      await limited(asksFromAddress, request, 'contact', lang);
      const key = contactKey(jwtSecret, contact);
      pendingContact.set(request, key);
      await limited(asksForContact, request, 'contact', lang);
      const waiver = await lastWaiverOf(db, collectionsOf(form), contact);
      // Where the code goes: the email itself; a phone by text message once a channel is there, else the email on its waiver.
      const email = waiver && typeof waiver.data[EMAIL_FIELD] === 'string' ? (waiver.data[EMAIL_FIELD] as string) : null;
      const to: { channel: ChannelName; address: string } | null = !waiver
        ? null
        : contact.kind === 'email'
          ? { channel: 'email', address: contact.value }
          : TEXT_CHANNEL
            ? { channel: TEXT_CHANNEL, address: contact.value }
            : email
              ? { channel: 'email', address: email }
              : null;
      if (waiver && to) {
        await db.transaction(async (tx) => {
          // A new code ends the earlier ones of this guest at this attraction; codes long past are forgotten.
          await tx.query(`DELETE FROM returning_codes WHERE (contact_key = $1 AND attraction = $2) OR expires_at < now() - interval '1 day'`, [
            key,
            attractionOf(form),
          ]);
          const salt = newSalt();
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO returning_codes (attraction, contact_key, salt, code_hash, document_id, expires_at)
             VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) RETURNING id`,
            [attractionOf(form), key, salt, codeHash(jwtSecret, salt, codeOf(jwtSecret, salt)), waiver.id, RETURNING_CODE_MINUTES],
          );
          await queueCodeMail(tx, rows[0].id, to, lang);
        });
      }
      return reply.code(202).send({ message: t('returningSent', lang, { minutes: RETURNING_CODE_MINUTES }) });
    },
  );

  app.post(
    '/api/returning/prefill',
    { schema: { body: ReturningPrefillAsk, querystring: localeQuery, headers: credentialHeaders, response: { 200: ReturningPrefill } } },
    async (request: Body<ReturningPrefillAsk>) => {
      const { form, contact, lang } = checked(request);
      await limited(triesFromAddress, request, 'code', lang);
      const notRecognised = () => validationError(null, [{ path: 'code', message: t('returningCodeNotRecognised', lang) }]);
      const found = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; salt: string; code_hash: string; tries: number; document_id: number }>(
          `SELECT id, salt, code_hash, tries, document_id FROM returning_codes
           WHERE contact_key = $1 AND attraction = $2 AND used_at IS NULL AND expires_at > now()
           ORDER BY id DESC LIMIT 1 FOR UPDATE`,
          [contactKey(jwtSecret, contact), attractionOf(form)],
        );
        const row = rows[0];
        if (!row || row.tries >= RETURNING_CODE_TRIES) return { refusal: 'unknown' as const };
        if (!codeMatches(jwtSecret, row, request.body.code ?? '')) {
          await tx.query('UPDATE returning_codes SET tries = tries + 1 WHERE id = $1', [row.id]);
          return { refusal: row.tries + 1 >= RETURNING_CODE_TRIES ? ('spent' as const) : ('unknown' as const) };
        }
        await tx.query('UPDATE returning_codes SET used_at = now() WHERE id = $1', [row.id]);
        const { rows: waivers } = await tx.query<{ data: Record<string, unknown>; created_at: Date }>('SELECT data, created_at FROM documents WHERE id = $1', [
          row.document_id,
        ]);
        return { waiver: waivers[0] ?? null };
      });
      if ('refusal' in found) {
        if (found.refusal === 'spent') throw validationError(null, [{ path: 'code', message: t('returningCodeSpent', lang) }]);
        throw notRecognised();
      }
      if (!found.waiver) throw notRecognised();
      return {
        answers: prefillOf(form, found.waiver.data),
        signedAt: found.waiver.created_at.toISOString(),
        message: t('returningFilled', lang),
      };
    },
  );
});
