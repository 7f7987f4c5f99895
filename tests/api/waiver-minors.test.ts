// Minors under a guardian, and the age and fitness rules of the waiver definitions (their `rules`,
// evaluated with the engine's condition language by page and server alike): the server refuses a
// signer under 18, a child under iFly's 3 years, a "minor" of 18, a birth date after today, a
// weight over 136 kg and minors without the guardian's consent, each a 400 naming the answer in the
// guest's language; a minor is a person of their own at the desk, found by their own name, with
// their date of birth and guardian, and checked in on their own. Waivers stored before minors had
// birth dates still read.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { bornYearsAgo, countOf, errorPaths, IFLY, laserWaiverAnswers, minor, waiverAnswers } from './samples.ts';

const LASER = 'laser-oasis-waiver-forms';

let server: TestServer;
let desk: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  desk = await server.staffAs(['desk'], ['ifly', 'laser-oasis']);
});
afterAll(() => server?.close());

const sign = (answers: Record<string, unknown>, locale = 'en', collection = IFLY) => server.api(`/api/${collection}?locale=${locale}`, { json: answers });
/** The message the server gives at one path. */
const messageAt = (body: { errors: { data: { errors: { path: string; message: string }[] } }[] }, path: string) =>
  body.errors[0].data.errors.find((error) => error.path === path)?.message;

describe('the age and fitness rules refuse, naming the answer', () => {
  it('a 17-year-old signing for a child (under 18 needs a guardian)', async () => {
    const before = await countOf(server, IFLY);
    const answer = await sign(waiverAnswers({ birth_date: bornYearsAgo(17, 200) }));
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['birth_date']);
    expect(messageAt(answer.body, 'birth_date')).toBe(
      'The person signing must be 18 or older on the visit date. A parent or legal guardian signs for anyone under 18 and adds them as a minor.',
    );
    // The same at Laser Oasis, whose definition has its own rule.
    const laser = await sign(laserWaiverAnswers({ birth_date: bornYearsAgo(17, 200) }), 'ar', LASER);
    expect(laser.status).toBe(400);
    expect(errorPaths(laser.body)).toEqual(['birth_date']);
    expect(messageAt(laser.body, 'birth_date')).toMatch(/^يجب ألا يقل عمر الموقّع عن 18 عامًا/);
    expect(await countOf(server, IFLY)).toBe(before);
  });

  it('an adult who turns 18 on the visit date may sign; the age counts on the visit date, not today', async () => {
    const visit = bornYearsAgo(-1); // a year from today
    const answer = await sign(waiverAnswers({ visit_date: visit, birth_date: bornYearsAgo(17) }));
    expect(answer.status).toBe(201);
  });

  it('a 2-year-old at iFly (flyers are 3 or older), in the guest’s language', async () => {
    const toddler = minor('Sara Saleh', { birth_date: bornYearsAgo(2, 30) });
    const answer = await sign(waiverAnswers({ dependents: [minor('Lina Saleh'), toddler] }), 'ar');
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['dependents.1.birth_date']);
    expect(messageAt(answer.body, 'dependents.1.birth_date')).toBe('يجب ألا يقل عمر الطيّار عن 3 سنوات في تاريخ الزيارة.');
    // Three years old on the day is old enough.
    expect((await sign(waiverAnswers({ dependents: [minor('Sara Saleh', { birth_date: bornYearsAgo(3) })] }))).status).toBe(201);
  });

  it('a "minor" of 18 on the visit date, and a birth date after today', async () => {
    const answer = await sign(
      waiverAnswers({ dependents: [minor('Adult Son', { birth_date: bornYearsAgo(18) }), minor('Unborn', { birth_date: bornYearsAgo(-1) })] }),
    );
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body).sort()).toEqual(['dependents.0.birth_date', 'dependents.1.birth_date']);
    expect(messageAt(answer.body, 'dependents.0.birth_date')).toBe('A minor is under 18 on the visit date: anyone 18 or older signs a waiver of their own.');
    // One message for a date after today: that, not also "under 3".
    expect(messageAt(answer.body, 'dependents.1.birth_date')).toMatch(/today|future/i);
  });

  it('a declared weight of 140 kg (iFly: up to 136 kg), the signer’s or a minor’s', async () => {
    const answer = await sign(waiverAnswers({ weight_kg: 140, dependents: [minor('Lina Saleh', { weight_kg: 140 })] }));
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['weight_kg', 'dependents.0.weight_kg']);
    expect(messageAt(answer.body, 'weight_kg')).toBe('Flyers may weigh up to 136 kg (our flight safety rules).');
    expect((await sign(waiverAnswers({ weight_kg: 136 }))).status).toBe(201);
  });

  it('minors without a date of birth, or without the guardian’s consent', async () => {
    const { birth_date: _born, ...undated } = minor('Lina Saleh');
    const answer = await sign(waiverAnswers({ dependents: [undated], guardian: undefined }));
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body).sort()).toEqual(['dependents.0.birth_date', 'guardian']);
    // No minors: no guardian's consent asked, and one given is refused as a hidden answer.
    expect((await sign(waiverAnswers({ dependents: [] }))).status).toBe(201);
    expect((await sign(waiverAnswers({ dependents: [], guardian: true }))).status).toBe(400);
  });
});

describe('a minor at the desk', () => {
  const search = (q: string) => server.api(`/api/waivers/search?q=${encodeURIComponent(q)}`, { as: 'none', headers: desk });

  it('is found by their own name, with their date of birth under their guardian, and checked in on their own', async () => {
    const surname = `Qq${randomInt(100_000, 999_999)}`;
    const born = bornYearsAgo(8, 3);
    const created = await sign(waiverAnswers({ name: `Huda ${surname}`, dependents: [minor(`Yara ${surname}`, { birth_date: born })] }));
    expect(created.status).toBe(201);
    const found = await search(`Yara ${surname}`);
    expect(found.status).toBe(200);
    expect(found.body.docs).toHaveLength(1);
    expect(found.body.docs[0]).toMatchObject({
      signer: { name: `Huda ${surname}`, birthDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
      dependents: [{ name: `Yara ${surname}`, birthDate: born }],
    });
    const checkIn = await server.api(`/api/waivers/${created.body.doc.id}/check-ins`, { as: 'none', headers: desk, json: { person: 0 } });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body.checkIns).toEqual([expect.objectContaining({ person: 0 })]);
  });

  it('on a waiver stored before minors had birth dates, still reads (no birth date)', async () => {
    const surname = `Ww${randomInt(100_000, 999_999)}`;
    const created = await sign(waiverAnswers({ name: `Old ${surname}` }));
    // The shape stored before: no birth dates, no weights, no guardian's consent.
    await server.ctx.db.query(
      `UPDATE documents SET data = (data - 'birth_date' - 'weight_kg' - 'guardian') || jsonb_build_object('dependents', jsonb_build_array(jsonb_build_object('name', $2::text))) WHERE id = $1`,
      [created.body.doc.id, `Kid ${surname}`],
    );
    const found = await search(`Kid ${surname}`);
    expect(found.status).toBe(200);
    expect(found.body.docs[0]).toMatchObject({
      signer: { name: `Old ${surname}`, birthDate: null },
      dependents: [{ name: `Kid ${surname}`, birthDate: null }],
    });
  });
});
