// An editor in a real browser fills the parts of content that are lists and files: a benefit's
// discounts and attachments, a theme's logo, a document's PDF; the public pages show them at once.
// A viewer cannot upload.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { tinyPdf, tinyPng } from '../support/files.ts';
import { axeViolations } from './axe.ts';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
const EDITOR = { email: 'files-editor@example.com', password: 'an editor password' };
const VIEWER = { email: 'files-viewer@example.com', password: 'a viewer password' };

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, EDITOR.email, EDITOR.password, 'editor');
  await saveStaffUser(e2e.server.ctx.db, VIEWER.email, VIEWER.password, 'viewer');
});
afterAll(() => e2e?.close());

async function idOf(collection: string, slug: string): Promise<number> {
  const found = await e2e.server.api(`/api/${collection}?where[slug][equals]=${slug}&depth=0`, { as: 'staff' });
  return found.body.docs[0].id as number;
}

/** Chooses a file for the file question with this input id and waits until it is uploaded. */
async function upload(page: Page, inputId: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator(`#${inputId}`).setInputFiles(file);
  await page.locator(`#${inputId}`).locator('xpath=ancestor::div[contains(@class, "file")][1]/..').locator('.file-status').waitFor();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: 'Saved' }).waitFor();
}

describe('an editor edits lists and files of content', () => {
  it('adds a discount and an uploaded attachment to a benefit, and the benefits page shows both', async () => {
    const page = await e2e.signedIn(EDITOR, `/staff/content/benefits/${await idOf('benefits', 'gym-membership')}`);
    await page.getByRole('button', { name: 'Add a discount' }).click();
    await page.getByRole('radiogroup', { name: 'Brand' }).getByRole('radio', { name: 'Doha Quest' }).check();
    await page.getByLabel('Discount (English)').fill('Half price climbing wall at Doha Quest');
    await page.getByLabel('Discount (Arabic)').fill('نصف السعر على جدار التسلق في دوحة كويست');
    await page.getByRole('button', { name: 'Add an attachment' }).click();
    await page.getByLabel('Link text (English)').fill('Gym membership rules');
    await upload(page, 'root_attachments_0_file', { name: 'gym-rules.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await save(page);

    const employee = await e2e.open('/employee-benefits?item=gym-membership');
    const discounts = employee.getByRole('region', { name: 'Discounts' });
    await discounts.getByText('Half price climbing wall at Doha Quest').waitFor();
    expect(await discounts.innerText()).toContain('Doha Quest');
    const link = employee.getByRole('link', { name: 'Gym membership rules' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/media\/file\/[\w-]+\.pdf$/);
    const pdf = await employee.request.get(`${e2e.server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Opened again, the editor sees the file by its name, and the discount as saved.
    const again = await e2e.signedIn(EDITOR, `/staff/content/benefits/${await idOf('benefits', 'gym-membership')}`);
    expect(await again.getByLabel('Discount (English)').inputValue()).toBe('Half price climbing wall at Doha Quest');
    await again.locator('.file-name', { hasText: /\.pdf$/ }).waitFor();
  });

  it("uploads a new logo for a theme and the theme's public page shows it", async () => {
    const page = await e2e.signedIn(EDITOR, '/staff/globals/page-content');
    await upload(page, 'root_destination_logo_primary_file', { name: 'new-logo.png', mimeType: 'image/png', buffer: tinyPng() });
    await save(page);
    const stored = await e2e.server.api('/api/globals/page-content', { as: 'public' });
    const logo = stored.body.destination.logo_primary;
    expect(logo).toMatchObject({ url: expect.stringMatching(/^\/api\/media\/file\/[\w-]+\.png$/), mimeType: 'image/png' });

    // /employee-benefits has the destination-new theme, which shows the destination's logos.
    const employee = await e2e.open('/employee-benefits');
    await expect.poll(() => employee.locator('.site-logo').getAttribute('src')).toBe(logo.url);
    expect(await employee.locator('.site-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  it('uploads a PDF to a document, which opens from its page', async () => {
    const page = await e2e.signedIn(EDITOR, `/staff/content/documents/${await idOf('documents', 'guest-code-of-conduct')}`);
    await upload(page, 'root_pdf_file', { name: 'conduct.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await save(page);

    const guest = await e2e.open('/docs/guest-code-of-conduct');
    const frame = guest.locator('.document-pdf iframe');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^\/api\/media\/file\/[\w-]+\.pdf$/);
    const [download] = await Promise.all([guest.waitForEvent('download'), guest.locator('.document-pdf a').click()]);
    expect(download.url()).toBe(`${e2e.server.url}${src}`);
    const opened = await guest.request.get(`${e2e.server.url}${src}`);
    expect(opened.status()).toBe(200);
    expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the lists and files of a benefit pass axe (WCAG 2.2 AA) in Arabic and French, and fit a phone', async () => {
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    await context.request.post(`${e2e.server.url}/api/users/login`, { data: EDITOR });
    const page = await context.newPage();
    const id = await idOf('benefits', 'medical-insurance');
    for (const [lang, addDiscount, addAttachment] of [
      ['ar', 'إضافة خصم', 'إضافة مرفق'],
      ['fr', 'Ajouter une réduction', 'Ajouter une pièce jointe'],
    ]) {
      await page.goto(`${e2e.server.url}/staff/content/benefits/${id}?lang=${lang}`);
      await page.locator('h1').first().waitFor();
      await page.getByRole('button', { name: addDiscount }).click();
      await page.getByRole('button', { name: addAttachment }).click();
      expect(await axeViolations(page), lang).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${lang} is wider than the phone`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it('a viewer cannot upload a content file', async () => {
    const page = await e2e.signedIn(VIEWER, '/staff');
    const refused = await page.context().request.post(`${e2e.server.url}/api/media`, {
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() } },
      headers: { origin: e2e.server.url },
    });
    expect(refused.status()).toBe(403);
  });
});
