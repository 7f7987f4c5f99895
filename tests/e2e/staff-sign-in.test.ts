// Staff sign in as they would: with a password (and a wrong one), from a private page they opened
// while signed out, out again (the old token stops working), and with the company account at a
// real local OpenID provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { STAFF } from '../support/server.ts';
import { startOidcProvider, type OidcStandIn } from '../support/oidc-provider.ts';
import { axeViolations } from './axe.ts';

async function signIn(page: Page, email: string, password: string, button = 'Sign in') {
  await page.getByLabel(email.includes('@') ? /^(Email|البريد الإلكتروني)$/ : /Email/).fill(email);
  await page.getByLabel(/^(Password|كلمة المرور)$/).fill(password);
  await page.getByRole('button', { name: button }).click();
}

describe('signing in with a password', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a staff member signs in and is told who is signed in, with the way to the console', async () => {
    const page = await e2e.open('/login');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Staff sign-in');
    // Single sign-on is not configured on this server: no company button.
    expect(await page.getByRole('link', { name: 'Sign in with company account' }).count()).toBe(0);
    await signIn(page, STAFF.email, STAFF.password);
    await page.waitForURL(`${e2e.server.url}/login-success`);
    await page.getByRole('heading', { level: 1, name: 'You are signed in' }).waitFor();
    expect(await page.locator('.signed-in-facts').innerText()).toMatch(new RegExp(`Email\\s+${STAFF.email}\\s+Roles\\s+Admin`));
    expect(await page.getByRole('link', { name: 'Open the staff console' }).getAttribute('href')).toBe('/staff');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'payload-token')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('payload-token');
  });

  it('empty fields and a wrong password are explained next to the field and announced, in the page’s language', async () => {
    const page = await e2e.open('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).innerText()).toBe('This field is required.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-email');
    await signIn(page, STAFF.email, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    const arabic = await e2e.open('/login?lang=ar');
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await signIn(arabic, STAFF.email, 'not the password', 'تسجيل الدخول');
    await arabic.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' }).waitFor();
  });

  it('a private page opened while signed out goes to the sign-in page and back afterwards', async () => {
    const page = await e2e.open('/staff/users?lang=fr');
    await page.waitForURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('next')).toBe('/staff/users?lang=fr');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Connexion du personnel');
    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Mot de passe').fill(STAFF.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${e2e.server.url}/staff/users?lang=fr`);
    await page.getByRole('heading', { level: 1, name: 'Utilisateurs' }).waitFor();
    expect(
      await page
        .getByRole('group', { name: `Rôles de ${STAFF.email}` })
        .getByLabel('Administrateur', { exact: true })
        .isChecked(),
    ).toBe(true);
  });

  it('never leaves the site after signing in: ?next=//evil.com lands on /login-success', async () => {
    const page = await e2e.open('/login?next=//evil.com/x');
    await signIn(page, STAFF.email, STAFF.password);
    await page.waitForURL(`${e2e.server.url}/login-success`);
  });

  it('signing out revokes the session: the old token no longer opens anything', async () => {
    const page = await e2e.open('/login');
    await signIn(page, STAFF.email, STAFF.password);
    await page.waitForURL(/\/login-success$/);
    const token = (await page.context().cookies()).find((c) => c.name === 'payload-token')!.value;
    expect((await e2e.server.api('/api/users/me', { as: 'none', headers: { authorization: `JWT ${token}` } })).body.user.email).toBe(STAFF.email);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login\?signed-out=1$/);
    await page.getByText('You are signed out.').waitFor();
    expect((await e2e.server.api('/api/users/me', { as: 'none', headers: { authorization: `JWT ${token}` } })).body.user).toBeNull();
    expect((await e2e.server.api('/api/survey-customer-feedbacks', { as: 'none', headers: { authorization: `JWT ${token}` } })).status).toBe(403);
    // Back to a private page: signed out.
    await page.goto(`${e2e.server.url}/login-success`);
    await page.waitForURL(/\/login\?next=%2Flogin-success$/);
  });

  it('an employee is not let into the admin pages', async () => {
    await e2e.server.api('/api/users', { as: 'staff', json: { email: 'waiter@example.com', password: 'waiter password', role: 'employee' } });
    const page = await e2e.open('/staff/audit');
    await page.waitForURL(/\/login\?/);
    await signIn(page, 'waiter@example.com', 'waiter password');
    await page.waitForURL(/\/login-success\?denied=%2Fstaff%2Faudit$/);
    await page.getByRole('alert').filter({ hasText: 'Your account cannot open /staff/audit.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to employee perks' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Open the staff console' }).count()).toBe(0);
  });

  it('the signed-in pages pass the accessibility rules, in English and Arabic, and after a change', async () => {
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/login`);
      await signIn(page, STAFF.email, STAFF.password);
      await page.waitForURL(/\/login-success$/);
      for (const path of ['/login-success', '/staff/users', '/staff/audit', '/login-success?lang=ar', '/staff/users?lang=ar', '/staff/audit?lang=ar']) {
        await page.goto(`${e2e.server.url}${path}`);
        await page.locator('h1').first().waitFor();
        expect(await axeViolations(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} wider than the phone`).toBeLessThanOrEqual(0);
      }
      await page.goto(`${e2e.server.url}/staff/users`);
      await page.getByRole('button', { name: 'Add a user' }).click();
      await page.getByRole('alert').filter({ hasText: 'Enter a valid email address' }).waitFor();
      expect(await axeViolations(page), 'after an empty submit').toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an admin adds a user and changes a role on /staff/users; the last admin is kept', async () => {
    const page = await e2e.open('/login?next=%2Fstaff%2Fusers');
    await signIn(page, STAFF.email, STAFF.password);
    await page.waitForURL(/\/staff\/users$/);
    await page.getByLabel('Email').fill('new.viewer@example.com');
    await page.getByLabel('Password').fill('viewer password');
    const adding = page.getByRole('group', { name: 'Roles', exact: true });
    await adding.getByLabel('Employee', { exact: true }).uncheck();
    await adding.getByLabel('Viewer', { exact: true }).check();
    await page.getByRole('button', { name: 'Add a user' }).click();
    await page.getByText('new.viewer@example.com can now sign in.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'new.viewer@example.com' });
    const roles = page.getByRole('group', { name: 'Roles of new.viewer@example.com' });
    expect(await roles.getByLabel('Viewer', { exact: true }).isChecked()).toBe(true);
    await roles.getByLabel('Viewer', { exact: true }).uncheck();
    await roles.getByLabel('Editor', { exact: true }).check();
    await row.getByRole('button', { name: 'Save roles' }).click();
    await row.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const users = await e2e.server.api('/api/users?limit=100', { as: 'staff' });
    expect(users.body.docs.find((user: { email: string }) => user.email === 'new.viewer@example.com').roles).toEqual(['editor']);
    // The only admin cannot drop the role: the box comes back and the row says why.
    const own = page.getByRole('group', { name: `Roles of ${STAFF.email}` });
    await own.getByLabel('Viewer', { exact: true }).check();
    await own.getByLabel('Admin', { exact: true }).uncheck();
    await page.getByRole('row').filter({ hasText: STAFF.email }).getByRole('button', { name: 'Save roles' }).click();
    await page.getByText('This is the last admin: make another user admin first.').waitFor();
    expect(await own.getByLabel('Admin', { exact: true }).isChecked()).toBe(true);
    expect(await own.getByLabel('Viewer', { exact: true }).isChecked()).toBe(false);
    await page.goto(`${e2e.server.url}/staff/audit`);
    await page.getByRole('cell', { name: 'save-user' }).first().waitFor();
  });

  it('repeated wrong passwords are slowed down, with a message saying to wait', async () => {
    const page = await e2e.open('/login');
    const alert = page.getByRole('alert').filter({ hasText: 'Too many sign-in attempts. Please wait a few minutes and try again.' });
    for (let attempt = 0; attempt < 12 && (await alert.count()) === 0; attempt += 1) {
      await signIn(page, 'waiter@example.com', `wrong ${attempt}`);
      await page
        .getByRole('alert')
        .filter({ hasText: /incorrect|Too many/ })
        .waitFor();
    }
    await alert.waitFor();
  });
});

