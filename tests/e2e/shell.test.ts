// What every page shares: titles, noindex, the Not Found page and the loading indicator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedE2E, type E2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await sharedE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('page shell', () => {
  it('an unknown address shows Not Found, still marked noindex', async () => {
    const page = await e2e.open('/no/such/page');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect.poll(() => page.title()).toBe('Doha Oasis | Not Found');
  });

  it('/error is the Not Found page too, in Arabic when asked', async () => {
    const page = await e2e.open('/error?lang=ar');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('الصفحة غير موجودة');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('a route that the built route set leaves out is not found (a form id that does not exist is too)', async () => {
    const page = await e2e.open('/survey/fnb/too/deep');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
  });

  it('?lang=fr on a form without French shows Arabic', async () => {
    const page = await e2e.open('/survey/fnb?lang=fr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  });

  it('shows "Loading page..." while a page is still downloading', async () => {
    // Forms, hubs and documents arrive rendered by the server; the loyalty club's launch page is rendered by the browser.
    const page = await e2e.browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ClubLaunchPage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.server.url}/clubprintemps`);
    await page.getByRole('status').getByText('Loading page...').waitFor();
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Loading page...').count()).toBe(0);
  });

  it('a page whose code cannot be downloaded shows Not Found, not a spinner forever', async () => {
    const page = await e2e.browser.newPage();
    await page.route(/\/assets\/FormPage-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto(`${e2e.server.url}/survey/fnb?lang=ar`);
    // The server's HTML shows the form first; the failed download then turns it into Not Found.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('الصفحة غير موجودة');
    await expect.poll(() => page.title()).toBe('Printemps | استبيان المطاعم والمقاهي | الصفحة غير موجودة');
  });

  it('fetches the restaurant while the page’s code is still downloading (no request waterfall)', async () => {
    const page = await e2e.browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let codeReleased = false;
    let restaurantAskedWhileHeld = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/restaurants') && !codeReleased) restaurantAskedWhileHeld = true;
    });
    // The server's render brings the restaurant inside the page (prerender.test.ts); without it, as after a
    // navigation in the page, the loader asks for it at once.
    await page.route(`${e2e.server.url}/survey/fnb/cova`, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: (await answer.text()).replace(/<script type="application\/json" id="api-answers">[^<]*<\/script>/, '') });
    });
    await page.route(/\/assets\/FormPage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Listening before the navigation: the request may go before the page's load event.
    const asked = page.waitForRequest((request) => request.url().includes('/api/restaurants'));
    await page.goto(`${e2e.server.url}/survey/fnb/cova`);
    await asked;
    codeReleased = true;
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(restaurantAskedWhileHeld).toBe(true);
  });

  it('the header shows the brand logo and the route title; the loyalty page hides it', async () => {
    const survey = await e2e.open('/survey/fnb');
    expect(await survey.locator('.site-header-title').innerText()).toBe('Survey F&B');
    const arabic = await e2e.open('/survey/fnb?lang=ar');
    expect(await arabic.locator('.site-header-title').innerText()).toBe('استبيان المطاعم والمقاهي');
    await expect.poll(() => arabic.title()).toBe('Printemps | استبيان المطاعم والمقاهي');
    expect(await survey.locator('.site-logo').getAttribute('alt')).toBe('Printemps');
    const loyalty = await e2e.open('/printemps/loyalty-registration');
    expect(await loyalty.locator('.site-header').count()).toBe(0);
  });
});
