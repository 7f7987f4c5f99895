// The SMTP receiver for guests who answer a reply by pressing Reply (INBOUND_SMTP_PORT,
// INBOUND_MAIL_DOMAIN): it takes mail for case+<token>@<domain> only, the token signed like the
// case link (case-link.ts caseReplyAddress), and stores the words (inbound/quoted.ts) as the
// guest's answer exactly as their page does (storeGuestAnswer). Everything else is refused inside
// the SMTP conversation, so the sending server (not we) tells its sender: another recipient or an
// unknown or expired token at RCPT (550), a message over MAX_MESSAGE_BYTES (552), too many messages
// from one sender or address (450, try later), words that are no answer (550, with why). It never
// sends mail: no auto-reply, no bounce. Nothing of a message is logged: the case's id only.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ServerContext } from '../../../core/context.ts';
import { readCaseReplyAddress } from '../case-link.ts';
import { answerProblem, storeGuestAnswer } from '../guest-answer.ts';
import { caseOfSubmission } from '../open-case.ts';
import { replyText } from './quoted.ts';

/** A guest's answer is a few paragraphs; a photo or two of a phone fits in this too. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Messages one sender (address, and separately the connecting IP) may hand over per window. */
const PER_SENDER = 10;
const WINDOW_MS = 10 * 60_000;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** A count per key over a fixed window, in memory: one instance's view, enough to stop a loop of mail. */
function windowCounter(max: number, windowMs: number) {
  const counts = new Map<string, { count: number; until: number }>();
  return (key: string): boolean => {
    const now = Date.now();
    if (counts.size > 10_000) for (const [old, entry] of counts) if (entry.until <= now) counts.delete(old);
    const entry = counts.get(key);
    if (!entry || entry.until <= now) {
      counts.set(key, { count: 1, until: now + windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= max;
  };
}

export function inboundReceiver(ctx: ServerContext, domain: string, log: { info(message: string): void; warn(message: string): void }): SMTPServer {
  const allowed = windowCounter(PER_SENDER, WINDOW_MS);
  const caseOfAddress = (address: string) => caseOfSubmission(ctx, readCaseReplyAddress(ctx.jwtSecret, address, domain));

  async function store(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const parsed = await simpleParser(stream, { skipImageLinks: true });
    if (stream.sizeExceeded) throw smtpError(552, `5.3.4 Message larger than ${MAX_MESSAGE_BYTES} bytes`);
    for (const recipient of session.envelope.rcptTo) {
      const opened = await caseOfAddress(recipient.address);
      if (!opened) throw smtpError(550, '5.1.1 No such recipient');
      const text = replyText(parsed.text ?? '');
      // Said to the sending server, which tells its sender: in English (an SMTP reply is ASCII).
      const problem = answerProblem(text, 'en');
      if (problem) throw smtpError(550, `5.6.0 ${problem}`);
      const stored = await storeGuestAnswer(ctx, { ...opened, text });
      if (!stored) throw smtpError(550, '5.1.1 No such recipient');
      log.info(`inbound mail: a guest's answer stored on case ${opened.row.id} (message ${stored.id})`);
    }
  }

  return new SMTPServer({
    name: domain,
    banner: 'venue-forms case replies',
    size: MAX_MESSAGE_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onMailFrom(address: SMTPServerAddress, session, callback) {
      if (!allowed(`ip:${session.remoteAddress}`) || !allowed(`from:${address.address.toLowerCase()}`))
        return callback(smtpError(450, '4.7.1 Too many messages, try again later'));
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      caseOfAddress(address.address).then(
        (opened) => callback(opened ? undefined : smtpError(550, '5.1.1 No such recipient')),
        () => callback(smtpError(451, '4.3.0 Try again later')),
      );
    },
    onData(stream, session, callback) {
      store(stream, session).then(
        () => callback(),
        (error: Error & { responseCode?: number }) => {
          if (!error.responseCode) log.warn(`inbound mail: a message could not be stored (${error.name})`);
          stream.resume();
          callback(error.responseCode ? error : smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
  });
}

/** Listens on the port (0: any free one); answers the port taken. */
export function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.server.address() as AddressInfo).port));
  });
}
