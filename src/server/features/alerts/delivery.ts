// Sends the outbox: each instance claims due deliveries with FOR UPDATE SKIP LOCKED (on PGlite and
// PostgreSQL alike), so instances sharing one database send each alert once; a claim pushes the
// delivery's next try past the longest send (its lease), so a crash mid-send means one more try
// after the lease, never a lost alert. Woken at once after a submission is answered, and polling
// for retries and other instances' alerts.
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { ServerContext } from '../../core/context.ts';
import type { CompiledForm } from '../../../engine/compiled.ts';
import type { Lang } from '../../../engine/languages.ts';
import { mailTransport, sendAlertEmail } from './email.ts';
import { FAILED_TRY_SET, GIVE_UP_AFTER_MS, leaseMs, pollMs, restUnlessWoken, retryDelayMs } from './retry.ts';
import { alertAnswers, consoleLink, fillTemplate, valuesOf } from './templates.ts';
import { postWebhook, type SendOutcome } from './webhook.ts';
import { ALERT_RULES } from './rules.ts';

/** Sends in flight at once per instance: a slow receiver (up to its 5 s) holds one place, not the others. */
const MAX_IN_FLIGHT = 10;
const MAX_ERROR_LENGTH = 1000;

type Claimed = {
  id: number;
  channel: 'email' | 'webhook';
  recipient: string;
  message_id: string;
  attempts: number;
  rule_id: number;
  rule_name: string;
  submission_id: number;
  collection: string;
  form_id: string;
  reference: string;
  venue: string | null;
  lang: Lang;
  subject: string;
  body: string;
  alert_created_at: Date;
};

