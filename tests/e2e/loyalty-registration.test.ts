// A guest joins the loyalty club from a store's link, as they would on their phone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MB, pngOfSize, tinyPng } from '../support/files.ts';
import { draftSaved, sharedE2E, storedDocs, todayIso, type E2E } from './harness.ts';
import { fillDate, passHumanCheck, pickCountry, tickHumanCheck } from './fill.ts';

let e2e: E2E;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-e2e-files-'));
const receipt = path.join(files, 'receipt.png');
const hugeReceipt = path.join(files, 'huge-receipt.png');

beforeAll(async () => {
  fs.writeFileSync(receipt, tinyPng());
  fs.writeFileSync(hugeReceipt, pngOfSize(6 * MB));
  e2e = await sharedE2E();
});

afterAll(async () => {
  await e2e?.close();
  fs.rmSync(files, { recursive: true, force: true });
});

async function fillRegistration(page: Page, guest: { phone: string; email: string }) {
  await page.getByLabel('First Name').fill('Amal');
  await page.getByLabel('Last Name').fill('Haddad');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(guest.phone);
  await page.getByLabel('Email').fill(guest.email);
  await pickCountry(page.getByRole('combobox', { name: 'Nationality' }), 'Qatar');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await fillDate(page, 'Birth Date', '1990-04-12');
  await page.getByLabel('Receipt').setInputFiles(receipt);
  await page.getByText('Uploaded').waitFor();
  await passHumanCheck(page);
}

