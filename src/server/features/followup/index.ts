// The follow-up feature's public face: its routes and tables, and what the submissions list
// (features/collections) uses to filter on it and to show it.
import type { ServerFeature } from '../../core/feature.ts';
import { FOLLOW_UP_MIGRATIONS } from './migrations.ts';
import { followUpPlugin } from './plugin.ts';

export { FOLLOW_UP_COLUMNS, FOLLOW_UP_EXPORT_SQL, FOLLOW_UP_IN_PROGRESS_SQL, followUpSummaries, readFollowUp } from './followups.ts';
export { canFollowUp } from './permission.ts';
export { notesOfSubmissions } from './submission-notes.ts';
export { reopenByGuest } from './reopen.ts';

export const followupFeature: ServerFeature = { name: 'followup', plugins: [followUpPlugin], migrations: FOLLOW_UP_MIGRATIONS };
