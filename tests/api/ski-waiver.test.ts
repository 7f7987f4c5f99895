// The ski waiver on the real compiled form and a real database: a reference for the guest, the
// children it covers (under 18 only), a required emergency contact, and nothing readable with the
// pages' public key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countOf, errorPaths, REFERENCE, SKI, skiWaiverAnswers } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const sign = (answers: Record<string, unknown>) => server.api(`/api/${SKI}`, { json: JSON.parse(JSON.stringify(answers)) });

describe('a guest signs the ski waiver for themselves and two children', () => {
  it('is created (201) with a reference, the answers as given and the evidence of what was signed', async () => {
    const before = await countOf(server, SKI);
    const answers = skiWaiverAnswers();
    const created = await sign(answers);
    expect(created.status).toBe(201);
    const { doc } = created.body;
    expect(doc.reference).toMatch(REFERENCE);
    expect(doc).toMatchObject({
      visit_date: answers.visit_date,
      name: 'Noor Saleh',
      age: 38,
      qid: '28463400123',
      phone: '+97455501234',
      emergency_contact_name: 'Khalid Saleh',
      emergency_contact_phone: '+97433221100',
      acknowledgement: true,
    });
    expect(doc.dependents).toEqual(answers.dependents);
    expect(doc.signature.strokes).toEqual((answers.signature as { strokes: unknown }).strokes);
    expect(doc.evidence).toMatchObject({ formId: 'ski-waiver', language: 'en', recordedAt: doc.createdAt });
    expect(await countOf(server, SKI)).toBe(before + 1);

    // Staff find it by the reference the guest quotes.
    const found = await server.api(`/api/${SKI}?where[reference][equals]=${doc.reference}&depth=0`, { as: 'staff' });
    expect(found.status).toBe(200);
    expect(found.body.docs.map((item: { id: number }) => item.id)).toEqual([doc.id]);
  });

  for (const [index, age] of [
    [0, 18],
    [1, 40],
  ] as const) {
    it(`is refused (400) when dependent ${index + 1} is aged ${age}, naming dependents.${index}.age, and nothing is stored`, async () => {
      const before = await countOf(server, SKI);
      const dependents = [
        { name: 'Lina Saleh', age: 12, medical_conditions: 'Asthma' },
        { name: 'Omar Saleh', age: 7 },
      ];
      dependents[index] = { ...dependents[index], age };
      const answer = await sign(skiWaiverAnswers({ dependents }));
      expect(answer.status).toBe(400);
      expect(errorPaths(answer.body)).toEqual([`dependents.${index}.age`]);
      expect(await countOf(server, SKI)).toBe(before);
    });
  }

  it("is refused (400) without the emergency contact's phone, naming it, and nothing is stored", async () => {
    const before = await countOf(server, SKI);
    const answer = await sign(skiWaiverAnswers({ emergency_contact_phone: undefined }));
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.body)).toEqual(['emergency_contact_phone']);
    expect(await countOf(server, SKI)).toBe(before);
  });

  it('cannot be read back with the public key (403), by id, list, reference or count; staff can', async () => {
    const created = await sign(skiWaiverAnswers());
    expect(created.status).toBe(201);
    const { doc } = created.body;
    for (const pathname of [`/api/${SKI}/${doc.id}`, `/api/${SKI}`, `/api/${SKI}?where[reference][equals]=${doc.reference}`, `/api/${SKI}/count`]) {
      const answer = await server.api(pathname);
      expect(answer.status, pathname).toBe(403);
      expect(JSON.stringify(answer.body), pathname).not.toContain('Noor Saleh');
    }
    const asStaff = await server.api(`/api/${SKI}/${doc.id}?depth=0`, { as: 'staff' });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).toMatchObject({ id: doc.id, reference: doc.reference, name: 'Noor Saleh', emergency_contact_phone: '+97433221100' });
  });
});
