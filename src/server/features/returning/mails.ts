// The returning guests' mails, through the core outbox on the email channel (the alerts' mail
// server; without SMTP_URL they stay queued), each built when it is sent from its own rows: the
// code's mail from its salt (the code is never stored, codes.ts), the expiry reminder from the
// waiver itself. Logs name the row's id only, never the code or the address.
import type { ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { RETURNING_CODE_MINUTES } from '../../../engine/contract/returning.ts';
import { waiverValidUntil } from '../../../engine/waivers/waiver-validity.ts';
import { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';
import { leaseMs, type ChannelName } from '../alerts/index.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { codeOf } from './codes.ts';
import { EMAIL_FIELD } from './last-waiver.ts';

export const CODE_MAIL_KIND = 'returning-code';
export const EXPIRY_MAIL_KIND = 'waiver-expiry';

/**
 * The channel a code goes by to a phone: an SMS channel's name once one is registered
 * (features/alerts/channels, README "Adding a channel"); until then a code asked by phone goes to the
 * email address of the waiver found by that phone (none: no code, the same answer).
 */
export const TEXT_CHANNEL: ChannelName | null = null;

/** The guests' address of the pages in a mail: PUBLIC_URL, else the console's. */
const mailBase = (ctx: ServerContext) => (ctx.config.publicUrl ?? ctx.config.alerts.consoleUrl).replace(/\/+$/, '');

const titleOf = (form: LoadedForm, lang: Lang) =>
  formText(form.compiled.id, form.compiled.form.title, form.compiled.languages.includes(lang) ? lang : form.compiled.languages[0]);

export const queueCodeMail = (tx: Queryable, codeId: number, recipient: { channel: ChannelName; address: string }, lang: Lang) =>
  enqueue(tx, { kind: CODE_MAIL_KIND, channel: recipient.channel, recipient: recipient.address, key: `returning-code-${codeId}`, sourceId: codeId, lang });

export function codeMailKind(ctx: ServerContext, formOfCollection: (collection: string) => LoadedForm | undefined): OutboxKind {
  return {
    name: CODE_MAIL_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(mail) {
      const { rows } = await ctx.db.query<{ salt: string; collection: string; live: boolean }>(
        `SELECT c.salt, d.collection, (c.used_at IS NULL AND c.expires_at > now()) AS live
         FROM returning_codes c JOIN documents d ON d.id = c.document_id WHERE c.id = $1`,
        [mail.source_id],
      );
      const row = rows[0];
      const form = row && formOfCollection(row.collection);
      // A code used or past its 10 minutes is not worth sending any more.
      if (!row || !form || !row.live) return { ok: false, permanent: true, status: null, error: 'The code is no longer good.' };
      const lang = mail.lang;
      return {
        recipient: mail.recipient,
        key: mail.message_id,
        subject: t('returningMailSubject', lang, { title: titleOf(form, lang) }),
        text: `${t('returningMailBody', lang, { code: codeOf(ctx.jwtSecret, row.salt), minutes: RETURNING_CODE_MINUTES })}\n`,
        headers: { 'Content-Language': lang },
      };
    },
  };
}

export const queueExpiryMail = (tx: Queryable, documentId: number, email: string, lang: Lang) =>
  enqueue(tx, {
    kind: EXPIRY_MAIL_KIND,
    channel: 'email' satisfies ChannelName,
    recipient: email,
    key: `waiver-expiry-${documentId}`,
    sourceId: documentId,
    documentId,
    lang,
  });

export function expiryMailKind(
  ctx: ServerContext,
  formOfCollection: (collection: string) => LoadedForm | undefined,
  pathOf: (formId: string) => string | undefined,
): OutboxKind {
  return {
    name: EXPIRY_MAIL_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(mail) {
      const { rows } = await ctx.db.query<{ collection: string; data: Record<string, unknown>; created_at: Date }>(
        'SELECT collection, data, created_at FROM documents WHERE id = $1',
        [mail.source_id],
      );
      const row = rows[0];
      const form = row && formOfCollection(row.collection);
      const path = form && pathOf(form.compiled.id);
      if (!row || !form || !path || typeof row.data[EMAIL_FIELD] !== 'string')
        return { ok: false, permanent: true, status: null, error: 'The waiver is no longer kept.' };
      const lang = mail.lang;
      const validUntil = waiverValidUntil(row.data[WAIVER_FIELDS.visitDate], row.created_at, form.compiled.form.validFor);
      // The waiver's page in the guest's language, opened at the returning guest's code step (no personal data in the address).
      const link = `${mailBase(ctx)}${path}?lang=${lang}&again=1`;
      const name = typeof row.data[WAIVER_FIELDS.name] === 'string' ? (row.data[WAIVER_FIELDS.name] as string) : '';
      return {
        recipient: mail.recipient,
        key: mail.message_id,
        subject: t('returningMailExpirySubject', lang, { title: titleOf(form, lang), date: validUntil }),
        text: `${t('returningMailExpiryBody', lang, { name, date: validUntil, link })}\n`,
        headers: { 'Content-Language': lang },
      };
    },
  };
}
