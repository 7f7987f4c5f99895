// Roles and venues on the staff pages: an admin makes a user the manager of Cova on the
// users page, in Arabic, with the keyboard only; that manager's console shows only the dining
// survey, with only Cova's submissions; a desk-only account sees a note and nothing else. Each
// test's accounts are made in beforeAll, so any one runs alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { STAFF } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { axeViolations } from './axe.ts';
import { DINING, diningAnswers } from '../api/samples.ts';

const RANA = { email: 'rana@example.com', password: 'rana long password' };
const DESK = { email: 'desk@example.com', password: 'desk long password' };
/** Already the manager of Cova (Rana becomes one in the first test). */
const COVA_MANAGER = { email: 'cova.manager@example.com', password: 'cova long password' };
let e2e: E2E;

/** A tab signed in as `account` on `pathname`, in a context that lets axe inject its script past our CSP. */
async function signedIn(account: { email: string; password: string }, pathname: string) {
  const context = await e2e.browser.browser.newContext({ bypassCSP: true });
  const login = await context.request.post(`${e2e.server.url}/api/users/login`, { data: account });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${pathname}`);
  await page.locator('h1').first().waitFor();
  return page;
}

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, RANA.email, RANA.password, ['employee']);
  await saveStaffUser(e2e.server.ctx.db, DESK.email, DESK.password, ['desk'], ['ifly']);
  await saveStaffUser(e2e.server.ctx.db, COVA_MANAGER.email, COVA_MANAGER.password, ['manager'], ['cova']);
  for (const restaurant of ['Cova', 'Twiga', 'Cova']) {
    expect((await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: restaurant }) })).status).toBe(201);
  }
});
afterAll(() => e2e?.close());

describe('roles and venues', () => {
  it('an admin makes a user manager of Cova in Arabic with the keyboard; the page stays accessible', async () => {
    const page = await signedIn(STAFF, '/staff/users?lang=ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const roles = page.getByRole('group', { name: `أدوار ${RANA.email}` });
    await roles.getByLabel('مدير المكان', { exact: true }).focus();
    await page.keyboard.press('Space');
    await roles.getByLabel('موظف', { exact: true }).focus();
    await page.keyboard.press('Space');
    // Ticking the venue role shows the venues to choose from.
    const venues = page.getByRole('group', { name: `منشآت ${RANA.email}` });
    await venues.getByLabel('Cova', { exact: true }).focus();
    await page.keyboard.press('Space');
    expect(await venues.getByLabel('Cova', { exact: true }).isChecked()).toBe(true);
    // On to the row's save button with Tab alone.
    const save = page.getByRole('row').filter({ hasText: RANA.email }).getByRole('button', { name: 'حفظ الأدوار' });
    for (let presses = 0; presses < 20 && !(await save.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('row').filter({ hasText: RANA.email }).getByRole('status').filter({ hasText: 'تم الحفظ.' }).waitFor();
    const users = await e2e.server.api('/api/users?limit=100', { as: 'staff' });
    expect(users.body.docs.find((user: { email: string }) => user.email === RANA.email)).toMatchObject({ roles: ['manager'], venues: ['cova'] });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // 200 % text at a 640 px window: still no sideways scroll of the page.
    await page.setViewportSize({ width: 640, height: 800 });
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('the manager of Cova sees only the dining survey, with only Cova’s submissions', async () => {
    const home = await signedIn(COVA_MANAGER, '/staff');
    const forms = home.getByRole('region', { name: 'This week', exact: true }).getByRole('row');
    await forms.nth(1).waitFor();
    // The heading row and the one form the account reads, by its staff name, with this week's Cova submissions.
    expect(await forms.count()).toBe(2);
    expect(await forms.nth(1).innerText()).toMatch(/^Dining survey\s+2 \(0\)/);
    expect(await axeViolations(home)).toEqual([]);
    await forms.nth(1).getByRole('link', { name: 'Dining survey' }).click();
    await home.waitForURL(/\/staff\/forms\/dining-survey$/);
    const rows = home.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // A form it may not read: the page says so instead of failing.
    await home.goto(`${e2e.server.url}/staff/forms/careers-application`);
    await home.waitForURL(/\/login-success\?denied=%2Fstaff%2Fforms%2Fcareers-application$/);
    await home.getByRole('alert').filter({ hasText: 'Your account cannot open /staff/forms/careers-application.' }).waitFor();
  });

  it('a desk-only account is taken to the waiver desk, with no link to other console pages', async () => {
    const page = await signedIn(DESK, '/staff');
    await page.getByRole('heading', { level: 1, name: 'Waiver desk' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/waivers');
    // Its navigation lists the desk (this page), its own profile and the chat, nothing else of the console.
    const links = page.getByRole('navigation', { name: 'Staff console' }).getByRole('link');
    expect(await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')))).toEqual(['/staff/waivers', '/staff/profile', '/chat']);
    const otherPages = page.locator('main a[href^="/staff"]:not([href="/staff/waivers"]):not([href="/staff/profile"])');
    expect(await otherPages.evaluateAll((found) => found.map((link) => link.getAttribute('href')))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
