// Evidence that stands alone: each definition a guest was shown is kept once by its hash (form
// versions), and a waiver's evidence holds what e-signature practice expects (server time, address,
// browser, language, consent wording, terms fingerprint); after forms/ changes, the staff still read
// the exact terms the guest signed.
import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedDataDir, startTestServer, type TestServer } from '../support/server.ts';
import { formVersionSeen } from '../../src/server/features/waivers/index.ts';
import { IFLY, SATISFACTION, waiverAnswers } from './samples.ts';
import { buildWithChangedTerms } from './changed-forms.ts';

let dataDir: string;
let server: TestServer;
beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BROWSER = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Tablet Test';
const sign = (query = '', headers: Record<string, string> = { 'user-agent': BROWSER }) =>
  server.api(`/api/${IFLY}${query}`, { json: waiverAnswers(), headers });
const ifly = () => server.ctx.registry.collections.get(IFLY)!.form!;
/** The text of a PDF's pages, read back with pdf.js. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number++)
    pages.push((await (await doc.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  await doc.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}
const versionRows = async (hash: string) =>
  (await server.ctx.db.query<{ form_id: string; version: number }>('SELECT form_id, version FROM form_versions WHERE hash = $1', [hash])).rows;

describe('form versions', () => {
  it('keep the compiled definition a guest was shown once per hash, however many sign it', async () => {
    for (const query of ['', '?locale=ar', '', '?locale=ar']) expect((await sign(query)).status).toBe(201);
    const { compiled, texts } = ifly();
    expect(await versionRows(compiled.hash)).toEqual([{ form_id: 'ifly-waiver', version: compiled.version }]);
    const seen = await formVersionSeen(server.ctx.db, compiled.hash);
    expect(seen).toEqual({ ...compiled, texts });
    expect(await formVersionSeen(server.ctx.db, 'no-such-hash')).toBeNull();
  });

  it('are not written for a survey, which shows no terms', async () => {
    const survey = server.ctx.registry.collections.get(SATISFACTION)!.form!.compiled;
    const { rows } = await server.ctx.db.query('SELECT hash FROM form_versions WHERE form_id = $1', [survey.id]);
    expect(rows).toEqual([]);
  });
});

describe("a waiver's evidence", () => {
  it('keeps the time the server received it, the address, the browser, the language and the consent wording shown', async () => {
    const before = Date.now();
    const { body, status } = await sign('?locale=ar');
    const after = Date.now();
    expect(status).toBe(201);
    const { evidence } = (await server.ctx.db.query('SELECT evidence FROM documents WHERE id = $1', [body.doc.id])).rows[0] as {
      evidence: Record<string, string>;
    };
    expect(Date.parse(evidence.receivedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(evidence.receivedAt)).toBeLessThanOrEqual(after + 1);
    expect(evidence.ip).toBe('127.0.0.1');
    expect(evidence.userAgent).toBe(BROWSER);
    expect(evidence.language).toBe('ar');
    // The Arabic consents beside the signature, word for word (the acknowledgement, then the guardian's).
    const texts = ifly().texts.ar!;
    expect(evidence.consentText).toBe(`${texts['sections.signature.fields.acknowledgement.label']}\n${texts['sections.signature.fields.guardian.label']}`);
    expect(evidence.consentText).toMatch(/^بإرسال هذا النموذج/);
    expect(evidence.termsSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the forwarded address only behind a trusted proxy (TRUST_PROXY)', async () => {
    const forwarded = { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' };
    const ipOf = async (at: TestServer) => {
      const { body } = await at.api(`/api/${IFLY}`, { json: waiverAnswers(), headers: forwarded });
      return ((await at.ctx.db.query('SELECT evidence FROM documents WHERE id = $1', [body.doc.id])).rows[0] as { evidence: { ip: string } }).evidence.ip;
    };
    // Not behind a proxy: anyone can write the header, so it is not believed.
    expect(await ipOf(server)).toBe('127.0.0.1');
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      expect(await ipOf(proxied)).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });

  it('cuts a very long user agent to 512 characters and signs in English by default', async () => {
    const { body } = await sign('', { 'user-agent': `X${'y'.repeat(2000)}` });
    const { evidence } = (await server.ctx.db.query('SELECT evidence FROM documents WHERE id = $1', [body.doc.id])).rows[0] as {
      evidence: Record<string, string>;
    };
    expect(evidence.userAgent).toHaveLength(512);
    expect(evidence.language).toBe('en');
    expect(evidence.consentText).toMatch(/^By submitting this form you confirm/);
  });

  it('is shown to staff with the terms the guest saw; not to the public key nor to the desk', async () => {
    const { body } = await sign('?locale=ar');
    const terms = await server.api(`/api/waivers/${body.doc.id}/terms`, { as: 'staff' });
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ formHash: ifly().compiled.hash, language: 'ar', changedSince: false });
    expect(terms.body.blocks.find((block: { name: string }) => block.name === 'terms').items[0]).toMatch(/^\*\*قبول المخاطر/);
    expect((await server.api(`/api/waivers/${body.doc.id}/terms`)).status).toBe(403);
    expect((await server.api(`/api/waivers/${body.doc.id}/terms`, { as: 'none', headers: await server.staffAs(['desk']) })).status).toBe(403);
    expect((await server.api('/api/waivers/999999/terms', { as: 'staff' })).status).toBe(404);
  });
});

describe('after the definition changes', () => {
  it("the stored waiver still shows the exact terms signed, noted as differing from today's", async () => {
    const signed = (await sign()).body.doc;
    const oldHash = ifly().compiled.hash;
    await server.close();
    const changed = buildWithChangedTerms('ifly-waiver', { en: 'CHANGED:', ar: 'تغيّر:' });
    try {
      server = await startTestServer({ dataDir, formsBuildDir: changed });
      expect(ifly().compiled.hash).not.toBe(oldHash);
      const terms = await server.api(`/api/waivers/${signed.id}/terms`, { as: 'staff' });
      expect(terms.body).toMatchObject({ formHash: oldHash, changedSince: true, language: 'en' });
      const clause = terms.body.blocks.find((block: { name: string }) => block.name === 'terms').items[0];
      expect(clause).toMatch(/^\*\*Assumption of risk\.\*\*/);
      expect(clause).not.toContain('CHANGED:');
      // The signed copy is drawn from the version signed too, not from today's definition.
      const copy = await fetch(`${server.url}/api/waiver-copy/staff/${IFLY}/${signed.id}`, { headers: await server.staffAs(['admin']) });
      expect(copy.status).toBe(200);
      const copyText = await pdfText(await copy.arrayBuffer());
      expect(copyText).toContain('Assumption of risk. I understand that indoor skydiving');
      expect(copyText).not.toContain('CHANGED:');
      // A guest signing today gets the new version, kept beside the old one.
      const fresh = (await sign()).body.doc;
      expect(await versionRows(ifly().compiled.hash)).toHaveLength(1);
      expect(await versionRows(oldHash)).toHaveLength(1);
      const freshTerms = await server.api(`/api/waivers/${fresh.id}/terms`, { as: 'staff' });
      expect(freshTerms.body.blocks.find((block: { name: string }) => block.name === 'terms').items[0]).toMatch(/^CHANGED: /);
      expect(freshTerms.body.changedSince).toBe(false);
    } finally {
      fs.rmSync(changed, { recursive: true, force: true });
    }
  });
});
