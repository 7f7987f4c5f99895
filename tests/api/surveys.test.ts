// The store, padel, retail and employee surveys on the real compiled forms: the server refuses
// what the page would refuse (hidden questions answered, conditional ones missing, a second
// response with one survey ID) and stores nothing then; it computes Net Promoter bands itself.
import { formText } from '../../src/engine/text/messages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  countOf,
  EMPLOYEE,
  employeeAnswers,
  errorPaths,
  PADEL,
  padelAnswers,
  proofFor,
  REFERENCE,
  RETAIL,
  retailAnswers,
  SATISFACTION,
  satisfactionAnswers,
} from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (collection: string, answers: unknown, headers: Record<string, string> = {}, query = '') =>
  server.api(`/api/${collection}${query}`, { json: JSON.parse(JSON.stringify(answers)), headers });

describe('the store satisfaction survey', () => {
  const submit = async (answers: Record<string, unknown>) =>
    post(SATISFACTION, answers, { 'x-captcha-proof': await proofFor(server, 'submit_form_satisfaction_survey') });

  it('refuses a loyalty rating from a guest who is not a member, and stores nothing', async () => {
    const before = await countOf(server, SATISFACTION);
    const answer = await submit(satisfactionAnswers({ loyalty_program: 'no', rating_loyalty_program_satisfaction: 'satisfied' }));
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['rating_loyalty_program_satisfaction']);
    expect(await countOf(server, SATISFACTION)).toBe(before);
  });

  it('requires the loyalty rating from a member', async () => {
    const before = await countOf(server, SATISFACTION);
    const missing = await submit(satisfactionAnswers({ loyalty_program: 'yes' }));
    expect(missing.status).toBe(400);
    expect(errorPaths(missing.body)).toEqual(['rating_loyalty_program_satisfaction']);
    expect(await countOf(server, SATISFACTION)).toBe(before);
    const answered = await submit(satisfactionAnswers({ loyalty_program: 'yes', rating_loyalty_program_satisfaction: 'satisfied' }));
    expect(answered.status).toBe(201);
    expect(answered.body.doc.reference).toMatch(REFERENCE);
  });

  it('needs the human check', async () => {
    const answer = await post(SATISFACTION, satisfactionAnswers());
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].name).toBe('CaptchaError');
  });
});

describe('the padel survey', () => {
  it('refuses "please tell us how" unless the guest chose "others", and stores nothing', async () => {
    const before = await countOf(server, PADEL);
    for (const answers of [
      padelAnswers({ discovery_method: 'friends', discovery_method_others: 'A flyer' }),
      padelAnswers({ discovery_method_others: 'A flyer' }),
    ]) {
      const answer = await post(PADEL, answers);
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)).toEqual(['discovery_method_others']);
    }
    expect(await countOf(server, PADEL)).toBe(before);
    expect(errorPaths((await post(PADEL, padelAnswers({ discovery_method: 'others' }))).body)).toEqual(['discovery_method_others']);
    expect((await post(PADEL, padelAnswers({ discovery_method: 'others', discovery_method_others: 'A flyer' }))).status).toBe(201);
  });

  it('stores the standard Net Promoter band of the recommendation score', async () => {
    const bands: [number, string][] = [
      [0, 'detractor'],
      [6, 'detractor'],
      [7, 'passive'],
      [8, 'passive'],
      [9, 'promoter'],
      [10, 'promoter'],
    ];
    for (const [score, band] of bands) {
      const created = await post(PADEL, padelAnswers({ recommend_to_others_rating: score }));
      expect(created.status).toBe(201);
      expect(created.body.doc.recommend_to_others_rating_band, `score ${score}`).toBe(band);
    }
    expect((await post(PADEL, padelAnswers({ recommend_to_others_rating: 11 }))).status).toBe(400);
    expect(errorPaths((await post(PADEL, padelAnswers({ recommend_to_others_rating_band: 'promoter' }))).body)).toEqual(['recommend_to_others_rating_band']);
  });
});

describe('the retail survey', () => {
  it('puts 6 with the detractors and 7 with the passives (the old system had 0-4 and 5-7)', async () => {
    for (const [score, band] of [
      [4, 'detractor'],
      [5, 'detractor'],
      [6, 'detractor'],
      [7, 'passive'],
      [8, 'passive'],
      [9, 'promoter'],
    ] as const) {
      expect((await post(RETAIL, retailAnswers(score))).body.doc.customer_feedback_number_band, `score ${score}`).toBe(band);
    }
  });
});

describe('the employee survey', () => {
  const responsesFor = async (anonymousId: string) =>
    (await server.api(`/api/${EMPLOYEE}/count?where[anonymous_id][equals]=${encodeURIComponent(anonymousId)}`, { as: 'staff' })).body.totalDocs;

  it('takes one response per survey ID, and says so in the language asked for', async () => {
    const first = employeeAnswers();
    expect((await post(EMPLOYEE, first)).status).toBe(201);
    const { compiled } = server.ctx.registry.collections.get(EMPLOYEE)!.form!;
    const messages = Object.fromEntries(compiled.languages.map((lang) => [lang, formText(compiled.id, compiled.unique[0].message, lang)]));
    for (const locale of ['fr', 'ar', 'en'] as const) {
      const again = await post(EMPLOYEE, employeeAnswers({ anonymous_id: first.anonymous_id }), {}, `?locale=${locale}`);
      expect(again.status).toBe(409);
      expect(again.body.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'anonymous_id', message: messages[locale] })]);
    }
    expect(messages.fr).toMatch(/^Une réponse a déjà été envoyée/);
    expect(await responsesFor(String(first.anonymous_id))).toBe(1);
  });

  it('keeps exactly one of two responses sent at the same moment', async () => {
    const anonymousId = `anon-race-${Date.now()}`;
    const answers = await Promise.all([1, 2, 3].map(() => post(EMPLOYEE, employeeAnswers({ anonymous_id: anonymousId }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await responsesFor(anonymousId)).toBe(1);
  });

  it('computes the band of "would you recommend us" on the server', async () => {
    const created = await post(EMPLOYEE, employeeAnswers({ recommend_employer: 6 }));
    expect(created.body.doc).toMatchObject({ recommend_employer_band: 'detractor', reference: expect.stringMatching(REFERENCE) });
  });
});
