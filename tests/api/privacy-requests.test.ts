// Data-subject requests (admins): a guest who registered for the loyalty club, answered a survey,
// signed a waiver and reported a concern asks what is held about them, then to be erased. The
// search finds every submission holding the phone or email (also inside a waiver's dependents),
// the export carries the answers, notes and file names, and erasure deletes all but the waivers
// under legal hold, files included, with an audit entry that holds counts and the reason only.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { deleteSubmissions, expireSubmissions } from '../../src/server/features/retention/index.ts';
import { personHash, readPerson } from '../../src/server/features/privacy/person.ts';
import {
  freshPhone,
  IFLY,
  loyaltyAnswers,
  LOYALTY,
  LOYALTY_MEDIA,
  proofFor,
  register,
  SATISFACTION,
  satisfactionAnswers,
  waiverAnswers,
  WHISTLE,
} from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const admin = () => ({ as: 'staff' as const });
const search = (query: string, init = admin()) => server.api(`/api/privacy/search?${query}`, init);
const db = () => server.ctx.db;
let guests = 0;

async function submit(collection: string, answers: Record<string, unknown>, action?: string): Promise<number> {
  const headers: Record<string, string> = action ? { 'x-captcha-proof': await proofFor(server, action) } : {};
  const answer = await server.api(`/api/${collection}`, { json: answers, headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.doc.id;
}

/**
 * A guest of the test's own (each test passes alone, and none sees another's erasure): registered
 * for the loyalty club with a receipt and a staff note, answered a survey, signed a waiver (held),
 * reported a concern, and is named as a dependent's contact in a waiver someone else signed
 * (held); beside them, a survey of another guest.
 */
async function aGuest() {
  const n = ++guests;
  const phone = freshPhone();
  const email = `Noor.Saleh${n}@Example.com`;
  const otherPhone = freshPhone();
  const created: Record<string, number> = {};
  const registration = await register(server, await loyaltyAnswers(server, { phone, email, first_name: 'Noor', last_name: 'Saleh' }));
  expect(registration.status).toBe(201);
  created.loyalty = registration.body.doc.id;
  const receipt = (await db().query<{ filename: string }>(`SELECT data->>'filename' AS filename FROM documents WHERE attached_to = $1`, [created.loyalty]))
    .rows[0].filename;
  created.survey = await submit(
    SATISFACTION,
    satisfactionAnswers({ telephone_number: phone, email_address: email.toLowerCase() }),
    'submit_form_satisfaction_survey',
  );
  created.waiver = await submit(IFLY, waiverAnswers({ phone }));
  created.report = await submit(
    WHISTLE,
    { incident_or_concern: 'The fire exit is locked at night.', acknowledgement: true, contact_phone: phone },
    'submit_form_whistle_blower',
  );
  // A waiver signed by someone else, naming the guest's phone inside a dependent (the database is the only way to write a nested phone today).
  const nested = await db().query<{ id: number }>(`INSERT INTO documents (collection, data, reference) VALUES ($1, $2, $3) RETURNING id`, [
    IFLY,
    JSON.stringify(waiverAnswers({ phone: '+97433445566', dependents: [{ name: 'Noor Saleh', contact: { phone } }] })),
    `NEST-ED${String(n).padStart(2, '0')}-01`,
  ]);
  created.nested = nested.rows[0].id;
  created.other = await submit(SATISFACTION, satisfactionAnswers({ telephone_number: otherPhone }), 'submit_form_satisfaction_survey');
  const note = await server.api(`/api/${LOYALTY}/${created.loyalty}/followup`, { method: 'PATCH', json: { note: 'Asked for a paper card.' }, as: 'staff' });
  expect(note.status).toBe(200);
  /** The same phone as a person types it: spaces, no plus. */
  const typedPhone = `${phone.slice(1, 4)} ${phone.slice(4, 8)} ${phone.slice(8)}`;
  const hash = (person: { phone?: string; email?: string }) => personHash(readPerson(person, 'en'), server.ctx.jwtSecret);
  return { phone, email, otherPhone, typedPhone, created, receipt, hash };
}

describe('finding what is held about a person', () => {
  it('finds every submission holding the phone, typed any way, across the forms the admin reads and inside dependents, waivers marked held', async () => {
    const { phone: PHONE, typedPhone: TYPED_PHONE, created } = await aGuest();
    const answer = await search(`phone=${encodeURIComponent(TYPED_PHONE)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.by).toBe('phone');
    expect(answer.body.value).toBe(PHONE);
    const byId = new Map(answer.body.docs.map((doc: { id: number }) => [doc.id, doc]));
    expect([...byId.keys()].sort()).toEqual([created.loyalty, created.survey, created.waiver, created.nested].sort());
    expect(byId.get(created.loyalty)).toMatchObject({ form: 'loyalty-registration', held: false, heldUntil: null });
    const waiver = byId.get(created.waiver) as { held: boolean; heldUntil: string; createdAt: string; form: string };
    expect(waiver).toMatchObject({ form: 'ifly-waiver', held: true });
    expect(new Date(waiver.heldUntil).getUTCFullYear() - new Date(waiver.createdAt).getUTCFullYear()).toBe(7);
  });

  it('shows a whistle-blower report only to an admin who is also compliance: another admin does not learn that the person made one', async () => {
    const { phone: PHONE, created } = await aGuest();
    const compliance = await server.api(`/api/privacy/search?phone=${encodeURIComponent(PHONE)}`, {
      as: 'none',
      headers: await server.staffAs(['admin', 'compliance']),
    });
    expect(compliance.body.docs.map((doc: { id: number }) => doc.id)).toContain(created.report);
    expect(JSON.stringify((await search(`phone=${encodeURIComponent(PHONE)}`)).body)).not.toContain('whistle-blower');
  });

  it('finds by email without regard to case', async () => {
    const { email, created } = await aGuest();
    const answer = await search(`email=${encodeURIComponent(email.toLowerCase().replace('example', 'EXAMPLE'))}`);
    expect(answer.status).toBe(200);
    expect(answer.body.docs.map((doc: { id: number }) => doc.id).sort()).toEqual([created.loyalty, created.survey].sort());
  });

  it('reads the index of the emails and phones the submissions hold, not every answer of every submission', async () => {
    const { email: EMAIL } = await aGuest();
    const scans = async () => {
      await db().query('SELECT pg_stat_force_next_flush()');
      return (await db().query<{ idx_scan: string }>(`SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'documents_person_keys'`)).rows.map(
        (row) => Number(row.idx_scan),
      );
    };
    const [before] = await scans();
    expect((await search(`email=${encodeURIComponent(EMAIL)}`)).body.docs).toHaveLength(2);
    expect(await scans()).toEqual([before + 1]);
  });

  it('can find every valid phone of every country and every email it accepts: each is a key of that index, however it was stored', async () => {
    const stored: string[] = [];
    const searched: string[] = [];
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (!example) continue;
      const person = readPerson({ phone: example.formatInternational() }, 'en');
      stored.push(example.number, example.number.slice(1));
      searched.push(...person.matches);
    }
    for (const email of ['a@b.co', 'Noor.Saleh+club@Example.COM', 'نور@مثال.قطر', "o'neil@x.y.z"]) {
      stored.push(email);
      searched.push(...readPerson({ email }, 'en').matches);
    }
    expect(searched.length).toBeGreaterThan(400);
    const { rows } = await db().query<{ keys: string[] }>(
      `SELECT person_keys(jsonb_build_object('dependents', jsonb_build_array(jsonb_build_object('contact', $1::jsonb)))) AS keys`,
      [JSON.stringify(stored)],
    );
    expect(searched.filter((match) => !rows[0].keys.includes(match))).toEqual([]);
  });

  it("refuses bad input with a 400 naming the field, in the caller's language", async () => {
    const PHONE = freshPhone();
    const phone = await search('phone=12', { as: 'staff', headers: { 'accept-language': 'ar' } } as never);
    expect(phone.status).toBe(400);
    expect(phone.body.errors[0].data.errors[0].path).toBe('phone');
    expect(phone.body.errors[0].data.errors[0].message).toMatch(/[\u0600-\u06FF]/);
    const email = await search('email=not-an-email');
    expect(email.status).toBe(400);
    expect(email.body.errors[0].data.errors[0].path).toBe('email');
    const nothing = await search('');
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors[0].data.errors[0].path).toBe('email');
    const both = await search(`email=a%40b.com&phone=${encodeURIComponent(PHONE)}`);
    expect(both.status).toBe(400);
  });

  it('is for admins only: 401 signed out or with the public key, 403 for every other role', async () => {
    const { phone: PHONE } = await aGuest();
    expect((await search(`phone=${encodeURIComponent(PHONE)}`, { as: 'none' } as never)).status).toBe(401);
    expect((await search(`phone=${encodeURIComponent(PHONE)}`, { as: 'public' } as never)).status).toBe(401);
    for (const roles of [['editor'], ['viewer'], ['manager'], ['hr'], ['compliance'], ['desk'], ['employee']] as const) {
      const headers = await server.staffAs(roles, roles[0] === 'manager' ? ['cova'] : []);
      for (const pathname of [`/api/privacy/search?phone=${encodeURIComponent(PHONE)}`, `/api/privacy/export?phone=${encodeURIComponent(PHONE)}`]) {
        expect((await server.api(pathname, { as: 'none', headers })).status, `${roles[0]} ${pathname}`).toBe(403);
      }
      const erase = await server.api('/api/privacy/erase', { as: 'none', headers, json: { phone: PHONE, reason: 'test', confirm: true } });
      expect(erase.status).toBe(403);
    }
  });
});

describe('exporting it', () => {
  it('gives the answers, the staff notes and the file names as a JSON download', async () => {
    const { phone: PHONE, email: EMAIL, created, receipt } = await aGuest();
    const answer = await server.api(`/api/privacy/export?phone=${encodeURIComponent(PHONE)}`, admin());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="privacy-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const byId = new Map(answer.body.submissions.map((doc: { id: number }) => [doc.id, doc]));
    expect(byId.get(created.loyalty)).toMatchObject({
      answers: { first_name: 'Noor', last_name: 'Saleh', phone: PHONE, email: EMAIL },
      notes: [{ text: 'Asked for a paper card.' }],
      files: [{ name: receipt, type: 'image/png' }],
    });
    expect(byId.get(created.waiver)).toMatchObject({ held: true, answers: { name: 'Noor Saleh', phone: PHONE } });
    expect((byId.get(created.waiver) as { evidence: unknown }).evidence).not.toBeNull();
    expect(byId.has(created.report)).toBe(false);
  });

  it("gives a readable HTML copy in the caller's language, right to left in Arabic, with no script", async () => {
    const { phone: PHONE, email: EMAIL } = await aGuest();
    const answer = await server.api(`/api/privacy/export?phone=${encodeURIComponent(PHONE)}&format=html&locale=ar`, admin());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const html = answer.body as string;
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('البيانات المحفوظة عن');
    expect(html).toContain('Asked for a paper card.');
    expect(html).toContain('Saleh');
    expect(html).not.toMatch(/<script/i);
    const fr = await server.api(`/api/privacy/export?email=${encodeURIComponent(EMAIL)}&format=html&locale=fr`, admin());
    expect(fr.body).toContain(`Ce que nous conservons sur ${EMAIL.toLowerCase()}`);
    expect((await server.api(`/api/privacy/export?phone=${encodeURIComponent(PHONE)}&format=pdf`, admin())).body.errors[0].data.errors[0].path).toBe('format');
  });
});

describe('erasing it', () => {
  const erase = (json: unknown, headers: Record<string, string> = {}) => server.api('/api/privacy/erase', { as: 'staff', json, headers });

  it('needs a reason and a confirmation, each refused by name, and erases nothing meanwhile', async () => {
    const { phone: PHONE } = await aGuest();
    const noReason = await erase({ phone: PHONE, reason: '  ', confirm: true }, { 'accept-language': 'fr' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].data.errors[0]).toMatchObject({ path: 'reason', message: expect.stringContaining('motif') });
    const unconfirmed = await erase({ phone: PHONE, reason: 'Request by email of 2026-11-20' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.errors[0].data.errors[0].path).toBe('confirm');
    expect((await erase({ phone: PHONE, reason: 'x'.repeat(501), confirm: true })).body.errors[0].data.errors[0].path).toBe('reason');
    const wrongType = await erase({ phone: PHONE, reason: 42, confirm: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toMatch(/reason|confirm/);
    expect((await search(`phone=${encodeURIComponent(PHONE)}`)).body.docs).toHaveLength(4);
  });

  it('deletes everything but the held waivers, files included, reports the waivers with their end, and audits counts and the reason only', async () => {
    const { phone: PHONE, typedPhone: TYPED_PHONE, created, receipt, hash } = await aGuest();
    const receiptPath = path.join(server.config.dataDir, 'uploads', LOYALTY_MEDIA, receipt);
    expect(fs.existsSync(receiptPath)).toBe(true);
    const answer = await erase({ phone: TYPED_PHONE, reason: 'Request by email of 2026-11-20', confirm: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ erased: 2, files: 1 });
    expect(answer.body.held.map((held: { reference: string }) => held.reference).sort()).toHaveLength(2);
    expect(answer.body.held[0].heldUntil).toMatch(/^\d{4}-/);
    expect(fs.existsSync(receiptPath)).toBe(false);

    const { rows } = await db().query<{ id: number }>('SELECT id FROM documents WHERE id = ANY($1::int[])', [Object.values(created)]);
    // The report is compliance's to erase: this admin does not read it.
    expect(rows.map((row) => row.id).sort()).toEqual([created.waiver, created.report, created.nested, created.other].sort());
    const notes = await db().query('SELECT 1 FROM followup_notes WHERE document_id = $1', [created.loyalty]);
    expect(notes.rows).toHaveLength(0);
    expect((await search(`phone=${encodeURIComponent(PHONE)}`)).body.docs.map((doc: { id: number }) => doc.id).sort()).toEqual(
      [created.waiver, created.nested].sort(),
    );

    const audit = await db().query<{ user_email: string; detail: Record<string, unknown> }>(
      `SELECT user_email, detail FROM audit_log WHERE action = 'privacy-erase' AND detail->>'person' = $1`,
      [hash({ phone: PHONE })],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      user_email: 'staff@example.com',
      detail: {
        by: 'phone',
        reason: 'Request by email of 2026-11-20',
        erased: 2,
        files: 1,
        held: 2,
        forms: { 'loyalty-registration': 1, 'satisfaction-survey': 1 },
      },
    });
    expect(audit.rows[0].detail.person).toMatch(/^[0-9a-f]{64}$/);
    const everyPrivacyEntry = JSON.stringify((await db().query(`SELECT detail FROM audit_log WHERE target = 'privacy'`)).rows);
    expect(everyPrivacyEntry).not.toContain(PHONE.slice(1));
    expect(everyPrivacyEntry).not.toMatch(/noor|saleh|fire exit/i);
  });

  it('an admin who is also compliance erases the whistle-blower report too', async () => {
    const { phone: PHONE, created } = await aGuest();
    const answer = await server.api('/api/privacy/erase', {
      as: 'none',
      headers: await server.staffAs(['admin', 'compliance']),
      json: { phone: PHONE, reason: 'Request by email of 2026-11-20', confirm: true },
    });
    expect(answer.body).toMatchObject({ erased: 3, files: 1 });
    expect(answer.body.held).toHaveLength(2);
    expect((await db().query('SELECT 1 FROM documents WHERE id = $1', [created.report])).rows).toHaveLength(0);
  });
});

describe('the audit log after an erasure', () => {
  const auditText = async () => JSON.stringify((await db().query('SELECT detail FROM audit_log')).rows);

  it("keeps an export's filter as its fields and operators, never the values typed", async () => {
    const { email } = await aGuest();
    const filters = [
      `where[email][equals]=${encodeURIComponent(email)}&where[or][0][phone][like]=5512`,
      `where=${encodeURIComponent(JSON.stringify({ and: [{ email: { like: email } }, { createdAt: { greater_than: '2020-01-01' } }] }))}`,
    ];
    for (const filter of filters) {
      const csv = await server.api(`/api/${LOYALTY}/export.csv?${filter}`, admin());
      expect(csv.status).toBe(200);
    }
    const { rows } = await db().query<{ detail: unknown }>(
      `SELECT detail FROM audit_log WHERE action = 'export-submissions' AND target = $1 ORDER BY id DESC LIMIT 2`,
      [LOYALTY],
    );
    expect(rows.map((row) => row.detail)).toEqual([{ where: ['createdAt greater_than', 'email like'] }, { where: ['email equals', 'phone like'] }]);
    expect((await auditText()).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('redacts every entry that names the person and the reason of a hold on an erased submission; the keyed hash of the person stays', async () => {
    const { email, created, hash } = await aGuest();
    // An export audited as it was before filters were audited by their fields: the email as typed.
    await db().query(`INSERT INTO audit_log (user_email, action, target, detail) VALUES ('staff@example.com', 'export-submissions', $1, $2)`, [
      LOYALTY,
      JSON.stringify({ where: { email: { equals: email } } }),
    ]);
    // A hold whose reason names the person, lifted since.
    expect((await server.api(`/api/privacy/holds/${created.survey}`, { method: 'PUT', as: 'staff', json: { reason: 'Claim 7 of Noor Saleh' } })).status).toBe(
      200,
    );
    expect((await server.api(`/api/privacy/holds/${created.survey}`, { method: 'DELETE', as: 'staff' })).status).toBe(200);
    expect((await search(`email=${encodeURIComponent(email)}`)).status).toBe(200);

    const erased = await server.api('/api/privacy/erase', {
      as: 'staff',
      json: { email, reason: `Ticket 42, asked by ${email.toUpperCase()}`, confirm: true },
    });
    expect(erased.body).toMatchObject({ erased: 2 });

    const text = await auditText();
    expect(text.toLowerCase()).not.toContain(email.toLowerCase());
    expect(text).not.toContain('Noor Saleh');
    const entries = async (action: string, where: string, value: string) =>
      (
        await db().query<{ detail: Record<string, unknown> }>(`SELECT detail FROM audit_log WHERE action = $1 AND ${where} = $2 ORDER BY id`, [action, value])
      ).rows.map((row) => row.detail);
    expect(await entries('privacy-hold', 'document_id', String(created.survey))).toEqual([{ reason: '(erased)' }]);
    expect(await entries('privacy-search', "detail->>'person'", hash({ email }))).toHaveLength(1);
    expect(await entries('privacy-erase', "detail->>'person'", hash({ email }))).toEqual([
      expect.objectContaining({ reason: 'Ticket 42, asked by (erased)', redacted: 2 }),
    ]);
  });
});

describe('a legal hold on one submission', () => {
  const hold = (id: number, json: unknown, headers: Record<string, string> = {}) =>
    server.api(`/api/privacy/holds/${id}`, { method: 'PUT', as: 'staff', json, headers });
  const expire = () =>
    expireSubmissions(
      db(),
      server.ctx.uploads,
      server.ctx.registry.forms.map((form) => form.compiled),
    );

  it('needs a reason, an admin and a submission', async () => {
    const { created } = await aGuest();
    const noReason = await hold(created.other, { reason: ' ' }, { 'accept-language': 'ar' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].data.errors[0]).toMatchObject({ path: 'reason', message: expect.stringMatching(/[\u0600-\u06FF]/) });
    expect(
      (await server.api(`/api/privacy/holds/${created.other}`, { method: 'PUT', as: 'none', headers: await server.staffAs(['viewer']), json: { reason: 'x' } }))
        .status,
    ).toBe(403);
    expect((await hold(999_999, { reason: 'Claim 12' })).status).toBe(404);
  });

  it('keeps the submission from the retention job and from erasure until lifted, each step audited with its reason', async () => {
    const { otherPhone: OTHER_PHONE, created } = await aGuest();
    expect((await hold(created.other, { reason: 'Insurance claim 2026-118' })).body).toEqual({ id: created.other, holdPlaced: true });
    const found = await search(`phone=${encodeURIComponent(OTHER_PHONE)}`);
    expect(found.body.docs).toEqual([expect.objectContaining({ id: created.other, held: true, holdPlaced: true, heldUntil: null })]);
    const erased = await server.api('/api/privacy/erase', { as: 'staff', json: { phone: OTHER_PHONE, reason: 'Request by phone', confirm: true } });
    expect(erased.body).toMatchObject({ erased: 0, held: [{ form: 'satisfaction-survey', heldUntil: null }] });

    // Whoever asks to delete it by id (a request that chose it before the hold) is refused it.
    expect(await deleteSubmissions(db(), server.ctx.uploads, [created.other])).toEqual({ submissions: 0, files: 0 });
    await db().query(`UPDATE documents SET created_at = now() - interval '3 years' WHERE id = $1`, [created.other]);
    expect((await expire()).find((count) => count.form === 'satisfaction-survey')?.submissions).toBe(0);
    expect((await db().query('SELECT 1 FROM documents WHERE id = $1', [created.other])).rows).toHaveLength(1);

    const lifted = await server.api(`/api/privacy/holds/${created.other}`, { method: 'DELETE', as: 'staff' });
    expect(lifted.body).toEqual({ id: created.other, holdPlaced: false });
    expect((await expire()).find((count) => count.form === 'satisfaction-survey')?.submissions).toBe(1);
    const audit = await db().query<{ action: string; document_id: string; detail: Record<string, unknown> | null }>(
      `SELECT action, document_id, detail FROM audit_log WHERE action IN ('privacy-hold', 'privacy-release') AND document_id = $1 ORDER BY id`,
      [String(created.other)],
    );
    expect(audit.rows).toEqual([
      { action: 'privacy-hold', document_id: String(created.other), detail: { reason: 'Insurance claim 2026-118' } },
      { action: 'privacy-release', document_id: String(created.other), detail: null },
    ]);
  });
});

describe('the rate limit', () => {
  it('answers 429 once an address has made RATE_LIMIT_PER_MINUTE requests in a minute', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 2 });
    try {
      const statuses = [];
      for (let n = 0; n < 3; n++) statuses.push((await limited.api(`/api/privacy/search?phone=${encodeURIComponent(freshPhone())}`, { as: 'staff' })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
