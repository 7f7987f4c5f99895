// The ops feature's settings: where the Prometheus metrics server listens. Its rows join the one
// configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const OPS_VARIABLES = [
  {
    name: 'METRICS_PORT',
    kind: 'number',
    default: null,
    description:
      "Port of the Prometheus metrics (GET /metrics: requests and latency by route, submissions by form, upload inspection time); unset = no metrics server. Kept off the pages' port so the public never reaches it.",
  },
  {
    name: 'METRICS_HOST',
    kind: 'text',
    default: '127.0.0.1',
    description: 'Interface the metrics port listens on (this machine only by default; set 0.0.0.0 for a Prometheus elsewhere on a private network).',
  },
] as const satisfies readonly ConfigVariable[];

export interface MetricsConfig {
  /** Port of the Prometheus metrics server; null = none. */
  port: number | null;
  host: string;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    metrics: MetricsConfig;
  }
}

function readMetricsConfig(values: ConfigValues<VariableName<typeof OPS_VARIABLES>>): MetricsConfig {
  return { port: values.text('METRICS_PORT') === null ? null : values.number('METRICS_PORT'), host: values.text('METRICS_HOST') ?? '127.0.0.1' };
}

export const opsConfig: ConfigSection<'metrics'> = { key: 'metrics', variables: OPS_VARIABLES, read: readMetricsConfig };
