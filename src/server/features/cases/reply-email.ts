// A reply's email, built when the outbox (core/outbox) claims it, from the stored message: in the
// guest's language, plain text and HTML (right to left in Arabic), from MAIL_FROM with the venue's
// name as display name, with the case link, and threaded: each message of a case names the ones
// before it (In-Reply-To the last, References all), their Message-IDs being the outbox rows' stable
// keys; Reply-To the case's own address when the receiver of replies runs (INBOUND_SMTP_PORT). Sent on the email channel (the alerts' mail server); without SMTP_URL it stays queued.
import type { ServerContext } from '../../core/context.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { OutboxKind } from '../../core/outbox/outbox.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { leaseMs, messageIdOf } from '../alerts/index.ts';
import { venueName } from './case-guest.ts';
import { CASE_LINK_PREFIX, caseReplyAddress, signCaseToken } from './case-link.ts';

/** The outbox kind of a reply to a guest. */
export const CASE_REPLY_KIND = 'case-reply';

/** Stable for the message: its Message-ID's key on every try. */
export const replyKey = (documentId: number, messageId: number) => `case-${documentId}-${messageId}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const RTL: readonly Lang[] = ['ar'];

function htmlOf(lang: Lang, text: string, linkLine: string, link: string, referenceLine: string): string {
  const dir = RTL.includes(lang) ? 'rtl' : 'ltr';
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"></head>
<body dir="${dir}" style="direction: ${dir}; text-align: ${dir === 'rtl' ? 'right' : 'left'}; font-family: Tahoma, Arial, sans-serif; line-height: 1.5">
${paragraphs}
<p>${escapeHtml(linkLine)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(referenceLine)}</p>
</body>
</html>`;
}

type ReplyRow = { document_id: number; subject: string | null; text: string; lang: Lang; created_at: Date };

export function replyEmailKind(ctx: ServerContext): OutboxKind {
  return {
    name: CASE_REPLY_KIND,
    retryBaseMs: ctx.config.alerts.retryBaseMs,
    leaseMs: leaseMs(ctx.config.alerts.retryBaseMs),
    maxInFlight: 5,
    async build(email) {
      const { rows } = await ctx.db.query<ReplyRow>('SELECT document_id, subject, text, lang, created_at FROM case_messages WHERE id = $1', [email.source_id]);
      const message = rows[0];
      const { rows: documents } = message ? await ctx.db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [message.document_id]) : { rows: [] };
      const row = documents[0];
      const compiled = row && ctx.registry.collections.get(row.collection)?.form?.compiled;
      if (!message || !row || !compiled) return { ok: false, permanent: true, status: null, error: 'The reply is no longer kept.' };
      // The case's earlier emails, oldest first: what this one answers.
      const { rows: earlier } = await ctx.db.query<{ message_id: string }>(
        `SELECT message_id FROM outbox WHERE kind = $1 AND document_id = $2 AND source_id < $3 ORDER BY source_id`,
        [CASE_REPLY_KIND, row.id, email.source_id],
      );
      const before = earlier.map((prior) => messageIdOf(ctx.config.alerts, prior.message_id));
      const lang = message.lang;
      // ?lang names the guest's language, so even an expired link's Not Found is in it.
      const link = `${ctx.config.alerts.consoleUrl}${CASE_LINK_PREFIX}${signCaseToken(ctx.jwtSecret, row.id, message.created_at)}?lang=${lang}`;
      const linkLine = t('caseReplyLink', lang);
      const referenceLine = t('caseReplyReference', lang, { reference: row.reference ?? String(row.id) });
      return {
        recipient: email.recipient,
        key: email.message_id,
        subject: message.subject ?? '',
        text: `${message.text}\n\n${linkLine}\n${link}\n\n${referenceLine}\n`,
        html: htmlOf(lang, message.text, linkLine, link, referenceLine),
        fromName: await venueName(ctx.db, compiled, row, lang),
        headers: {
          // A person's reply, not a machine's: the guest's mail client may answer it.
          'Auto-Submitted': 'no',
          'Content-Language': lang,
          // The guest's Reply comes back into the case (inbound/), when the receiver runs.
          ...(ctx.config.cases.inbound ? { 'Reply-To': caseReplyAddress(ctx.jwtSecret, row.id, message.created_at, ctx.config.cases.inbound.domain) } : {}),
          ...(before.length ? { 'In-Reply-To': before[before.length - 1], References: before.join(' ') } : {}),
        },
      };
    },
  };
}
