// What the server keeps about the people who send things: a whistle-blower report holds no
// address or browser of its sender anywhere in the database, and photos lose their location,
// device and owner metadata before they are stored. The server trusts X-Forwarded-For here, as
// behind a load balancer, so the client address really is known to it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import zlib from 'node:zlib';
import {
  fileForm,
  heicPhoto,
  htmlBeforePdf,
  jpegHtmlPolyglot,
  jpegWithJunkBeforeExif,
  jpegWithMetadata,
  PDF_SECRETS,
  pdfThenHtml,
  pdfWithMetadata,
  pdfWithObjectStream,
  pdfWithScript,
  PHOTO_SECRETS,
  pngWithMetadata,
  tinyJpeg,
  tinyPng,
  webpWithMetadata,
} from '../support/files.ts';
import { countOf, proofFor, REFERENCE, WHISTLE } from './samples.ts';

const REPORTER = { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'ReporterPhone/9.9 (Model X; owner Noor)' };
const TRACES = /198\.51\.100\.23|ReporterPhone|owner Noor|127\.0\.0\.1/;
const MEDIA = 'media-internal';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1 });
});
afterAll(() => server?.close());

const upload = (bytes: Buffer, name: string) => server.api(`/api/${MEDIA}`, { form: fileForm(bytes, name), headers: REPORTER });
/** A stored file's bytes as the metadata removal left them: the whistle-blower's files are sealed at rest (features/sealed), so opened with their row's key. */
async function storedFile(filename: string): Promise<Buffer> {
  const { rows } = await server.ctx.db.query<Record<string, unknown>>(`SELECT * FROM documents WHERE collection = $1 AND data->>'filename' = $2`, [
    MEDIA,
    filename,
  ]);
  return server.ctx.sealed.openFile(rows[0], fs.readFileSync(path.join(server.config.dataDir, 'uploads', MEDIA, filename)));
}
const report = { incident_or_concern: 'Cash was taken from the till on Friday night.', acknowledgement: true };
const hasBytes = (haystack: Buffer, text: string) => haystack.includes(Buffer.from(text, 'latin1'));

