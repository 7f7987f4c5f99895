// A receipt on a slow phone connection: the guest sees its size and how far the upload got.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MB, pngOfSize } from '../support/files.ts';
import { draftSaved, sharedE2E, type E2E } from './harness.ts';

let e2e: E2E;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-upload-'));
const photo = path.join(dir, 'receipt-photo.png');

beforeAll(async () => {
  fs.writeFileSync(photo, pngOfSize(3 * MB));
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
