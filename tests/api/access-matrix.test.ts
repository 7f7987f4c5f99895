// Access by role and venue: every account x every read path x every form collection,
// against a small table written here from the words (not from the code under test):
// whistle-blower reports are compliance's only, careers are hr's and admin's, the dining survey is
// admin's, viewer's and its venues' managers', every other form admin's and viewer's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { Role } from '../../src/server/core/access/roles.ts';
import { fileForm, tinyPdf, tinyPng } from '../support/files.ts';
import { DINING, diningAnswers, SIGNATURE } from './samples.ts';

type Account = 'admin' | 'editor' | 'viewer' | 'hr' | 'compliance' | 'desk' | 'employee' | 'managerOfCova' | 'managerOfTwiga' | 'managerOfCovaAndHr' | 'publicKey' | 'anonymous';
/** What an account reads of a collection: every submission, those of one venue, or nothing (403). */
type Reads = 'all' | 'cova' | 'twiga';

const ACCOUNTS: Record<Exclude<Account, 'publicKey' | 'anonymous'>, { roles: Role[]; venues?: string[] }> = {
  admin: { roles: ['admin'] },
  editor: { roles: ['editor'] },
  viewer: { roles: ['viewer'] },
  hr: { roles: ['hr'] },
  compliance: { roles: ['compliance'] },
  desk: { roles: ['desk'] },
  employee: { roles: ['employee'] },
  managerOfCova: { roles: ['manager'], venues: ['cova'] },
  managerOfTwiga: { roles: ['manager'], venues: ['twiga'] },
  managerOfCovaAndHr: { roles: ['manager', 'hr'], venues: ['cova'] },
};
const EVERY_ACCOUNT = [...Object.keys(ACCOUNTS), 'publicKey', 'anonymous'] as Account[];

const ADMIN_AND_VIEWER: Partial<Record<Account, Reads>> = { admin: 'all', viewer: 'all' };
/** The expected table: who reads each form's collection. */
const READERS: Record<string, Partial<Record<Account, Reads>>> = {
  'employee-whistle-blower': { compliance: 'all' },
  'careers-applications': { admin: 'all', hr: 'all', managerOfCovaAndHr: 'all' },
  'survey-customer-feedbacks': { admin: 'all', viewer: 'all', managerOfCova: 'cova', managerOfTwiga: 'twiga', managerOfCovaAndHr: 'cova' },
  'employee-responses': ADMIN_AND_VIEWER,
  'employee-responses-management': ADMIN_AND_VIEWER,
  'ifly-waiver-forms': ADMIN_AND_VIEWER,
  'laser-oasis-waiver-forms': ADMIN_AND_VIEWER,
  'ski-waiver-forms': ADMIN_AND_VIEWER,
  'printemps-loyalty-registration': ADMIN_AND_VIEWER,
  'survey-customer-feedbacks-padel': ADMIN_AND_VIEWER,
  'survey-net-promoter': ADMIN_AND_VIEWER,
  'survey-customer-satisfactions': ADMIN_AND_VIEWER,
};
/** Guests' files, with the form whose submission they are attached to. */
const FILES: { uploads: string; form: string; bytes: () => Buffer; name: string; field: string }[] = [
  { uploads: 'careers-application-cvs', form: 'careers-applications', bytes: tinyPdf, name: 'cv.pdf', field: 'cv' },
  { uploads: 'printemps-loyalty-registration-media', form: 'printemps-loyalty-registration', bytes: tinyPng, name: 'receipt.png', field: 'receipt' },
  { uploads: 'media-internal', form: 'employee-whistle-blower', bytes: tinyPng, name: 'evidence.png', field: 'supporting_docs' },
];
const SIGNED = ['ifly-waiver-forms', 'laser-oasis-waiver-forms', 'ski-waiver-forms'];

let server: TestServer;
const headers: Partial<Record<Account, Record<string, string>>> = {};
/** Per collection: the stored submissions (id, reference, venue). */
const stored: Record<string, { id: number; reference: string; venue: string | null }[]> = {};
const filenames: Record<string, string> = {};

