// A channel is how a message leaves (like Payload's EmailAdapter): email, a signed webhook, an SMS
// provider's API. The outbox (worker.ts) claims a row, asks the row's kind to build its delivery and
// hands it to the row's channel; the channel says how it went. The table of channels is a feature's
// (features/alerts/channels/index.ts), joined in the features table; the database's CHECK of
// outbox.channel is kept equal to it (channel-check.ts).
import type { ServerConfig } from '../config.ts';

/** What a kind builds from a claimed row, for whichever channel the row names. */
export interface Delivery {
  /** The address on the row's channel (an email address, a webhook's URL, a phone number). */
  recipient: string;
  /** Stable for the message, the same on every try: its Message-ID's key, a webhook's X-Venue-Forms-Delivery. */
  key: string;
  subject: string;
  text: string;
  /** The message as data, for channels that post JSON (a webhook's body). */
  data?: Record<string, unknown>;
  /** The receiver's shared key, for channels that sign (a webhook's HMAC). */
  signingKey?: string;
  /** An email's HTML beside its text (a guest's reply, right to left in Arabic). */
  html?: string;
  /** The display name of an email's sender, with MAIL_FROM's address (a reply: the venue's name). */
  fromName?: string;
  /** Email headers beyond ours (e.g. In-Reply-To and References of a reply). */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** How a try went; a failure's `error` is the provider's own words (kept as the row's last_error, shown to admins). */
export type SendOutcome =
  { ok: true; status: number | null; ms?: number } | { ok: false; permanent: boolean; error: string; status: number | null; ms?: number };

/** A channel open for sending (a mail transport), closed when the server stops. */
export interface ChannelSender {
  send(delivery: Delivery): Promise<SendOutcome>;
  close?(): void;
}

export interface Channel<Name extends string = string> {
  name: Name;
  /** Whether this instance can send on it (e.g. a mail server is configured); rows of a channel not ready wait. */
  ready(config: ServerConfig): boolean;
  /** Opened once per server when it is ready. */
  open(config: ServerConfig): ChannelSender;
}
