// The waiver desk: a desk account finds signed waivers of its attractions by a full phone, a whole
// word of a name, a QID/passport number or a Form ID, sees until when each is valid and whether the
// terms changed since, sees document numbers and phones masked until it opens one person (audited),
// and checks the signer or a dependent in (audited). It reads nothing else; other roles cannot use it.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedDataDir, startTestServer, type TestServer } from '../support/server.ts';
import { waiverExpired, waiverValidUntil } from '../../src/engine/waivers/waiver-validity.ts';
import { errorPaths, IFLY, laserWaiverAnswers, minor, waiverAnswers } from './samples.ts';
import { buildWithChangedTerms } from './changed-forms.ts';

const LASER = 'laser-oasis-waiver-forms';

let dataDir: string;
let server: TestServer;
let desk: Record<string, string>;
/** The desk of both attractions most tests sign at (staffAs names the account by its roles and venues). */
const DESK_ATTRACTIONS = ['ifly', 'laser-oasis'];
const DESK_EMAIL = 'desk.ifly.laser-oasis@roles.example.com';
beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = await startTestServer({ dataDir });
  desk = await server.staffAs(['desk'], DESK_ATTRACTIONS);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A Qatar mobile number no other test uses. */
const uniquePhone = () => `+9745${String(randomInt(1_000_000, 9_999_999))}`;
const uniqueDocument = () => `QA${randomInt(100_000_000, 999_999_999)}`;

async function signWaiver(collection: string, overrides: Record<string, unknown> = {}) {
  const answers = (collection === LASER ? laserWaiverAnswers : waiverAnswers)({ phone: uniquePhone(), qid: uniqueDocument(), ...overrides });
  const created = await server.api(`/api/${collection}`, { json: answers });
  expect(created.status).toBe(201);
  return { doc: created.body.doc, answers };
}

const search = async (q: string, headers: Record<string, string> = desk, locale = '') =>
  server.api(`/api/waivers/search?q=${encodeURIComponent(q)}${locale && `&locale=${locale}`}`, { as: 'none', headers });
const idsOf = (body: { docs: { id: number }[] }) => body.docs.map((doc) => doc.id);
const open = (id: number, headers: Record<string, string> = desk) => server.api(`/api/waivers/${id}`, { as: 'none', headers });
/** A document number or phone as the search shows it: all but its last 4 characters hidden. */
const masked = (value: string) => `${'•'.repeat(value.length - 4)}${value.slice(-4)}`;