describe('an account many wrong passwords were tried for, from many addresses (TRUST_PROXY=1)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ trustProxy: 1 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('signs in at once in a browser that signed in before, and after the human check in a new one: never "please wait"', async () => {
    const known = await e2e.open('/login');
    await signIn(known, STAFF.email, STAFF.password);
    await known.waitForURL(`${e2e.server.url}/login-success`);
    const device = (await known.context().cookies()).find((cookie) => cookie.name === 'staff-device')!;
    expect(device.httpOnly).toBe(true);
    expect(await known.evaluate(() => document.cookie)).not.toContain('staff-device');
    // Signed out: the device cookie stays (it signs no one in).
    expect((await known.context().request.post(`${e2e.server.url}/api/users/logout`)).status()).toBe(200);

    // 20 wrong passwords, 5 from each of 4 addresses.
    for (let from = 1; from <= 4; from++) {
      for (let i = 0; i < 5; i++) {
        const guess = await e2e.server.api('/api/users/login', {
          as: 'none',
          json: { email: STAFF.email, password: `guess ${from}.${i}` },
          headers: { 'x-forwarded-for': `198.51.100.${from}` },
        });
        expect(guess.status).toBe(401);
      }
    }

    const again = await known.context().newPage();
    await again.goto(`${e2e.server.url}/login`);
    await signIn(again, STAFF.email, STAFF.password);
    await again.waitForURL(`${e2e.server.url}/login-success`);

    const stranger = await e2e.open('/login');
    await signIn(stranger, STAFF.email, STAFF.password);
    await stranger
      .getByRole('alert')
      .filter({ hasText: 'Many wrong passwords were tried for this account. Complete the human check below, then sign in again.' })
      .waitFor();
    expect(await stranger.getByText('Too many sign-in attempts').count()).toBe(0);
    await stranger.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await stranger.getByRole('status').filter({ hasText: 'Verified: you can now submit.' }).waitFor();
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await stranger.waitForURL(`${e2e.server.url}/login-success`);
  });
});

