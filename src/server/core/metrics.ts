// The Prometheus metrics (prom-client). One registry per process: metrics are module-level, as
// prom-client intends, so code without the server's context (the upload cleaner) can count too.
// A feature adds its own metric to metricsRegistry; a number read from the database when
// Prometheus scrapes (the alert outbox's depth) is a scrapeGauge, registered while its app runs.
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (never the raw address) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const submissionsStored = new Counter({
  name: 'submissions_stored_total',
  help: 'Submissions stored (201, replays of an Idempotency-Key not counted), by form id.',
  labelNames: ['form'] as const,
  registers: [metricsRegistry],
});

export const uploadInspectionSeconds = new Histogram({
  name: 'upload_inspection_duration_seconds',
  help: 'Time to inspect an upload and remove its metadata, by sniffed type.',
  labelNames: ['type'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** Times fn into a histogram (seconds), whether it returns or throws. */
export async function timed<T>(histogram: Histogram<'type'>, labels: { type: string }, fn: () => Promise<T> | T): Promise<T> {
  const stop = histogram.startTimer(labels);
  try {
    return await fn();
  } finally {
    stop();
  }
}

/**
 * A gauge whose value is read when Prometheus scrapes (e.g. `alert_outbox_depth` from the
 * outbox table), present while this app runs: register it from the feature's plugin.
 */
export function scrapeGauge(app: FastifyInstance, name: string, help: string, read: () => Promise<number>): void {
  app.addHook('onReady', async () => {
    metricsRegistry.removeSingleMetric(name);
    new Gauge({
      name,
      help,
      registers: [metricsRegistry],
      async collect() {
        this.set(await read());
      },
    });
  });
  app.addHook('onClose', async () => metricsRegistry.removeSingleMetric(name));
}
