// Access by role and venue: every account x every read path x every form collection,
// against a small table written here from the words (not from the code under test):
// whistle-blower reports are compliance's only, careers are hr's and admin's, the dining survey is
// admin's, viewer's and its venues' managers', every other form admin's and viewer's. Two rows per
// form (and a dining survey about no venue), so a path that answers the wrong row shows. Besides
// the submissions API, every path that reads or changes one: follow-up (read, change, assignees),
// the waiver copy's staff download and verify, the waiver desk (search, open, check-in: a desk
// finds its attractions' waivers only) and data-subject search, export and erasure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { Role } from '../../src/server/core/access/roles.ts';
import { fileForm, tinyPdf, tinyPng } from '../support/files.ts';
import { DINING, diningAnswers, laserWaiverAnswers, SIGNATURE, skiWaiverAnswers, waiverAnswers } from './samples.ts';

type Account =
  | 'admin'
  | 'editor'
  | 'viewer'
  | 'hr'
  | 'compliance'
  | 'desk'
  | 'deskOfIfly'
  | 'employee'
  | 'managerOfCova'
  | 'managerOfTwiga'
  | 'managerOfCovaAndHr'
  | 'publicKey'
  | 'anonymous';
/** What an account reads of a collection: every submission, those of one venue, or nothing (403). */
type Reads = 'all' | 'cova' | 'twiga';

type StaffAccount = Exclude<Account, 'publicKey' | 'anonymous'>;
const ACCOUNTS: Record<StaffAccount, { roles: Role[]; venues?: string[] }> = {
  admin: { roles: ['admin'] },
  editor: { roles: ['editor'] },
  viewer: { roles: ['viewer'] },
  hr: { roles: ['hr'] },
  compliance: { roles: ['compliance'] },
  desk: { roles: ['desk'] },
  deskOfIfly: { roles: ['desk'], venues: ['ifly'] },
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
  'recovery-surveys': ADMIN_AND_VIEWER,
};
/** Guests' files, with the form whose submission they are attached to. */
const FILES: { uploads: string; form: string; bytes: () => Buffer; name: string; field: string }[] = [
  { uploads: 'careers-application-cvs', form: 'careers-applications', bytes: tinyPdf, name: 'cv.pdf', field: 'cv' },
  { uploads: 'printemps-loyalty-registration-media', form: 'printemps-loyalty-registration', bytes: tinyPng, name: 'receipt.png', field: 'receipt' },
  { uploads: 'media-internal', form: 'employee-whistle-blower', bytes: tinyPng, name: 'evidence.png', field: 'supporting_docs' },
];
const SIGNED = ['ifly-waiver-forms', 'laser-oasis-waiver-forms', 'ski-waiver-forms'];
/** The console's staff (a desk-only account, an employee and callers without a session are not): the other paths answer them 403. */
const CONSOLE: Account[] = ['admin', 'editor', 'viewer', 'hr', 'compliance', 'managerOfCova', 'managerOfTwiga', 'managerOfCovaAndHr'];
/** Who uses the waiver desk, and whose desk finds each waiver form's waivers (a desk its attractions', an admin every one). */
const DESKS: Account[] = ['admin', 'desk', 'deskOfIfly'];
const DESK_FINDS: Record<string, Account[]> = {
  'ifly-waiver-forms': ['admin', 'deskOfIfly'],
  'laser-oasis-waiver-forms': ['admin'],
  'ski-waiver-forms': ['admin'],
};
/** Who makes data-subject requests: admins, over the forms they read in full. */
const PRIVACY: Account[] = ['admin'];
/** Every stored submission holds this phone, for the data-subject requests. */
const PERSON_PHONE = '+97455599001';

let server: TestServer;
const headers: Partial<Record<Account, Record<string, string>>> = {};
/** Per collection: the stored submissions (id, reference, venue). */
const stored: Record<string, { id: number; reference: string; venue: string | null }[]> = {};
const filenames: Record<string, string> = {};

/** A stored submission of any form, written as the server writes one (its answers do not matter to reading). */
let rowsStored = 0;
async function storeRow(collection: string, data: Record<string, unknown>): Promise<{ id: number; reference: string }> {
  const reference = `ACCS-${String(++rowsStored).padStart(4, '0')}-X${collection.length % 10}`;
  const { rows } = await server.ctx.db.query<{ id: number; reference: string }>(
    'INSERT INTO documents (collection, data, form_version, form_hash, reference) VALUES ($1, $2::jsonb, 1, $3, $4) RETURNING id, reference',
    [collection, JSON.stringify(data), 'test', reference],
  );
  return rows[0];
}

const call = (account: Account, path: string, init: { method?: string; json?: unknown } = {}) =>
  server.api(path, account === 'publicKey' ? { as: 'public', ...init } : { as: 'none', headers: headers[account] ?? {}, ...init });
const SIGNED_ANSWERS: Record<string, (overrides: Record<string, unknown>) => Record<string, unknown>> = {
  'ski-waiver-forms': skiWaiverAnswers,
  'laser-oasis-waiver-forms': laserWaiverAnswers,
};

