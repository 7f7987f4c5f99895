// The alerts feature's public face: rules (content) decide who is told of a submission; the alerts
// are queued in the submission's transaction (outbox.ts) and sent by email or signed webhook.
import type { ServerFeature } from '../../core/feature.ts';
import { alertsConfig } from './config.ts';
import { ALERTS_MIGRATIONS } from './migrations.ts';
import { queueAlerts } from './outbox.ts';
import { alertsPlugin } from './plugin.ts';
import { alertRulesPlugin } from './rules-plugin.ts';

export const alertsFeature: ServerFeature = { name: 'alerts', plugins: [alertRulesPlugin, alertsPlugin], config: alertsConfig, migrations: ALERTS_MIGRATIONS, submissionHooks: [queueAlerts] };
// For other features that mail a guest through the same mail server and retry schedule (waiver-copy).
export { mailTransport, messageIdOf } from './email.ts';
export type { AlertsConfig } from './config.ts';
export { FAILED_TRY_SET, GIVE_UP_AFTER_MS, leaseMs, pollMs, restUnlessWoken, retryDelayMs } from './retry.ts';
// The console home and navigation show the caller's unread count (features/home).
export { unreadCount } from './inbox.ts';
