// The table of channels an alert rule can tell someone on, and the outbox sends on (also a guest's
// waiver copy, by email). A new channel is its file here and one line below: the union of names,
// the database's CHECK of outbox.channel (core/outbox/channel-check.ts), the claims, the sending,
// the recipients a rule yields and the rule's checks all come from this table (README: "Adding a channel").
import { emailChannel } from './email.ts';
import { webhookChannel } from './webhook.ts';

export const ALERT_CHANNELS = [emailChannel, webhookChannel] as const;

export type ChannelName = (typeof ALERT_CHANNELS)[number]['name'];
