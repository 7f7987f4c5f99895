// Release gate: every route of routes.json, in every language it offers, passes axe-core's WCAG 2.2
// A and AA rules in its first state and after an empty submit, and no page is wider than a 320 px
// or 390 px phone, nor wider than either with text at 200 % (WCAG 1.4.4), in both states.
// The list comes from routes.json, so a page added later is gated with no change here. Staff pages
// are opened signed in (as an admin), on real documents: a submission, a restaurant, a global.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCases } from '../../scripts/lib/local-site.ts';
import { axeViolations } from './axe.ts';
import { passHumanCheck } from './fill.ts';
import { startE2E, type E2E } from './harness.ts';
import { STAFF } from '../support/server.ts';
import { diningAnswers } from '../api/samples.ts';
import { sentRecoverySurvey } from '../support/recovery.ts';

const cases = routeCases();

let e2e: E2E;
let guest: BrowserContext;
let staff: BrowserContext;
/**
 * One tab per context, going from route to route: a new tab starts a renderer of its own and compiles
 * the pages' code (and axe) anew, about a second of Chromium's CPU per route here; a tab that stays
 * keeps them. Each case sets the tab's screen and text size itself, so none depends on the one before.
 */
const tabs = new Map<BrowserContext, { page: Page; cdp: CDPSession }>();

async function tabOf(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  let tab = tabs.get(context);
  if (!tab || tab.page.isClosed()) {
    const page = await context.newPage();
    tab = { page, cdp: await context.newCDPSession(page) };
    tabs.set(context, tab);
  }
  await setTextSize(tab.cdp, 1);
  await tab.page.setViewportSize({ width: 390, height: 844 });
  return tab;
}
/** Real values for the staff routes' parameters, made in beforeAll. */
const staffParams: Record<string, string> = { ':form': 'dining-survey', ':collection': 'restaurants', ':global': 'page-content' };
/** Real signed links for the guest routes whose page needs one (the recovery survey's form), made in beforeAll. */
const guestLinks: Record<string, string> = {};

beforeAll(async () => {
  e2e = await startE2E();
  // axe is injected as a script: the pages' Content-Security-Policy would (rightly) refuse it.
  // No service worker, as in every context of tests/support/browser.ts: it would precache every form
  // page's code at install and, once it controls the tab, answer each route and keep the files each
  // page loaded again (register.ts), for nothing the gate reads (how a page is laid out and named).
  // tests/e2e/offline.test.ts checks the worker.
  const options = { bypassCSP: true, serviceWorkers: 'block' as const, viewport: { width: 390, height: 844 } };
  guest = await e2e.browser.browser.newContext(options);
  staff = await e2e.browser.browser.newContext(options);
  const login = await staff.request.post(`${e2e.server.url}/api/users/login`, { data: STAFF });
  expect(login.status()).toBe(200);
  const created = await e2e.server.api('/api/survey-customer-feedbacks', { method: 'POST', json: diningAnswers() });
  expect(created.status).toBe(201);
  staffParams[':form/:id'] = `dining-survey/${created.body.doc.id}`;
  const cova = await e2e.server.api('/api/restaurants?where[slug][equals]=cova&depth=0');
  staffParams[':collection/:id'] = `restaurants/${cova.body.docs[0].id}`;
  guestLinks['/recovery/:token'] = (await sentRecoverySurvey(e2e.server, 'en')).path;
});
afterAll(async () => {
  await guest?.close();
  await staff?.close();
  await e2e?.close();
});

/** The address of a staff route with real documents in place of its parameters. */
function staffPath(route: string): string {
  return Object.entries(staffParams)
    .toSorted(([a], [b]) => b.length - a.length)
    .reduce((path, [param, value]) => path.replace(param, value), route);
}

async function overflow(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 844 });
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// Text at 200 % as a reader sets it: Chromium's own font-size setting (Settings > Appearance)
// doubled, 16 -> 32 px and monospace 13 -> 26 px, which doubles every rem of our CSS. (A full-page
// screenshot resets this setting, so none is taken here.) WCAG 1.4.4 asks for 200 % text without
// loss of content; 390 px is the phone of the issue. 320 px at 200 % text is as narrow as a 160 px
// screen at normal text, more than WCAG 1.4.10 asks (320 CSS px at 400 % zoom is the 320 px at normal
// text gated above); it is gated too because the issue says so and the pages already reflow there
// (words break, nothing scrolls sideways): relax it to [390] if a page cannot reasonably fit.
const LARGE_TEXT_WIDTHS = [390, 320];