describe('loyalty registration', () => {
  it('a guest registers with a receipt; the store named by ?store= is shown and stored', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?store=DOHA');
    await expect.poll(() => page.title()).toBe('Printemps | Loyalty Registration');
    await expect.poll(() => page.locator('.form-place').innerText()).toBe('Printemps Doha');
    const register = page.getByRole('button', { name: 'Register' });
    expect(await register.isDisabled()).toBe(true);

    await fillRegistration(page, { phone: '٥٥١٢ ٣٤٥٦', email: 'amal.haddad@example.com' }); // digits typed on an Arabic keyboard

    await register.click();
    await page.getByRole('heading', { name: 'Welcome to Club Printemps!' }).waitFor();
    // The success view leads on to the club's app launch page.
    expect(await page.getByRole('link', { name: 'Get the Printemps app' }).getAttribute('href')).toBe('/clubprintemps');

    const stores = await e2e.server.api('/api/printemps-loyalty-registration-store?limit=1000');
    const doha = stores.body.docs.find((store: { slug: string }) => store.slug === 'doha');
    const [stored] = (await storedDocs(e2e.server, 'printemps-loyalty-registration')).filter((doc) => doc.email === 'amal.haddad@example.com');
    expect(stored).toMatchObject({
      first_name: 'Amal',
      last_name: 'Haddad',
      phone: '+97455123456',
      nationality: 'Qatar',
      gender: 'female',
      birth_date: '1990-04-12',
      visit_date: todayIso(),
      store: doha.id,
    });
    expect(Number.isInteger(stored.receipt)).toBe(true);
  });

  it('an unknown store shows no store name and stores no store', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?store=nowhere');
    await page.getByLabel('First Name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.form-place').count()).toBe(0);
  });

  it('a 6 MB receipt is refused with the limit, and the file is discarded', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await page.getByText('Max size: 5mb').waitFor();
    await page.getByLabel('Receipt').setInputFiles(hugeReceipt);
    await page.getByText('Some files exceed the 5MB limit and will not be uploaded.').waitFor();
    expect(await page.getByLabel('Receipt').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    expect(await page.locator('.file-item').count()).toBe(0);
  });

  it('an expired human check says so and locks Register again', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await passHumanCheck(page);
    const register = page.getByRole('button', { name: 'Register' });
    expect(await register.isEnabled()).toBe(true);
    await page.evaluate(() => (window as unknown as { grecaptchaStandIn: { expire(): void } }).grecaptchaStandIn.expire());
    await page.getByText('CAPTCHA expired. Please complete it again.').waitFor();
    expect(await register.isDisabled()).toBe(true);
    expect(await page.getByLabel("I'm not a robot").isChecked()).toBe(false);
  });

  it('a token the backend refuses fails the check with the product message', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await page.getByLabel("I'm not a robot").waitFor();
    await page.evaluate(() => ((window as unknown as { grecaptchaStandIn: { nextToken: string } }).grecaptchaStandIn.nextToken = 'refused-token'));
    await tickHumanCheck(page);
    await page.getByText('Captcha verification failed. Please reload page.').waitFor();
    expect(await page.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
  });

  it('required answers left empty are named next to their fields, and focus goes to the first', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await passHumanCheck(page);
    await page.getByLabel('First Name').fill('Amal');
    await page.getByRole('button', { name: 'Register' }).click();
    const lastName = page.locator('[data-field="last_name"]');
    await lastName.getByText('This field is required.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_last_name');
    expect(await page.getByLabel('Last Name').getAttribute('aria-invalid')).toBe('true');
    const describedBy = await page.getByLabel('Last Name').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('This field is required.');
    await page.getByText('Please correct 6 answers marked below.').waitFor();
    // Gender has no required mark; the questions that must be answered have one.
    expect(await page.locator('[data-field="gender"] .required-mark').count()).toBe(0);
    expect(await page.locator('[data-field="first_name"] .required-mark').count()).toBe(1);
  });

  it('in Arabic the page is right-to-left and the same message is in Arabic', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'تسجيل' }).click();
    await page.locator('[data-field="first_name"]').getByText('هذا الحقل مطلوب.').waitFor();
    expect(await page.getByLabel('الاسم الأول').getAttribute('aria-invalid')).toBe('true');
  });

  it('what a guest typed survives a reload', async () => {
    const page = await e2e.open('/printemps/loyalty-registration?store=doha');
    await page.getByLabel('First Name').fill('Noor');
    await page.getByLabel('Email').fill('noor@example.com');
    await draftSaved(page);
    await page.reload();
    // The server's page arrives first; the draft is shown once the page has hydrated.
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Noor');
    expect(await page.getByLabel('Email').inputValue()).toBe('noor@example.com');
  });

  it('a phone number registered already is refused with its reason; nothing typed is lost', async () => {
    const first = await e2e.open('/printemps/loyalty-registration');
    await fillRegistration(first, { phone: '33334444', email: 'first@example.com' });
    await first.getByRole('button', { name: 'Register' }).click();
    await first.getByRole('heading', { name: 'Welcome to Club Printemps!' }).waitFor();

    const again = await e2e.open('/printemps/loyalty-registration');
    await fillRegistration(again, { phone: '33334444', email: 'second@example.com' });
    await again.getByRole('button', { name: 'Register' }).click();
    const reason = 'This phone number is already registered in the loyalty club.';
    await again.getByRole('alert').filter({ hasText: reason }).first().waitFor();
    await again.locator('[data-field="phone"]').getByText(reason).waitFor();
    expect(await again.getByLabel('Email').inputValue()).toBe('second@example.com');
    // The refused attempt spent the human check (one check answers one attempt): it is asked again.
    expect(await again.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    expect(await again.getByLabel("I'm not a robot").isChecked()).toBe(false);
    await passHumanCheck(again);
    expect(await again.getByRole('button', { name: 'Register' }).isEnabled()).toBe(true);
  });

  it('when the request cannot reach the server the guest is told, can close the message and keeps the answers', async () => {
    const page = await e2e.open('/printemps/loyalty-registration');
    await fillRegistration(page, { phone: '66667777', email: 'offline@example.com' });
    await page.route(/\/api\/printemps-loyalty-registration(\?|$)/, (route) => route.abort('internetdisconnected')); // creates carry ?locale=
    await page.getByRole('button', { name: 'Register' }).click();
    const toast = page.locator('.toast');
    await toast.getByText('Registration failed. Your phone number might be registered already.').waitFor();
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(await page.getByLabel('First Name').inputValue()).toBe('Amal');
    expect(await page.getByLabel('First Name').isEnabled()).toBe(true);
    await toast.getByRole('button', { name: 'Close' }).click();
    expect(await toast.count()).toBe(0);

    await page.unroute(/\/api\/printemps-loyalty-registration(\?|$)/);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Welcome to Club Printemps!' }).waitFor();
  });
});
