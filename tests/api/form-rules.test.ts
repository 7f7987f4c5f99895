// Rules the other forms bring, all read from their compiled files: values the server derives,
// a reference filtered by another answer, liability evidence, answers inside repeated groups.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { canonicalJson } from '../../src/server/core/forms/evidence.ts';
import { fileForm, tinyPdf, tinyPng } from '../support/files.ts';
import { minor } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('the retail survey', () => {
  const answers = (score: number) => ({ visit_date: today(), employee_id: 'E-102', receipt_id: 'R-88231', customer_feedback_number: score });

  it('stores the Net Promoter band the server computed, on the standard bands', async () => {
    const bands: Record<number, string> = { 0: 'detractor', 6: 'detractor', 7: 'passive', 8: 'passive', 9: 'promoter', 10: 'promoter' };
    for (const [score, band] of Object.entries(bands)) {
      const created = await server.api('/api/survey-net-promoter', { json: answers(Number(score)) });
      expect(created.status).toBe(201);
      expect(created.body.doc.customer_feedback_number_band).toBe(band);
    }
    const promoters = await server.api('/api/survey-net-promoter/count?where[customer_feedback_number_band][equals]=promoter', { as: 'staff' });
    expect(promoters.body.totalDocs).toBe(2);
  });

  it('refuses a band sent by the page', async () => {
    const answer = await server.api('/api/survey-net-promoter', { json: { ...answers(3), customer_feedback_number_band: 'promoter' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors[0].path).toBe('customer_feedback_number_band');
  });
});

describe('the employee survey', () => {
  const answers = (overrides: Record<string, unknown>) => ({
    anonymous_id: `anon-${Math.random().toString(36).slice(2)}`,
    department: 'operations',
    env_tools_resources: 'agree',
    env_safe_respected: 'agree',
    env_workload: 'about-right',
    lead_clear_expectations: 'agree',
    lead_recognition: 'agree',
    lead_feedback_frequency: 'often',
    lead_communication: 'agree',
    growth_learning: 'agree',
    growth_career_path: 'i-do-not-know',
    wellbeing_balance: 'agree',
    wellbeing_stress: 'sometimes',
    wellbeing_overall_satisfaction: 'satisfied',
    recommend_employer: 8,
    stay_intention: 'yes',
    ...overrides,
  });

  it('accepts a sub-department of the chosen department only', async () => {
    expect((await server.api('/api/employee-responses', { json: answers({ department_sub: 'maintenance' }) })).status).toBe(201);
    const wrong = await server.api('/api/employee-responses', { json: answers({ department_sub: 'kitchen' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual(['department_sub']);
    const unknown = await server.api('/api/employee-responses', { json: answers({ department: 'astronomy' }) });
    expect(unknown.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual(['department']);
  });

  it('takes one response per anonymous id', async () => {
    const first = answers({});
    expect((await server.api('/api/employee-responses', { json: first })).status).toBe(201);
    expect((await server.api('/api/employee-responses', { json: first })).status).toBe(409);
  });
});

describe('the iFly waiver', () => {
  const signature = {
    strokes: [
      [
        [0.1, 0.2],
        [0.4, 0.5],
        [0.8, 0.3],
      ],
    ],
    aspect: 3,
  };
  const answers = (overrides: Record<string, unknown> = {}) => ({
    visit_date: today(),
    name: 'Noor Saleh',
    birth_date: '1988-04-12',
    weight_kg: 64,
    qid: '28463400123',
    phone: '+97455501234',
    dependents: [minor('Lina Saleh', { qid: 'P1234567' })],
    signature,
    acknowledgement: true,
    guardian: true,
    ...overrides,
  });

  it('keeps liability evidence: definition, language and a fingerprint of what was signed', async () => {
    const signed = answers();
    const created = await server.api('/api/ifly-waiver-forms?locale=ar', { json: signed });
    expect(created.status).toBe(201);
    const read = await server.api(`/api/ifly-waiver-forms/${created.body.doc.id}`, { as: 'staff' });
    expect(read.body.evidence).toEqual({
      formId: 'ifly-waiver',
      formVersion: read.body.formVersion,
      formHash: read.body.formHash,
      language: 'ar',
      answersSha256: createHash('sha256').update(canonicalJson(signed)).digest('hex'),
      recordedAt: read.body.createdAt,
      // What e-signature practice expects beside it (tests/api/form-versions.test.ts checks each closely).
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ip: '127.0.0.1',
      userAgent: 'node',
      consentText: expect.stringContaining('بإرسال هذا النموذج'),
      termsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("names a child's answer by its row, like Payload", async () => {
    const answer = await server.api('/api/ifly-waiver-forms', { json: answers({ dependents: [minor('Lina Saleh'), minor('')] }) });
    expect(answer.status).toBe(400);
    const [error] = answer.body.errors[0].data.errors;
    expect(error.path).toBe('dependents.1.name');
    expect(error.label).toMatch(/2 > /);
  });

  it('cannot be read back with the public key (the old system exposed waivers by id)', async () => {
    const created = await server.api('/api/ifly-waiver-forms', { json: answers() });
    expect((await server.api(`/api/ifly-waiver-forms/${created.body.doc.id}`)).status).toBe(403);
  });
});

describe('the whistle-blower form', () => {
  it('attaches several supporting documents at once, and stores no trace of who sent it', async () => {
    const ids: number[] = [];
    for (const [bytes, name] of [
      [tinyPng(), 'photo.png'],
      [tinyPdf(), 'letter.pdf'],
    ] as const) {
      const uploaded = await server.api('/api/media-internal', { form: fileForm(bytes, name) });
      expect(uploaded.status).toBe(201);
      ids.push(uploaded.body.doc.id);
    }
    const verified = await server.api('/api/verify-captcha', { json: { token: 'pass-whistle', action: 'submit_form_whistle_blower' } });
    const created = await server.api('/api/employee-whistle-blower', {
      json: { incident_or_concern: 'Cash was taken from the till.', supporting_docs: ids, acknowledgement: true },
      headers: { 'x-captcha-proof': verified.body.proof, 'user-agent': 'Whistle/1.0' },
    });
    expect(created.status).toBe(201);
    // Whistle-blower reports are read by compliance only (forms/whistle-blower.json access).
    const read = await server.api(`/api/employee-whistle-blower/${created.body.doc.id}`, { as: 'none', headers: await server.staffAs(['compliance']) });
    expect(read.body.supporting_docs.map((doc: { id: number }) => doc.id)).toEqual(ids);
    const { rows } = await server.ctx.db.query('SELECT * FROM documents WHERE id = $1', [created.body.doc.id]);
    expect(JSON.stringify(rows[0])).not.toMatch(/Whistle\/1\.0|127\.0\.0\.1/);
  });
});
