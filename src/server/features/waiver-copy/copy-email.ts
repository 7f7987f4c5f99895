// The signed copy by email, when the guest gave an address (a question of type email): queued in
// the submission's transaction (queueCopyEmail, a submission hook) in the core outbox, sent on its
// email channel (the alerts' mail server settings, SMTP_URL and MAIL_FROM, and retry schedule), with
// the PDF drawn at send time from the stored row (or the copy kept of it, pdf-pool.ts). Without
// SMTP_URL the emails stay queued. Logs name the row's id only: never the address or an answer.
import { randomBytes } from 'node:crypto';
import { dataFields } from '../../../engine/checks/conditions.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import type { ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import { leaseMs, type ChannelName } from '../alerts/index.ts';
import { definitionSeen } from './definition-seen.ts';
import { PDF_LONGEST_MS, type CopyDrawer } from './pdf-pool.ts';

/** The outbox kind of a guest's signed copy. */
export const WAIVER_COPY_KIND = 'waiver-copy';

export const queueCopyEmail: SubmissionHook = async (tx: Queryable, { collection, row, lang }) => {
  const compiled = collection.form?.compiled;
  if (!compiled?.form.submit.evidence || !row.evidence) return;
  const field = dataFields(compiled.form).find(
    (candidate) => candidate.type === 'email' && typeof row.data[candidate.name] === 'string' && row.data[candidate.name] !== '',
  );
  if (!field) return;
  await enqueue(tx, {
    kind: WAIVER_COPY_KIND,
    channel: 'email' satisfies ChannelName,
    recipient: String(row.data[field.name]),
    key: `waiver-copy-${row.id}-${randomBytes(6).toString('hex')}`,
    sourceId: row.id,
    documentId: row.id,
    lang,
  });
};

/** The mailer's own place in the copy workers' turns (one copy at a time, like a client). */
const MAILER_CLIENT = 'waiver-copy-mailer';

/**
 * One at a time, so a copy's lease starts when its copy starts being drawn; claimed for longer than
 * drawing it and sending it can take (then another instance may try it: at least once).
 */
export function copyEmailKind(ctx: ServerContext, drawer: CopyDrawer): OutboxKind {
  return {
    name: WAIVER_COPY_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: PDF_LONGEST_MS + leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 1,
    async build(email) {
      const { rows } = await ctx.db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [email.source_id]);
      const row = rows[0];
      const collection = row && ctx.registry.collections.get(row.collection);
      const compiled = collection ? await definitionSeen(ctx.db, collection, row.form_hash) : null;
      if (!row || !compiled) return { ok: false, permanent: true, status: null, error: 'The waiver or the definition it was signed against is not kept.' };
      const lang = compiled.languages.includes(email.lang) ? email.lang : compiled.languages[0];
      const bytes = await drawer.copy(row, compiled, lang, MAILER_CLIENT);
      const reference = row.reference ?? String(row.id);
      return {
        recipient: email.recipient,
        key: email.message_id,
        subject: t('waiverCopyEmailSubject', lang, { title: formText(compiled.id, compiled.form.title, lang) }),
        text: t('waiverCopyEmailBody', lang, { reference }),
        attachments: [{ filename: `waiver-${reference}.pdf`, content: bytes, contentType: 'application/pdf' }],
      };
    },
  };
}
