// The signed copy by email, when the guest gave an address (a question of type email): queued in
// the submission's transaction (queueCopyEmail, a submission hook), sent by CopyMailer through the
// alerts' mail server settings (SMTP_URL, MAIL_FROM) and retry schedule, with the PDF drawn at send
// time from the stored row (or the copy kept of it, pdf-pool.ts). Without SMTP_URL the emails stay
// queued. Logs name the email's id only: never the address or an answer.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { dataFields } from '../../../engine/conditions.ts';
import type { Lang } from '../../../engine/languages.ts';
import { formText, t } from '../../../engine/messages.ts';
import type { ServerContext } from '../../core/context.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { DocumentRow } from '../../core/documents.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import { FAILED_TRY_SET, GIVE_UP_AFTER_MS, leaseMs, mailTransport, messageIdOf, pollMs, restUnlessWoken, retryDelayMs } from '../alerts/index.ts';
import { definitionSeen } from './definition-seen.ts';
import { PDF_LONGEST_MS, type CopyDrawer } from './pdf-pool.ts';

export const queueCopyEmail: SubmissionHook = async (tx: Queryable, { collection, row, lang }) => {
  const compiled = collection.form?.compiled;
  if (!compiled?.form.submit.evidence || !row.evidence) return;
  const field = dataFields(compiled.form).find((candidate) => candidate.type === 'email' && typeof row.data[candidate.name] === 'string' && row.data[candidate.name] !== '');
  if (!field) return;
  await tx.query('INSERT INTO waiver_copy_emails (submission_id, recipient, lang, message_id) VALUES ($1, $2, $3, $4)', [
    row.id,
    row.data[field.name],
    lang,
    `waiver-copy-${row.id}-${randomBytes(6).toString('hex')}`,
  ]);
};

/** The mailer's own place in the copy workers' turns (one copy at a time, like a client). */
const MAILER_CLIENT = 'waiver-copy-mailer';

type Claimed = {
  id: number;
  submission_id: number;
  recipient: string;
  lang: Lang;
  message_id: string;
  attempts: number;
};

export class CopyMailer {
  private readonly transport: Transporter | null;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly ctx: ServerContext,
    private readonly drawer: CopyDrawer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = mailTransport(ctx.config.alerts);
  }

  start(): void {
    if (this.transport) this.loop ??= this.run();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    this.transport?.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        // One at a time, so an email's lease starts when its copy starts being drawn.
        for (let email = await this.claim(); email && !this.stopped; email = await this.claim()) await this.deliver(email);
      } catch (error) {
        if (!this.stopped) this.log.error(`waiver-copy: the email outbox could not be read (${(error as Error).message})`);
      }
      if (this.stopped) break;
      await restUnlessWoken(pollMs(this.ctx.config.alerts.retryBaseMs), (wake) => {
        this.wakeUp = wake;
      });
    }
  }

  /** The next due email, claimed for longer than drawing its copy and sending it can take (then another instance may try it: at least once). */
  private async claim(): Promise<Claimed | undefined> {
    const { rows } = await this.ctx.db.query<Claimed>(
      `WITH due AS (
         SELECT id FROM waiver_copy_emails WHERE state IN ('queued', 'retrying') AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       )
       UPDATE waiver_copy_emails e SET attempts = e.attempts + 1, next_attempt_at = now() + $1::double precision * interval '1 millisecond'
       FROM due WHERE e.id = due.id RETURNING e.id, e.submission_id, e.recipient, e.lang, e.message_id, e.attempts`,
      [PDF_LONGEST_MS + leaseMs(this.ctx.config.alerts.retryBaseMs)],
    );
    return rows[0];
  }

  private async deliver(email: Claimed): Promise<void> {
    try {
      await this.send(email);
      await this.ctx.db.query(`UPDATE waiver_copy_emails SET state = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`, [email.id]);
    } catch (error) {
      const smtp = error as { responseCode?: number; message?: string };
      const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
      const delay = retryDelayMs(email.attempts, this.ctx.config.alerts.retryBaseMs);
      await this.ctx.db.query(
        `UPDATE waiver_copy_emails
         SET ${FAILED_TRY_SET}, last_error = $5
         WHERE id = $1`,
        [email.id, permanent, delay, GIVE_UP_AFTER_MS, String(smtp.message ?? error).slice(0, 1000)],
      );
      this.log.warn(`waiver-copy: email ${email.id} not sent, attempt ${email.attempts}`);
    }
  }

  private async send(email: Claimed): Promise<void> {
    const { rows } = await this.ctx.db.query<DocumentRow>('SELECT * FROM documents WHERE id = $1', [email.submission_id]);
    const row = rows[0];
    const collection = row && this.ctx.registry.collections.get(row.collection);
    const compiled = collection ? await definitionSeen(this.ctx.db, collection, row.form_hash) : null;
    if (!row || !compiled) throw Object.assign(new Error('The waiver or the definition it was signed against is not kept.'), { responseCode: 550 });
    const lang = compiled.languages.includes(email.lang) ? email.lang : compiled.languages[0];
    const bytes = await this.drawer.copy(row, compiled, lang, MAILER_CLIENT);
    const reference = row.reference ?? String(row.id);
    await this.transport!.sendMail({
      from: this.ctx.config.alerts.mailFrom,
      to: email.recipient,
      subject: t('waiverCopyEmailSubject', lang, { title: formText(compiled.id, compiled.form.title, lang) }).replace(/[\r\n]+/g, ' '),
      text: t('waiverCopyEmailBody', lang, { reference }),
      messageId: messageIdOf(this.ctx.config.alerts, email.message_id),
      headers: { 'Auto-Submitted': 'auto-generated' },
      attachments: [{ filename: `waiver-${reference}.pdf`, content: bytes, contentType: 'application/pdf' }],
    });
  }
}