describe('signing in with the company account (OpenID Connect)', () => {
  let e2e: E2E;
  let provider: OidcStandIn;
  beforeAll(async () => {
    provider = await startOidcProvider();
    e2e = await startE2E({
      oidc: {
        issuerUrl: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectUrl: null,
        scopes: 'openid email profile',
        defaultRole: 'employee',
        allowedDomains: [],
      },
    });
    provider.start(`${e2e.server.url}/api/users/oidc/callback`);
  });
  afterAll(async () => {
    await e2e?.close();
    await provider?.close();
  });

  it('the button leads to the provider’s sign-in and back, signed in as an employee', async () => {
    const page = await e2e.open('/login');
    await page.getByRole('link', { name: 'Sign in with company account' }).click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.getByLabel('Work email').fill('amal@dohaoasis.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.server.url}/login-success`);
    await page.getByRole('heading', { level: 1, name: 'You are signed in' }).waitFor();
    expect(await page.locator('.signed-in-facts').innerText()).toMatch(/amal@dohaoasis\.example\s+Roles\s+Employee/);
    expect(await page.getByRole('link', { name: 'Go to employee perks' }).count()).toBe(1);
  });

  it('from a private page, the company sign-in comes back to it', async () => {
    const page = await e2e.open('/staff/users');
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole('link', { name: 'Sign in with company account' }).click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.getByLabel('Work email').fill('amal@dohaoasis.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // An employee may not manage users: back on our site, told so.
    await page.waitForURL(/\/login-success\?denied=%2Fstaff%2Fusers$/);
  });
});

// Its own server: one address may sign in only so often a minute, and the tests above use that up.
describe('a leaver', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('an admin disables a leaver on /staff/users: the leaver is told so at sign-in', async () => {
    await e2e.server.api('/api/users', { as: 'staff', json: { email: 'leaver@example.com', password: 'leaver password', role: 'viewer' } });
    const admin = await e2e.open('/login?next=%2Fstaff%2Fusers');
    await signIn(admin, STAFF.email, STAFF.password);
    await admin.waitForURL(/\/staff\/users$/);
    await admin.getByLabel('leaver@example.com is disabled').check();
    await admin.getByRole('row').filter({ hasText: 'leaver@example.com' }).getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const leaver = await e2e.open('/login?lang=ar');
    await signIn(leaver, 'leaver@example.com', 'leaver password', 'تسجيل الدخول');
    await leaver.getByRole('alert').filter({ hasText: 'تم تعطيل المستخدم. يرجى التواصل مع قسم تقنية المعلومات.' }).waitFor();
  });
});
