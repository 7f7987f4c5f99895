// Prometheus metrics on their own port (METRICS_PORT, on METRICS_HOST = this machine by default),
// never on the pages' port: the public cannot reach them, and the scraper needs no staff login.
// Requests are counted by route pattern (/api/:slug), not by address: addresses are unbounded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sharedPlugin } from '../../core/context.ts';
import { httpRequests, httpRequestSeconds, metricsRegistry, submissionsStored } from '../../core/metrics.ts';

/** The collections feature's create route: a 201 there is a stored submission (or upload, or content). */
const CREATE_ROUTE = '/api/:slug';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where Prometheus scrapes this server (http://host:port/metrics), or null when METRICS_PORT is unset. */
    metricsUrl: () => string | null;
  }
}

function startMetricsServer(app: FastifyInstance, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: Error) => {
        app.log.error(`metrics: ${error.message}`);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be read.');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export const metricsPlugin = sharedPlugin(async (app, ctx) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    httpRequestSeconds.observe(labels, reply.elapsedTime / 1000);
    if (request.method !== 'POST' || route !== CREATE_ROUTE || reply.statusCode !== 201 || reply.getHeader('idempotent-replayed') === 'true') return;
    const form = ctx.registry.collections.get((request.params as { slug: string }).slug)?.form;
    if (form) submissionsStored.inc({ form: form.compiled.id });
  });

  let server: http.Server | null = null;
  app.decorate('metricsUrl', () => {
    const address = server?.address() as AddressInfo | null | undefined;
    return address ? `http://${ctx.config.metrics.host}:${address.port}/metrics` : null;
  });
  const metricsPort = ctx.config.metrics.port;
  if (metricsPort === null) return;
  // On ready, not on listen: a metrics port that cannot be had stops the start instead of going unnoticed.
  app.addHook('onReady', async () => {
    server = await startMetricsServer(app, metricsPort, ctx.config.metrics.host).catch((error: Error) => {
      throw new Error(`The metrics port could not be opened (METRICS_PORT=${metricsPort}, METRICS_HOST=${ctx.config.metrics.host}): ${error.message}`, {
        cause: error,
      });
    });
  });
  app.addHook('preClose', async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  });
}, 'ops-metrics');
