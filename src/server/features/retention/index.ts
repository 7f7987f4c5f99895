// The retention feature's public face: the daily deletion of expired submissions, and the deletion
// of submissions with everything hanging on them (used by features/privacy for erasure).
import type { ServerFeature } from '../../core/feature.ts';
import { retentionConfig } from './config.ts';
import { RETENTION_MIGRATIONS } from './migrations.ts';
import { retentionPlugin } from './plugin.ts';

export { deleteSubmissions, type DeletedCounts } from './delete-submissions.ts';
export { expireSubmissions, vacuumEmbedded, type RetentionCount } from './retention-job.ts';
export { runRetentionIfDue } from './plugin.ts';

export const retentionFeature: ServerFeature = { name: 'retention', plugins: [retentionPlugin], config: retentionConfig, migrations: RETENTION_MIGRATIONS };
