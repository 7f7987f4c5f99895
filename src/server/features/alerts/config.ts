// The alerts feature's settings: the mail server and sender (also used by waiver-copy, through
// this feature's index.ts), the console address alerts link to, the retry schedule and where
// webhooks may post. Its rows join the one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const ALERTS_VARIABLES = [
  {
    name: 'SMTP_URL',
    kind: 'text',
    default: null,
    description:
      "Mail server for alerts (e.g. 'smtp://user:pass@host:587', 'smtps://user:pass@host:465'); unset = nothing is sent and alerts stay in the console's alert inbox (/staff/alerts).",
  },
  {
    name: 'MAIL_FROM',
    kind: 'text',
    default: 'Venue forms <alerts@localhost>',
    description: 'Sender of alert emails (its domain also names their Message-IDs).',
  },
  {
    name: 'CONSOLE_URL',
    kind: 'url',
    default: null,
    description: "Address of the staff console the alerts link to (e.g. 'https://forms.example.com'); unset = 'http://localhost:<PORT>'.",
  },
  {
    name: 'ALERT_RETRY_BASE_MS',
    kind: 'number',
    default: '30000',
    description:
      'First retry of an alert that could not be delivered after this many milliseconds, then doubling up to 6 hours; after 24 hours it is marked failed.',
  },
  {
    name: 'ALERT_WEBHOOK_HTTP_LOOPBACK',
    kind: 'flag',
    default: 'false',
    description: "'true' lets an alert rule post to http:// on this machine (127.0.0.1, ::1, localhost), e.g. a local stand-in; otherwise webhooks need https.",
  },
  {
    name: 'ALERT_WEBHOOK_PRIVATE_NETWORKS',
    kind: 'flag',
    default: 'false',
    description:
      "'true' lets alert webhooks reach private-range addresses (10/8, 172.16/12, 192.168/16, link-local, ...), e.g. an internal CRM; checked at save and again after DNS resolution at send time.",
  },
] as const satisfies readonly ConfigVariable[];

export interface AlertsConfig {
  /** null: nothing is sent (alerts stay in the console's inbox). */
  smtpUrl: string | null;
  mailFrom: string;
  consoleUrl: string;
  retryBaseMs: number;
  webhookHttpLoopback: boolean;
  webhookPrivateNetworks: boolean;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    alerts: AlertsConfig;
  }
}

function readAlertsConfig(values: ConfigValues<VariableName<typeof ALERTS_VARIABLES>>, core: { port: number }): AlertsConfig {
  const smtpUrl = values.text('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl.replace(/\/\/[^@]*@/, '//…@')}".`);
  const consoleUrl = values.text('CONSOLE_URL') ?? `http://localhost:${core.port}`;
  const retryBaseMs = values.number('ALERT_RETRY_BASE_MS');
  if (retryBaseMs < 1 || retryBaseMs > 60_000)
    throw new Error(`ALERT_RETRY_BASE_MS must be between 1 and 60000 (the first retry comes within a minute), got "${retryBaseMs}".`);
  return {
    smtpUrl,
    mailFrom: values.text('MAIL_FROM') ?? '',
    consoleUrl: consoleUrl.replace(/\/+$/, ''),
    retryBaseMs,
    webhookHttpLoopback: values.flag('ALERT_WEBHOOK_HTTP_LOOPBACK'),
    webhookPrivateNetworks: values.flag('ALERT_WEBHOOK_PRIVATE_NETWORKS'),
  };
}

export const alertsConfig: ConfigSection<'alerts'> = { key: 'alerts', variables: ALERTS_VARIABLES, read: readAlertsConfig };