describe('the desk finds a waiver', () => {
  it('by phone as the guest says it (local 8 digits, with +974, with 00974), showing the signer, each dependent and validity', async () => {
    const { doc, answers } = await signWaiver(IFLY);
    const local = (answers.phone as string).slice(4);
    for (const typed of [local, `+974 ${local}`, `00974${local}`]) {
      const found = await search(typed);
      expect(found.status, typed).toBe(200);
      expect(idsOf(found.body), typed).toEqual([doc.id]);
    }
    const [result] = (await search(local)).body.docs;
    expect(result).toMatchObject({
      reference: doc.reference,
      form: 'ifly-waiver',
      title: { en: 'iFly Waiver Form' },
      signer: { name: 'Noor Saleh', document: masked(answers.qid as string), phone: masked(answers.phone as string) },
      dependents: [
        { name: 'Lina Saleh', document: masked('P1234567') },
        { name: 'Omar Saleh', document: null },
      ],
      masked: true,
      visitDate: answers.visit_date,
      // iFly declares no validFor: the visit date only.
      validUntil: answers.visit_date,
      expired: false,
      newTermsSince: false,
      mustSignNewTerms: false,
      checkIns: [],
    });
    expect(result.signature).toBeUndefined();
  });

  it('by QID/passport number (the signer’s or a dependent’s, any case), by Form ID as read aloud, and by words of a name', async () => {
    const dependentDocument = uniqueDocument();
    const surname = `Zz${randomInt(100_000, 999_999)}`;
    const { doc, answers } = await signWaiver(IFLY, { name: `Mariam ${surname}`, dependents: [minor(`Yousef ${surname}`, { qid: dependentDocument })] });
    expect(idsOf((await search(answers.qid as string)).body)).toEqual([doc.id]);
    expect(idsOf((await search((answers.qid as string).toLowerCase())).body)).toEqual([doc.id]);
    expect(idsOf((await search(dependentDocument)).body)).toEqual([doc.id]);
    expect(idsOf((await search(doc.reference.replace(/-/g, '').toLowerCase())).body)).toEqual([doc.id]);
    expect(idsOf((await search(`mariam ${surname.toLowerCase()}`)).body)).toEqual([doc.id]);
    // Whole words only: the start of a name finds nobody.
    expect((await search(`mar ${surname.toLowerCase()}`)).body.docs).toEqual([]);
    expect((await search(`Mariam ${surname.slice(0, -1)}`)).body.docs).toEqual([]);
    // A dependent's name finds the waiver that lists them.
    expect(idsOf((await search(`yousef ${surname}`)).body)).toEqual([doc.id]);
    expect((await search(`nobody${surname}`)).body.docs).toEqual([]);
  });

  it('across every waiver form, each valid as long as its definition says (Laser Oasis: a year from the visit date)', async () => {
    const phone = uniquePhone();
    const laser = await signWaiver(LASER, { phone });
    const ifly = await signWaiver(IFLY, { phone });
    const found = (await search(phone)).body.docs;
    expect(found.map((doc: { id: number }) => doc.id)).toEqual([ifly.doc.id, laser.doc.id]);
    const visit = laser.answers.visit_date as string;
    const [y, m, d] = visit.split('-').map(Number);
    const lastDay = new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
    expect(found[1]).toMatchObject({ form: 'laser-oasis-waiver', validUntil: lastDay, expired: false });
  });

  it('says Expired once the visit date has passed', async () => {
    const { doc, answers } = await signWaiver(IFLY);
    await server.ctx.db.query(`UPDATE documents SET data = jsonb_set(data, '{visit_date}', '"2025-03-01"') WHERE id = $1`, [doc.id]);
    const [result] = (await search(answers.phone as string)).body.docs;
    expect(result).toMatchObject({ visitDate: '2025-03-01', validUntil: '2025-03-01', expired: true });
  });

  it('asks for a whole word of a name of 3 letters or more, a full phone number, a QID/passport number or a Form ID, in the caller’s language, naming the search box', async () => {
    // Its own account: these searches stay out of the per-account budget the other tests share.
    const search = (q: string, headers?: Record<string, string>, locale = '') => searchAs(q, headers, locale);
    const searchAs = async (q: string, headers: Record<string, string> | undefined, locale: string) =>
      server.api(`/api/waivers/search?q=${encodeURIComponent(q)}${locale && `&locale=${locale}`}`, {
        as: 'none',
        headers: headers ?? (await server.staffAs(['desk'], ['ski'])),
      });
    // One letter per word matched everyone (the review's `n n n`); part of a number matches nobody anyway.
    for (const q of ['', '  ', 'ab', ' 5 1 ', 'n n n', 'a b c d e', 'no sa', '5550', '%%%___']) {
      const answer = await search(q);
      expect(answer.status, q).toBe(400);
      expect(errorPaths(answer.body), q).toEqual(['q']);
    }
    expect((await search('n n n')).body.errors[0].data.errors[0].message).toBe(
      'Type a whole word of a name (at least 3 letters), a full phone number, a QID/passport number or a Form ID.',
    );
    expect((await search('n n n', undefined, 'ar')).body.errors[0].data.errors[0].message).toMatch(/^اكتب كلمة كاملة من الاسم \(3 أحرف على الأقل\)/);
    for (const q of ['Noor', 'al Noor', '55501234', '28463400123', 'P1234567', 'K7QM-4XW2-9D']) expect((await search(q)).status, q).toBe(200);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });

  it('answers odd searches with a 4xx or nothing found, never a server error', async () => {
    for (const query of [
      'q=abc&q=def',
      'q[]=abc',
      'q[a]=abc',
      `q=${encodeURIComponent("'; DROP TABLE documents; --")}`,
      `q=${encodeURIComponent('%%%___')}`,
      `q=${encodeURIComponent('a:* | !b & (c')}`,
      'q=%00%00%00',
    ]) {
      const answer = await server.api(`/api/waivers/search?${query}`, { as: 'none', headers: desk });
      expect(answer.status, query).toBeLessThan(500);
      if (answer.status === 200) expect(answer.body.docs, query).toEqual([]);
    }
    const odd = await server.api('/api/waivers/1/check-ins', {
      as: 'none',
      headers: { ...desk, 'content-type': 'application/json' },
      method: 'POST',
      json: undefined,
    });
    expect(odd.status).toBeLessThan(500);
    expect((await server.api('/api/waivers/abc/check-ins', { as: 'none', headers: desk, json: { person: 'signer' } })).status).toBe(404);
  });
});

