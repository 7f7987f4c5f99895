import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { fileForm, MB, pngOfSize, textFile, tinyJpeg, tinyPdf, tinyPng } from '../support/files.ts';
import { cleanupOrphanUploads } from '../../src/server/features/uploads/orphan-cleanup.ts';
import { countOf, LOYALTY_MEDIA, loyaltyAnswers, register } from './samples.ts';

let server: TestServer;
const storedFiles = () => {
  const dir = path.join(server.config.dataDir, 'uploads', LOYALTY_MEDIA);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const upload = (form: FormData, as: 'public' | 'none' = 'public') => server.api(`/api/${LOYALTY_MEDIA}`, { form, as });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('a guest uploads a receipt', () => {
  it('a real PNG, JPEG or PDF is kept, typed by its bytes', async () => {
    for (const [bytes, name, mimeType] of [
      [tinyPng(), 'receipt.png', 'image/png'],
      [tinyJpeg(), 'IMG_0001.JPG', 'image/jpeg'],
      [tinyPdf(), 'receipt', 'application/pdf'],
    ] as const) {
      const answer = await upload(fileForm(bytes, name, 'application/octet-stream'));
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe('Media successfully created.');
      expect(answer.body.doc).toMatchObject({ id: expect.any(Number), mimeType, filesize: bytes.length });
      expect(answer.body.doc.url).toBe(`/api/${LOYALTY_MEDIA}/file/${answer.body.doc.filename}`);
      expect(storedFiles()).toContain(answer.body.doc.filename);
    }
  });

  it('a photo of exactly 5 MB is still accepted', async () => {
    const answer = await upload(fileForm(pngOfSize(5 * MB), 'exact.png', 'image/png'));
    expect(answer.status).toBe(201);
    expect(answer.body.doc.filesize).toBe(5 * MB);
  });

  it('a 6 MB photo is refused with the limit, and nothing is left on disk', async () => {
    const before = storedFiles();
    const rows = await countOf(server, LOYALTY_MEDIA);
    const answer = await upload(fileForm(pngOfSize(6 * MB), 'big.png', 'image/png'));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ errors: [{ name: 'APIError', data: { size: 5 * MB }, message: 'File size limit has been reached (5 MB).' }] });
    expect(storedFiles()).toEqual(before);
    expect(await countOf(server, LOYALTY_MEDIA)).toBe(rows);
  });

  it('a text file named receipt.jpg is refused as the wrong type', async () => {
    const before = storedFiles();
    const answer = await upload(fileForm(textFile(), 'receipt.jpg', 'image/jpeg'));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({
      name: 'ValidationError',
      data: { errors: [{ path: 'file', message: expect.stringMatching(/^Invalid file type: unknown\./) }] },
    });
    expect(storedFiles()).toEqual(before);
  });

  it('a request without a file is told so', async () => {
    const form = new FormData();
    form.append('_payload', '{}');
    expect((await upload(form)).body).toEqual({ errors: [{ message: 'No files were uploaded.' }] });
    const json = await server.api(`/api/${LOYALTY_MEDIA}`, { json: {} });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ errors: [{ message: 'No files were uploaded.' }] });
  });

  it('needs the API key', async () => {
    expect((await upload(fileForm(tinyPng(), 'r.png'), 'none')).status).toBe(403);
  });
});

describe('who may see receipts', () => {
  it('the public key cannot list, read or download them; staff can', async () => {
    const { body } = await upload(fileForm(tinyPng(), 'receipt.png', 'image/png'));
    const { id, url } = body.doc;
    expect((await server.api(`/api/${LOYALTY_MEDIA}`)).status).toBe(403);
    expect((await server.api(`/api/${LOYALTY_MEDIA}/${id}`)).status).toBe(403);
    expect((await server.api(url)).status).toBe(403);
    expect((await server.api(url, { as: 'none' })).status).toBe(403);

    const staffList = await server.api(`/api/${LOYALTY_MEDIA}?where[id][equals]=${id}`, { as: 'staff' });
    expect(staffList.body.docs[0]).toMatchObject({ id, mimeType: 'image/png' });
    const download = await fetch(`${server.url}${url}`, { headers: { authorization: `JWT ${await server.staffToken()}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    // Downloaded, never shown as one of our pages: no script in a file can run on our origin.
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${body.doc.filename}"`);
    expect(download.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(tinyPng())).toBe(true);
  });
});

describe('receipts nobody submitted', () => {
  it('are deleted with their files after the orphan period; attached ones stay', async () => {
    const orphan = (await upload(fileForm(tinyPng(), 'abandoned.png', 'image/png'))).body.doc;
    const answers = await loyaltyAnswers(server);
    expect((await register(server, answers)).status).toBe(201);
    const attached = (await server.api(`/api/${LOYALTY_MEDIA}/${answers.receipt}`, { as: 'staff' })).body;

    const options = { uploadsRoot: path.join(server.config.dataDir, 'uploads'), collections: [LOYALTY_MEDIA], storage: server.ctx.uploads };
    expect(await cleanupOrphanUploads(server.ctx.db, new Date(), 60, options)).toBe(0);
    const laterOn = new Date(Date.now() + 61 * 60_000);
    expect(await cleanupOrphanUploads(server.ctx.db, laterOn, 60, options)).toBeGreaterThanOrEqual(1);

    expect((await server.api(`/api/${LOYALTY_MEDIA}/${orphan.id}`, { as: 'staff' })).status).toBe(404);
    expect(storedFiles()).not.toContain(orphan.filename);
    expect((await server.api(`/api/${LOYALTY_MEDIA}/${attached.id}`, { as: 'staff' })).status).toBe(200);
    expect(storedFiles()).toContain(attached.filename);
  });
});

describe('a client that uploads without ever sending a form', () => {
  it('may keep a limited number of uploads waiting, is told the limit, and may upload again once a form claims one', async () => {
    const capped = await startTestServer({ uploadOrphansPerClient: 2 });
    try {
      const send = () => capped.api(`/api/${LOYALTY_MEDIA}`, { form: fileForm(tinyPng(), 'receipt.png', 'image/png') });
      expect((await send()).status).toBe(201);
      const answers = await loyaltyAnswers(capped); // the second upload, used by this registration
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        errors: [
          {
            name: 'TooManyPendingUploads',
            data: { limit: 2 },
            message: 'Too many uploaded files are waiting for a form to be sent from your network (limit: 2). Send your form, or try again in 60 minutes.',
          },
        ],
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(await countOf(capped, LOYALTY_MEDIA)).toBe(2);

      expect((await register(capped, answers)).status).toBe(201);
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(429);
    } finally {
      await capped.close();
    }
  });
});
