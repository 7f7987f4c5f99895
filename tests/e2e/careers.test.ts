// A candidate finds an open position on a brand's careers page, reads it and applies with a CV,
// in English and Arabic; closed and draft positions are nowhere to be seen or applied for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, tinyPdf } from '../support/files.ts';
import { sharedE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-careers-'));
const cv = path.join(dir, 'amal-haddad-cv.pdf');
const hugeCv = path.join(dir, 'huge-cv.pdf');

beforeAll(async () => {
  fs.writeFileSync(cv, tinyPdf());
  const huge = Buffer.alloc(6 * MB);
  tinyPdf().copy(huge);
  fs.writeFileSync(hugeCv, huge);
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('careers pages', () => {
  it('lists a brand’s open positions only, in its theme, and opens one', async () => {
    const page = await e2e.open('/careers/printemps');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Careers at Printemps');
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Visual Merchandiser', 'Sales Associate, Beauty']);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('store');
    await page.getByRole('link', { name: 'Sales Associate, Beauty' }).click();
    await page.waitForURL(/\/careers\/printemps\/sales-associate-beauty$/);
    await page.getByRole('heading', { level: 1, name: 'Sales Associate, Beauty' }).waitFor();
    expect(await page.locator('.document-body li').count()).toBe(3);
    // The title follows the page once it is shown (an effect after the render).
    await expect.poll(() => page.title()).toBe('Printemps | Careers | Sales Associate, Beauty');
  });

  it('in Arabic, right-to-left with the Arabic description', async () => {
    const page = await e2e.open('/careers/dohaquest/ride-operator?lang=ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('مشغّل ألعاب');
    await page.getByRole('link', { name: 'تقدّم لهذه الوظيفة' }).waitFor();
  });

  it('a closed, expired or draft position is Not Found and is not listed', async () => {
    for (const address of ['/careers/printemps/store-cashier-2025', '/careers/dohaquest/lifeguard', '/careers/dohaoasis/events-coordinator']) {
      const page = await e2e.open(address);
      expect(await page.getByRole('heading', { level: 1 }).innerText(), address).toBe('Not Found');
    }
    const quest = await e2e.open('/careers/dohaquest');
    expect(await quest.getByText('Lifeguard').count()).toBe(0);
  });
});

describe('applying', () => {
  it('a candidate applies with a CV; the application names the position and is stored', async () => {
    const page = await e2e.open('/careers/dohaoasis/guest-experience-host/apply');
    await page.getByText('Guest Experience Host').first().waitFor();
    await page.getByLabel('Full name').fill('Amal Haddad');
    await page.getByLabel('Email').fill('amal.haddad@example.com');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('55123456');
    await page.getByLabel('CV').setInputFiles(cv);
    await page.locator('.file-item').getByText('Uploaded').waitFor();
    await page.getByLabel('Cover note').fill('I love welcoming people.');
    await page.getByRole('button', { name: 'Send my application' }).click();
    await page.getByRole('heading', { name: 'Thank you for applying!' }).waitFor();
    const positions = await e2e.server.api('/api/positions?where[slug][equals]=guest-experience-host');
    const [stored] = await storedDocs(e2e.server, 'careers-applications', { email: 'amal.haddad@example.com' });
    expect(stored).toMatchObject({
      full_name: 'Amal Haddad',
      phone: '+97455123456',
      position: positions.body.docs[0].id,
      cover_note: 'I love welcoming people.',
    });
    expect(typeof stored.cv).toBe('number');
  });

  it('a 6 MB CV is refused with its message and not kept', async () => {
    const page = await e2e.open('/careers/printemps/visual-merchandiser/apply?lang=ar');
    await page.getByLabel('السيرة الذاتية').setInputFiles(hugeCv);
    await page.getByText('بعض الملفات تتجاوز الحد المسموح به (5 ميغابايت) ولن يتم رفعها.').waitFor();
    expect(await page.locator('.file-item').count()).toBe(0);
  });

  it('the server refuses an application for a closed position, and a CV over the limit', async () => {
    const closed = await e2e.server.api('/api/positions?where[slug][equals]=lifeguard', { as: 'staff' });
    const answer = await e2e.server.api('/api/careers-applications', {
      json: { position: closed.body.docs[0].id, full_name: 'Late Comer', email: 'late@example.com', phone: '+97455123457', cv: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors.map((e: { path: string }) => e.path)).toContain('position');
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(hugeCv)], { type: 'application/pdf' }), 'huge-cv.pdf');
    const upload = await e2e.server.api('/api/careers-application-cvs', { method: 'POST', form });
    expect(upload.status).toBe(413);
  });
});