/** A stored submission of any form, written as the server writes one (its answers do not matter to reading). */
async function storeRow(collection: string, data: Record<string, unknown>): Promise<{ id: number; reference: string }> {
  const reference = `ACCS-${String(Object.values(stored).flat().length + 1).padStart(4, '0')}-X${collection.length % 10}`;
  const { rows } = await server.app.serverContext.db.query<{ id: number; reference: string }>(
    'INSERT INTO documents (collection, data, form_version, form_hash, reference) VALUES ($1, $2::jsonb, 1, $3, $4) RETURNING id, reference',
    [collection, JSON.stringify(data), 'test', reference],
  );
  return rows[0];
}

const call = (account: Account, path: string) => server.api(path, account === 'publicKey' ? { as: 'public' } : { as: 'none', headers: headers[account] ?? {} });

beforeAll(async () => {
  server = await startTestServer();
  for (const [name, account] of Object.entries(ACCOUNTS)) headers[name as Account] = await server.staffAs(account.roles, account.venues);
  headers.anonymous = {};
  const registered = [...server.app.serverContext.registry.collections.values()].filter((collection) => collection.kind === 'submissions').map((collection) => collection.slug);
  expect(registered.sort(), 'a new form needs its row in READERS').toEqual(Object.keys(READERS).sort());
  for (const collection of Object.keys(READERS)) {
    if (collection === DINING) continue;
    const row = await storeRow(collection, SIGNED.includes(collection) ? { name: 'Noor Saleh', signature: SIGNATURE } : { name: 'Noor Saleh' });
    stored[collection] = [{ ...row, venue: null }];
  }
  // Dining surveys through the real create path, which finds the venue from the restaurant's name.
  stored[DINING] = [];
  for (const [restaurant, venue] of [['Cova', 'cova'], ['Twiga', 'twiga'], ['Cova', 'cova']]) {
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: restaurant }) });
    expect(created.status).toBe(201);
    stored[DINING].push({ id: created.body.doc.id, reference: created.body.doc.reference, venue });
  }
  for (const file of FILES) {
    const uploaded = await server.api(`/api/${file.uploads}`, { form: fileForm(file.bytes(), file.name) });
    expect(uploaded.status, file.uploads).toBe(201);
    filenames[file.uploads] = uploaded.body.doc.filename;
    await server.app.serverContext.db.query('UPDATE documents SET attached_to = $1 WHERE id = $2', [stored[file.form][0].id, uploaded.body.doc.id]);
  }
});
afterAll(() => server?.close());

/** The submissions an account should see of a collection, by the table above. */
function expectedRows(account: Account, collection: string) {
  const reads = READERS[collection][account];
  if (!reads) return null;
  return stored[collection].filter((row) => reads === 'all' || row.venue === reads);
}

