// The recovery feature's public face (the recovery survey of a resolved case): the survey's email
// after the case policy's delay (the wait is followup's due step, recovery-step.ts), its page at
// /recovery/{token} (the engine's form forms/recovery-survey.json), the answer linked to the case
// ("no" reopens it and alerts, "yes" confirms `recovered`) and the answers measured for the insights.
import type { ServerFeature } from '../../core/feature.ts';
import { recordRecoveryAnswer } from './answer.ts';
import { RECOVERY_MIGRATIONS } from './migrations.ts';
import { recoveryPlugin } from './plugin.ts';

export { RECOVERY_PAGE_PREFIX } from './recovery-link.ts';

export const recoveryFeature: ServerFeature = {
  name: 'recovery',
  plugins: [recoveryPlugin],
  migrations: RECOVERY_MIGRATIONS,
  submissionHooks: [recordRecoveryAnswer],
};
