// Staff at work in the console, in a real browser against the real server: finding the
// registration a guest just made by the reference they quote, reading it with its receipt, a
// waiver with its drawn signature and evidence, exporting Arabic answers to a spreadsheet, and an
// editor adding a restaurant's script that the restaurant's survey runs at once. A viewer reads
// but cannot change content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { STAFF } from '../support/server.ts';
import { DINING, IFLY, LOYALTY, diningAnswers, loyaltyAnswers, register, waiverAnswers } from '../api/samples.ts';
import { fillDate } from './fill.ts';
import { axeResults } from './axe.ts';
import { pageScriptsFrame, startE2E, type E2E } from './harness.ts';

let e2e: E2E;
const EDITOR = { email: 'editor@example.com', password: 'an editor password' };
const VIEWER = { email: 'viewer@example.com', password: 'a viewer password' };

beforeAll(async () => {
  e2e = await startE2E();
  await saveStaffUser(e2e.server.ctx.db, EDITOR.email, EDITOR.password, 'editor');
  await saveStaffUser(e2e.server.ctx.db, VIEWER.email, VIEWER.password, 'viewer');
});
afterAll(() => e2e?.close());

async function auditActions(action: string, target: string): Promise<{ user_email: string; document_id: string | null }[]> {
  const { rows } = await e2e.server.ctx.db.query<{ user_email: string; document_id: string | null }>(
    'SELECT user_email, document_id FROM audit_log WHERE action = $1 AND target = $2 ORDER BY id',
    [action, target],
  );
  return rows;
}

