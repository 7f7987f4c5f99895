// Several instances behind a load balancer share everything a request needs: two instances on one
// PostgreSQL and one S3-compatible object store (s3rver), each with its own data directory. A
// receipt uploaded through one is attached by a registration sent through the other and is
// downloaded by staff through either; the cap on uploads waiting for a form counts both; a retried
// submit alternating between them stores one record.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startObjectStore, type ObjectStore } from '../support/object-store.ts';
import { fileForm, tinyPng } from '../support/files.ts';
import { cleanupOrphanUploads } from '../../src/server/features/uploads/orphan-cleanup.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { captchaProof, countOf, DINING, diningAnswers, LOYALTY, LOYALTY_MEDIA, loyaltyAnswers } from './samples.ts';

const ORPHAN_CAP = 3;

describe('two instances, one PostgreSQL, one object store', () => {
  let cluster: PostgresCluster;
  let store: ObjectStore;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    [cluster, store] = await Promise.all([startPostgres(), startObjectStore()]);
    const shared = { databaseUrl: cluster.url, objectStorage: store.config, uploadOrphansPerClient: ORPHAN_CAP };
    [a, b] = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.close();
    await cluster?.stop();
  });

  const upload = (server: TestServer, name = 'receipt.png') => server.api(`/api/${LOYALTY_MEDIA}`, { form: fileForm(tinyPng(), name, 'image/png') });
  const localFiles = (server: TestServer) => {
    const dir = path.join(server.config.dataDir, 'uploads', LOYALTY_MEDIA);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('a receipt uploaded through A is attached through B, kept in the object store, and read by staff through either', async () => {
    // loyaltyAnswers uploads the receipt through the instance it is given.
    const answers = await loyaltyAnswers(a);
    const id = answers.receipt as number;
    const { filename } = (await a.api(`/api/${LOYALTY_MEDIA}/${id}`, { as: 'staff' })).body;
    expect(await store.keys()).toContain(`${LOYALTY_MEDIA}/${filename}`);
    expect(localFiles(a)).not.toContain(filename);

    const registered = await b.api(`/api/${LOYALTY}`, { json: answers, headers: { 'x-captcha-proof': await captchaProof(b) } });
    expect(registered.status).toBe(201);

    for (const server of [a, b]) {
      const media = await server.api(`/api/${LOYALTY_MEDIA}/${id}`, { as: 'staff' });
      const download = await fetch(`${server.url}${media.body.url}`, { headers: { authorization: `JWT ${await server.staffToken()}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
      expect(Buffer.from(await download.arrayBuffer()).equals(tinyPng())).toBe(true);
    }
  });

  it('the cap on uploads waiting for a form counts the uploads made through both instances', async () => {
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a]) statuses.push((await upload(server)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('uploads nobody claimed are removed from the object store by either instance', async () => {
    const before = await store.keys();
    const later = new Date(Date.now() + 61 * 60_000);
    const removed = await cleanupOrphanUploads(b.ctx.db, later, 60, {
      uploadsRoot: path.join(b.config.dataDir, 'uploads'),
      collections: [LOYALTY_MEDIA],
      storage: b.ctx.uploads,
    });
    expect(removed).toBe(ORPHAN_CAP);
    const after = await store.keys();
    expect(after).toHaveLength(before.length - ORPHAN_CAP);
    // The attached receipt stays.
    expect(after.length).toBeGreaterThanOrEqual(1);
    // With the waiting uploads gone, the client may upload again (through either instance).
    expect((await upload(a)).status).toBe(201);
  });

  it('a retried submit alternating between the instances stores one record', async () => {
    const before = await countOf(a, DINING);
    const answers = diningAnswers({ customer_comments: 'Sent through both instances' });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a).api(`/api/${DINING}`, { json: answers, headers: { 'idempotency-key': key } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.doc.id)).size).toBe(1);
    expect(await countOf(b, DINING)).toBe(before + 1);
  });
});
