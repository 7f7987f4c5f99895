// Parties (one waiver link for a group), with the real server, database and a real SMTP server: an
// organiser makes a party on the public page (human check), is mailed the party link and the roster
// link in their language; a party of 4 (2 adults, 2 minors) fills up through its link, the roster
// and the desk show the 4 people with the right guardians, the desk checks the party in (the same
// refusals as its own check-in), and a full party, a past date and another attraction's desk are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { PARTY_CAPTCHA_ACTION, PARTY_HEADER, type Party, type PartyRoster } from '../../src/engine/contract/parties.ts';
import { dohaDay } from '../../src/engine/waivers/waiver-validity.ts';
import { errorPaths, IFLY, minor, proofFor, waiverAnswers } from './samples.ts';

let server: TestServer;
let smtp: SmtpStandIn;
let iflyDesk: Record<string, string>;
let laserDesk: Record<string, string>;

const today = () => dohaDay(Date.now());
const inDays = (days: number) => dohaDay(Date.now() + days * 86_400_000);
let organiserCounter = 0;
const organiserEmail = () => `organiser-${process.pid}-${++organiserCounter}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100, consoleUrl: 'https://forms.example.com' } });
  iflyDesk = await server.staffAs(['desk'], ['ifly']);
  laserDesk = await server.staffAs(['desk'], ['laser-oasis']);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const partyAnswers = (overrides: Record<string, unknown> = {}) => ({
  form: 'ifly-waiver',
  visitDate: today(),
  name: 'Huda Saleh',
  phone: '+97455501234',
  email: organiserEmail(),
  expected: 4,
  lang: 'ar',
  ...overrides,
});

async function organise(overrides: Record<string, unknown> = {}): Promise<{ party: Party; qr: string; email: string }> {
  const answers = partyAnswers(overrides);
  const made = await server.api('/api/parties?locale=en', { json: answers, headers: { 'x-captcha-proof': await proofFor(server, PARTY_CAPTCHA_ACTION) } });
  expect(made.status).toBe(201);
  return { party: made.body.doc, qr: made.body.qr, email: answers.email };
}

/** A waiver signed through the party's page (its code in the header, as the page sends it). */
const signFor = (code: string, answers: Record<string, unknown>, locale = 'en') =>
  server.api(`/api/${IFLY}?locale=${locale}`, { json: answers, headers: { [PARTY_HEADER]: code } });

const messageAt = (body: { errors: { data: { errors: { path: string; message: string }[] } }[] }, path: string) =>
  body.errors[0].data.errors.find((error) => error.path === path)?.message;

describe('an organiser makes a party on the public page', () => {
  it('needs the human check, and names each wrong answer in the guest’s language', async () => {
    expect((await server.api('/api/parties', { json: partyAnswers() })).status).toBe(403);
    const wrong = await server.api('/api/parties?locale=ar', {
      json: partyAnswers({ form: 'dining-survey', visitDate: inDays(-1), name: ' ', phone: '12', email: 'not-an-email', expected: 201 }),
      headers: { 'x-captcha-proof': await proofFor(server, PARTY_CAPTCHA_ACTION) },
    });
    expect(wrong.status).toBe(400);
    expect(errorPaths(wrong.body).sort()).toEqual(['email', 'expected', 'form', 'name', 'phone', 'visitDate']);
    expect(messageAt(wrong.body, 'visitDate')).toBe('اختر اليوم أو تاريخًا لاحقًا.');
    expect(messageAt(wrong.body, 'expected')).toBe('أدخل عددًا صحيحًا من 1 إلى 200.');
  });

  it('gets a short link and its QR code, and is mailed the link and the roster link in their language', async () => {
    const { party, qr, email } = await organise();
    expect(party.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(party.link).toBe(`${server.url}/p/${party.code}`);
    expect(party).toMatchObject({ form: 'ifly-waiver', visitDate: today(), expected: 4, signed: 0, limit: 6 });
    expect(qr).toMatch(/^<svg/);
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toContain('زيارة مجموعتك');
    expect(mail.text).toContain(`https://forms.example.com/p/${party.code}`);
    expect(mail.text).toMatch(/https:\/\/forms\.example\.com\/p\/roster\/\S+/);
    // The page's view of the party: which waiver, the day, open.
    const page = await server.api(`/api/parties/page/${party.code}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ form: 'ifly-waiver', visitDate: today(), state: 'open', waiverPath: '/dohaquest/ifly-waiver' });
    expect((await server.api('/api/parties/page/ZZZZZZZZ')).status).toBe(404);
  });
});

describe('a party of 4 (2 adults, 2 minors) through its link', () => {
  let party: Party;
  let rosterPath: string;
  beforeAll(async () => {
    const made = await organise();
    party = made.party;
    rosterPath = `/api/parties/roster/${(await smtp.mailTo(made.email)).text.match(/\/p\/roster\/(\S+)/)![1]}`;
  });

  it('fills up: each adult signs with a minor; the roster shows 4 people with their guardians', async () => {
    const first = await signFor(party.code, waiverAnswers({ name: 'Noor Party', dependents: [minor('Lina Party')] }));
    expect(first.status).toBe(201);
    const before = await server.api<PartyRoster>(rosterPath);
    expect(before.status).toBe(200);
    expect(before.body.party.signed).toBe(2);
    const etag = before.headers.get('etag')!;
    // Asked again with nothing new: 304 (the roster page polls with its ETag).
    expect((await server.api(rosterPath, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const second = await signFor(party.code, waiverAnswers({ name: 'Sami Party', qid: '28463400999', dependents: [minor('Omar Party')] }), 'ar');
    expect(second.status).toBe(201);
    const roster = await server.api<PartyRoster>(rosterPath, { headers: { 'if-none-match': etag } });
    expect(roster.status).toBe(200);
    expect(roster.body.lang).toBe('ar');
    expect(roster.body.missing).toBe(0);
    expect(roster.body.party).toMatchObject({ signed: 4, expected: 4 });
    expect(roster.body.people.map((person) => [person.name, person.guardian])).toEqual([
      ['Noor Party', null],
      ['Lina Party', 'Noor Party'],
      ['Sami Party', null],
      ['Omar Party', 'Sami Party'],
    ]);
  });

  it('the desk sees it among today’s parties, "4 of 4", and the same 4 people', async () => {
    const todays = await server.api('/api/parties/today', { as: 'none', headers: iflyDesk });
    expect(todays.status).toBe(200);
    expect(todays.body.docs.find((found: Party) => found.id === party.id)).toMatchObject({ signed: 4, expected: 4 });
    const roster = await server.api<PartyRoster>(`/api/parties/${party.id}/roster`, { as: 'none', headers: iflyDesk });
    expect(roster.status).toBe(200);
    expect(roster.body.people.filter((person) => person.guardian !== null).map((person) => person.guardian)).toEqual(['Noor Party', 'Sami Party']);
    // The roster PDF, in English and in Arabic, drawn off the request thread.
    for (const lang of ['en', 'ar']) {
      const pdf = await fetch(`${server.url}/api/parties/${party.id}/roster.pdf?lang=${lang}`, { headers: iflyDesk });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    }
  });

  it('another attraction’s desk gets 404 for it, and does not list it', async () => {
    expect((await server.api(`/api/parties/${party.id}/roster`, { as: 'none', headers: laserDesk })).status).toBe(404);
    expect((await server.api(`/api/parties/${party.id}/check-ins`, { as: 'none', headers: laserDesk, json: {} })).status).toBe(404);
    const todays = await server.api('/api/parties/today', { as: 'none', headers: laserDesk });
    expect(todays.body.docs.some((found: Party) => found.id === party.id)).toBe(false);
    // The guest's page key reads no roster by id.
    expect((await server.api(`/api/parties/${party.id}/roster`)).status).toBe(403);
  });

  it('checks in one person, then the whole party (those not in yet)', async () => {
    const roster = (await server.api<PartyRoster>(`/api/parties/${party.id}/roster`, { as: 'none', headers: iflyDesk })).body;
    const lina = roster.people.find((person) => person.name === 'Lina Party')!;
    const one = await server.api(`/api/parties/${party.id}/check-ins`, { as: 'none', headers: iflyDesk, json: { waiver: lina.waiver, person: lina.person } });
    expect(one.status).toBe(200);
    expect(one.body.checkedIn).toBe(1);
    const all = await server.api(`/api/parties/${party.id}/check-ins`, { as: 'none', headers: iflyDesk, json: {} });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ checkedIn: 3, refused: [] });
    expect(all.body.roster.people.every((person: { checkedInAt: string | null }) => person.checkedInAt !== null)).toBe(true);
    // The desk's own search shows the check-ins too: one check-in machinery.
    const found = await server.api(`/api/waivers/${lina.waiver}`, { as: 'none', headers: iflyDesk });
    expect(found.body.doc.checkIns.map((entry: { person: unknown }) => entry.person).sort()).toEqual([0, 'signer']);
  });

  it('refuses a check-in the desk itself refuses (must sign the new terms), with its reason', async () => {
    const made = await organise({ expected: 2 });
    const signed = await signFor(made.party.code, waiverAnswers({ name: 'Old Terms', dependents: [minor('Kid Terms')] }));
    expect(signed.status).toBe(201);
    await server.ctx.db.query(`UPDATE documents SET evidence = evidence || '{"termsSha256":"0000"}'::jsonb WHERE id = $1`, [signed.body.doc.id]);
    const all = await server.api(`/api/parties/${made.party.id}/check-ins`, { as: 'none', headers: iflyDesk, json: {} });
    expect(all.status).toBe(200);
    expect(all.body.checkedIn).toBe(0);
    expect(all.body.refused).toEqual([
      { name: 'Old Terms', reason: expect.stringMatching(/^Must sign the new terms/) },
      { name: 'Kid Terms', reason: expect.stringMatching(/^Must sign the new terms/) },
    ]);
    const one = await server.api(`/api/parties/${made.party.id}/check-ins`, {
      as: 'none',
      headers: iflyDesk,
      json: { waiver: signed.body.doc.id, person: 'signer' },
    });
    expect(one.status).toBe(409);
  });
});

describe('a link that takes no more guests says why', () => {
  it('a full party (signed = expected + the margin of 2) refuses the next waiver, naming the visit date, in the guest’s language', async () => {
    const { party } = await organise({ expected: 1 });
    // 1 expected + 2 margin: a signer with two minors fills it.
    expect((await signFor(party.code, waiverAnswers({ name: 'Full One', dependents: [minor('Full Two'), minor('Full Three')] }))).status).toBe(201);
    const page = await server.api(`/api/parties/page/${party.code}`);
    expect(page.body.state).toBe('full');
    const refused = await signFor(party.code, waiverAnswers({ name: 'Full Four', dependents: [] }), 'ar');
    expect(refused.status).toBe(409);
    expect(errorPaths(refused.body)).toEqual(['visit_date']);
    expect(messageAt(refused.body, 'visit_date')).toMatch(/^اكتمل عدد هذه المجموعة: وقّع 3 أشخاص/);
    // The plain waiver still takes them.
    expect((await server.api(`/api/${IFLY}`, { json: waiverAnswers({ name: 'Full Four', dependents: [] }) })).status).toBe(201);
  });

  it('a party whose day has passed, and a waiver for another day than the party’s', async () => {
    const { party } = await organise({ expected: 3, visitDate: inDays(1) });
    const other = await signFor(party.code, waiverAnswers({ dependents: [] }));
    expect(other.status).toBe(409);
    expect(messageAt(other.body, 'visit_date')).toBe(`This party visits on ${inDays(1)}: sign for that day.`);
    await server.ctx.db.query(`UPDATE parties SET visit_date = $2::date WHERE id = $1`, [party.id, inDays(-2)]);
    expect((await server.api(`/api/parties/page/${party.code}`)).body.state).toBe('past');
    const past = await signFor(party.code, waiverAnswers({ visit_date: inDays(-2), dependents: [] }));
    expect(past.status).toBe(409);
    expect(messageAt(past.body, 'visit_date')).toBe(`This party's visit date (${inDays(-2)}) has passed.`);
  });

  it('an unknown code is refused and stores nothing', async () => {
    const refused = await signFor('ZZZZZZZZ', waiverAnswers({ dependents: [] }));
    expect(refused.status).toBe(409);
    expect(messageAt(refused.body, 'visit_date')).toBe('This party link is not valid.');
  });
});

describe('the desk makes a party for its own attractions only', () => {
  it('without a human check; another attraction’s waiver is no choice', async () => {
    const made = await server.api('/api/parties', { as: 'none', headers: iflyDesk, json: partyAnswers({ lang: 'en' }) });
    expect(made.status).toBe(201);
    const other = await server.api('/api/parties', { as: 'none', headers: laserDesk, json: partyAnswers() });
    expect(other.status).toBe(400);
    expect(errorPaths(other.body)).toEqual(['form']);
  });
});
