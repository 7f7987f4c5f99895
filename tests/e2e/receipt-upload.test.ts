// A receipt on a slow phone connection: the guest sees its size and how far the upload got.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MB, pngOfSize, tinyPng } from '../support/files.ts';
import { LOYALTY, LOYALTY_MEDIA } from '../api/samples.ts';
import { createRequest, fillDate, passHumanCheck, pickCountry } from './fill.ts';
import { deviceDrafts, draftSaved, sharedE2E, type E2E } from './harness.ts';

let e2e: E2E;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-upload-'));
const photo = path.join(dir, 'receipt-photo.png');
const small = path.join(dir, 'receipt.png');

beforeAll(async () => {
  fs.writeFileSync(photo, pngOfSize(3 * MB));
  fs.writeFileSync(small, tinyPng());
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('a receipt upload shows its size and progress, then the upload is kept in the answers', async () => {
  const page = await e2e.open('/printemps/loyalty-registration');
  // About 6 s for 3 MB: slow enough to watch the progress bar move.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 512 * 1024 });

  await page.getByLabel('Receipt').setInputFiles(photo);
  const item = page.locator('.file-item');
  await item.locator('.file-name', { hasText: 'receipt-photo.png' }).waitFor();
  await item.getByText('3 MB').waitFor();
  const progress = item.getByRole('progressbar');
  await progress.waitFor();
  expect(await progress.getAttribute('aria-label')).toMatch(/^Uploading \d+%$/);
  // Submitting waits for the upload: the button stays disabled meanwhile.
  expect(await page.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
  await item.getByText('Uploaded').waitFor({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // A reload keeps the uploaded file: name and size come back from the draft.
  await draftSaved(page);
  await page.reload();
  await page.locator('.file-item .file-name', { hasText: 'receipt-photo.png' }).waitFor();
  expect(await page.locator('.file-item').getByText('Uploaded').count()).toBe(1);
});

it("once the answers are stored, the upload's claim is gone from the device: the next registration there carries only its own", async () => {
  const context = await e2e.browser.browser.newContext();
  const page = await context.newPage();
  /** Registers a guest with a receipt: the receipt's claim, and the claims the create carried. */
  const register = async (guest: number) => {
    const own = `${process.pid % 1000}${guest}`.padStart(6, '0');
    await page.goto(`${e2e.server.url}/printemps/loyalty-registration?store=doha`);
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    await page.getByLabel('First Name').fill('Amal');
    await page.getByLabel('Last Name').fill('Haddad');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(`66${own}`);
    await page.getByLabel('Email').fill(`upload.${own}@example.com`);
    await pickCountry(page.getByRole('combobox', { name: 'Nationality' }), 'Qatar');
    await fillDate(page, 'Birth Date', '1990-04-12');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/${LOYALTY_MEDIA}`),
      page.getByLabel('Receipt').setInputFiles(small),
    ]);
    await page.getByText('Uploaded').waitFor();
    const claim = ((await answer.json()) as { claim: string }).claim;
    // Until the answers are sent, the draft keeps the claim with the file: after a reload it is still sent.
    await draftSaved(page);
    expect((await deviceDrafts(page)).join()).toContain(claim);
    if (guest === 1) {
      await page.reload();
      await page.locator('.file-item .file-name', { hasText: 'receipt.png' }).waitFor();
    }
    await passHumanCheck(page);
    const [create] = await Promise.all([createRequest(page, LOYALTY), page.getByRole('button', { name: 'Register' }).click()]);
    await page.getByRole('heading', { name: 'Welcome to Club Printemps!' }).waitFor();
    return { claim, sent: (create.headers()['x-upload-claim'] ?? '').split(',').filter(Boolean) };
  };

  const first = await register(1);
  expect(first.sent).toEqual([first.claim]);
  await expect.poll(async () => (await deviceDrafts(page)).join()).not.toContain(first.claim);
  const second = await register(2);
  expect(second.sent).toEqual([second.claim]);
  await context.close();
});
