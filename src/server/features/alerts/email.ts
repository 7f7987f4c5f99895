// Alert emails through SMTP with nodemailer (SMTP_URL, MAIL_FROM). One message per recipient, so a
// recipient the server refuses fails alone; the Message-ID is the delivery's stable key.
import nodemailer, { type Transporter } from 'nodemailer';
import type { AlertsConfig } from './config.ts';
import { smtpTimeoutMs } from './retry.ts';
import { shortError } from './connect-error.ts';
import type { SendOutcome } from './webhook.ts';

export interface AlertEmail {
  to: string;
  subject: string;
  text: string;
  /** The delivery's stable key; the Message-ID is <key@sender's domain>. */
  key: string;
}

/** The sender's domain, for the Message-ID ("Venue forms <alerts@dohaoasis.example>" → dohaoasis.example). */
export function messageIdOf(config: Pick<AlertsConfig, 'mailFrom'>, key: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

export function mailTransport(config: AlertsConfig): Transporter | null {
  if (!config.smtpUrl) return null;
  const timeout = smtpTimeoutMs(config.retryBaseMs);
  return nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  message?: string;
}

export async function sendAlertEmail(transport: Transporter, config: AlertsConfig, email: AlertEmail): Promise<SendOutcome> {
  try {
    await transport.sendMail({
      from: config.mailFrom,
      to: email.to,
      subject: email.subject,
      text: email.text,
      messageId: messageIdOf(config, email.key),
      headers: { 'Auto-Submitted': 'auto-generated' },
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
