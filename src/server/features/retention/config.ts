// The retention feature's settings: how often its job runs. Its rows join the one configuration
// table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const RETENTION_VARIABLES = [
  {
    name: 'RETENTION_INTERVAL_MS',
    kind: 'count',
    default: '86400000',
    description:
      "How often the retention job deletes the submissions older than their form's `retention` (with their files, notes, alerts and case messages) and the parties whose visit day is older than their waiver's: once a day by default, and at start when the last run (kept in the database, shared by every instance) is older than this.",
  },
] as const satisfies readonly ConfigVariable[];

export interface RetentionConfig {
  /** Between two runs of the retention job. */
  intervalMs: number;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    retention: RetentionConfig;
  }
}

function readRetentionConfig(values: ConfigValues<VariableName<typeof RETENTION_VARIABLES>>): RetentionConfig {
  return { intervalMs: values.number('RETENTION_INTERVAL_MS') };
}

export const retentionConfig: ConfigSection<'retention'> = { key: 'retention', variables: RETENTION_VARIABLES, read: readRetentionConfig };
