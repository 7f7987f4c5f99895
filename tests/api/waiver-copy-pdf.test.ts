// What the guest's PDF copy says, read back with pdf.js (pdfjs-dist, a development dependency):
// the English copy names the signer, the Form ID and the terms' first sentences; the Arabic copy
// holds the Arabic terms as logical text (pdf.js reorders each right-to-left line), its dates in
// Arabic-Indic digits; the Form ID is in the metadata the verify page reads. pdf.js extracts a
// lam-alef ligature as its two letters in visual order ("ال" for "لا"), so the Arabic sentences
// asserted here are ones without that ligature.
import { createHash } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/server/core/forms/evidence.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { IFLY, waiverAnswers } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Extracted {
  text: string;
  keywords: string;
  pages: number;
}

async function extract(bytes: Uint8Array): Promise<Extracted> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = (await doc.getMetadata()) as { info: { Keywords?: string } };
  await doc.destroy();
  return { text: lines.join(' ').replace(/\s+/g, ' '), keywords: info.Keywords ?? '', pages: doc.numPages };
}

async function signedCopy(locale: string, overrides: Record<string, unknown> = {}) {
  const created = await server.api(`/api/${IFLY}?locale=${locale}`, { json: waiverAnswers(overrides) });
  expect(created.status).toBe(201);
  const answer = await fetch(`${server.url}${created.body.waiverCopy}`);
  expect(answer.status).toBe(200);
  return { reference: created.body.doc.reference as string, pdf: await extract(new Uint8Array(await answer.arrayBuffer())) };
}

describe("the guest's PDF copy, read back", () => {
  it('in English: the signer, every dependent, the Form ID in the text and the metadata, the terms and the evidence', async () => {
    const { reference, pdf } = await signedCopy('en', { name: 'Noor Saleh' });
    expect(pdf.text).toContain('iFly Waiver Form');
    expect(pdf.text).toContain('Noor Saleh');
    expect(pdf.text).toContain('Lina Saleh');
    expect(pdf.text).toContain('Omar Saleh');
    expect(pdf.text).toContain(`Form ID: ${reference}`);
    expect(pdf.keywords).toBe(reference);
    expect(pdf.text).toContain('Please read these terms carefully before signing.');
    expect(pdf.text).toContain('Assumption of risk. I understand that indoor skydiving is a physical activity with inherent risks');
    expect(pdf.text).toMatch(/Signed on .+ \(Doha time\)/);
    // The fingerprint of the answers as stored (core/forms/evidence.ts: SHA-256 of their canonical JSON), not just its shape.
    const { rows } = await server.ctx.db.query<{ data: unknown }>('SELECT data FROM documents WHERE reference = $1', [reference]);
    expect(rows).toHaveLength(1);
    expect(pdf.text).toContain(`Answers SHA-256: ${createHash('sha256').update(canonicalJson(rows[0].data)).digest('hex')}`);
  });

  it('in Arabic: the Arabic terms as text, the date in Arabic-Indic digits, the Form ID unchanged', async () => {
    const { reference, pdf } = await signedCopy('ar', { name: 'نور صالح' });
    expect(pdf.text).toContain('نموذج إقرار');
    expect(pdf.text).toContain('نور صالح');
    expect(pdf.text).toContain('يرجى قراءة هذه الشروط بعناية قبل التوقيع');
    expect(pdf.text).toContain('أدرك أن القفز الحر الداخلي نشاط بدني ينطوي على مخاطر كامنة');
    expect(pdf.text).toContain(reference);
    expect(pdf.text).toMatch(/[٠-٩]{4}/);
    expect(pdf.text).not.toContain('Please read these terms');
    expect(pdf.keywords).toBe(reference);
  });
});
