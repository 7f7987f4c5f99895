// The adventure park's waiver page: one big link per waiver, in the guest's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('waiver index', () => {
  it('lists every waiver under /dohaquest by its title, with the park header and footer', async () => {
    const page = await e2e.open('/dohaquest');
    expect(await page.title()).toBe('Doha Quest | Waiver Forms');
    expect(await page.locator('.site-header-title').innerText()).toBe('Waiver Forms');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Waiver Forms');
    await page.getByText('Please select the activity you are participating in.').waitFor();
    const links = page.locator('.form-index-link');
    await links.first().waitFor();
    expect(await links.allInnerTexts()).toEqual(['iFly Waiver Form', 'Laser Oasis Waiver Form']);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(['/dohaquest/ifly-waiver', '/dohaquest/laser-oasis-waiver']);
    expect(await page.locator('.form-index-footer').innerText()).toBe(`© ${new Date().getFullYear()} Doha Quest`);
  });

  it('in Arabic the titles are Arabic and every link keeps ?lang=ar; following one opens the waiver in Arabic without a reload', async () => {
    const page = await e2e.open('/dohaquest?lang=ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('نماذج الإقرار');
    const laser = page.getByRole('link', { name: 'نموذج إقرار Laser Oasis' });
    expect(await laser.getAttribute('href')).toBe('/dohaquest/laser-oasis-waiver?lang=ar');
    expect(await page.getByRole('link', { name: 'نموذج إقرار iFly' }).getAttribute('href')).toBe('/dohaquest/ifly-waiver?lang=ar');

    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
    await laser.click();
    await page.getByRole('heading', { level: 1, name: 'نموذج إقرار Laser Oasis' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/dohaquest/laser-oasis-waiver?lang=ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  });
});