describe('a staff member finds what a guest sent', () => {
  it('finds a loyalty registration by the reference the guest quotes and sees its answers and receipt', async () => {
    const registered = await register(e2e.server, await loyaltyAnswers(e2e.server, { first_name: 'Maha', last_name: 'Al-Kuwari' }));
    expect(registered.status).toBe(201);
    const { reference, id } = registered.body.doc;

    const page = await e2e.signedIn(STAFF, '/staff');
    // The form by its staff name (staffTitle), from the navigation every staff page has.
    // (The harness's 420 px window: the navigation is folded behind its menu button.)
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Submissions: Club Printemps sign-ups' }).click();
    await page.getByRole('heading', { level: 1, name: 'Club Printemps sign-ups' }).waitFor();
    // Read aloud over the phone: lower case, spaces instead of hyphens.
    await page.getByLabel('Reference, name, phone or email').fill(reference.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').getByText('1 submission', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: reference });
    expect(await row.innerText()).toContain('Maha');
    await row.getByRole('link', { name: reference }).click();

    await page.getByRole('heading', { level: 2, name: 'Answers' }).waitFor();
    const answer = (question: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: question, exact: true }) })
        .getByRole('cell');
    expect(await answer('First Name').innerText()).toBe('Maha');
    expect(await answer('Gender').innerText()).toBe('Female');
    // The receipt: a link to the file, served to signed-in staff only.
    const receipt = answer('Receipt').getByRole('link');
    const href = await receipt.getAttribute('href');
    expect(href).toMatch(/^\/api\/printemps-loyalty-registration-media\/file\//);
    const asStaff = await page.context().request.get(`${e2e.server.url}${href}`);
    expect(asStaff.status()).toBe(200);
    expect(asStaff.headers()['content-type']).toBe('image/png');
    expect((await e2e.server.api(href!, { as: 'public' })).status).toBe(403);
    expect(await auditActions('read-submission', LOYALTY)).toContainEqual({ user_email: STAFF.email, document_id: String(id) });
    expect((await auditActions('read-upload', 'printemps-loyalty-registration-media')).map((row) => row.user_email)).toContain(STAFF.email);
  });

  it('opens a waiver and sees the signature drawn as SVG and the waiver record', async () => {
    const signed = await e2e.server.api(`/api/${IFLY}`, { json: waiverAnswers({ name: 'Noor Saleh' }) });
    expect(signed.status).toBe(201);
    const page = await e2e.signedIn(STAFF, `/staff/forms/ifly-waiver/${signed.body.doc.id}?lang=ar`);
    await page.getByRole('heading', { level: 2, name: 'الإجابات' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const signature = page.getByRole('img', { name: /^التوقيع: / });
    await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await signature.getAttribute('src')).toBe(`/api/${IFLY}/${signed.body.doc.id}/signature/signature.svg`);
    // The repeated group is a table with the child's name under its question.
    expect(await page.getByRole('cell', { name: 'Lina Saleh', exact: true }).count()).toBe(1);
    await page.getByRole('heading', { level: 2, name: 'سجل الإقرار' }).waitFor();
    expect(await page.locator('.console-evidence').innerText()).toContain(signed.body.doc.evidence.answersSha256);
    // The terms as this guest saw them (signed in English), from the form version kept by hash, with the consent beside the signature.
    const terms = page.getByRole('region', { name: 'الشروط التي اطّلع عليها الضيف' });
    await terms.getByText('Assumption of risk.', { exact: false }).first().waitFor();
    expect(await terms.locator('[lang="en"]').getAttribute('dir')).toBe('ltr');
    await terms.getByText(signed.body.doc.evidence.consentText).waitFor();
  });

  it('exports a form with Arabic answers and the CSV reads back intact and formula-safe', async () => {
    const comment = 'الخدمة ممتازة، شكرًا';
    await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: comment }) });
    await e2e.server.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: '=HYPERLINK("http://evil.example","x")' }) });
    const page = await e2e.signedIn(STAFF, '/staff/forms/dining-survey');
    const link = page.getByRole('link', { name: 'Export these submissions (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = Buffer.concat(await streamChunks(await download.createReadStream()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text).toContain(comment);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect((await auditActions('export-submissions', DINING)).length).toBeGreaterThan(0);
  });

  it('narrows a form to a date range typed as day, month and year in Arabic, and names a half-typed date', async () => {
    await e2e.server.api(`/api/${DINING}`, { json: diningAnswers() });
    const page = await e2e.signedIn(STAFF, '/staff/forms/dining-survey?lang=ar');
    const [today, tomorrow] = await page.evaluate(() => [0, 1].map((days) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA')));
    // The month is picked by its Arabic name (fillDate selects the option whose value is the month number).
    await page.getByRole('group', { name: 'مستلمة من' }).getByRole('option', { name: 'يناير' }).waitFor({ state: 'attached' });
    await fillDate(page, 'مستلمة من', today, 'ar');
    await fillDate(page, 'مستلمة حتى', today, 'ar');
    await page.getByRole('button', { name: 'بحث' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === today && url.searchParams.get('to') === today);
    await expect.poll(() => page.locator('.staff-table tbody tr').count()).toBeGreaterThan(0);

    await fillDate(page, 'مستلمة من', tomorrow, 'ar');
    await page.getByRole('button', { name: 'بحث' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === tomorrow);
    await page.getByText('لا توجد إرسالات مطابقة.').waitFor();

    // A year left out: the search is held back and the date group says what is missing.
    const searched = page.url();
    await page.getByRole('group', { name: 'مستلمة حتى' }).getByLabel('السنة', { exact: true }).fill('');
    await page.getByRole('button', { name: 'بحث' }).click();
    const alert = page.getByRole('group', { name: 'مستلمة حتى' }).getByRole('alert');
    expect(await alert.innerText()).toBe('أدخل التاريخ كاملًا: اليوم والشهر والسنة.');
    expect(page.url()).toBe(searched);
    expect(await page.getByRole('group', { name: 'مستلمة حتى' }).getByLabel('اليوم', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });
});

async function streamChunks(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return chunks;
}

describe('content is edited with the same forms engine', () => {
  it("an editor adds a restaurant's inline script and its survey runs it without a restart", async () => {
    const page = await e2e.signedIn(EDITOR, '/staff/content/restaurants');
    await page.getByRole('link', { name: "Russo's" }).click();
    await page.getByRole('heading', { level: 1, name: 'Restaurant' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe("Russo's");
    await page.getByRole('button', { name: 'Add a script' }).click();
    await page.getByRole('radiogroup', { name: 'Kind' }).getByRole('radio', { name: 'Inline code' }).check();
    await page.getByLabel('Code (inline)').fill("window.__restaurantTag = 'russos-from-console';");
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Saved' }).waitFor();

    const guest = await e2e.open('/survey/fnb/russos');
    await expect
      .poll(() => pageScriptsFrame(guest)?.evaluate(() => (window as unknown as { __restaurantTag?: string }).__restaurantTag))
      .toBe('russos-from-console');
    expect(await auditActions('update-content', 'restaurants')).toContainEqual({ user_email: EDITOR.email, document_id: expect.any(String) });
  });

  it('an editor is told which field is wrong, next to it', async () => {
    const page = await e2e.signedIn(EDITOR, '/staff/content/restaurants');
    await page.getByRole('link', { name: 'Cova' }).click();
    await page.getByLabel('Slug (in the address)').fill('Not a slug!');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Use lower-case letters, digits and hyphens only, e.g. crazy-pizza.').first().waitFor();
    expect(await page.getByLabel('Slug (in the address)').getAttribute('aria-invalid')).toBe('true');
  });

  it('an editor adds an operator, then deletes it after confirming', async () => {
    const page = await e2e.signedIn(EDITOR, '/staff/content/operators');
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByLabel('Name').fill('Marina Walk');
    await page.getByLabel('Slug (in the address)').fill('marina-walk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Saved' }).waitFor();
    const created = (await e2e.server.api('/api/operators?where[slug][equals]=marina-walk')).body.docs[0];
    expect(created.name).toBe('Marina Walk');

    await page.goto(`${e2e.server.url}/staff/content/operators/${created.id}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/staff\/content\/operators$/);
    await page.getByRole('heading', { level: 1, name: 'Operator' }).waitFor();
    expect(await page.getByRole('link', { name: 'Marina Walk' }).count()).toBe(0);
    expect(await auditActions('delete-content', 'operators')).toEqual([{ user_email: EDITOR.email, document_id: String(created.id) }]);
  });

  it('a viewer sees the content without any way to change it, and the API refuses', async () => {
    const page = await e2e.signedIn(VIEWER, '/staff/content/restaurants');
    await page.getByText('Your role can read this content but not change it.').waitFor();
    expect(await page.getByRole('rowheader', { name: 'Cova' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Cova' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add' }).count()).toBe(0);
    const cova = (await e2e.server.api('/api/restaurants?where[slug][equals]=cova', { as: 'staff' })).body.docs[0];
    const refused = await page
      .context()
      .request.patch(`${e2e.server.url}/api/restaurants/${cova.id}`, { data: { name: 'Viewer was here' }, headers: { origin: e2e.server.url } });
    expect(refused.status()).toBe(403);
    // The editing page itself tells a viewer this account cannot open it.
    await page.goto(`${e2e.server.url}/staff/content/restaurants/${cova.id}`);
    await page.waitForURL(/\/login-success\?denied=/);
    await page.getByText(`Your account cannot open /staff/content/restaurants/${cova.id}`).waitFor();
  });
});

describe('the console is accessible', () => {
  it('passes axe (WCAG 2.2 AA) on every console page, in English and in Arabic, and fits a phone', async () => {
    const waiver = await e2e.server.api(`/api/${IFLY}`, { json: waiverAnswers() });
    const restaurants = await e2e.server.api('/api/restaurants?limit=1', { as: 'staff' });
    // axe is injected as a script: the pages' Content-Security-Policy would (rightly) refuse it.
    const context = await e2e.browser.browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    await context.request.post(`${e2e.server.url}/api/users/login`, { data: STAFF });
    const page = await context.newPage();
    const paths = [
      '/staff',
      '/staff/forms/ifly-waiver',
      `/staff/forms/ifly-waiver/${waiver.body.doc.id}`,
      '/staff/content/restaurants',
      `/staff/content/restaurants/${restaurants.body.docs[0].id}`,
      '/staff/globals/page-content',
    ];
    for (const lang of ['en', 'ar']) {
      for (const path of paths) {
        await page.goto(`${e2e.server.url}${path}?lang=${lang}`);
        await page.locator('h1').first().waitFor();
        const violations = await axeResults(page);
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `${path} in ${lang}`,
        ).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${path} in ${lang} is wider than the phone`,
        ).toBeLessThanOrEqual(0);
      }
    }
    await context.close();
  });
});
