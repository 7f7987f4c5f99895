// The email channel: SMTP with nodemailer (SMTP_URL, MAIL_FROM), one message per recipient, so a
// recipient the server refuses fails alone; the Message-ID is the message's stable key. Also the
// channel of a guest's waiver copy (features/waiver-copy). Without SMTP_URL it is not ready: emails
// wait in the outbox (the console's inbox shows their alerts).
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import nodemailer, { type Transporter } from 'nodemailer';
import { t } from '../../../../engine/text/messages.ts';
import type { Delivery, SendOutcome } from '../../../core/outbox/channel.ts';
import type { AlertsConfig } from '../config.ts';
import { smtpTimeoutMs } from '../retry.ts';
import { shortError } from '../connect-error.ts';
import { emailList } from '../rules.ts';
import { alertChannel } from './alert-channel.ts';

// The same "email" format the forms' schemas use (ajv-formats), so a rule takes what a form takes.
const isEmail = addFormats(new Ajv()).compile({ type: 'string', format: 'email', maxLength: 254 });

/** The sender's domain, for the Message-ID ("Venue forms <alerts@dohaoasis.example>" → dohaoasis.example). */
export function messageIdOf(config: Pick<AlertsConfig, 'mailFrom'>, key: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

/** MAIL_FROM's address ("Venue forms <alerts@dohaoasis.example>" → alerts@dohaoasis.example). */
const addressOf = (mailFrom: string) => /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();

interface SmtpError {
  responseCode?: number;
  response?: string;
}

async function sendEmail(transport: Transporter, config: AlertsConfig, delivery: Delivery): Promise<SendOutcome> {
  try {
    await transport.sendMail({
      from: delivery.fromName ? { name: delivery.fromName.replace(/[\r\n]+/g, ' '), address: addressOf(config.mailFrom) } : config.mailFrom,
      to: delivery.recipient,
      // A header is one line, whatever the words were.
      subject: delivery.subject.replace(/[\r\n]+/g, ' '),
      text: delivery.text,
      html: delivery.html,
      messageId: messageIdOf(config, delivery.key),
      headers: { 'Auto-Submitted': 'auto-generated', ...delivery.headers },
      attachments: delivery.attachments,
    });
    return { ok: true, status: null };
  } catch (error) {
    const smtp = error as SmtpError;
    // 5xx: the server refused for good (e.g. no such recipient): failed now, with its words. Else tried again.
    const permanent = typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
    // The server's own words when it answered; a connection that failed says no address or port (connect-error.ts).
    return { ok: false, permanent, error: smtp.response ?? shortError(error), status: smtp.responseCode ?? null };
  }
}

export const emailChannel = alertChannel({
  name: 'email',
  ready: (config) => config.alerts.smtpUrl !== null,
  open(config) {
    const timeout = smtpTimeoutMs(config.alerts.retryBaseMs);
    const transport = nodemailer.createTransport({ url: config.alerts.smtpUrl!, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
    return { send: (delivery) => sendEmail(transport, config.alerts, delivery), close: () => transport.close() };
  },
  recipients(rule, venueManager) {
    const emails = [...emailList(rule.emails), ...(rule.venue_manager === true && venueManager ? [venueManager] : [])];
    return [...new Map(emails.map((address) => [address.toLowerCase(), address])).values()];
  },
  async ruleProblems(rule, _settings, lang) {
    const wrong = emailList(rule.emails).filter((address) => !isEmail(address));
    return wrong.length ? [{ path: 'emails', message: t('alertEmail', lang, { address: wrong.join(', ') }) }] : [];
  },
});
