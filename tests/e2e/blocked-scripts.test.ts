// The page's module scripts never arrive (a slow network, a chunk that fails): a guest who taps
// Submit on the server's HTML posts the form; no answer ever goes into an address the page opened
// or requested. Forms with a signature or a human check keep their send button disabled.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { choose } from './fill.ts';
import { sharedE2E, storedDocs, type E2E } from './harness.ts';

let e2e: E2E;
let context: BrowserContext;
/** Every address the pages of this file opened or requested. */
const addresses: string[] = [];

beforeAll(async () => {
  e2e = await sharedE2E();
  // bypassCSP: the accessibility check (axe) is a script the test adds to the page.
  context = await e2e.browser.browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 420, height: 900 } });
  // The app's code (hashed module chunks) never loads; the page's HTML and styles do.
  await context.route(/\/assets\/[^/]+\.js(\?.*)?$/, (route) => route.abort());
  context.on('request', (request) => addresses.push(request.url()));
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function open(pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.locator('form').waitFor();
  // Still the server's HTML: no script took the page over.
  expect(await page.locator('#root[data-ssr]').count()).toBe(1);
  return page;
}

describe('with the module scripts blocked', () => {
  it('a guest taps Submit: the answers are posted, stored, and never in an address', async () => {
    const page = await open('/survey/padel');
    const comment = 'Typed before the page was ready';
    await choose(page, 'How often do you play Padel at Doha Oasis?', 'Monthly');
    await choose(page, 'How likely are you to recommend Doha Oasis Padel to a friend or colleague?', '6');
    await choose(page, 'How satisfied are you with the booking process for Padel courts at Doha Oasis?', '5');
    await choose(page, 'How easy is it for you to find available time slots for Padel court bookings at Doha Oasis?', '4');
    await page.locator('textarea').fill(comment);
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/survey/padel');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await posted).postData()).toContain('root_visit_frequency=monthly');
    await page.getByRole('heading', { name: 'We Appreciate Your Input!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const [stored] = await storedDocs(e2e.server, 'survey-customer-feedbacks-padel', { share_experience: comment });
    expect(stored).toMatchObject({ visit_frequency: 'monthly', recommend_to_others_rating: 6 });
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      const url = decodeURIComponent(address);
      for (const answer of ['monthly', 'Typed before', 'root_']) expect(url).not.toContain(answer);
    }
    await page.close();
  });

  it('a refused post comes back as the page with the answer kept; Submit again is again a post', async () => {
    const page = await open('/survey/padel?lang=ar');
    await page.locator('textarea').fill('نص قبل التحميل');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.locator('.error-summary li').first().waitFor();
    expect(await page.locator('textarea').inputValue()).toBe('نص قبل التحميل');
    expect(await axeViolations(page)).toEqual([]);
    // Marks this document, to know the next one when it has arrived.
    await page.evaluate(() => document.documentElement.setAttribute('data-before', ''));
    const again = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByRole('button', { name: 'إرسال' }).click();
    const posted = await again;
    expect(new URL(posted.url()).search).toBe('?lang=ar');
    // Its answer (the page again, the text still kept) has arrived before the tab is closed: a tab
    // closed mid-navigation, its module scripts being refused, could hang the browser's close.
    expect((await posted.response())?.status()).toBe(400);
    await page.locator('html:not([data-before]) .error-summary li').first().waitFor();
    expect(await page.locator('textarea').inputValue()).toBe('نص قبل التحميل');
    for (const address of addresses) expect(decodeURIComponent(address)).not.toContain('نص قبل التحميل');
    await page.close();
  });

  it('the server’s form (its plain dial-code select, Arabic, an error summary) fits a 320 px screen with text at 200 %', async () => {
    const page = await open('/survey/fnb?lang=ar');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.locator('.error-summary li').first().waitFor();
    expect(await page.locator('select.phone-dial').count()).toBe(1);
    // Chromium's own font-size setting doubled, as a reader sets it (tests/e2e/accessibility.test.ts).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  for (const [pathname, button] of [
    ['/printemps/loyalty-registration', 'Register'],
    ['/dohaquest/ifly-waiver', 'Submit'],
  ] as const) {
    it(`${pathname}: needing its script (human check, signature), its button is disabled with a note saying why`, async () => {
      const page = await open(pathname);
      const send = page.locator('form button[type="submit"]');
      expect(await send.isDisabled()).toBe(true);
      expect(await send.innerText()).toMatch(button);
      const note = await send.getAttribute('aria-describedby');
      expect(await page.locator(`#${note}`).innerText()).toContain('once the page has loaded');
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
