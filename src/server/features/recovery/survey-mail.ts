// Sending the recovery survey: the followup feature's due step (kind 'recovery-survey', scheduled when
// a case the guest was replied to is resolved, followup/recovery-step.ts) runs here, in the
// transaction that marks it done. A case no longer resolved, resolved as "no action needed", or whose
// guest may no longer be written to asks nobody; otherwise one recovery_surveys row (the case's
// primary key: never a second), one entry in the case's thread (a to-guest message of kind
// 'recovery-survey': the email's subject, never its link, whose token is the guest's) and its email on
// the core outbox (kind 'recovery-survey', source_id that message), audited: staff see in the thread
// that it was sent, or is queued without a mail server, or failed.
// The email, built when the outbox claims it: in the guest's language, text and HTML (right to left
// in Arabic), from MAIL_FROM with the venue's name, threaded after the case's replies, with the
// survey's signed link (recovery-link.ts). Never an answer of the case.
import type { ServerContext } from '../../core/context.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { enqueue, type OutboxKind } from '../../core/outbox/outbox.ts';
import type { TimerKind } from '../../core/timers/timers.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { recordAudit } from '../audit/index.ts';
import { leaseMs, messageIdOf, type ChannelName } from '../alerts/index.ts';
import { CASE_REPLY_KIND, guestEmail, guestLanguage, replyBlock, venueName } from '../cases/index.ts';
import { parseRecoveryStepKey, RECOVERY_SURVEY_KIND } from '../followup/index.ts';
import { RECOVERY_PAGE_PREFIX, signRecoveryToken } from './recovery-link.ts';
import type { CaseMessage } from '../../../engine/contract/cases.ts';

/** The outbox kind of a recovery survey's email, and of its entry in the case's thread (features/cases thread.ts). */
export const RECOVERY_MAIL_KIND = 'recovery-survey' satisfies NonNullable<CaseMessage['kind']>;

/** Stable for the case: its Message-ID's key on every try. */
const mailKey = (documentId: number) => `recovery-${documentId}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function htmlOf(lang: Lang, question: string, link: string, referenceLine: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"></head>
<body dir="${dir}" style="direction: ${dir}; text-align: ${dir === 'rtl' ? 'right' : 'left'}; font-family: Tahoma, Arial, sans-serif; line-height: 1.5">
<p>${escapeHtml(question)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(referenceLine)}</p>
</body>
</html>`;
}

export function recoverySurveyStep(ctx: ServerContext): TimerKind {
  return {
    name: RECOVERY_SURVEY_KIND,
    async run(step, tx) {
      const documentId = parseRecoveryStepKey(step.key);
      if (documentId === null) return;
      const { rows: followUps } = await tx.query<{ state: string; outcome: string | null }>(
        'SELECT state, outcome FROM followups WHERE document_id = $1 FOR UPDATE',
        [documentId],
      );
      const followUp = followUps[0];
      // Reopened meanwhile (its step is cancelled then: one claimed just then is let go) or "no action needed": nobody to ask.
      if (!followUp || followUp.state !== 'resolved' || followUp.outcome === 'no-action') return;
      const { rows: documents } = await tx.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [documentId]);
      const row = documents[0];
      const collection = row && ctx.registry.collections.get(row.collection);
      if (!row || !collection?.form || replyBlock(collection, row)) return;
      const lang = await guestLanguage(tx, collection.form.compiled, row);
      const { rows: sent } = await tx.query<{ document_id: number }>(
        'INSERT INTO recovery_surveys (document_id, lang) VALUES ($1, $2) ON CONFLICT (document_id) DO NOTHING RETURNING document_id',
        [documentId, lang],
      );
      if (!sent[0]) return; // asked already
      const subject = t('recoverySurveySubject', lang, { venue: await venueName(tx, collection.form.compiled, row, lang) });
      const { rows: entry } = await tx.query<{ id: number }>(
        `INSERT INTO case_messages (document_id, direction, kind, text, lang) VALUES ($1, 'to-guest', $2, $3, $4) RETURNING id`,
        [documentId, RECOVERY_MAIL_KIND, subject, lang],
      );
      await enqueue(tx, {
        kind: RECOVERY_MAIL_KIND,
        channel: 'email' satisfies ChannelName,
        recipient: guestEmail(collection, row),
        key: mailKey(documentId),
        sourceId: entry[0].id,
        documentId,
        lang,
      });
      await recordAudit(tx, { kind: 'anonymous' }, { action: 'recovery-survey-sent', target: row.collection, documentId, detail: { lang } });
    },
  };
}

export function recoveryMailKind(ctx: ServerContext): OutboxKind {
  return {
    name: RECOVERY_MAIL_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(email) {
      // The case is the email's document (its source the thread's entry).
      const { rows } = await ctx.db.query<{ lang: Lang; sent_at: Date }>('SELECT lang, sent_at FROM recovery_surveys WHERE document_id = $1', [
        email.document_id,
      ]);
      const survey = rows[0];
      const { rows: documents } = survey ? await ctx.db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [email.document_id]) : { rows: [] };
      const row = documents[0];
      const compiled = row && ctx.registry.collections.get(row.collection)?.form?.compiled;
      if (!survey || !row || !compiled) return { ok: false, permanent: true, status: null, error: 'The case is no longer kept.' };
      const lang = survey.lang;
      const venue = await venueName(ctx.db, compiled, row, lang);
      // ?lang names the guest's language, so even an expired link's page is in it.
      const link = `${ctx.config.alerts.consoleUrl}${RECOVERY_PAGE_PREFIX}${signRecoveryToken(ctx.jwtSecret, row.id, survey.sent_at)}?lang=${lang}`;
      const question = t('recoverySurveyText', lang, { venue });
      const referenceLine = t('caseReplyReference', lang, { reference: row.reference ?? String(row.id) });
      // The case's replies, oldest first: the survey follows them in the guest's mail client.
      const { rows: replies } = await ctx.db.query<{ message_id: string }>(
        'SELECT message_id FROM outbox WHERE kind = $1 AND document_id = $2 ORDER BY source_id',
        [CASE_REPLY_KIND, row.id],
      );
      const before = replies.map((reply) => messageIdOf(ctx.config.alerts, reply.message_id));
      return {
        recipient: email.recipient,
        key: email.message_id,
        subject: t('recoverySurveySubject', lang, { venue }),
        text: `${question}\n${link}\n\n${referenceLine}\n`,
        html: htmlOf(lang, question, link, referenceLine),
        fromName: venue,
        headers: {
          'Auto-Submitted': 'auto-generated',
          'Content-Language': lang,
          ...(before.length ? { 'In-Reply-To': before[before.length - 1], References: before.join(' ') } : {}),
        },
      };
    },
  };
}
