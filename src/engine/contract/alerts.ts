// What the alerts page and the server share: the answers of /api/alerts (a staff member's inbox) and
// /api/alert-deliveries (the admins' delivery log), declared once in TypeBox: the route's
// schema.response on the server, the page's type in the console.
import { Type, type Static } from '@sinclair/typebox';

export const DELIVERY_STATES = ['queued', 'sent', 'retrying', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The words a template may use; anything else in braces is refused at save. {answers}: every answer, one a line (never a confidential form's). */
export const ALERT_PLACEHOLDERS = ['reference', 'form', 'venue', 'time', 'link', 'answers'] as const;
export type AlertPlaceholder = (typeof ALERT_PLACEHOLDERS)[number];

export const AlertItem = Type.Object({
  id: Type.Integer(),
  rule: Type.String(),
  /** The form's id (the console's /staff/forms/:form/:id). */
  form: Type.String(),
  submission: Type.Integer(),
  reference: Type.String(),
  subject: Type.String(),
  createdAt: Type.String(),
  read: Type.Boolean(),
});
export type AlertItem = Static<typeof AlertItem>;

export const AlertInbox = Type.Object({
  docs: Type.Array(AlertItem),
  totalDocs: Type.Integer(),
  unread: Type.Integer(),
});
export type AlertInbox = Static<typeof AlertInbox>;

export const UnreadAlerts = Type.Object({ unread: Type.Integer() });
export type UnreadAlerts = Static<typeof UnreadAlerts>;

export const AlertDelivery = Type.Object({
  id: Type.Integer(),
  alert: Type.Integer(),
  rule: Type.String(),
  form: Type.String(),
  submission: Type.Integer(),
  reference: Type.String(),
  /** A name of the server's table of channels (server/features/alerts/channels): 'email', 'webhook', ... */
  channel: Type.String(),
  recipient: Type.String(),
  messageId: Type.String(),
  state: Type.Union(DELIVERY_STATES.map((state) => Type.Literal(state))),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** Webhooks: the receiver's answer code and how long it took. */
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  responseMs: Type.Union([Type.Integer(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  queuedAt: Type.String(),
});
export type AlertDelivery = Static<typeof AlertDelivery>;

export const AlertDeliveryLog = Type.Object({
  docs: Type.Array(AlertDelivery),
  totalDocs: Type.Integer(),
  /** False when SMTP_URL is unset: emails wait in the log (queued) and the inbox shows the alerts. */
  mailConfigured: Type.Boolean(),
});
export type AlertDeliveryLog = Static<typeof AlertDeliveryLog>;
