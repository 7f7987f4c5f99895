// A waiver on the adventure park's desk tablet (?kiosk=1): guests come and go, so nothing of a
// guest stays on the device, a guest who walks away is asked "Are you still there?" and then
// the form is cleared, and after the thanks the next guest gets a fresh form in the kiosk's own
// language. The page's clock is Playwright's (page.clock): minutes pass without waiting for them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tinyPng } from '../support/files.ts';
import { LOYALTY, LOYALTY_MEDIA } from '../api/samples.ts';
import { axeViolations } from './axe.ts';
import { createRequest, drawSignature, fillDate, fillSignerAge, passHumanCheck, pickCountry } from './fill.ts';
import { sharedE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-kiosk-'));
const receipt = path.join(files, 'receipt.png');
beforeAll(async () => {
  fs.writeFileSync(receipt, tinyPng());
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(files, { recursive: true, force: true });
});

const GUEST = { name: 'Noor Saleh', qid: '28412345678', phone: '55123456' };
const KIOSK_PAGE = '/dohaquest/ifly-waiver?kiosk=1';

/** The kiosk page in a tab whose clock the test moves (installed before the page's first script); `errors` collects the console's. */
async function openKiosk(search = '', viewport = { width: 420, height: 900 }, errors: string[] = [], kioskPage = KIOSK_PAGE): Promise<Page> {
  const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.clock.install();
  await page.goto(`${e2e.server.url}${kioskPage}${search}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
  return page;
}

/**
 * The page has done what the clock's jump made due: the timers fired within the jump, and React
 * renders what they changed in tasks of its scheduler (a MessageChannel, which page.clock leaves
 * alone); two rounds of messages posted after them arrive once those tasks have run. An absence
 * checked before this could pass only because the page had not got to it yet.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 2; round++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

async function fillHalf(page: Page) {
  await page.locator('#root_name').fill(GUEST.name);
  await page.locator('#root_qid').fill(GUEST.qid);
  // Every pause-based write (a field handing over its text, a draft) would have happened by now.
  await page.clock.runFor(5_000);
  await settled(page);
}

/** Everything the page keeps in the browser: local and session storage, IndexedDB's databases. */
async function keptOnDevice(page: Page) {
  return page.evaluate(async () => ({
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
}

async function expectNothingOfTheGuestKept(page: Page) {
  const kept = await keptOnDevice(page);
  for (const answer of Object.values(GUEST)) expect(kept.storage).not.toContain(answer);
  expect(kept.storage).not.toMatch(/form-draft|submit-key/);
  expect(kept.databases).toEqual([]);
}

describe('a waiver form run as a kiosk', () => {
  it('keeps nothing of a guest; a guest who walks away is asked "Are you still there?", then the form is cleared', async () => {
    const errors: string[] = [];
    const page = await openKiosk('', undefined, errors);
    await fillHalf(page);
    expect(await page.locator('[data-draft]').getAttribute('data-draft')).toBe('none');
    await expectNothingOfTheGuestKept(page);
    // Nor does the browser's autofill remember the answers for the next guest.
    const remembered = await page
      .locator('.guest-form input:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"])')
      .evaluateAll((inputs) => inputs.filter((input) => input.getAttribute('autocomplete') !== 'off').map((input) => input.id));
    expect(remembered).toEqual([]);

    // While the countdown is checked the page's time moves only when the test moves it, so the seconds are exact.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // 90 s without input: the question, focus on its answer, the countdown shown every second and said every five.
    await page.clock.fastForward(89_000);
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("I'm still here");
    const countdown = dialog.locator('#kiosk-still-there-countdown');
    const said = dialog.locator('[aria-live="polite"]');
    expect(await countdown.textContent()).toBe('This form will be cleared in 20 seconds.');
    await page.clock.runFor(3_000);
    await expect.poll(() => countdown.textContent()).toBe('This form will be cleared in 17 seconds.');
    expect(await said.textContent()).toBe('This form will be cleared in 20 seconds.');
    await page.clock.runFor(2_000);
    await expect.poll(() => said.textContent()).toBe('This form will be cleared in 15 seconds.');
    await page.clock.resume(); // axe waits on the page's timers
    expect(await axeViolations(page)).toEqual([]);

    // The guest is there: the answers stay, and the wait starts again from this input.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('#root_name').inputValue()).toBe(GUEST.name);
    await page.clock.fastForward(60_000);
    await settled(page);
    expect(await dialog.count()).toBe(0);

    // Gone: 90 s after the last input the question again, 20 s later a fresh, empty form.
    await page.clock.fastForward(30_000);
    await dialog.waitFor();
    await page.clock.fastForward(20_000);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('');
    expect(await page.locator('#root_qid').inputValue()).toBe('');
    await expectNothingOfTheGuestKept(page);

    // Nobody at the kiosk: an empty form asks nobody anything.
    await page.clock.fastForward(200_000);
    await settled(page);
    expect(await dialog.count()).toBe(0);
    // The server's page (the kiosk's too) hydrated without a mismatch, and nothing failed on the way.
    expect(errors).toEqual([]);
  });

  it("after a guest signs, the Form ID is shown large; the next guest gets an empty form in the kiosk's language", async () => {
    const page = await openKiosk();
    await page.locator('.language-switch a[lang="ar"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    await page.locator('#root_name').fill(GUEST.name);
    await page.locator('#root_qid').fill(GUEST.qid);
    await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill(GUEST.phone);
    await fillSignerAge(page);
    await drawSignature(page);
    await page.locator('#root_acknowledgement').check();
    await page.locator('button[type="submit"]').click();

    await page.locator('#thank-you-title').waitFor();
    const code = page.locator('.reference-code');
    const reference = await code.innerText();
    expect((await storedDocs(e2e.server, 'ifly-waiver-forms')).filter((doc) => doc.reference === reference)).toMatchObject([{ name: GUEST.name }]);
    expect(parseFloat(await code.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(28);
    expect(await page.getByText('سيُفتح نموذج جديد للضيف التالي خلال 15 ثانية.').count()).toBe(1);
    await expectNothingOfTheGuestKept(page);

    await page.clock.fastForward(15_000);
    await page.locator('#root_name').waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    expect(await page.locator('#root_name').inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Phone number', exact: true }).inputValue()).toBe('');
    await expectNothingOfTheGuestKept(page);
  });

  it('in Arabic, on a 320 px tablet with text at 200 %: the question is right-to-left, fits and is axe clean', async () => {
    const page = await openKiosk('&lang=ar', { width: 320, height: 700 });
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await fillHalf(page);
    await page.clock.fastForward(90_000);
    const dialog = page.getByRole('alertdialog', { name: 'هل ما زلت هنا؟' });
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.kiosk-still-there')!).direction)).toBe('rtl');
    expect(await dialog.getByRole('button', { name: 'ما زلت هنا' }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await axeViolations(page)).toEqual([]);
    await page.clock.fastForward(20_000);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('#root_name').inputValue()).toBe('');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  });

  it("a guest's upload claims stay in the page and go with that guest's answers only, never with the next guest's", async () => {
    const page = await openKiosk('', undefined, [], '/printemps/loyalty-registration?store=doha&kiosk=1');
    /** Uploads a receipt as this guest: the claim the server gave the page for it. */
    const uploadReceipt = async () => {
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/${LOYALTY_MEDIA}`),
        page.getByLabel('Receipt').setInputFiles(receipt),
      ]);
      await page.getByText('Uploaded').waitFor();
      return ((await answer.json()) as { claim: string }).claim;
    };
    /** Registers the guest on the form as it is, with a receipt of their own: the claims the create carried. */
    const register = async (guest: number) => {
      const own = `${process.pid % 1000}${guest}`.padStart(6, '0');
      await page.getByLabel('First Name').fill('Amal');
      await page.getByLabel('Last Name').fill('Haddad');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(`55${own}`);
      const email = `kiosk.${own}@example.com`;
      await page.getByLabel('Email').fill(email);
      await pickCountry(page.getByRole('combobox', { name: 'Nationality' }), 'Qatar');
      await fillDate(page, 'Birth Date', '1990-04-12');
      const claim = await uploadReceipt();
      await passHumanCheck(page);
      const [create] = await Promise.all([createRequest(page, LOYALTY), page.getByRole('button', { name: 'Register' }).click()]);
      await page.getByRole('heading', { name: 'Welcome to Club Printemps!' }).waitFor();
      return { email, claim, sent: (create.headers()['x-upload-claim'] ?? '').split(',').filter(Boolean) };
    };
    const keptClaims = async (claims: string[]) => {
      const kept = await keptOnDevice(page);
      return claims.filter((claim) => kept.storage.includes(claim));
    };

    const first = await register(1);
    expect(first.sent).toEqual([first.claim]);
    expect(await keptClaims([first.claim])).toEqual([]);

    // The next guest uploads a receipt and walks away: the form is cleared, their claim with it.
    await page.getByRole('button', { name: 'Start a new form' }).click();
    await page.getByLabel('First Name').waitFor();
    const walkedAway = await uploadReceipt();
    expect(await keptClaims([walkedAway])).toEqual([]);
    await page.clock.fastForward(90_000);
    await page.getByRole('alertdialog', { name: 'Are you still there?' }).waitFor();
    await page.clock.fastForward(20_000);
    await page.locator('.file-item').waitFor({ state: 'detached' });

    const third = await register(3);
    expect(third.sent).toEqual([third.claim]);
    expect(await keptClaims([first.claim, walkedAway, third.claim])).toEqual([]);
    expect(await storedDocs(e2e.server, LOYALTY, { email: third.email })).toHaveLength(1);
  });
});
