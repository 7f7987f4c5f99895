// A feature's gauge read from the database at each scrape (e.g. the alert outbox's depth): read
// when Prometheus scrapes, present while its app runs, gone once it stops.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { metricsRegistry, scrapeGauge } from '../../src/server/core/metrics.ts';

describe('scrapeGauge', () => {
  it('reads its value at each scrape while the app runs, and leaves the registry when it stops', async () => {
    const app = Fastify();
    let depth = 3;
    scrapeGauge(app, 'alert_outbox_depth', 'Alerts waiting to be delivered.', async () => depth);
    expect(await metricsRegistry.metrics()).not.toContain('alert_outbox_depth');
    await app.ready();
    expect(await metricsRegistry.metrics()).toContain('alert_outbox_depth 3');
    depth = 7;
    expect(await metricsRegistry.metrics()).toContain('alert_outbox_depth 7');
    await app.close();
    expect(await metricsRegistry.metrics()).not.toContain('alert_outbox_depth');
  });
});