describe('the desk checks guests in', () => {
  it('records who checked in which dependent and when, audited, and shows earlier check-ins', async () => {
    const { doc, answers } = await signWaiver(IFLY);
    const before = Date.now();
    const checked = await server.api(`/api/waivers/${doc.id}/check-ins`, { as: 'none', headers: desk, json: { person: 1 } });
    expect(checked.status).toBe(200);
    expect(checked.body.checkIns).toEqual([{ person: 1, by: DESK_EMAIL, at: expect.any(String) }]);
    expect(Date.parse(checked.body.checkIns[0].at)).toBeGreaterThanOrEqual(before - 1000);
    const again = await server.api(`/api/waivers/${doc.id}/check-ins`, { as: 'none', headers: desk, json: { person: 'signer' } });
    expect(again.body.checkIns.map((checkIn: { person: unknown }) => checkIn.person)).toEqual([1, 'signer']);
    const [result] = (await search(answers.phone as string)).body.docs;
    expect(result.checkIns).toEqual(again.body.checkIns);
    const { rows } = await server.ctx.db.query<{ user_email: string; target: string; detail: unknown }>(
      `SELECT user_email, target, detail FROM audit_log WHERE action = 'waiver-check-in' AND document_id = $1 ORDER BY id`,
      [doc.reference],
    );
    expect(rows).toEqual([
      { user_email: DESK_EMAIL, target: IFLY, detail: { person: 1 } },
      { user_email: DESK_EMAIL, target: IFLY, detail: { person: 'signer' } },
    ]);
  });

  it('refuses a person the waiver does not list (naming it) and an unknown waiver, storing nothing', async () => {
    const { doc } = await signWaiver(IFLY);
    for (const person of [2, -1, 1.5, 'guest', null, undefined]) {
      const answer = await server.api(`/api/waivers/${doc.id}/check-ins`, { as: 'none', headers: desk, json: { person } });
      expect(answer.status, JSON.stringify(person)).toBe(400);
    }
    const tooFar = await server.api(`/api/waivers/${doc.id}/check-ins?locale=ar`, { as: 'none', headers: desk, json: { person: 2 } });
    expect(errorPaths(tooFar.body)).toEqual(['person']);
    expect(tooFar.body.errors[0].data.errors[0].message).toMatch(/^اختر الموقّع/);
    expect((await server.api('/api/waivers/99999999/check-ins', { as: 'none', headers: desk, json: { person: 'signer' } })).status).toBe(404);
    const { rows } = await server.ctx.db.query('SELECT 1 FROM waiver_check_ins WHERE document_id = $1', [doc.id]);
    expect(rows).toEqual([]);
  });
});

