// The table of server features, in the order their plugins register (the page renderer last: it
// answers every address no other route took). A new feature = its folder + one line here.
import type { ServerFeature } from '../core/feature.ts';
import type { Channel } from '../core/outbox/channel.ts';
import { CORE_MIGRATIONS, type Migration } from '../core/db/migrations.ts';
import { joinConfigVariables, loadConfig as loadConfigOf, type ConfigSection, type ServerConfig } from '../core/config.ts';
import { opsFeature } from './ops/index.ts';
import { auditFeature } from './audit/index.ts';
import { authFeature } from './auth/index.ts';
import { uploadsFeature } from './uploads/index.ts';
import { sealedFeature } from './sealed/index.ts';
import { captchaFeature } from './captcha/index.ts';
import { collectionsFeature } from './collections/index.ts';
import { quotasFeature } from './quotas/index.ts';
import { followupFeature } from './followup/index.ts';
import { casesFeature } from './cases/index.ts';
import { recoveryFeature } from './recovery/index.ts';
import { reporterFeature } from './reporter/index.ts';
import { contentFeature } from './content/index.ts';
import { ssoFeature } from './sso/index.ts';
import { usersFeature } from './users/index.ts';
import { perksFeature } from './perks/index.ts';
import { chatFeature } from './chat/index.ts';
import { alertsFeature } from './alerts/index.ts';
import { insightsFeature } from './insights/index.ts';
import { homeFeature } from './home/index.ts';
import { retentionFeature } from './retention/index.ts';
import { digestFeature } from './digest/index.ts';
import { privacyFeature } from './privacy/index.ts';
import { waiverCopyFeature } from './waiver-copy/index.ts';
import { waiversFeature } from './waivers/index.ts';
import { partiesFeature } from './parties/index.ts';
import { returningFeature } from './returning/index.ts';
import { nativePostFeature } from './native-post/index.ts';
import { reachFeature } from './reach/index.ts';
import { renderFeature } from './render/index.ts';

export const FEATURES: readonly ServerFeature[] = [
  opsFeature,
  authFeature,
  sealedFeature,
  uploadsFeature,
  captchaFeature,
  collectionsFeature,
  quotasFeature,
  followupFeature,
  casesFeature,
  recoveryFeature,
  reporterFeature,
  contentFeature,
  ssoFeature,
  usersFeature,
  auditFeature,
  perksFeature,
  chatFeature,
  alertsFeature,
  insightsFeature,
  homeFeature,
  retentionFeature,
  digestFeature,
  privacyFeature,
  waiverCopyFeature,
  waiversFeature,
  partiesFeature,
  returningFeature,
  nativePostFeature,
  reachFeature,
  renderFeature,
];

/** Every channel the outbox sends on (email, webhook, ...): the database's CHECK of outbox.channel lists them (core/outbox/channel-check.ts). */
export const CHANNELS: readonly Channel[] = FEATURES.flatMap((feature) => feature.channels ?? []);

/** Every schema migration: core's and each feature's. */
export const MIGRATIONS: readonly Migration[] = [...CORE_MIGRATIONS, ...FEATURES.flatMap((feature) => feature.migrations ?? [])];

// The server's configuration: core's rows joined with every feature's `config`, so the README's
// table, the start-up checks and the readers are one list (joined here, like the migrations: core names no feature).
const CONFIG_SECTIONS: readonly ConfigSection[] = FEATURES.flatMap((feature) => (feature.config ? [feature.config] : []));

/** Every environment variable the server reads: core's, then each feature's in the table's order. */
export const CONFIG_VARIABLES = joinConfigVariables(CONFIG_SECTIONS);

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return loadConfigOf(env, CONFIG_SECTIONS);
}