describe('a whistle-blower report', () => {
  it('is refused without a human check, and nothing is stored', async () => {
    const before = await countOf(server, WHISTLE);
    const answer = await server.api(`/api/${WHISTLE}`, { json: report, headers: REPORTER });
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].name).toBe('CaptchaError');
    const madeUp = await server.api(`/api/${WHISTLE}`, { json: report, headers: { 'x-captcha-proof': 'made-up-proof' } });
    expect(madeUp.status).toBe(403);
    expect(await countOf(server, WHISTLE)).toBe(before);
  });

  it('gives the reporter a case reference, and no address or browser is stored anywhere', async () => {
    const photo = await upload(jpegWithMetadata(), 'IMG_2041.JPG');
    expect(photo.status).toBe(201);
    const proof = await proofFor(server, 'submit_form_whistle_blower');
    const created = await server.api(`/api/${WHISTLE}`, {
      json: { ...report, supporting_docs: [photo.body.doc.id] },
      headers: { ...REPORTER, 'x-captcha-proof': proof },
    });
    expect(created.status).toBe(201);
    expect(created.body.doc.reference).toMatch(REFERENCE);

    const db = server.ctx.db;
    const { rows } = await db.query('SELECT * FROM documents WHERE id = ANY($1::int[])', [[created.body.doc.id, photo.body.doc.id]]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(TRACES);
    // Nowhere else either: every row of every table, read as text.
    const { rows: tables } = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    for (const { table_name } of tables) {
      const { rows: all } = await db.query(`SELECT t::text AS row FROM "${table_name}" t`);
      expect(JSON.stringify(all), table_name).not.toMatch(TRACES);
    }
    const { rows: columns } = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'documents'`);
    expect(columns.map((column) => column.column_name).filter((name) => /ip|agent|address|host/i.test(name))).toEqual([]);
  });
});

describe('a photo uploaded as evidence or a receipt', () => {
  it('keeps its picture and orientation but loses location, device, owner and comments (JPEG)', async () => {
    const original = jpegWithMetadata();
    for (const secret of PHOTO_SECRETS) expect(hasBytes(original, secret)).toBe(true);
    const { body } = await upload(original, 'IMG_2042.JPG');
    const stored = await storedFile(body.doc.filename);
    for (const secret of PHOTO_SECRETS) expect(hasBytes(stored, secret), secret).toBe(false);
    expect(hasBytes(stored, 'http://ns.adobe.com/xap')).toBe(false);
    expect([...stored.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(hasBytes(stored, 'JFIF')).toBe(true);
    // Only the orientation survives, so a photo taken sideways still shows upright.
    const tiff = stored.indexOf(Buffer.from('Exif\0\0MM', 'latin1')) + 6;
    expect(tiff).toBeGreaterThan(6);
    expect(stored.readUInt16BE(tiff + 10)).toBe(0x0112); // the one IFD0 entry: orientation...
    expect(stored.readUInt16BE(tiff + 18)).toBe(6); // ...rotated 90 degrees
    // The scan data is copied as it was.
    expect(stored.subarray(-10).equals(original.subarray(-10))).toBe(true);
    expect(body.doc.filesize).toBe(stored.length);
    expect(stored.length).toBeLessThan(original.length);
  });

  it('drops whatever is appended after the end of the image', async () => {
    const { body } = await upload(Buffer.concat([jpegWithMetadata(), Buffer.from(`ftypmp42 ${PHOTO_SECRETS[0]}`, 'latin1')]), 'MVIMG.JPG');
    const stored = await storedFile(body.doc.filename);
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(hasBytes(stored, 'ftypmp42')).toBe(false);
  });

  it('loses its text and EXIF chunks (PNG), leaving the image chunks as they were', async () => {
    const original = pngWithMetadata();
    expect(original.length).toBeGreaterThan(tinyPng().length);
    const { body } = await upload(original, 'screenshot.png');
    const stored = await storedFile(body.doc.filename);
    expect(stored.equals(tinyPng())).toBe(true);
    expect(body.doc).toMatchObject({ mimeType: 'image/png', filesize: tinyPng().length });
  });

  it('loses its EXIF, XMP and unknown chunks and their flags (WebP)', async () => {
    const { status, body } = await upload(webpWithMetadata(), 'photo.webp');
    expect(status).toBe(201);
    const stored = await storedFile(body.doc.filename);
    for (const secret of PHOTO_SECRETS) expect(hasBytes(stored, secret), secret).toBe(false);
    expect(stored.readUInt32LE(4)).toBe(stored.length - 8);
    expect(stored[20] & 0x0c).toBe(0);
    expect(hasBytes(stored, 'image-bytes')).toBe(true);
  });

  it('loses EXIF hidden behind a junk byte (JPEG), and the junk', async () => {
    const original = jpegWithJunkBeforeExif();
    expect(hasBytes(original, PHOTO_SECRETS[0])).toBe(true);
    const { status, body } = await upload(original, 'IMG_2043.JPG');
    expect(status).toBe(201);
    const stored = await storedFile(body.doc.filename);
    for (const secret of PHOTO_SECRETS) expect(hasBytes(stored, secret), secret).toBe(false);
    // What remains is tinyJpeg, byte for byte, with a 36-byte orientation-only EXIF after its JFIF header.
    const jpeg = tinyJpeg();
    const app0End = 4 + jpeg.readUInt16BE(4);
    expect(stored.subarray(0, app0End).equals(jpeg.subarray(0, app0End))).toBe(true);
    expect(stored.subarray(app0End + 36).equals(jpeg.subarray(app0End))).toBe(true);
  });
});

describe('a PDF uploaded as evidence or a receipt', () => {
  it('loses its author, title, producer and XMP metadata; every byte offset stays where it was', async () => {
    const original = pdfWithMetadata();
    for (const secret of PDF_SECRETS) expect(hasBytes(original, secret), secret).toBe(true);
    const { status, body } = await upload(original, 'receipt.pdf');
    expect(status).toBe(201);
    expect(body.doc).toMatchObject({ mimeType: 'application/pdf', filesize: original.length });
    const stored = await storedFile(body.doc.filename);
    for (const secret of PDF_SECRETS) expect(hasBytes(stored, secret), secret).toBe(false);
    expect(hasBytes(stored, 'D:20250301')).toBe(false);
    expect(stored.length).toBe(original.length);
    expect(hasBytes(stored, '(Total 42.00) Tj')).toBe(true);
    expect(stored.toString('latin1')).toMatch(/6 0 obj\n<< +>>\nendobj/);
    expect(stored.subarray(-30).equals(original.subarray(-30))).toBe(true);
  });

  it('loses the Info dictionary packed in a compressed object stream', async () => {
    const original = pdfWithObjectStream('info');
    const { status, body } = await upload(original, 'scan.pdf');
    expect(status).toBe(201);
    const stored = await storedFile(body.doc.filename);
    expect(stored.length).toBe(original.length);
    const start = stored.indexOf('stream\n', stored.indexOf('/ObjStm')) + 7;
    const packed = zlib.inflateSync(stored.subarray(start, stored.indexOf('endstream', start))).toString('latin1');
    expect(packed).toMatch(/^6 0 << +>>$/);
  });

  it('is refused with a reason when it runs scripts (however the name is written) or is wrapped in a web page', async () => {
    for (const [bytes, message] of [
      [pdfWithScript(), /contains scripts, actions or attached files/],
      [pdfWithScript('/J#61vaScript'), /contains scripts, actions or attached files/],
      [pdfWithObjectStream('script'), /contains scripts, actions or attached files/],
      [pdfThenHtml(), /also contains web page code/],
      [htmlBeforePdf(), /^Invalid file type: unknown\./],
    ] as const) {
      const before = await countOf(server, MEDIA);
      const answer = await upload(bytes, 'receipt.pdf');
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({
        name: 'ValidationError',
        message: 'The following field is invalid: file',
        data: { errors: [{ path: 'file', message: expect.stringMatching(message) }] },
      });
      expect(await countOf(server, MEDIA)).toBe(before);
    }
    expect(fs.readdirSync(path.join(server.config.dataDir, 'uploads', MEDIA)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

describe('files the server cannot clean or that are not what they seem', () => {
  it('a HEIC photo is refused by its first bytes, and nothing is written', async () => {
    const dir = path.join(server.config.dataDir, 'uploads', MEDIA);
    const before = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const answer = await upload(heicPhoto(), 'IMG_0001.HEIC');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors).toEqual([
      { path: 'file', message: 'Invalid file type: image/heic. Accepted: image/jpeg, image/png, image/webp, application/pdf.' },
    ]);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual(before);
  });

  it("a JPEG that is also a web page is refused, in the guest's language", async () => {
    const answer = await server.api(`/api/${MEDIA}?locale=ar`, { form: fileForm(jpegHtmlPolyglot(), 'photo.jpg') });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors[0]).toEqual({
      path: 'file',
      message: 'يحتوي هذا الملف أيضًا على شيفرة صفحة ويب، لذا لا يمكن قبوله. يرجى التقاط صورة جديدة أو حفظ المستند من جديد.',
    });
  });
});
