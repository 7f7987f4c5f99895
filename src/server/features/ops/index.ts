// The ops feature's public face: health probes, Prometheus metrics, backup and restore (README, Operations).
import type { ServerFeature } from '../../core/feature.ts';
import { opsConfig } from './config.ts';
import { healthPlugin } from './health-plugin.ts';
import { metricsPlugin } from './metrics-plugin.ts';
import { backupPlugin } from './backup-plugin.ts';
export { backupStream, writeBackupFile } from './backup-archive.ts';
export { restoreBackup, RestoreRefused } from './restore-archive.ts';
export { LOCAL_BACKUP_PATH } from './backup-plugin.ts';

/** First in the table: its request metrics see every route registered after it. */
export const opsFeature: ServerFeature = { name: 'ops', plugins: [metricsPlugin, healthPlugin, backupPlugin], config: opsConfig };
