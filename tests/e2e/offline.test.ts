// Guests without signal (issue 34): a form page visited once opens again without a connection
// (the service worker, src/web/sw/sw.ts), a submission made offline is kept sealed on the device
// (src/web/offline/) and sent once the connection is back, stored once however many tabs send it;
// a refusal after reconnecting keeps the answers and says why; a form with a human check says it
// cannot be sent offline. Real server, real Chromium, its network cut with context.setOffline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const FEEDBACK = 'survey-customer-feedbacks';
const RATINGS = ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness'];
const OFFLINE_BANNER = 'You are offline: your answers will be sent when you are back online';

/** Once the service worker controls the page and keeps the page itself (offline/register.ts asked it to). */
export async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async () => (await caches.match(location.href, { ignoreVary: true })) !== undefined), { timeout: 15_000 }).toBe(true);
}

/** What the device keeps: every IndexedDB store's records, every cache's addresses and bodies of pages, both storages. */
export async function deviceContents(page: Page): Promise<{ records: string[]; storages: string[]; waiting: number; cached: string[] }> {
  return page.evaluate(async () => {
    const records: string[] = [];
    let waiting = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
        });
        if (store === 'queue') waiting += all.length;
        for (const record of all) {
          // Sealed bytes and keys read as what they are: bytes (decoded as text, in case they were not sealed).
          const value = record as Record<string, unknown>;
          const bytes = value?.sealed instanceof ArrayBuffer ? new TextDecoder().decode(value.sealed) : '';
          records.push(`${JSON.stringify(record)} ${bytes}`);
        }
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        cached.push(`${request.url} ${type.startsWith('text/html') || type.includes('javascript') ? await response!.text() : ''}`);
      }
    }
    const storages = [localStorage, sessionStorage].flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`));
    return { records, storages, waiting, cached };
  });
}

async function fillDining(page: Page, comment: string) {
  await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Dinner', exact: true }).check();
  for (const question of RATINGS) await page.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByLabel('Your comments?').fill(comment);
}

describe('offline queue', () => {
  it('a dining survey sent offline is kept on the device, opens again from the cache, and is stored once when back online (two tabs sending it)', async () => {
    const page = await e2e.open('/survey/fnb/twiga');
    await offlineReady(page);
    const comment = `Offline terrace ${Date.now()}`;
    const context = page.context();
    await context.setOffline(true);
    await page.getByText(OFFLINE_BANNER).waitFor();
    await fillDining(page, comment);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    await page.getByText('Your answers are saved on this device and will be sent automatically when you are back online.').waitFor();
    expect(await page.locator('.queued-reference .reference-code').innerText()).toMatch(/^P-[0-9A-Z]{6}$/);

    // Nothing readable on the device: the queue holds sealed bytes only, no storage has the answers.
    const kept = await deviceContents(page);
    expect(kept.waiting).toBe(1);
    expect([...kept.records, ...kept.storages, ...kept.cached].filter((text) => text.includes(comment))).toEqual([]);

    // A second tab, opened without a connection: the page comes from the worker's cache.
    const second = await context.newPage();
    await second.goto(`${e2e.server.url}/survey/fnb/twiga`);
    await second.getByText(OFFLINE_BANNER).waitFor();
    await second.getByRole('radiogroup', { name: 'Meal Period' }).waitFor();
    expect(await storedDocs(e2e.server, FEEDBACK).then((docs) => docs.filter((doc) => doc.customer_comments === comment).length)).toBe(0);

    // Back online: both tabs send the queue; the server stores it once, with the answers given.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    await expect.poll(async () => (await deviceContents(page)).waiting).toBe(0);
    const stored = (await storedDocs(e2e.server, FEEDBACK)).filter((doc) => doc.customer_comments === comment);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ visited_restaurant: 'Twiga', meal_period: 'dinner', rating_food: 'good', rating_cleanliness: 'good' });
    expect(await second.getByText(OFFLINE_BANNER).count()).toBe(0);
  });
});