describe('every account x every read path x every form', () => {
  for (const collection of Object.keys(READERS)) {
    it(`${collection}: list, search, count, by id and CSV export`, async () => {
      for (const account of EVERY_ACCOUNT) {
        const rows = expectedRows(account, collection);
        const label = `${account} on ${collection}`;
        const list = await call(account, `/api/${collection}?limit=100&depth=0`);
        const count = await call(account, `/api/${collection}/count`);
        const csv = await call(account, `/api/${collection}/export.csv`);
        const first = stored[collection][0];
        const search = await call(account, `/api/${collection}?where[reference][equals]=${first.reference}&depth=0`);
        if (!rows) {
          for (const answer of [list, count, csv, search]) expect(answer.status, label).toBe(403);
          expect((await call(account, `/api/${collection}/${first.id}`)).status, label).toBe(403);
          continue;
        }
        expect(list.status, label).toBe(200);
        expect(list.body.docs.map((doc: { id: number }) => doc.id).sort(), label).toEqual(rows.map((row) => row.id).sort());
        expect(list.body.totalDocs, label).toBe(rows.length);
        expect(count.body.totalDocs, label).toBe(rows.length);
        expect(csv.status, label).toBe(200);
        for (const row of stored[collection]) expect((csv.body as string).includes(row.reference), `${label}: ${row.reference} in the CSV`).toBe(rows.includes(row));
        expect(search.body.docs.length, label).toBe(rows.includes(first) ? 1 : 0);
        for (const row of stored[collection]) {
          expect((await call(account, `/api/${collection}/${row.id}`)).status, `${label}: #${row.id}`).toBe(rows.includes(row) ? 200 : 404);
        }
      }
    });
  }

  it('guests’ files: only who reads the submission they are attached to downloads them', async () => {
    for (const file of FILES) {
      for (const account of EVERY_ACCOUNT) {
        const answer = await call(account, `/api/${file.uploads}/file/${filenames[file.uploads]}`);
        expect(answer.status, `${account} on ${file.uploads}`).toBe(READERS[file.form][account] === 'all' ? 200 : 403);
      }
    }
  });

  it('a file no submission has claimed yet: only who reads every submission it could become part of', async () => {
    for (const file of FILES) {
      const uploaded = await server.api(`/api/${file.uploads}`, { form: fileForm(file.bytes(), `pending-${file.name}`) });
      for (const account of EVERY_ACCOUNT) {
        const answer = await call(account, `/api/${file.uploads}/file/${uploaded.body.doc.filename}`);
        expect(answer.status, `${account} on a pending ${file.uploads}`).toBe(READERS[file.form][account] === 'all' ? 200 : 403);
      }
    }
  });

  it('a submission’s related file comes populated only to who may read it', async () => {
    const careers = stored['careers-applications'][0];
    const upload = await server.app.serverContext.db.query<{ id: number }>(`SELECT id FROM documents WHERE attached_to = $1`, [careers.id]);
    await server.app.serverContext.db.query(`UPDATE documents SET data = data || jsonb_build_object('cv', $1::int) WHERE id = $2`, [upload.rows[0].id, careers.id]);
    const read = await call('hr', `/api/careers-applications/${careers.id}?depth=1`);
    expect(read.body.cv).toMatchObject({ id: upload.rows[0].id, filename: filenames['careers-application-cvs'] });
  });

  it('signatures of waivers: drawn only for their readers', async () => {
    for (const collection of SIGNED) {
      const row = stored[collection][0];
      for (const account of EVERY_ACCOUNT) {
        const answer = await call(account, `/api/${collection}/${row.id}/signature/signature.svg`);
        expect(answer.status, `${account} on ${collection}`).toBe(READERS[collection][account] ? 200 : 403);
        if (answer.status === 200) expect(answer.body).toMatch(/^<svg /);
      }
    }
  });
});

describe('perk redemptions (not a form)', () => {
  it('stay with who read them before roles were per form: admin and viewer', async () => {
    for (const account of EVERY_ACCOUNT) {
      expect((await call(account, '/api/perk-redemptions')).status, account).toBe(account === 'admin' || account === 'viewer' ? 200 : 403);
    }
  });
});

describe('a venue manager', () => {
  it('reads only the surveys of its own venue, and the submission records which venue it is about', async () => {
    const { rows } = await server.app.serverContext.db.query<{ id: number; venue: string }>('SELECT id, venue FROM documents WHERE collection = $1 ORDER BY id', [DINING]);
    expect(rows.map((row) => row.venue)).toEqual(['cova', 'twiga', 'cova']);
    const list = await call('managerOfCova', `/api/${DINING}?limit=100&depth=0`);
    expect(list.body.docs.map((doc: { visited_restaurant: string }) => doc.visited_restaurant)).toEqual(['Cova', 'Cova']);
    // A filter cannot widen what the account reads.
    const widened = await call('managerOfCova', `/api/${DINING}?where[visited_restaurant][equals]=Twiga`);
    expect(widened.body.totalDocs).toBe(0);
  });

  it('of a venue that is no venue of a form reads nothing of it', async () => {
    expect((await call('managerOfCova', '/api/survey-customer-satisfactions')).status).toBe(403);
  });
});
