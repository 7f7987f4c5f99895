// A party's organiser in data-subject requests and retention, with the real server and database:
// the search by the organiser's email or phone finds the parties they organised (only of the forms
// the caller reads), the export (JSON and HTML) holds them, erasure empties the organiser's name,
// phone and email (the party and its signers' own waivers stay; the roster link leads nowhere;
// the queued roster mail goes); the retention job and `npm run retention` delete a party once its
// visit day is older than its waiver's retention, counted in a dry run and audited with counts only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { PARTY_HEADER, type Party } from '../../src/engine/contract/parties.ts';
import type { PrivacyEraseAnswer, PrivacyExport, PrivacySearchAnswer } from '../../src/engine/contract/privacy.ts';
import { dohaDay } from '../../src/engine/waivers/waiver-validity.ts';
import { signRosterToken } from '../../src/server/features/parties/roster-link.ts';
import { expireSubmissions } from '../../src/server/features/retention/index.ts';
import { IFLY, minor, waiverAnswers } from './samples.ts';

let server: TestServer;
let desk: Record<string, string>;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  desk = await server.staffAs(['desk'], ['ifly']);
});
afterAll(() => server?.close());

const admin = { as: 'staff' as const };

/** A party made at the desk, for today, with a fresh organiser (email typed with capitals: compared without case). */
async function organise(): Promise<{ party: Party; email: string; phone: string }> {
  counter += 1;
  const email = `Organiser.${process.pid}.${counter}@Example.com`;
  const phone = `+9745560${String(1000 + counter).padStart(4, '0')}`;
  const made = await server.api('/api/parties?locale=en', {
    as: 'none',
    headers: desk,
    json: { form: 'ifly-waiver', visitDate: dohaDay(Date.now()), name: 'Huda Organiser', phone, email, expected: 4, lang: 'ar' },
  });
  expect(made.status).toBe(201);
  return { party: made.body.doc, email, phone };
}

const signFor = (code: string, answers: Record<string, unknown>) => server.api(`/api/${IFLY}?locale=en`, { json: answers, headers: { [PARTY_HEADER]: code } });

describe("a party's organiser in data-subject requests", () => {
  it('is found by their email (any case) or phone; the export holds the party in JSON and HTML', async () => {
    const { party, email, phone } = await organise();
    const byEmail = await server.api<PrivacySearchAnswer>(`/api/privacy/search?email=${encodeURIComponent(email.toUpperCase())}`, admin);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.parties).toEqual([{ id: party.id, code: party.code, form: 'ifly-waiver', visitDate: party.visitDate, createdAt: party.createdAt }]);
    const byPhone = await server.api<PrivacySearchAnswer>(`/api/privacy/search?phone=${encodeURIComponent(phone.slice(4))}&locale=en`, admin);
    // The phone typed without its country code is no phone: the search names the field.
    expect(byPhone.status).toBe(400);
    const typed = await server.api<PrivacySearchAnswer>(`/api/privacy/search?phone=${encodeURIComponent(`${phone.slice(0, 4)} ${phone.slice(4)}`)}`, admin);
    expect(typed.body.parties.map((found) => found.code)).toEqual([party.code]);

    const json = await server.api<PrivacyExport>(`/api/privacy/export?email=${encodeURIComponent(email)}`, admin);
    expect(json.status).toBe(200);
    expect(json.body.parties).toEqual([
      expect.objectContaining({ code: party.code, organiser: { name: 'Huda Organiser', phone, email }, expected: 4, lang: 'ar' }),
    ]);
    const html = await server.api(`/api/privacy/export?phone=${encodeURIComponent(phone)}&format=html&locale=ar`, admin);
    expect(html.status).toBe(200);
    const page = html.body as string;
    expect(page).toContain('المجموعات التي نظّمها: 1');
    expect(page).toContain('اسم المنظّم');
    expect(page).toContain(`<bdi>${party.code}</bdi>`);
    expect(page).toContain(`<bdi>${email}</bdi>`);
    expect(page).not.toMatch(/<script/i);
  });

  it('is searched for by admins only: the desk that made the party may make no request', async () => {
    const { email } = await organise();
    expect((await server.api(`/api/privacy/search?email=${encodeURIComponent(email)}`, { headers: desk, as: 'none' })).status).toBe(403);
  });

  it("erasure empties the organiser's fields, keeps the party and its signers' waivers, ends the roster link and the queued mail", async () => {
    const { party, email } = await organise();
    const signed = await signFor(party.code, waiverAnswers({ name: 'Noor Signer', dependents: [minor('Lina Signer')] }));
    expect(signed.status).toBe(201);
    const token = signRosterToken(server.ctx.jwtSecret, party.id, party.visitDate, 'ar');
    expect((await server.api(`/api/parties/roster/${token}`)).status).toBe(200);
    const mails = () => server.ctx.db.query(`SELECT id FROM outbox WHERE kind = 'party-roster' AND source_id = $1`, [party.id]);
    expect((await mails()).rows).toHaveLength(1);

    const erased = await server.api<PrivacyEraseAnswer>('/api/privacy/erase', { ...admin, json: { email, reason: 'Ticket 4411', confirm: true } });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ erased: 0, parties: 1 });
    const { rows } = await server.ctx.db.query<Record<string, unknown>>(
      `SELECT organiser_name, organiser_phone, organiser_email, organiser_erased_at IS NOT NULL AS erased FROM parties WHERE id = $1`,
      [party.id],
    );
    expect(rows[0]).toEqual({ organiser_name: '', organiser_phone: '', organiser_email: '', erased: true });
    expect((await mails()).rows).toHaveLength(0);
    expect((await server.api(`/api/parties/roster/${token}`)).status).toBe(404);
    // The signer's waiver is their own record, still linked to the party the desk sees.
    const roster = await server.api(`/api/parties/${party.id}/roster`, { headers: desk, as: 'none' });
    expect(roster.status).toBe(200);
    expect(roster.body.people.map((person: { name: string }) => person.name)).toEqual(['Noor Signer', 'Lina Signer']);
    expect(roster.body.party.organiser).toEqual({ name: '', phone: '', email: '' });
    // Found no more; the audit entry counts the party, never the address.
    expect((await server.api<PrivacySearchAnswer>(`/api/privacy/search?email=${encodeURIComponent(email)}`, admin)).body.parties).toEqual([]);
    const audit = await server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'privacy-erase' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].detail).toMatchObject({ parties: 1 });
    expect(JSON.stringify(audit.rows[0].detail).toLowerCase()).not.toContain(email.toLowerCase());
  });
});

