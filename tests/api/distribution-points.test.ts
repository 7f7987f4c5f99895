// Distribution points (QR table cards): who manages which, the checks at save (source tags, codes),
// the short address /q/{code} (302 to the form's page for the venue, the scan counted; an unknown or
// deleted code a 404 page in the guest's language) and each submission's source: a point's only
// when the page's view token (from a served page of that point) comes back with the create.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';
import { VIEW_TIMING } from '../../src/engine/contract/reach.ts';

let server: TestServer;
let manager: Record<string, string>;
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' };

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.staffAs(['manager'], ['cova']);
});
afterAll(() => server?.close());

const point = (fields: Record<string, unknown>) => ({ name: 'Cova, table 12', form: 'dining-survey', venue: 'cova', source: 'table', ...fields });

async function create(fields: Record<string, unknown>, headers?: Record<string, string>) {
  return server.api('/api/distribution-points', {
    method: 'POST',
    json: point(fields),
    ...(headers ? { as: 'none' as const, headers } : { as: 'staff' as const }),
  });
}

/** The view token of a served page: what the page reads from its navigation entry's Server-Timing. */
function viewTokenOf(headers: Headers): string | null {
  const match = new RegExp(`${VIEW_TIMING};desc="([^"]+)"`).exec(headers.get('server-timing') ?? '');
  return match ? match[1] : null;
}

describe('distribution points', () => {
  it('are made with a short code when none is given, and audited', async () => {
    const made = await create({});
    expect(made.status).toBe(201);
    expect(made.body.doc).toMatchObject({ name: 'Cova, table 12', form: 'dining-survey', venue: 'cova', source: 'table', scans: 0 });
    expect(made.body.doc.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(made.body.doc.shortUrl).toBe(`${server.url}/q/${made.body.doc.code}`);
    const { rows } = await server.ctx.db.query(`SELECT action FROM audit_log WHERE target = 'distribution-points' AND document_id = $1`, [
      String(made.body.doc.id),
    ]);
    expect(rows).toEqual([{ action: 'create-content' }]);
  });

  it.each([
    ['a space', 'table 12'],
    ['41 characters', 'x'.repeat(41)],
    ['a slash', 'table/12'],
    ['nothing', ''],
    ['Arabic letters', 'طاولة'],
  ])('refuse a source tag with %s: 400 naming source', async (_what, source) => {
    const refused = await create({ source });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'source' })]);
  });

  it('take a source of 40 letters, digits, - and _', async () => {
    expect((await create({ source: `Receipt_2-${'a'.repeat(30)}` })).status).toBe(201);
  });

  it('refuse a code another point has (409 naming code) and an unknown venue or form (400)', async () => {
    expect((await create({ code: 'COVA12' })).status).toBe(201);
    const again = await create({ code: 'cova12' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].data.errors[0].path).toBe('code');
    expect((await create({ venue: 'nowhere' })).body.errors[0].data.errors[0].path).toBe('venue');
    expect((await create({ form: 'padel-survey' })).body.errors[0].data.errors[0].path).toBe('form');
  });

  it("are a manager's for its venues only", async () => {
    const own = await create({ name: 'Cova bar' }, manager);
    expect(own.status).toBe(201);
    const other = await create({ venue: 'crazy-pizza' }, manager);
    expect(other.status).toBe(400);
    expect(other.body.errors[0].data.errors[0].path).toBe('venue');
    const pizza = await create({ name: 'Pizza counter', venue: 'crazy-pizza' });
    const listed = await server.api('/api/distribution-points', { as: 'none', headers: manager });
    expect(listed.body.docs.every((doc: { venue: string }) => doc.venue === 'cova')).toBe(true);
    expect((await server.api(`/api/distribution-points/${pizza.body.doc.id}`, { as: 'none', headers: manager })).status).toBe(404);
    expect((await server.api(`/api/distribution-points/${pizza.body.doc.id}`, { method: 'DELETE', as: 'none', headers: manager })).status).toBe(404);
    const viewer = await server.staffAs(['viewer']);
    expect((await create({ name: 'By a viewer' }, viewer)).body.errors[0].data.errors[0].path).toBe('venue');
    expect((await server.api('/api/distribution-points', { as: 'public' })).status).toBe(403);
  });
});

