// An employee reads the benefits (tabs, search, a benefit by its address) and the perks
// catalogue, in English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedE2E, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const cardTitles = (page: import('playwright-core').Page) => page.locator('section[aria-live] .careers-item h3').allInnerTexts();

describe('employee benefits', () => {
  it('shows every current benefit under All, the featured ones first, never an expired or draft one', async () => {
    const page = await e2e.open('/employee-benefits');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Employee Benefits');
    expect(await page.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.benefits-featured h3').allInnerTexts()).toEqual(['Medical insurance', 'School fees allowance', 'Staff discount in our venues']);
    const all = await cardTitles(page);
    expect(all).toHaveLength(6);
    expect(all.join()).not.toMatch(/expired|draft/);
    expect(await page.evaluate(() => document.documentElement.dataset.width ?? document.querySelector('.page')?.getAttribute('data-width'))).toBe('large');
  });

  it('a tab shows its category and is in the address; a search with no result says so', async () => {
    const page = await e2e.open('/employee-benefits');
    await page.getByRole('link', { name: 'Family' }).click();
    await page.waitForURL(/\?tab=family$/);
    // The address changes before the list renders again: wait for what the page shows.
    await expect.poll(() => cardTitles(page)).toEqual(['School fees allowance']);
    expect(await page.getByRole('link', { name: 'Family' }).getAttribute('aria-current')).toBe('page');
    await page.getByLabel('Search benefits').fill('submarine');
    await page.getByText('No benefit matches “submarine”. Try another word or the tab “All”.').waitFor();
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.getByLabel('Search benefits').fill('gym');
    await expect.poll(() => cardTitles(page)).toEqual(['Gym membership']);
  });

  it('a benefit’s details open from their own address, in Arabic, with discounts, documents and contact', async () => {
    const page = await e2e.open('/employee-benefits?lang=ar&item=store-discount');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('خصم الموظفين في مرافقنا');
    expect(await page.getByRole('region', { name: 'الخصومات حسب العلامة' }).locator('li').count()).toBe(3);
    expect(await page.getByRole('link', { name: 'benefits@example.com' }).getAttribute('href')).toBe('mailto:benefits@example.com');
    await page.getByRole('link', { name: 'كل المزايا' }).click();
    await page.waitForURL((url) => !url.searchParams.has('item') && url.searchParams.get('lang') === 'ar');
    await page.getByRole('heading', { level: 1, name: 'مزايا الموظفين' }).waitFor();
  });
});

describe('employee perks', () => {
  it('lists the published perks with their rule; Redeem leads a signed-out employee to the sign-in page', async () => {
    const page = await e2e.open('/employee/perks');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Employee Perks');
    const names = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(names).toEqual(['Cova', 'Crazy Pizza', 'Pierre Hermé', "Russo's", 'Twiga']);
    expect(await page.getByText('Valid once per week per restaurant.').count()).toBe(5);
    expect(await page.locator('.site-header').count()).toBe(0);
    const cova = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cova' }) });
    await cova.getByText('Sign in with your employee account to redeem this perk.').waitFor();
    expect(await cova.getByRole('link', { name: 'Redeem' }).getAttribute('href')).toBe('/login?next=%2Femployee%2Fperks');
  });

  it('in Arabic', async () => {
    const page = await e2e.open('/employee/perks?lang=ar');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('امتيازات الموظفين');
    await page.getByText('خصم 20٪ على الفاتورة').first().waitFor();
  });
});
