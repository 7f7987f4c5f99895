// A distribution point's printed card, read back as a guest's phone and a screen reader would:
// the PDF rendered by poppler (pdftoppm), its QR code decoded (jsQR) and followed to the form's
// page for the point's venue, whose submission stores the point's source; pdf.js finds the call
// to action in English and in Arabic (logical text) and the short address under the code.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';

const run = promisify(execFile);
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function pdfOf(pathname: string, headers?: Record<string, string>): Promise<Buffer> {
  const answer = await fetch(`${server.url}${pathname}`, { headers: headers ?? { authorization: `JWT ${await server.staffToken()}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await answer.arrayBuffer());
}

/** Each page rendered at 150 dpi by pdftoppm (a binary PPM per page), as RGBA pixels. */
async function rendered(pdf: Buffer): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
  fs.writeFileSync(path.join(dir, 'cards.pdf'), pdf);
  await run('pdftoppm', ['-r', '150', path.join(dir, 'cards.pdf'), path.join(dir, 'page')]);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ppm'))
    .sort()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(dir, name));
      const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
      const [width, height] = [Number(header[1]), Number(header[2])];
      const rgb = bytes.subarray(header[0].length);
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let index = 0; index < width * height; index++) {
        rgba.set(rgb.subarray(index * 3, index * 3 + 3), index * 4);
        rgba[index * 4 + 3] = 255;
      }
      return { width, height, rgba };
    });
}

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= doc.numPages; number++)
    lines.push((await (await doc.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  return lines.join(' ').replace(/\s+/g, ' ');
}

async function newPoint(fields: Record<string, unknown> = {}) {
  const made = await server.api('/api/distribution-points', {
    method: 'POST',
    as: 'staff',
    json: { name: 'Cova, table 12', form: 'dining-survey', venue: 'cova', source: 'table', ...fields },
  });
  expect(made.status).toBe(201);
  return made.body.doc;
}

describe("a point's card", () => {
  it('holds a QR code that, scanned and followed, opens the form for the venue and gives its submission the source', async () => {
    const point = await newPoint();
    const [page] = await rendered(await pdfOf(`/api/distribution-points/${point.id}/card.pdf`));
    const code = jsQR(page.rgba, page.width, page.height);
    expect(code?.data).toBe(`${server.url}/q/${point.code}`);
    const scan = await fetch(code!.data, { redirect: 'manual', headers: BROWSER });
    expect(scan.status).toBe(302);
    const form = await fetch(new URL(scan.headers.get('location')!, server.url), { headers: BROWSER });
    expect(form.status).toBe(200);
    expect(new URL(form.url).pathname).toBe('/survey/fnb/cova');
    const view = /form-view;desc="([^"]+)"/.exec(form.headers.get('server-timing') ?? '')![1];
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'x-form-view': view } });
    expect(created.status).toBe(201);
    expect((await server.api(`/api/${DINING}/${created.body.doc.id}`, { as: 'staff' })).body.source).toBe('table');
    const { rows } = await server.ctx.db.query(`SELECT venue, step, n FROM funnel_counts WHERE point = $1 ORDER BY step`, [point.id]);
    expect(rows).toEqual([
      { venue: 'cova', step: 'scan', n: 1 },
      { venue: 'cova', step: 'view', n: 1 },
    ]);
  });

  it('says its call to action in English and Arabic, with the short address under the code', async () => {
    const point = await newPoint({ name: 'Cova receipt', source: 'receipt' });
    const text = await textOf(await pdfOf(`/api/distribution-points/${point.id}/card.pdf`));
    expect(text).toContain('How was your visit? Scan the code and tell us in one minute.');
    // pdf.js puts the right-to-left line's final full stop on its own: the words are what a screen reader reads.
    expect(text).toContain('كيف كانت زيارتك؟ امسح الرمز وأخبرنا في دقيقة واحدة');
    expect(text.replace(/\s+/g, '')).toContain(`${server.url}/q/${point.code}`);
    expect(text).toContain('Cova');
  });

  it('builds its link from PUBLIC_URL when it is set', async () => {
    const other = await startTestServer({ publicUrl: 'https://forms.example.com' });
    try {
      const made = await other.api('/api/distribution-points', {
        method: 'POST',
        as: 'staff',
        json: { name: 'Cova poster', form: 'dining-survey', venue: 'cova', source: 'poster' },
      });
      expect(made.body.doc.shortUrl).toBe(`https://forms.example.com/q/${made.body.doc.code}`);
      const svg = await other.api(`/api/distribution-points/${made.body.doc.id}/qr.svg`, { as: 'staff' });
      expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    } finally {
      await other.close();
    }
  });
});

describe('a sheet of cards', () => {
  it('puts 8 on an A4 page, each its own code', async () => {
    const points = [];
    for (let index = 1; index <= 9; index++) points.push(await newPoint({ name: `Cova, table ${index}` }));
    const pdf = await pdfOf(`/api/distribution-points/cards.pdf?ids=${points.map((point) => point.id).join(',')}`);
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    expect(doc.numPages).toBe(2);
    const first = await doc.getPage(1);
    const [width, height] = first.getViewport({ scale: 1 }).viewBox.slice(2);
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = await textOf(pdf);
    // pdf.js may cut a long word into two items: the address is compared without their joins.
    const joined = text.replace(/\s+/g, '');
    for (const point of points) expect(joined).toContain(`/q/${point.code}`);
  });

  it('refuses ids that are not ids (400) and points the caller does not manage (404)', async () => {
    expect((await server.api('/api/distribution-points/cards.pdf?ids=1,x', { as: 'staff' })).status).toBe(400);
    expect((await server.api('/api/distribution-points/cards.pdf', { as: 'staff' })).status).toBe(400);
    const pizza = await newPoint({ name: 'Pizza', venue: 'crazy-pizza' });
    const manager = await server.staffAs(['manager'], ['cova']);
    expect((await server.api(`/api/distribution-points/cards.pdf?ids=${pizza.id}`, { as: 'none', headers: manager })).status).toBe(404);
    expect((await server.api(`/api/distribution-points/${pizza.id}/qr.png`, { as: 'none', headers: manager })).status).toBe(404);
  });
});

describe('the QR code alone', () => {
  it('is a PNG, and an SVG whose squares are the same code', async () => {
    const point = await newPoint({ name: 'Cova kiosk', source: 'kiosk' });
    const png = await fetch(`${server.url}/api/distribution-points/${point.id}/qr.png`, { headers: { authorization: `JWT ${await server.staffToken()}` } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(0, 8)
        .toString('hex'),
    ).toBe('89504e470d0a1a0a');
    const svg = await fetch(`${server.url}/api/distribution-points/${point.id}/qr.svg`, { headers: { authorization: `JWT ${await server.staffToken()}` } });
    expect(await svg.text()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  });
});
