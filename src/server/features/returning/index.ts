// The returning guests' feature: a guest who signed before fills the waiver from their last one
// with a one-time code sent to them (POST /api/returning/code, /api/returning/prefill), and a
// waiver whose definition says `remindBeforeExpiry` mails its guest before it expires, once, with
// a link to sign again (the same code step).
import type { ServerFeature } from '../../core/feature.ts';
import { scheduleExpiryReminder } from './expiry.ts';
import { RETURNING_MIGRATIONS } from './migrations.ts';
import { returningPlugin } from './plugin.ts';

export const returningFeature: ServerFeature = {
  name: 'returning',
  plugins: [returningPlugin],
  migrations: RETURNING_MIGRATIONS,
  submissionHooks: [scheduleExpiryReminder],
};
