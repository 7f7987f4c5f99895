// The reporter feature's public face: a form with `reporterAccess` (whistle-blowing) is a two-way case
// its reporter follows with a case code and a secret (shown once, only its hash kept): their page and
// JSON API, compliance's side of the case (messages, acknowledgement, states, conflict of interest).
// The thread is cases' case_messages; its text goes in and out through message-text.ts only (sealed
// with the report's key). Its clocks (acknowledgement, feedback) are report-clocks.ts.
export { REPORT_OVERDUE_SQL } from './report-clocks.ts';
import type { ServerFeature } from '../../core/feature.ts';
import { REPORTER_MIGRATIONS } from './migrations.ts';
import { openReporterCase, reporterSecretAnswer } from './secret.ts';
import { reporterApiPlugin } from './api-plugin.ts';
import { reporterStaffPlugin } from './staff-plugin.ts';
import { reporterPagePlugin } from './page-plugin.ts';
import { reporterConfig } from './config.ts';

export const reporterFeature: ServerFeature = {
  name: 'reporter',
  plugins: [reporterApiPlugin, reporterStaffPlugin, reporterPagePlugin],
  config: reporterConfig,
  migrations: REPORTER_MIGRATIONS,
  submissionHooks: [openReporterCase],
  submissionAnswers: [reporterSecretAnswer],
};
