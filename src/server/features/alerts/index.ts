// The alerts feature's public face: rules (content) decide who is told of a submission; the alerts
// are queued in the submission's transaction (outbox.ts) and sent by the core outbox on the
// channels of channels/ (email, signed webhook).
import type { ServerFeature } from '../../core/feature.ts';
import { alertsConfig } from './config.ts';
import { ALERTS_MIGRATIONS } from './migrations.ts';
import { queueAlerts } from './outbox.ts';
export { queueConfidentialNotice } from './outbox.ts';
import { alertsPlugin } from './plugin.ts';
import { alertRulesPlugin } from './rules-plugin.ts';
import { ALERT_CHANNELS } from './channels/index.ts';

export const alertsFeature: ServerFeature = {
  name: 'alerts',
  plugins: [alertRulesPlugin, alertsPlugin],
  config: alertsConfig,
  migrations: ALERTS_MIGRATIONS,
  submissionHooks: [queueAlerts],
  channels: ALERT_CHANNELS,
};
// For other features that mail a guest through the same mail server (the email channel) and retry schedule (waiver-copy).
export type { AlertsConfig } from './config.ts';
export { leaseMs } from './retry.ts';
export { messageIdOf } from './channels/email.ts';
export type { ChannelName } from './channels/index.ts';
// An alert no rule raised (a guest answered their case: features/cases).
export { alertLanguage, queueCaseAlert, type CaseAlert } from './case-alert.ts';
// The console home and navigation show the caller's unread count (features/home).
export { unreadCount } from './inbox.ts';
// The words of other features' staff mails (a case's reminders): Doha time, the console's address of a submission.
export { consoleLink, dohaTime } from './templates.ts';