describe('a desk sees its attractions only', () => {
  it('the iFly desk finds, opens and checks in iFly waivers only; a desk with no attraction finds nothing; an admin finds every one', async () => {
    const phone = uniquePhone();
    const ifly = await signWaiver(IFLY, { phone });
    const laser = await signWaiver(LASER, { phone });
    const iflyDesk = await server.staffAs(['desk'], ['ifly']);
    const laserDesk = await server.staffAs(['desk'], ['laser-oasis']);
    const nowhere = await server.staffAs(['desk']);
    expect(idsOf((await search(phone, iflyDesk)).body)).toEqual([ifly.doc.id]);
    expect(idsOf((await search(phone, laserDesk)).body)).toEqual([laser.doc.id]);
    expect(idsOf((await search(ifly.doc.reference, laserDesk)).body)).toEqual([]);
    const none = await search(phone, nowhere);
    expect(none.status).toBe(200);
    expect(none.body.docs).toEqual([]);
    expect(idsOf((await server.api(`/api/waivers/search?q=${encodeURIComponent(phone)}`, { as: 'staff' })).body)).toEqual([laser.doc.id, ifly.doc.id]);
    // Another attraction's waiver does not exist for this desk: 404, nothing stored.
    expect((await open(laser.doc.id, iflyDesk)).status).toBe(404);
    expect((await open(ifly.doc.id, nowhere)).status).toBe(404);
    expect((await server.api(`/api/waivers/${laser.doc.id}/check-ins`, { as: 'none', headers: iflyDesk, json: { person: 'signer' } })).status).toBe(404);
    expect((await server.api(`/api/waivers/${ifly.doc.id}/check-ins`, { as: 'none', headers: nowhere, json: { person: 'signer' } })).status).toBe(404);
    const { rows } = await server.ctx.db.query('SELECT 1 FROM waiver_check_ins WHERE document_id = ANY($1::int[])', [[ifly.doc.id, laser.doc.id]]);
    expect(rows).toEqual([]);
    expect((await open(ifly.doc.id, iflyDesk)).status).toBe(200);
  });

  it('attractions are given like a manager’s venues: by create-user’s --venue and on /staff/users (audited), checked against the waivers’ attractions', async () => {
    const venues = await server.api('/api/users/venues', { as: 'staff' });
    expect(venues.body.docs).toEqual(
      expect.arrayContaining([
        { slug: 'ifly', name: 'iFly Waiver Form', collection: IFLY },
        { slug: 'laser-oasis', name: expect.any(String), collection: LASER },
      ]),
    );
    const email = `desk-${randomInt(1_000_000)}@example.com`;
    const created = await server.api('/api/users', {
      as: 'staff',
      json: { email, password: 'a long enough passphrase 42', roles: ['desk'], venues: ['ifly'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.doc).toMatchObject({ roles: ['desk'], venues: ['ifly'] });
    const { rows } = await server.ctx.db.query<{ detail: unknown }>(`SELECT detail FROM audit_log WHERE action = 'change-roles' AND document_id = $1`, [
      String(created.body.doc.id),
    ]);
    expect(rows).toEqual([{ detail: { granted: ['desk'], removed: [], venuesAdded: ['ifly'], venuesRemoved: [] } }]);
    const unknown = await server.api('/api/users', {
      as: 'staff',
      json: { email: `x${email}`, password: 'a long enough passphrase 42', roles: ['desk'], venues: ['waterpark'] },
    });
    expect(unknown.status).toBe(400);
    expect(errorPaths(unknown.body)).toEqual(['venues']);
  });
});

describe('document numbers and phones', () => {
  it('are masked to their last 4 in every search result, and shown in full only when the desk opens that waiver, audited without the values', async () => {
    const { doc, answers } = await signWaiver(IFLY);
    const found = await search(answers.phone as string);
    const text = JSON.stringify(found.body);
    for (const value of [answers.qid as string, answers.phone as string, 'P1234567']) expect(text, value).not.toContain(value);
    expect(found.body.docs[0]).toMatchObject({ masked: true, signer: { document: masked(answers.qid as string), phone: masked(answers.phone as string) } });

    const opened = await open(doc.id);
    expect(opened.status).toBe(200);
    expect(opened.body.doc).toMatchObject({
      id: doc.id,
      reference: doc.reference,
      masked: false,
      signer: { name: 'Noor Saleh', document: answers.qid, phone: answers.phone },
      dependents: [
        { name: 'Lina Saleh', document: 'P1234567' },
        { name: 'Omar Saleh', document: null },
      ],
    });
    const { rows } = await server.ctx.db.query<{ user_email: string; target: string; detail: unknown; at: Date }>(
      `SELECT user_email, target, detail, at FROM audit_log WHERE action = 'waiver-open' AND document_id = $1`,
      [doc.reference],
    );
    expect(rows).toEqual([{ user_email: DESK_EMAIL, target: IFLY, detail: null, at: expect.any(Date) }]);
    const { rows: all } = await server.ctx.db.query<{ detail: unknown }>('SELECT detail FROM audit_log');
    for (const value of [answers.qid as string, answers.phone as string, 'P1234567']) expect(JSON.stringify(all), value).not.toContain(value);
    for (const id of ['abc', '0', '99999999']) expect((await server.api(`/api/waivers/${id}`, { as: 'none', headers: desk })).status, id).toBe(404);
  });
});

describe('a desk account’s searches and openings', () => {
  it('are limited per account: past the budget a 429 with Retry-After, while another desk searches on', async () => {
    const { doc, answers } = await signWaiver(IFLY);
    const busy = await server.staffAs(['desk'], ['ifly', 'ski']);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await search(answers.phone as string, busy)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const refused = await search(answers.phone as string, busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await search(answers.phone as string)).status).toBe(200);

    const openings: number[] = [];
    for (let i = 0; i < 31; i++) openings.push((await open(doc.id, busy)).status);
    expect(openings.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(openings[30]).toBe(429);
    expect((await open(doc.id)).status).toBe(200);
  });
});

describe('who may use the desk', () => {
  it('a desk account reads no submission any other way, nor the console’s content, alerts or chat', async () => {
    const { doc } = await signWaiver(IFLY);
    for (const pathname of [
      `/api/${IFLY}`,
      `/api/${IFLY}/${doc.id}`,
      `/api/${IFLY}/count`,
      `/api/${IFLY}?where[reference][equals]=${doc.reference}`,
      `/api/waivers/${doc.id}/terms`,
      '/api/survey-customer-satisfactions',
      '/api/insights/satisfaction-survey',
      '/api/restaurants',
      '/api/alerts',
      '/api/chat/conversations',
      `/api/${IFLY}/${doc.id}/followup`,
    ]) {
      expect((await server.api(pathname, { as: 'none', headers: desk })).status, pathname).toBe(403);
    }
  });

  it('other roles, the public key and no credential cannot search or check in; an admin can', async () => {
    const { doc, answers } = await signWaiver(IFLY);
    for (const roles of [['manager'], ['editor'], ['viewer'], ['hr'], ['compliance'], ['employee']] as const) {
      const headers = await server.staffAs(roles, roles[0] === 'manager' ? ['cova'] : []);
      expect((await search(answers.phone as string, headers)).status, roles[0]).toBe(403);
      expect((await server.api(`/api/waivers/${doc.id}/check-ins`, { as: 'none', headers, json: { person: 'signer' } })).status, roles[0]).toBe(403);
      expect((await open(doc.id, headers)).status, roles[0]).toBe(403);
    }
    expect((await server.api(`/api/waivers/${doc.id}`)).status).toBe(403);
    expect((await server.api(`/api/waivers/search?q=${encodeURIComponent(answers.phone as string)}`)).status).toBe(403);
    expect((await server.api(`/api/waivers/search?q=${encodeURIComponent(answers.phone as string)}`, { as: 'none' })).status).toBe(403);
    expect(idsOf((await server.api(`/api/waivers/search?q=${encodeURIComponent(answers.phone as string)}`, { as: 'staff' })).body)).toEqual([doc.id]);
  });
});

describe('after the terms change', () => {
  it('a waiver signed before says "new terms since" and "must sign the new terms", and is not checked in until signed again; one signed after is', async () => {
    const phone = uniquePhone();
    const before = await signWaiver(IFLY, { phone });
    await server.close();
    const changed = buildWithChangedTerms('ifly-waiver', { en: 'CHANGED:', ar: 'تغيّر:' });
    try {
      server = await startTestServer({ dataDir, formsBuildDir: changed });
      desk = await server.staffAs(['desk'], DESK_ATTRACTIONS);
      const after = await signWaiver(IFLY, { phone });
      const found = (await search(phone)).body.docs;
      expect(found.map((doc: { id: number; newTermsSince: boolean }) => [doc.id, doc.newTermsSince])).toEqual([
        [after.doc.id, false],
        [before.doc.id, true],
      ]);
      // iFly says earlier signatures do not cover new terms (resignOnNewTerms): the desk must not check them in until they sign again.
      expect(found.map((doc: { id: number; mustSignNewTerms: boolean }) => [doc.id, doc.mustSignNewTerms])).toEqual([
        [after.doc.id, false],
        [before.doc.id, true],
      ]);
      const refused = await server.api(`/api/waivers/${before.doc.id}/check-ins?locale=ar`, { as: 'none', headers: desk, json: { person: 'signer' } });
      expect(refused.status).toBe(409);
      expect(errorPaths(refused.body)).toEqual(['person']);
      expect(refused.body.errors[0].data.errors[0].message).toBe('يجب التوقيع على الشروط الجديدة: يُرفض تسجيل الوصول حتى يوقّع الضيف مرة أخرى');
      expect((await server.api(`/api/waivers/${before.doc.id}/check-ins`, { as: 'none', headers: desk, json: { person: 0 } })).status).toBe(409);
      const { rows } = await server.ctx.db.query('SELECT 1 FROM waiver_check_ins WHERE document_id = $1', [before.doc.id]);
      expect(rows).toEqual([]);
      // Signed again on today's terms: checked in.
      expect((await server.api(`/api/waivers/${after.doc.id}/check-ins`, { as: 'none', headers: desk, json: { person: 'signer' } })).status).toBe(200);
    } finally {
      fs.rmSync(changed, { recursive: true, force: true });
    }
  });
});

describe('validity', () => {
  it('runs from the visit date, else the Doha day of signing, for the declared period', () => {
    expect(waiverValidUntil('2026-11-26', '2026-11-20T10:00:00Z', undefined)).toBe('2026-11-26');
    expect(waiverValidUntil('2026-11-26', '2026-11-20T10:00:00Z', 'P1Y')).toBe('2027-11-25');
    expect(waiverValidUntil(undefined, '2026-11-26T22:30:00Z', undefined)).toBe('2026-11-27');
    expect(waiverValidUntil('2026-02-30', '2026-11-26T08:00:00Z', 'P2W')).toBe('2026-12-09');
    expect(waiverExpired('2026-11-26', new Date('2026-11-26T20:59:00Z'))).toBe(false);
    expect(waiverExpired('2026-11-26', new Date('2026-11-26T21:00:00Z'))).toBe(true);
  });
});