describe('the short address', () => {
  it("answers 302 to the form's page with the venue chosen and the source, and counts the scan", async () => {
    const made = await create({ name: 'Cova receipt', source: 'receipt' });
    const scan = await fetch(`${server.url}/q/${made.body.doc.code}`, { redirect: 'manual', headers: BROWSER });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe(`/survey/fnb/cova?source=receipt&point=${made.body.doc.code}`);
    // Codes are read in capitals or not; a crawler's visit is no scan.
    await fetch(`${server.url}/q/${made.body.doc.code.toLowerCase()}`, { redirect: 'manual', headers: BROWSER });
    await fetch(`${server.url}/q/${made.body.doc.code}`, { redirect: 'manual', headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect((await server.api(`/api/distribution-points/${made.body.doc.id}`, { as: 'staff' })).body.scans).toBe(2);
  });

  it('of an unknown or deleted code is a 404 page in the guest language', async () => {
    const unknown = await fetch(`${server.url}/q/NOSUCH`, { redirect: 'manual', headers: { ...BROWSER, 'accept-language': 'ar' } });
    expect(unknown.status).toBe(404);
    const page = await unknown.text();
    expect(page).toContain('dir="rtl"');
    expect(page).toContain('هذا الرمز غير مستخدم');
    const made = await create({ name: 'Soon gone' });
    expect((await server.api(`/api/distribution-points/${made.body.doc.id}`, { method: 'DELETE', as: 'staff' })).status).toBe(200);
    const gone = await fetch(`${server.url}/q/${made.body.doc.code}`, { redirect: 'manual', headers: BROWSER });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('location')).toBeNull();
    expect(await gone.text()).toContain('This code is not in use');
  });
});

describe("a submission's source", () => {
  async function served(path: string): Promise<string> {
    const page = await fetch(`${server.url}${path}`, { headers: BROWSER });
    expect(page.status).toBe(200);
    const token = viewTokenOf(page.headers);
    expect(token).not.toBeNull();
    return token!;
  }

  async function submitWith(view: string | null) {
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: view ? { 'x-form-view': view } : {} });
    expect(created.status).toBe(201);
    const { rows } = await server.ctx.db.query<{ source: string; distribution_point: number | null }>(
      'SELECT source, distribution_point FROM documents WHERE id = $1',
      [created.body.doc.id],
    );
    return { ...rows[0], doc: created.body.doc };
  }

  it("is the point's when the page came from its short address", async () => {
    const made = await create({ name: 'Cova kiosk', source: 'kiosk' });
    const location = (await fetch(`${server.url}/q/${made.body.doc.code}`, { redirect: 'manual', headers: BROWSER })).headers.get('location')!;
    const stored = await submitWith(await served(location));
    expect(stored).toMatchObject({ source: 'kiosk', distribution_point: made.body.doc.id });
    const read = await server.api(`/api/${DINING}/${stored.doc.id}`, { as: 'staff' });
    expect(read.body.source).toBe('kiosk');
  });

  it('is direct for a ?source= no point gave, no token, or an altered token', async () => {
    expect((await submitWith(await served('/survey/fnb/cova?source=anything-i-like'))).source).toBe('direct');
    // A real point's code with another source than its own is no point's view.
    const made = await create({ name: 'Cova poster', source: 'poster' });
    expect((await submitWith(await served(`/survey/fnb/cova?source=email&point=${made.body.doc.code}`))).source).toBe('direct');
    expect((await submitWith(null)).source).toBe('direct');
    const token = await served(`/survey/fnb/cova?source=poster&point=${made.body.doc.code}`);
    expect((await submitWith(`${token.slice(0, -2)}xx`)).source).toBe('direct');
    expect((await submitWith(token)).source).toBe('poster');
  });
});

describe('the source in the console', () => {
  it('filters the list and is a column of the CSV', async () => {
    const made = await create({ name: 'Cova email', source: 'email' });
    const location = (await fetch(`${server.url}/q/${made.body.doc.code}`, { redirect: 'manual', headers: BROWSER })).headers.get('location')!;
    const page = await fetch(`${server.url}${location}`, { headers: BROWSER });
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers(), headers: { 'x-form-view': viewTokenOf(page.headers)! } });
    const listed = await server.api(`/api/${DINING}?where[source][equals]=email`, { as: 'staff' });
    expect(listed.body.docs.map((doc: { id: number }) => doc.id)).toEqual([created.body.doc.id]);
    const csv = await server.api(`/api/${DINING}/export.csv`, { as: 'staff' });
    const lines = String(csv.body).split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['Reference', 'Created at', 'Source']);
    expect(lines.find((line) => line.startsWith(created.body.doc.reference))?.split(',')[2]).toBe('email');
  });
});
