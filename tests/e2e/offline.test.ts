// Guests without signal (issue 34): a form page visited once opens again without a connection
// (the service worker, src/web/sw/sw.ts), a submission made offline is kept sealed on the device
// (src/web/offline/) and sent once the connection is back, stored once however many tabs send it;
// a refusal after reconnecting keeps the answers and says why; a form with a human check says it
// cannot be sent offline. Real server, real Chromium, its network cut with context.setOffline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPdf, tinyPng } from '../support/files.ts';
import { drawSignature, fillDate, fillSignerAge, passHumanCheck, pickCountry } from './fill.ts';
import { sharedE2E, storedDocs, type E2E } from './harness.ts';
import { signCaseToken } from '../../src/server/features/cases/case-link.ts';
import { diningAnswers } from '../api/samples.ts';

let e2e: E2E;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-offline-'));
const receipt = path.join(files, 'receipt.png');
const cv = path.join(files, 'offline-candidate-cv.pdf');
beforeAll(async () => {
  fs.writeFileSync(receipt, tinyPng());
  fs.writeFileSync(cv, tinyPdf());
  e2e = await sharedE2E({ serviceWorkers: 'allow' }); // the pages' own service worker is what this file checks
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(files, { recursive: true, force: true });
});

const IFLY = 'ifly-waiver-forms';

const FEEDBACK = 'survey-customer-feedbacks';
const RATINGS = ['Greeting', 'Service', 'Food', 'Beverage', 'Value for Money', 'Cleanliness'];
const OFFLINE_BANNER = 'You are offline: your answers will be sent when you are back online';

/** Once the service worker controls the page and keeps the page itself (offline/register.ts asked it to). */
export async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async () => (await caches.match(location.href, { ignoreVary: true })) !== undefined), { timeout: 15_000 }).toBe(true);
}

/** What the device keeps: every IndexedDB store's records, every cache's addresses and bodies of pages, both storages. */
export async function deviceContents(page: Page): Promise<{ records: string[]; storages: string[]; waiting: number; files: number; cached: string[] }> {
  return page.evaluate(async () => {
    const records: string[] = [];
    let waiting = 0;
    let files = 0;
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
        if (store === 'files') files += all.length;
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
    return { records, storages, waiting, files, cached };
  });
}

async function fillDining(page: Page, comment: string) {
  await page.getByRole('radiogroup', { name: 'Meal Period' }).getByRole('radio', { name: 'Dinner', exact: true }).check();
  for (const question of RATINGS) await page.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByLabel('Your comments?').fill(comment);
}

