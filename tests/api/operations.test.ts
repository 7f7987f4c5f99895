// Health probes and Prometheus metrics, as a load balancer and a Prometheus server use them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { preparedDataDir, startTestServer, type TestServer } from '../support/server.ts';
import { startMainProcess } from '../support/main-process.ts';
import { fileForm, tinyPng } from '../support/files.ts';
import { DINING, diningAnswers, LOYALTY_MEDIA } from './samples.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ metrics: { port: 0, host: '127.0.0.1' } });
});

afterAll(async () => {
  await server?.close();
});

async function probe(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, text: await response.text(), cacheControl: response.headers.get('cache-control') };
}

async function scrape(): Promise<string> {
  const url = server.app.metricsUrl();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const response = await fetch(url!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** One sample's value (0 when absent): name{labels} value, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('health probes', () => {
  it('answer without credentials, with nothing but a status, however often they come', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => probe(i % 2 ? '/healthz' : '/readyz')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('{"status":"ok"}');
      expect(answer.cacheControl).toBe('no-store');
    }
  });

  it('say unavailable, and no more, when the upload storage cannot take a file', async () => {
    const uploads = path.join(server.config.dataDir, 'uploads');
    const kept = `${uploads}.kept`;
    fs.mkdirSync(uploads, { recursive: true });
    fs.renameSync(uploads, kept);
    fs.writeFileSync(uploads, 'a file where the uploads folder should be');
    try {
      const answer = await probe('/readyz');
      expect(answer.status).toBe(503);
      expect(answer.text).toBe('{"status":"unavailable"}');
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      fs.rmSync(uploads);
      fs.renameSync(kept, uploads);
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('say unavailable while a migration this code expects is not applied (another version migrated the database)', async () => {
    const { db } = server.ctx;
    const { rows } = await db.query<{ id: number; name: string }>(
      'DELETE FROM schema_migrations WHERE id = (SELECT max(id) FROM schema_migrations) RETURNING id, name',
    );
    try {
      expect(await probe('/readyz')).toMatchObject({ status: 503, text: '{"status":"unavailable"}' });
    } finally {
      await db.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [rows[0].id, rows[0].name]);
    }
    expect((await probe('/readyz')).status).toBe(200);
  });
});

describe('Prometheus metrics', () => {
  it('are on their own port, not on the pages and API port', async () => {
    const onPagesPort = await fetch(`${server.url}/metrics`);
    expect(await onPagesPort.text()).not.toContain('http_requests_total');
  });

  it('count a stored submission by form, not its replay, and the request by route pattern', async () => {
    const form = server.ctx.registry.collections.get(DINING)!.form!.compiled.id;
    const created = { method: 'POST', route: '/api/:slug', status: '201' };
    const before = await scrape();
    const key = `metrics-${Date.now()}`;
    const first = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const replay = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'idempotency-key': key } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const after = await scrape();
    expect(sample(after, 'submissions_stored_total', { form }) - sample(before, 'submissions_stored_total', { form })).toBe(1);
    expect(sample(after, 'http_requests_total', created) - sample(before, 'http_requests_total', created)).toBe(2);
    const timed = { method: 'POST', route: '/api/:slug', le: '+Inf' };
    expect(sample(after, 'http_request_duration_seconds_bucket', timed) - sample(before, 'http_request_duration_seconds_bucket', timed)).toBe(2);
    expect(after).not.toContain(`/api/${DINING}`); // route patterns only: raw addresses would grow without bound
  });

  it('stop the start with a clear message when their port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const dataDir = await preparedDataDir();
    try {
      const port = String((taken.address() as net.AddressInfo).port);
      await expect(startMainProcess(dataDir, { METRICS_PORT: port })).rejects.toThrow(
        `The metrics port could not be opened (METRICS_PORT=${port}, METRICS_HOST=127.0.0.1)`,
      );
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('time the inspection of an upload by its type', async () => {
    const png = { type: 'image/png' };
    const before = sample(await scrape(), 'upload_inspection_duration_seconds_count', png);
    const upload = await server.api(`/api/${LOYALTY_MEDIA}`, { form: fileForm(tinyPng(), 'receipt.png', 'image/png') });
    expect(upload.status).toBe(201);
    expect(sample(await scrape(), 'upload_inspection_duration_seconds_count', png) - before).toBe(1);
  });
});