async function setTextSize(cdp: CDPSession, scale: number): Promise<void> {
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * scale, fixed: 13 * scale } });
}

/** The elements (or text) that stick out of the screen, named, when the page is wider than it. */
async function sticksOut(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 844 });
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const over = document.documentElement.scrollWidth - screen;
    if (over <= 0) return [];
    const beyond = (box: DOMRect) => box.width > 0 && (box.right > screen + 0.5 || box.left < -0.5);
    const name = (el: Element) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + [...el.classList].map((c) => `.${c}`).join('');
    const describe = (el: Element, box: DOMRect, text: string) =>
      `${name(el)} in ${el.parentElement ? name(el.parentElement) : 'body'} [${Math.round(box.left)}..${Math.round(box.right)} px] "${text.trim().slice(0, 40)}"`;
    // Text that screen readers alone read is clipped to 1 px; its layout box is no one's concern.
    const shown = (el: Element) => !el.closest('.visually-hidden');
    const found: string[] = [];
    // The outermost element past the edge names the culprit (its children only follow it).
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (shown(el) && beyond(box) && !(el.parentElement && el.parentElement !== document.body && beyond(el.parentElement.getBoundingClientRect())))
        found.push(describe(el, box, el.textContent ?? ''));
    }
    // A word longer than its box overflows as text while the box itself fits.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !shown(parent) || !node.textContent?.trim() || beyond(parent.getBoundingClientRect())) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (beyond(box)) found.push(`text of ${describe(parent, box, node.textContent)}`);
    }
    return found.length > 0 ? found.slice(0, 5) : [`${over} px wider, no single element past the edge`];
  });
}

/** What sticks out at each gated width with text at 200 %; the page is left at normal text. */
async function largeTextOverflow(page: Page, cdp: CDPSession): Promise<string[]> {
  await setTextSize(cdp, 2);
  const found: string[] = [];
  for (const width of LARGE_TEXT_WIDTHS) found.push(...(await sticksOut(page, width)).map((what) => `${width} px: ${what}`));
  await setTextSize(cdp, 1);
  await page.setViewportSize({ width: 390, height: 844 });
  return found;
}

describe('accessibility gate', () => {
  for (const { route, path: samplePath, lang, form, staff: staffPage } of cases) {
    it(`${staffPage ? staffPath(route) : samplePath} in ${lang}${staffPage ? ', signed in' : ''}`, async () => {
      const context = staffPage ? staff : guest;
      const path = staffPage ? staffPath(route) : (guestLinks[route] ?? samplePath);
      const { page, cdp } = await tabOf(context);
      await page.goto(`${e2e.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.locator('h1').first().waitFor();
      // Signed in, a staff page shows itself, not the sign-in form.
      if (staffPage) expect(await page.locator('input[autocomplete=current-password]').count(), 'a staff page, not the sign-in page').toBe(0);
      expect(await axeViolations(page), 'first state').toEqual([]);
      for (const width of [320, 390]) expect(await overflow(page, width), `wider than ${width} px`).toBeLessThanOrEqual(0);
      expect(await largeTextOverflow(page, cdp), `wider than the screen at 200 % text (${path}, ${lang})`).toEqual([]);
      if (form) {
        // Every form page gets its empty submit, once hydrated: the server's HTML keeps the button of a
        // form with a signature or a human check disabled until then.
        await page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
        // (A waiver's returning-guest code step, ReturningGuest.tsx, is a small form of its own above the waiver.)
        const submit = page.locator('form:not(.returning-step) button[type=submit]');
        expect(await submit.count(), 'one send button').toBe(1);
        // Hydrated, only a human check not yet passed keeps the button disabled.
        if (await submit.isDisabled()) await passHumanCheck(page);
        await submit.click();
        // A form with a required question shows its errors; one without any is sent and thanks the guest.
        await page.locator('.error-summary, [role=alert], .thank-you').first().waitFor();
        expect(await axeViolations(page), 'after an empty submit').toEqual([]);
        expect(await largeTextOverflow(page, cdp), `wider than the screen at 200 % text after an empty submit (${path}, ${lang})`).toEqual([]);
      }
    });
  }
});