describe('offline queue', () => {
  it('a dining survey sent offline is kept on the device, opens again from the cache, and is stored once when back online (two tabs sending it)', async () => {
    // The worker is asked for again at every visit (a new build takes over at once).
    expect((await fetch(`${e2e.server.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
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

  it('a form page visited before opens from the cache at once on a repeat visit, and is fetched again in the background', async () => {
    const address = `${e2e.server.url}/survey/fnb/cova`;
    const page = await e2e.open('/survey/fnb/cova');
    await offlineReady(page);
    const context = page.context();
    // The server's answer held: a page fetched first (a document, a hub) would wait for it; the kept form page does not.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const hold = async (route: import('playwright-core').Route) => {
      asked += 1;
      await held;
      // Unrouted meanwhile (the test is over): Playwright has let it go on already.
      await route.continue().catch(() => undefined);
    };
    await context.route(address, hold);
    const again = await context.newPage();
    try {
      await again.goto(address);
      await again.getByRole('radiogroup', { name: 'Meal Period' }).waitFor();
      await again.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-ssr'));
      // Meanwhile the worker asked the server for the page again (the next visit shows the fresh one).
      await expect.poll(() => asked).toBeGreaterThan(0);
    } finally {
      release();
      await context.unroute(address, hold);
      await again.close();
    }
  });

  it("never keeps one person's page on the device: a guest's case page (sent no-store) goes through the worker uncached", async () => {
    const created = await e2e.server.api(`/api/${FEEDBACK}?locale=en`, {
      json: diningAnswers({
        visited_restaurant: 'Cova',
        rating_food: 'poor',
        email_address: 'offline-case@example.com',
        customer_comments: 'Cold soup, kept off devices.',
      }),
    });
    expect(created.status).toBe(201);
    const id: number = created.body.doc.id;
    const replied = await e2e.server.api(`/api/${FEEDBACK}/${id}/messages`, { method: 'POST', json: { text: 'We are sorry: what happened?' }, as: 'staff' });
    expect(replied.status).toBe(201);
    const page = await e2e.open('/survey/fnb/cova');
    await offlineReady(page);
    const casePath = `/reply/${signCaseToken(e2e.server.ctx.jwtSecret, id, new Date())}?lang=en`;
    const answer = await page.goto(`${e2e.server.url}${casePath}`);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    await page.getByText('Cold soup, kept off devices.').waitFor();
    // The worker answered the navigation (it controls the page) and kept the form page, never the case page.
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const { cached } = await deviceContents(page);
    const addresses = cached.map((entry) => entry.slice(0, entry.indexOf(' ')));
    expect(addresses.some((address) => address.includes('/survey/fnb/cova'))).toBe(true);
    expect(addresses.filter((address) => address.includes('/reply/'))).toEqual([]);
    expect(cached.filter((entry) => entry.includes('Cold soup, kept off devices.')).length).toBe(0);
  });

  it('a signed iFly waiver sent offline is stored once back online, and the page then shows its Form ID', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver');
    await offlineReady(page);
    const name = `Offline Flyer ${Date.now()}`;
    await page.context().setOffline(true);
    await signWaiver(page, { name, qid: '28412345670', phone: '55123450' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: 'iFly waiver submitted' }).waitFor();
    const reference = await page.locator('.thank-you-reference .reference-code').innerText();
    const stored = (await storedDocs(e2e.server, IFLY)).filter((doc) => doc.name === name);
    expect(stored).toMatchObject([{ reference, qid: '28412345670' }]);
    expect((stored[0].signature as { strokes: unknown[] }).strokes.length).toBeGreaterThan(0);
    await expect.poll(async () => (await deviceContents(page)).waiting).toBe(0);
  });

  it('a CV chosen offline is kept on the device, sealed, and goes up with the application once back online', async () => {
    const page = await e2e.open('/careers/dohaoasis/guest-experience-host/apply');
    await offlineReady(page);
    const email = `offline.candidate.${Date.now()}@example.com`;
    await page.context().setOffline(true);
    await page.getByText(OFFLINE_BANNER).waitFor();
    await page.getByLabel('Full name').fill('Noor Offline');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('55123457');
    await page.getByLabel('CV').setInputFiles(cv);
    await page.locator('.file-item').getByText('Kept on this device: it is sent with your answers').waitFor();
    // The file's bytes and name are sealed like the answers: nothing of it readable on the device.
    const kept = await deviceContents(page);
    expect(kept.files).toBe(1);
    expect([...kept.records, ...kept.storages].filter((text) => text.includes('%PDF') || text.includes('offline-candidate-cv'))).toEqual([]);
    await page.getByRole('button', { name: 'Send my application' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    expect(await storedDocs(e2e.server, 'careers-applications', { email })).toEqual([]);

    await page.context().setOffline(false);
    await page.getByRole('heading', { name: 'Thank you for applying!' }).waitFor();
    const stored = await storedDocs(e2e.server, 'careers-applications', { email });
    expect(stored).toHaveLength(1);
    expect(typeof stored[0].cv).toBe('number');
    const upload = await e2e.server.api(`/api/careers-application-cvs/${stored[0].cv}`, { as: 'staff' });
    // The server names stored files itself; the bytes are the chosen file's.
    expect(upload.body).toMatchObject({ filesize: tinyPdf().length, mimeType: 'application/pdf' });
    await expect.poll(async () => (await deviceContents(page)).waiting).toBe(0);
    expect((await deviceContents(page)).files).toBe(0);
  });

  it('a submission kept on the device for more than 7 days is deleted, never sent, with a note on the next visit', async () => {
    const page = await e2e.open('/survey/fnb/twiga');
    await offlineReady(page);
    const comment = `Waited too long ${Date.now()}`;
    await page.context().setOffline(true);
    await fillDining(page, comment);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    // Eight days pass for the kept entry (its time is the one thing kept in the clear).
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('venue-forms-device');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const store = db.transaction('queue', 'readwrite').objectStore('queue');
      await new Promise<void>((resolve) => {
        store.getAll().onsuccess = (event) => {
          for (const row of (event.target as IDBRequest<{ at: number }[]>).result) store.put({ ...row, at: row.at - 8 * 24 * 60 * 60 * 1000 });
          store.transaction.oncomplete = () => resolve();
        };
      });
      db.close();
    });
    await page.context().setOffline(false);
    await page.reload();
    await page.getByRole('status').getByText('1 form saved on this device for more than 7 days was deleted without being sent.').waitFor();
    expect((await deviceContents(page)).waiting).toBe(0);
    expect(await storedDocs(e2e.server, FEEDBACK).then((docs) => docs.filter((doc) => doc.customer_comments === comment).length)).toBe(0);
  });

  it('a refusal after reconnecting (the restaurant was removed meanwhile) keeps the answers, says why, and they can be corrected and sent', async () => {
    const editor = await e2e.server.staffAs(['editor']);
    const slug = `offline-bistro-${Date.now()}`;
    const created = await e2e.server.api('/api/restaurants', { as: 'none', headers: editor, json: { name: `Offline Bistro ${slug}`, slug } });
    expect(created.status).toBe(201);
    const page = await e2e.open('/survey/fnb');
    await offlineReady(page);
    const comment = `Refused later ${Date.now()}`;
    await page.getByLabel('Which of our restaurants did you visit?').selectOption({ label: `Offline Bistro ${slug}` });
    await page.context().setOffline(true);
    await fillDining(page, comment);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    expect(
      (await e2e.server.api(`/api/restaurants/${(created.body.doc as { id: number }).id}`, { method: 'DELETE', as: 'none', headers: editor })).status,
    ).toBe(200);

    await page.context().setOffline(false);
    const refused = page.getByRole('alert').filter({ hasText: 'Your answers saved on this device could not be sent:' });
    await refused.waitFor();
    expect(await storedDocs(e2e.server, FEEDBACK).then((docs) => docs.filter((doc) => doc.customer_comments === comment).length)).toBe(0);
    // Kept (sealed) until the guest takes the answers back.
    expect((await deviceContents(page)).records.length).toBeGreaterThan(0);
    await refused.getByRole('button', { name: 'Correct and send again' }).click();
    expect(await page.getByLabel('Your comments?').inputValue()).toBe(comment);
    await page.locator('[data-field="visited_restaurant"]').getByText('This answer is not valid.').waitFor();
    await page.getByLabel('Which of our restaurants did you visit?').selectOption({ label: 'Twiga' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    expect((await storedDocs(e2e.server, FEEDBACK)).filter((doc) => doc.customer_comments === comment)).toMatchObject([{ visited_restaurant: 'Twiga' }]);
    await expect.poll(async () => (await deviceContents(page)).waiting).toBe(0);
  });

  it('storage full: the guest is told at once that the answers could not be kept on the device, and they stay in the form', async () => {
    // The origin's quota set to nothing before the page's first write: every write is refused as the browser refuses it.
    const page = await e2e.browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const origin = new URL(e2e.server.url).origin;
    for (const serialized of [origin, `${origin}/`]) await cdp.send('Storage.overrideQuotaForOrigin', { origin: serialized, quotaSize: 1 });
    await page.goto(`${e2e.server.url}/survey/fnb/twiga`);
    await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    const comment = `No room ${Date.now()}`;
    await fillDining(page, comment);
    // The request is lost on its way (as without signal): the page tries to keep it on the device.
    await page.route(`**/api/${FEEDBACK}?*`, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .locator('.toast')
      .getByText('Your answers could not be kept on this device: its storage is full. Keep this page open and send again when you are back online.')
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Saved on this device' }).count()).toBe(0);
    expect(await page.getByLabel('Your comments?').inputValue()).toBe(comment);
    await page.unroute(`**/api/${FEEDBACK}?*`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    expect((await storedDocs(e2e.server, FEEDBACK)).filter((doc) => doc.customer_comments === comment)).toHaveLength(1);
  });

  it('a loyalty registration (human check) offline says it cannot be sent offline, claims nothing and keeps the answers', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await offlineReady(page);
    await page.getByLabel('First Name').fill('Amal');
    await page.getByLabel('Last Name').fill('Offline');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('66661234');
    await page.getByLabel('Email').fill('offline.loyalty@example.com');
    await pickCountry(page.getByRole('combobox', { name: 'Nationality' }), 'Qatar');
    await page.getByRole('radio', { name: 'Female', exact: true }).check();
    await fillDate(page, 'Birth Date', '1990-04-12');
    await page.getByLabel('Receipt').setInputFiles(receipt);
    await page.getByText('Uploaded').waitFor();
    await passHumanCheck(page);
    await page.context().setOffline(true);
    await page.getByText('You are offline: this form can only be sent with a connection. Your answers are kept on this page.').waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    const toast = page.locator('.toast');
    await toast
      .getByText(
        'Registration failed. Your phone number might be registered already. Your phone seems to be offline: this form checks that you are human and cannot be sent without a connection. Your answers are kept.',
      )
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Saved on this device' }).count()).toBe(0);
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Offline');
    expect((await deviceContents(page)).waiting).toBe(0);
  });
});

async function signWaiver(page: Page, guest: { name: string; qid: string; phone: string }) {
  await page.locator('#root_name').fill(guest.name);
  await page.locator('#root_qid').fill(guest.qid);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(guest.phone);
  await fillSignerAge(page);
  await drawSignature(page);
  await page.locator('#root_acknowledgement').check();
}

describe('kiosk offline', () => {
  it('three waivers signed offline are stored once each, in order; the counter shows them waiting; the device keeps nothing readable', async () => {
    const page = await e2e.open('/dohaquest/ifly-waiver?kiosk=1');
    await offlineReady(page);
    const stamp = Date.now();
    const guests = [1, 2, 3].map((n) => ({ name: `Kiosk Guest ${n} ${stamp}`, qid: `2841234500${n}`, phone: `5512345${n}` }));
    await page.context().setOffline(true);
    for (const [index, guest] of guests.entries()) {
      await signWaiver(page, guest);
      await page.locator('button[type="submit"]').click();
      await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
      await page.getByText(`${index + 1} waiting to send`).waitFor();
      await page.getByRole('button', { name: 'Start a new form' }).click();
      await expect.poll(() => page.locator('#root_name').inputValue()).toBe('');
    }
    const kept = await deviceContents(page);
    expect(kept.waiting).toBe(3);
    const answers = guests.flatMap((guest) => Object.values(guest));
    expect([...kept.records, ...kept.storages, ...kept.cached].filter((text) => answers.some((answer) => text.includes(answer)))).toEqual([]);

    await page.context().setOffline(false);
    await page.locator('.kiosk-waiting').waitFor({ state: 'detached' });
    const stored = (await storedDocs(e2e.server, IFLY)).filter((doc) => String(doc.name).endsWith(String(stamp)));
    // Oldest first: sorted by the time the server stored them, they are the guests in the order they signed.
    expect(stored.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt))).map((doc) => doc.name)).toEqual(guests.map((guest) => guest.name));
    const after = await deviceContents(page);
    expect(after.waiting).toBe(0);
    expect([...after.records, ...after.storages, ...after.cached].filter((text) => answers.some((answer) => text.includes(answer)))).toEqual([]);
  });
});