export class AlertSender {
  private readonly transport: Transporter | null;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = mailTransport(ctx.config.alerts);
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Something may be due now (a submission was just answered, a resend was asked). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight);
    this.transport?.close();
  }

  private async run(): Promise<void> {
    const { retryBaseMs } = this.ctx.config.alerts;
    while (!this.stopped) {
      this.woken = false;
      let claimed = 0;
      const room = MAX_IN_FLIGHT - this.inFlight.size;
      try {
        const due = room > 0 ? await this.claim(room) : [];
        claimed = due.length;
        for (const delivery of due) {
          const sending: Promise<void> = this.deliver(delivery)
            .catch((error: Error) => {
              if (!this.stopped) this.log.error(`alerts: delivery ${delivery.id} could not be recorded (${error.message})`);
            })
            .finally(() => {
              this.inFlight.delete(sending);
              this.wake(); // a place is free
            });
          this.inFlight.add(sending);
        }
      } catch (error) {
        if (!this.stopped) this.log.error(`alerts: the outbox could not be read (${(error as Error).message})`);
      }
      if (this.stopped || (claimed > 0 && claimed === room) || this.woken) continue;
      await restUnlessWoken(pollMs(retryBaseMs), (wake) => {
        this.wakeUp = wake;
      });
    }
  }

  private async claim(limit: number): Promise<Claimed[]> {
    // Without a mail server, emails wait (the console's inbox shows their alerts); webhooks still go.
    const channels = this.transport ? ['email', 'webhook'] : ['webhook'];
    const { rows } = await this.ctx.db.query<Claimed>(
      `WITH due AS (
         SELECT id FROM alert_deliveries
         WHERE state IN ('queued', 'retrying') AND next_attempt_at <= now() AND channel = ANY($1::text[])
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE alert_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + $3::double precision * interval '1 millisecond'
         FROM due WHERE d.id = due.id RETURNING d.*
       )
       SELECT claimed.id, claimed.channel, claimed.recipient, claimed.message_id, claimed.attempts, a.rule_id, a.rule_name, a.submission_id,
              a.collection, a.form_id, a.reference, a.venue, a.lang, a.subject, a.body, a.created_at AS alert_created_at
       FROM claimed JOIN alerts a ON a.id = claimed.alert_id`,
      [channels, limit, leaseMs(this.ctx.config.alerts.retryBaseMs)],
    );
    return rows;
  }

  private compiledOf(collection: string): CompiledForm | null {
    return this.ctx.registry.collections.get(collection)?.form?.compiled ?? null;
  }

  private link(delivery: Claimed): string {
    return consoleLink(this.ctx.config.alerts.consoleUrl, delivery.form_id, delivery.submission_id);
  }

  private async deliver(delivery: Claimed): Promise<void> {
    let outcome: SendOutcome;
    try {
      outcome = delivery.channel === 'email' ? await this.sendEmail(delivery) : await this.sendWebhook(delivery);
    } catch (error) {
      outcome = { ok: false, permanent: false, status: null, error: (error as Error).message };
    }
    await this.record(delivery, outcome);
  }

  private async sendEmail(delivery: Claimed): Promise<SendOutcome> {
    const compiled = this.compiledOf(delivery.collection);
    const values = valuesOf({ ...delivery, created_at: delivery.alert_created_at }, compiled, this.link(delivery), await alertAnswers(this.ctx.db, compiled, delivery.submission_id));
    const email = { to: delivery.recipient, subject: fillTemplate(delivery.subject, values).replace(/[\r\n]+/g, ' '), text: fillTemplate(delivery.body, values), key: delivery.message_id };
    return sendAlertEmail(this.transport!, this.ctx.config.alerts, email);
  }

  /** A confidential form's webhook carries the reference, the form and the link only; others the answers too. */
  private async sendWebhook(delivery: Claimed): Promise<SendOutcome> {
    const { rows: rules } = await this.ctx.db.query<{ data: Record<string, unknown> }>('SELECT data FROM documents WHERE id = $1 AND collection = $2', [delivery.rule_id, ALERT_RULES]);
    const secret = rules[0]?.data.webhook_secret;
    if (typeof secret !== 'string' || !secret) return { ok: false, permanent: true, status: null, error: 'The rule was deleted or has no signing key.' };
    const compiled = this.compiledOf(delivery.collection);
    const base = { event: 'alert', delivery: delivery.message_id, rule: { id: delivery.rule_id, name: delivery.rule_name }, form: delivery.form_id, reference: delivery.reference, link: this.link(delivery) };
    let payload: Record<string, unknown> = base;
    if (compiled && !compiled.confidential) {
      const { rows } = await this.ctx.db.query<{ data: Record<string, unknown>; created_at: Date }>('SELECT data, created_at FROM documents WHERE id = $1', [delivery.submission_id]);
      payload = { ...base, collection: delivery.collection, id: delivery.submission_id, venue: delivery.venue, createdAt: rows[0]?.created_at.toISOString() ?? null, answers: rows[0]?.data ?? null };
    }
    return postWebhook(this.ctx.config.alerts, delivery.recipient, secret, delivery.message_id, payload);
  }

  private async record(delivery: Claimed, outcome: SendOutcome): Promise<void> {
    if (outcome.ok) {
      await this.ctx.db.query(`UPDATE alert_deliveries SET state = 'sent', sent_at = now(), last_error = NULL, response_status = $2, response_ms = $3 WHERE id = $1`, [delivery.id, outcome.status, outcome.ms ?? null]);
      return;
    }
    const delay = retryDelayMs(delivery.attempts, this.ctx.config.alerts.retryBaseMs);
    await this.ctx.db.query(
      `UPDATE alert_deliveries
       SET ${FAILED_TRY_SET}, last_error = $5, response_status = $6, response_ms = $7
       WHERE id = $1`,
      [delivery.id, outcome.permanent, delay, GIVE_UP_AFTER_MS, outcome.error.slice(0, MAX_ERROR_LENGTH), outcome.status, outcome.ms ?? null],
    );
    // The delivery's id and channel only: never the alert's words (a confidential form's) or answers.
    this.log.warn(`alerts: delivery ${delivery.id} (${delivery.channel}) not sent, attempt ${delivery.attempts}${outcome.permanent ? ', failed for good' : ''}`);
  }
}
