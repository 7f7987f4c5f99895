// The adventure park's waiver page: one big link per waiver, in the guest's language.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../routes.json' with { type: 'json' };
import { sharedE2E, type E2E } from './harness.ts';

// Every form route under /dohaquest/ in routes.json order, with its form's English title: adding a
// waiver (one definition, one route) lists it without touching this test.
const waivers = routes.routes
  .filter((route) => route.path.startsWith('/dohaquest/') && route.page.kind === 'form')
  .map((route) => ({
    path: route.path,
    title: (
      JSON.parse(readFileSync(resolve(import.meta.dirname, `../../forms/${(route.page as { form: string }).form}.json`), 'utf8')) as { title: { en: string } }
    ).title.en,
  }));

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('waiver index', () => {
  it('lists every waiver under /dohaquest by its title, with the park header and footer', async () => {
    const page = await e2e.open('/dohaquest');
    await expect.poll(() => page.title()).toBe('Doha Quest | Waiver Forms');
    expect(await page.locator('.site-header-title').innerText()).toBe('Waiver Forms');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Waiver Forms');
    await page.getByText('Please select the activity you are participating in.').waitFor();
    const links = page.locator('.form-index-link');
    await links.first().waitFor();
    expect(waivers.map((w) => w.path)).toEqual(expect.arrayContaining(['/dohaquest/ifly-waiver', '/dohaquest/laser-oasis-waiver']));
    expect(await links.allInnerTexts()).toEqual(waivers.map((w) => w.title));
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(waivers.map((w) => w.path));
    expect(await page.locator('.form-index-footer').innerText()).toBe(`© ${new Date().getFullYear()} Doha Quest`);
  });

  it('every waiver shows the same frame: no site header, the park’s logo and a language switch', async () => {
    for (const waiver of waivers) {
      const page = await e2e.open(waiver.path);
      expect(await page.locator('.site-header').count(), waiver.path).toBe(0);
      expect(await page.locator('.form-logo').getAttribute('alt'), waiver.path).toBe('Doha Quest');
      expect(await page.getByRole('navigation', { name: 'Language' }).count(), waiver.path).toBe(1);
      await page.close();
    }
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
