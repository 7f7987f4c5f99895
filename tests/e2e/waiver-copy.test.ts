// The guest's signed copy from the thank-you: "Download your signed waiver (PDF)" gives that
// waiver as a PDF, in English and in Arabic; a kiosk offers no download (the next guest would get
// it); staff download the same copy from the submission page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2E, storedDocs, type E2E } from './harness.ts';
import { axeViolations } from './axe.ts';
import { drawSignature, fillSignerAge } from './fill.ts';
import { downloadedBytes } from '../support/browser.ts';
import { STAFF } from '../support/server.ts';

let e2e: E2E;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await e2e?.close();
});

/** A phone 320 px wide, the page's CSP bypassed so axe can be injected. */
async function openAsGuest(pathname: string): Promise<Page> {
  const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 320, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
  return page;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const IFLY = 'ifly-waiver-forms';

async function sign(page: Page, phoneLabel: string): Promise<string> {
  await page.locator('#root_name').fill('Noor Saleh');
  await page.locator('#root_qid').fill('28412345678');
  await fillSignerAge(page);
  await page.getByRole('textbox', { name: phoneLabel, exact: true }).fill('55123456');
  await drawSignature(page);
  await page.locator('#root_acknowledgement').check();
  await page.locator('form:not(.returning-step) button[type="submit"]').click();
  await page.locator('#thank-you-title').waitFor();
  return page.locator('.reference-code').innerText();
}

/** Clicks the link as a guest does and reads the file the browser saved. */
async function download(page: Page, name: string): Promise<{ bytes: Buffer; filename: string }> {
  const saved = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const file = await saved;
  return { bytes: await downloadedBytes(file), filename: file.suggestedFilename() };
}

describe("the guest's signed copy", () => {
  it('is offered on the thank-you in English and downloads as a PDF of that waiver; the page stays accessible', async () => {
    const page = await openAsGuest('/dohaquest/ifly-waiver');
    const reference = await sign(page, 'Phone number');
    const link = page.getByRole('link', { name: 'Download your signed waiver (PDF)' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/api\/waiver-copy\/\d+\.\d+\.en\.[\w-]{43}$/);
    const answer = await page.request.get(new URL(href, page.url()).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    const { bytes, filename } = await download(page, 'Download your signed waiver (PDF)');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(${reference})`);
    expect(filename).toBe(`waiver-${reference}.pdf`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    // Keyboard: the link is reached with Tab from the thanks and has a visible focus.
    await link.focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Download your signed waiver (PDF)');
  });

  it('is offered in Arabic, right to left, and its link is in the language the guest signed in', async () => {
    const page = await openAsGuest('/dohaquest/ifly-waiver?lang=ar');
    await sign(page, 'رقم الهاتف');
    const link = page.getByRole('link', { name: 'تنزيل نسخة الإقرار الموقّع (PDF)' });
    expect(await link.getAttribute('href')).toMatch(/\.ar\.[\w-]{43}$/);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.thank-you')!).direction)).toBe('rtl');
    const { bytes } = await download(page, 'تنزيل نسخة الإقرار الموقّع (PDF)');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it('is not offered on a kiosk, where the next guest would get it', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver?kiosk=1');
    const reference = await sign(page, 'Phone number');
    expect((await storedDocs(e2e.server, IFLY)).some((doc) => doc.reference === reference)).toBe(true);
    expect(await page.locator('a[href*="/api/waiver-copy/"]').count()).toBe(0);
  });

  it('is what staff download from the submission page', async () => {
    const signed = await e2e.server.api(`/api/${IFLY}`, {
      json: {
        visit_date: new Date().toISOString().slice(0, 10),
        name: 'Noor Saleh',
        birth_date: '1988-04-12',
        weight_kg: 64,
        qid: '28412345678',
        phone: '+97455123456',
        signature: {
          strokes: [
            [
              [0.1, 0.2],
              [0.5, 0.6],
            ],
          ],
          aspect: 3,
        },
        acknowledgement: true,
      },
    });
    const page = await e2e.signedIn(STAFF, `/staff/forms/ifly-waiver/${signed.body.doc.id}`);
    const { bytes, filename } = await download(page, 'Download PDF');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(filename).toBe(`waiver-${signed.body.doc.reference}.pdf`);
  });
});

describe('the verify page for staff', () => {
  async function signedInAt(pathname: string): Promise<Page> {
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 320, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    const login = await context.request.post(`${e2e.server.url}/api/users/login`, { data: STAFF });
    expect(login.status()).toBe(200);
    await page.goto(`${e2e.server.url}${pathname}`);
    await page.locator('h1').first().waitFor();
    return page;
  }

  it('says in plain words that the answers match, by Form ID with the keyboard, then that they changed, from the PDF copy', async () => {
    const created = await e2e.server.api(`/api/${IFLY}`, {
      json: {
        visit_date: new Date().toISOString().slice(0, 10),
        name: 'Noor Saleh',
        birth_date: '1988-04-12',
        weight_kg: 64,
        qid: '28412345678',
        phone: '+97455123456',
        signature: {
          strokes: [
            [
              [0.1, 0.2],
              [0.5, 0.6],
            ],
          ],
          aspect: 3,
        },
        acknowledgement: true,
      },
    });
    const { reference, id } = created.body.doc;
    const copy = Buffer.from(await (await fetch(`${e2e.server.url}${created.body.waiverCopy}`)).arrayBuffer());

    const page = await signedInAt('/staff/verify');
    await page.getByRole('heading', { name: 'Verify a signed waiver' }).waitFor();
    await page.getByLabel('Form ID').focus();
    await page.keyboard.type(reference.toLowerCase());
    await page.keyboard.press('Enter');
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText()).toContain('the stored answers match their fingerprint');
    expect(await status.innerText()).toContain(reference);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    await e2e.server.ctx.db.query(`UPDATE documents SET data = jsonb_set(data, '{name}', '"Someone Else"') WHERE id = $1`, [id]);
    await page.getByLabel('Form ID').fill('');
    await page.getByLabel('Or a PDF copy of the waiver').setInputFiles({ name: 'waiver.pdf', mimeType: 'application/pdf', buffer: copy });
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => status.innerText()).toContain('do NOT match');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads right to left in Arabic and says when nothing is found', async () => {
    const page = await signedInAt('/staff/verify?lang=ar');
    await page.getByRole('heading', { name: 'التحقق من إقرار موقّع' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.verify-page')!).direction)).toBe('rtl');
    await page.getByLabel('رقم النموذج').fill('ZZZZ-ZZZZ-ZZ');
    await page.getByRole('button', { name: 'تحقّق' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('لا يوجد إقرار موقّع يمكنك الاطلاع عليه بهذا الرقم.');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    // Text at 200 %: still one column, nothing to scroll sideways.
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});

describe('the copy as a reader draws it', () => {
  const PDFJS = path.resolve(import.meta.dirname, '../../node_modules/pdfjs-dist/build');

  /** The reader's page: pdf.js draws page 1 at 1 px per point and reports where the ink of the title line is, and how much ink the page has. */
  const READER = `<!doctype html><title>pdf</title><canvas></canvas><script type="module">
import * as pdfjs from '/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
window.inkOf = async (data) => {
  const doc = await pdfjs.getDocument({ data: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) }).promise;
  const first = await doc.getPage(1);
  const viewport = first.getViewport({ scale: 1 });
  const canvas = document.querySelector('canvas');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  const context = canvas.getContext('2d');
  await first.render({ canvasContext: context, viewport, canvas }).promise;
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let ink = 0, left = canvas.width, right = 0;
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const at = (y * canvas.width + x) * 4;
      if (pixels[at + 3] < 128 || pixels[at] > 100) continue;
      ink++;
      // the title: 18 pt below the top margin (50 pt)
      if (y >= 48 && y <= 74) { left = Math.min(left, x); right = Math.max(right, x); }
    }
  }
  return { width: canvas.width, ink, left, right };
};
document.body.dataset.ready = '1';
</script>`;

  async function rendered(bytes: Buffer): Promise<{ width: number; ink: number; left: number; right: number }> {
    const page = await e2e.browser.newPage();
    await page.route('http://pdf.test/**', (route) => {
      const name = path.basename(new URL(route.request().url()).pathname);
      if (name === 'index.html') return route.fulfill({ contentType: 'text/html', body: READER });
      return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(PDFJS, name)) });
    });
    await page.goto('http://pdf.test/index.html');
    await page.locator('body[data-ready="1"]').waitFor();
    return page.evaluate(
      (data) => (window as unknown as { inkOf: (data: string) => Promise<{ width: number; ink: number; left: number; right: number }> }).inkOf(data),
      bytes.toString('base64'),
    );
  }

  async function copyIn(locale: string): Promise<Buffer> {
    const created = await e2e.server.api(`/api/${IFLY}?locale=${locale}`, {
      json: {
        visit_date: new Date().toISOString().slice(0, 10),
        name: 'Noor Saleh',
        birth_date: '1988-04-12',
        weight_kg: 64,
        qid: '28412345678',
        phone: '+97455123456',
        signature: {
          strokes: [
            [
              [0.1, 0.2],
              [0.5, 0.6],
            ],
          ],
          aspect: 3,
        },
        acknowledgement: true,
      },
    });
    return Buffer.from(await (await fetch(`${e2e.server.url}${created.body.waiverCopy}`)).arrayBuffer());
  }

  it('the English title starts at the left margin, the Arabic one ends at the right margin, and both pages carry their text', async () => {
    const english = await rendered(await copyIn('en'));
    expect(english.ink).toBeGreaterThan(6_000);
    expect(english.left).toBeLessThan(60);
    expect(english.right).toBeLessThan(english.width / 2);
    const arabic = await rendered(await copyIn('ar'));
    expect(arabic.ink).toBeGreaterThan(6_000);
    expect(arabic.right).toBeGreaterThan(arabic.width - 60);
    expect(arabic.left).toBeGreaterThan(arabic.width / 2);
  });
});