describe('parties in retention', () => {
  const forms = () => server.ctx.registry.forms.map((form) => form.compiled);
  const visitAgo = (id: number, interval: string) =>
    server.ctx.db.query(`UPDATE parties SET visit_date = (now() - $2::interval)::date WHERE id = $1`, [id, interval]);

  it("deletes a party once its visit day is older than its waiver's retention (P7Y), dry run counted first, audited with counts only", async () => {
    const old = await organise();
    const recent = await organise();
    const signed = await signFor(old.party.code, waiverAnswers({ name: 'Old Signer' }));
    expect(signed.status).toBe(201);
    await visitAgo(old.party.id, '7 years 2 days');
    await visitAgo(recent.party.id, '6 years 11 months');
    const exists = async (id: number) => (await server.ctx.db.query('SELECT id FROM parties WHERE id = $1', [id])).rows.length === 1;

    const dry = await expireSubmissions(server.ctx.db, server.ctx.uploads, forms(), { dryRun: true });
    expect(dry.find((count) => count.form === 'ifly-waiver')).toMatchObject({ parties: 1 });
    expect(await exists(old.party.id)).toBe(true);

    const counts = await expireSubmissions(server.ctx.db, server.ctx.uploads, forms());
    expect(counts.find((count) => count.form === 'ifly-waiver')).toMatchObject({ parties: 1 });
    expect(await exists(old.party.id)).toBe(false);
    expect(await exists(recent.party.id)).toBe(true);
    // Its roster mail went with it; the waiver signed through it stays (its own date, its own retention).
    expect((await server.ctx.db.query(`SELECT id FROM outbox WHERE kind = 'party-roster' AND source_id = $1`, [old.party.id])).rows).toHaveLength(0);
    expect((await server.ctx.db.query('SELECT id FROM documents WHERE id = $1', [signed.body.doc.id])).rows).toHaveLength(1);
    const audit = await server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'retention-delete' AND detail->>'form' = 'ifly-waiver' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].detail).toEqual({ form: 'ifly-waiver', retention: 'P7Y', count: 0, files: 0, parties: 1 });
  });
});
