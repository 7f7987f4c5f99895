// A real SMTP server (the smtp-server package) on a local port for the alert tests: it keeps every
// message it accepts (parsed by mailparser), can refuse given recipients with a 550 in its own
// words, or take a message's data and never answer (a server that hangs mid-send).
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  messageId: string;
  /** The HTML part, if any (a guest's reply). */
  html: string | null;
  /** The From header as sent ("Cova <alerts@…>"). */
  from: string;
  inReplyTo: string | null;
  /** The References header's Message-IDs, in order. */
  references: string[];
  /** Every header, lower-case names, as parsed. */
  headers: Map<string, unknown>;
  /** Files attached (e.g. a guest's signed waiver copy). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** True when the server answered the data (the sender was told it was delivered). */
  acknowledged: boolean;
}

export interface SmtpStandIn {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already here or to come) matching. */
  mailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  port?: number;
  /** Recipients answered "550 5.1.1 <address>: no such mailbox here". */
  refuse?: string[];
  /** Read each message, never answer it. */
  hang?: boolean;
}

export const REFUSAL = 'no such mailbox here';

export async function startSmtp(options: SmtpOptions = {}): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) return callback(Object.assign(new Error(`5.1.1 <${address.address}>: ${REFUSAL}`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          messageId: parsed.messageId ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : null,
          from: parsed.from?.text ?? '',
          inReplyTo: parsed.inReplyTo ?? null,
          references: typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? []),
          headers: parsed.headers as Map<string, unknown>,
          attachments: parsed.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content })),
          acknowledged: !options.hang,
        };
        mails.push(mail);
        arrivals.emit('mail', mail);
        if (!options.hang) callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailTo(address, timeoutMs = 30_000) {
      const found = mails.find((mail) => mail.to.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No mail to ${address} within ${timeoutMs} ms (received: ${mails.map((mail) => mail.to.join(',')).join('; ') || 'none'}).`)),
          timeoutMs,
        );
        const listener = (mail: ReceivedMail) => {
          if (!mail.to.includes(address)) return;
          clearTimeout(timer);
          arrivals.off('mail', listener);
          resolve(mail);
        };
        arrivals.on('mail', listener);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
