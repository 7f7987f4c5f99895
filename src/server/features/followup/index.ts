// The follow-up feature's public face: its routes and tables, and what the submissions list
// (features/collections) uses to filter on it and to show it.
import type { ServerFeature } from '../../core/feature.ts';
import { FOLLOW_UP_MIGRATIONS } from './migrations.ts';
import { followUpPlugin } from './plugin.ts';
import { casePoliciesPlugin } from './policies-plugin.ts';
import { startCaseClock } from './case-clock.ts';

export { CASE_OVERDUE_SQL, FOLLOW_UP_COLUMNS, FOLLOW_UP_EXPORT_SQL, FOLLOW_UP_IN_PROGRESS_SQL, followUpSummaries, readFollowUp } from './followups.ts';
export { canFollowUp } from './permission.ts';
export { notesOfSubmissions } from './submission-notes.ts';
export { recoveredByGuest, reopenByGuest } from './reopen.ts';
export { RECOVERY_SURVEY_KIND, parseRecoveryStepKey } from './recovery-step.ts';

// The cases feature's replies meet a case's first-response clock and take the case up (replied.ts).
export { followUpAfterReply } from './replied.ts';

export const followupFeature: ServerFeature = {
  name: 'followup',
  plugins: [casePoliciesPlugin, followUpPlugin],
  migrations: FOLLOW_UP_MIGRATIONS,
  submissionHooks: [startCaseClock],
};