beforeAll(async () => {
  server = await startTestServer();
  for (const [name, account] of Object.entries(ACCOUNTS)) headers[name as Account] = await server.staffAs(account.roles, account.venues);
  headers.anonymous = {};
  const registered = [...server.ctx.registry.collections.values()]
    .filter((collection) => collection.kind === 'submissions')
    .map((collection) => collection.slug);
  expect(registered.sort(), 'a new form needs its row in READERS').toEqual(Object.keys(READERS).sort());
  for (const collection of Object.keys(READERS)) {
    if (collection === DINING) continue;
    stored[collection] = [];
    for (let copy = 0; copy < 2; copy++) {
      if (SIGNED.includes(collection)) {
        // Waivers through the real create path: their evidence makes them copies, verifiable and the desk's.
        const created = await server.api(`/api/${collection}`, {
          json: (SIGNED_ANSWERS[collection] ?? waiverAnswers)({ phone: PERSON_PHONE, signature: SIGNATURE }),
        });
        expect(created.status, collection).toBe(201);
        stored[collection].push({ id: created.body.doc.id, reference: created.body.doc.reference, venue: null });
      } else {
        stored[collection].push({ ...(await storeRow(collection, { name: 'Noor Saleh', contact_phone: PERSON_PHONE })), venue: null });
      }
    }
  }
  // Dining surveys through the real create path, which finds the venue from the restaurant's name.
  stored[DINING] = [];
  for (const [restaurant, venue] of [
    ['Cova', 'cova'],
    ['Twiga', 'twiga'],
    ['Cova', 'cova'],
  ]) {
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ visited_restaurant: restaurant, telephone_number: PERSON_PHONE }) });
    expect(created.status).toBe(201);
    stored[DINING].push({ id: created.body.doc.id, reference: created.body.doc.reference, venue });
  }
  // And one about no venue (a restaurant no longer listed): no manager reads it.
  stored[DINING].push({
    ...(await storeRow(DINING, { ...diningAnswers({ visited_restaurant: 'Closed Place' }), telephone_number: PERSON_PHONE })),
    venue: null,
  });
  for (const file of FILES) {
    const uploaded = await server.api(`/api/${file.uploads}`, { form: fileForm(file.bytes(), file.name) });
    expect(uploaded.status, file.uploads).toBe(201);
    filenames[file.uploads] = uploaded.body.doc.filename;
    await server.ctx.db.query('UPDATE documents SET attached_to = $1 WHERE id = $2', [stored[file.form][0].id, uploaded.body.doc.id]);
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
        // A confidential form has no CSV export (its answers are sealed at rest, features/sealed): its readers are refused it too.
        const sealed = server.ctx.registry.collections.get(collection)?.sealed === true;
        expect(csv.status, label).toBe(sealed ? 400 : 200);
        if (!sealed)
          for (const row of stored[collection])
            expect((csv.body as string).includes(row.reference), `${label}: ${row.reference} in the CSV`).toBe(rows.includes(row));
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
    const upload = await server.ctx.db.query<{ id: number }>(`SELECT id FROM documents WHERE attached_to = $1`, [careers.id]);
    await server.ctx.db.query(`UPDATE documents SET data = data || jsonb_build_object('cv', $1::int) WHERE id = $2`, [upload.rows[0].id, careers.id]);
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

/** Who `account` may give a follow-up of the collection to, among the matrix's accounts: those reading a submission it reads (item 11: a manager is offered no other venue's manager). */
function expectedAssignees(account: Account, collection: string): string[] {
  const mine = READERS[collection][account];
  return (Object.keys(ACCOUNTS) as StaffAccount[])
    .filter((other) => {
      const theirs = READERS[collection][other];
      return theirs !== undefined && mine !== undefined && (mine === 'all' || theirs === 'all' || theirs === mine);
    })
    .sort();
}
const accountOf = (email: string) =>
  (Object.keys(ACCOUNTS) as StaffAccount[]).find(
    (name) => `${[...ACCOUNTS[name].roles, ...(ACCOUNTS[name].venues ?? [])].join('.')}@roles.example.com` === email,
  );

describe('every account x the other paths to a submission', () => {
  for (const collection of Object.keys(READERS)) {
    it(`${collection}: follow-up read, change and assignees`, async () => {
      for (const account of EVERY_ACCOUNT) {
        const rows = expectedRows(account, collection) ?? [];
        const label = `${account} on ${collection}`;
        for (const row of stored[collection]) {
          const expected = !CONSOLE.includes(account) ? 403 : rows.includes(row) ? 200 : 404;
          expect((await call(account, `/api/${collection}/${row.id}/followup`)).status, `${label}: GET #${row.id}`).toBe(expected);
          expect(
            (await call(account, `/api/${collection}/${row.id}/followup`, { method: 'PATCH', json: { state: 'in-progress' } })).status,
            `${label}: PATCH #${row.id}`,
          ).toBe(expected);
        }
        const assignees = await call(account, `/api/${collection}/followup-assignees`);
        expect(assignees.status, `${label}: assignees`).toBe(!CONSOLE.includes(account) ? 403 : READERS[collection][account] ? 200 : 404);
        if (assignees.status !== 200) continue;
        const offered = assignees.body.docs
          .map((user: { email: string }) => accountOf(user.email))
          .filter(Boolean)
          .sort();
        expect(offered, `${label}: assignees`).toEqual(expectedAssignees(account, collection));
      }
    });
  }

  it('signed waivers: the staff copy and verify for their readers; the desk finds, opens and checks in its attractions’ waivers only', async () => {
    for (const collection of SIGNED) {
      for (const account of EVERY_ACCOUNT) {
        const reads = READERS[collection][account] !== undefined;
        const finds = DESK_FINDS[collection].includes(account);
        const label = `${account} on ${collection}`;
        for (const row of stored[collection]) {
          const copy = await call(account, `/api/waiver-copy/staff/${collection}/${row.id}`);
          expect(copy.status, `${label}: copy of #${row.id}`).toBe(reads ? 200 : 403);
          const verify = await call(account, '/api/waiver-copy/verify', { json: { reference: row.reference } });
          expect(verify.status, `${label}: verify ${row.reference}`).toBe(!CONSOLE.includes(account) ? 403 : reads ? 200 : 404);
          const search = await call(account, `/api/waivers/search?q=${row.reference}`);
          expect(search.status, `${label}: desk search`).toBe(DESKS.includes(account) ? 200 : 403);
          if (search.status === 200)
            expect(
              search.body.docs.map((doc: { id: number }) => doc.id),
              `${label}: desk search`,
            ).toEqual(finds ? [row.id] : []);
          const expected = !DESKS.includes(account) ? 403 : finds ? 200 : 404;
          expect((await call(account, `/api/waivers/${row.id}`)).status, `${label}: desk opens #${row.id}`).toBe(expected);
          expect((await call(account, `/api/waivers/${row.id}/check-ins`, { json: { person: 'signer' } })).status, `${label}: desk checks in #${row.id}`).toBe(
            expected,
          );
        }
      }
    }
  });

  it('data-subject search and export: admins only, over the forms they read in full (no whistle-blower report without compliance)', async () => {
    const readInFull = Object.keys(READERS)
      .filter((collection) => READERS[collection].admin === 'all')
      .flatMap((collection) => stored[collection].map((row) => row.id))
      .sort();
    for (const account of EVERY_ACCOUNT) {
      const expected = account === 'publicKey' || account === 'anonymous' ? 401 : PRIVACY.includes(account) ? 200 : 403;
      const search = await call(account, `/api/privacy/search?phone=${encodeURIComponent(PERSON_PHONE)}`);
      const exported = await call(account, `/api/privacy/export?phone=${encodeURIComponent(PERSON_PHONE)}`);
      expect([search.status, exported.status], account).toEqual([expected, expected]);
      if (expected !== 200) continue;
      expect(search.body.docs.map((doc: { id: number }) => doc.id).sort(), account).toEqual(readInFull);
      expect(exported.body.submissions.map((doc: { id: number }) => doc.id).sort(), account).toEqual(readInFull);
    }
  });

  it('data-subject erasure: admins only; erases what they read in full, keeps waivers under legal hold and the whistle-blower report', async () => {
    const phone = '+97455599002';
    const rows: Record<string, number> = {};
    for (const collection of Object.keys(READERS)) rows[collection] = (await storeRow(collection, { name: 'Noor Saleh', contact_phone: phone })).id;
    const erase = (account: Account) => call(account, '/api/privacy/erase', { json: { phone, reason: 'Asked by the guest in writing', confirm: true } });
    const left = async () =>
      (
        await server.ctx.db.query<{ collection: string }>('SELECT collection FROM documents WHERE id = ANY($1::int[]) ORDER BY collection', [
          Object.values(rows),
        ])
      ).rows.map((row) => row.collection);
    for (const account of EVERY_ACCOUNT.filter((account) => !PRIVACY.includes(account))) {
      expect((await erase(account)).status, account).toBe(account === 'publicKey' || account === 'anonymous' ? 401 : 403);
    }
    expect(await left()).toEqual(Object.keys(READERS).sort());
    const erased = await erase('admin');
    expect(erased.status).toBe(200);
    expect(erased.body.held.map((held: { form: string }) => held.form).sort()).toEqual(['ifly-waiver', 'laser-oasis-waiver', 'ski-waiver']);
    expect(await left()).toEqual(['employee-whistle-blower', ...SIGNED].sort());
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
    const { rows } = await server.ctx.db.query<{ id: number; venue: string }>(
      'SELECT id, venue FROM documents WHERE collection = $1 AND id = ANY($2::int[]) ORDER BY id',
      [DINING, stored[DINING].map((row) => row.id)],
    );
    expect(rows.map((row) => row.venue)).toEqual(['cova', 'twiga', 'cova', null]);
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
