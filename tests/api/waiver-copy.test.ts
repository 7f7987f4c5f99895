// The guest's signed copy of a waiver: the link in the create's answer works for 24 hours for that
// submission only (signed, nothing of the answers in it), an expired or altered link is a 404 page
// in the guest's language, staff download the same copy under the submission's read check, and
// the verify call tells whether the stored answers still match their SHA-256.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { readCopyToken, signCopyToken } from '../../src/server/features/waiver-copy/index.ts';
import { IFLY, REFERENCE, SATISFACTION, satisfactionAnswers, waiverAnswers } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/**
 * A second server, for the two tests that need settings of their own: RATE_LIMIT_PER_MINUTE 2 and a
 * mail server. One for both, started by the first that asks: each server draws its copies in worker
 * threads of its own (seconds of CPU to start here). The two create one waiver each, within the 2 a minute.
 */
let limitedMailing: Promise<{ server: TestServer; smtp: SmtpStandIn }> | undefined;
const limitedMailingServer = () =>
  (limitedMailing ??= startSmtp().then(async (smtp) => ({
    smtp,
    server: await startTestServer({
      rateLimitPerMinute: 2,
      alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100, mailFrom: 'Doha Quest <waivers@dohaquest.example>' },
    }),
  })));
afterAll(async () => {
  const started = await limitedMailing;
  await started?.server.close();
  await started?.smtp.close();
});

const LINK = /^\/api\/waiver-copy\/[0-9]+\.[0-9]+\.(en|ar|fr)\.[A-Za-z0-9_-]{43}$/;
const sign = async (overrides: Record<string, unknown> = {}, locale = 'en') => {
  const created = await server.api(`/api/${IFLY}?locale=${locale}`, { json: waiverAnswers(overrides) });
  expect(created.status).toBe(201);
  return created.body as { doc: { id: number; reference: string }; waiverCopy: string; message: string };
};
/** As a guest's browser opens it: no credential at all. */
const open = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers });
const secret = () => server.ctx.jwtSecret;

describe("the guest's link to the signed copy", () => {
  it('comes beside the created waiver, names no answer, and gives that waiver as a PDF without credentials', async () => {
    const created = await sign({ name: 'Noor Saleh' });
    expect(created.waiverCopy).toMatch(LINK);
    expect(created.waiverCopy).not.toContain('Noor');
    expect(created.waiverCopy).not.toContain(created.doc.reference);
    const claim = readCopyToken(secret(), created.waiverCopy.split('/').pop()!)!;
    expect(claim.documentId).toBe(created.doc.id);
    // valid for 24 hours from now (a minute either way for the clock)
    expect(Math.abs(claim.expires * 1000 - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(60_000);
    const answer = await open(created.waiverCopy);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="waiver-${created.doc.reference}.pdf"`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(${created.doc.reference})`);
  });

  it('is not given for a form without evidence', async () => {
    const created = await server.api(`/api/${SATISFACTION}`, { json: satisfactionAnswers() });
    expect(created.body.waiverCopy).toBeUndefined();
  });

  it('answers an expired, altered or foreign link with the same 404 page in the language of the link, and nothing else', async () => {
    const { doc } = await sign({}, 'ar');
    const expired = signCopyToken(secret(), { documentId: doc.id, expires: Math.floor(Date.now() / 1000) - 1, lang: 'ar' });
    const valid = signCopyToken(secret(), { documentId: doc.id, expires: Math.floor(Date.now() / 1000) + 3600, lang: 'ar' });
    const otherId = valid.replace(/^\d+/, String(doc.id + 1));
    const foreign = signCopyToken('another-secret', { documentId: doc.id, expires: Math.floor(Date.now() / 1000) + 3600, lang: 'ar' });
    const altered = `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`;
    const pages = new Set<string>();
    for (const token of [expired, otherId, foreign, altered]) {
      const answer = await open(`/api/waiver-copy/${token}`);
      expect(answer.status, token).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      pages.add(await answer.text());
    }
    expect(pages.size).toBe(1);
    const [page] = pages;
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('هذا الرابط غير صالح');
    expect((await open(`/api/waiver-copy/${valid}`)).status).toBe(200);
  });

  it('speaks the browser language when the link is not a link at all, and lists nothing', async () => {
    const answer = await open('/api/waiver-copy/not-a-token', { 'accept-language': 'fr' });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('<html lang="fr" dir="ltr">');
    for (const pathname of ['/api/waiver-copy', '/api/waiver-copy/']) {
      const listing = await open(pathname);
      expect(listing.status, pathname).toBe(404);
      expect(listing.headers.get('content-type')).not.toContain('pdf');
    }
  });
});

describe('a valid link opened over and over', () => {
  it('counts like creates: RATE_LIMIT_PER_MINUTE copies per address, then 429', async () => {
    const { server: limited } = await limitedMailingServer();
    const created = await limited.api(`/api/${IFLY}`, { json: waiverAnswers() });
    expect(created.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.url}${created.body.waiverCopy}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("staff's download from the submission page", () => {
  it('gives the same copy to who reads the submission, and refuses the others', async () => {
    const { doc } = await sign();
    const pathname = `/api/waiver-copy/staff/${IFLY}/${doc.id}`;
    const asAdmin = await open(pathname, await server.staffAs(['admin']));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('content-type')).toBe('application/pdf');
    expect((await open(pathname, await server.staffAs(['viewer']))).status).toBe(200);
    // hr does not read waivers, a manager only its venues' (a waiver has no venue question), the pages' key nothing
    expect((await open(pathname, await server.staffAs(['hr']))).status).toBe(403);
    expect((await open(pathname, await server.staffAs(['manager'], ['cova']))).status).toBe(403);
    expect((await server.api(pathname, { as: 'public' })).status).toBe(403);
    expect((await open(`/api/waiver-copy/staff/${IFLY}/${doc.id + 100000}`, await server.staffAs(['admin']))).status).toBe(404);
    expect((await open(`/api/waiver-copy/staff/${SATISFACTION}/${doc.id}`, await server.staffAs(['admin']))).status).toBe(404);
  });
});

describe('verify: do the stored answers still match their SHA-256', () => {
  const verify = async (body: { json?: unknown; form?: FormData }, as: Record<string, string>) => {
    const answer = await fetch(`${server.url}/api/waiver-copy/verify`, {
      method: 'POST',
      headers: { ...as, ...(body.json ? { 'content-type': 'application/json' } : {}) },
      body: body.json ? JSON.stringify(body.json) : body.form,
    });
    return { status: answer.status, body: await answer.json() };
  };

  it('says they match, by Form ID or by the PDF copy, and that they do not once an answer was changed in the database', async () => {
    const created = await sign();
    const admin = await server.staffAs(['admin']);
    const byReference = await verify({ json: { reference: created.doc.reference.toLowerCase().replace(/-/g, '') } }, admin);
    expect(byReference).toEqual({ status: 200, body: { reference: created.doc.reference, form: 'ifly-waiver', signedAt: expect.any(String), matches: true } });
    expect(byReference.body.reference).toMatch(REFERENCE);
    const copy = Buffer.from(await (await open(created.waiverCopy)).arrayBuffer());
    const upload = new FormData();
    upload.append('file', new Blob([copy], { type: 'application/pdf' }), 'waiver.pdf');
    expect((await verify({ form: upload }, admin)).body).toMatchObject({ reference: created.doc.reference, matches: true });

    await server.ctx.db.query(`UPDATE documents SET data = jsonb_set(data, '{dependents,0,name}', '"Someone Else"') WHERE id = $1`, [created.doc.id]);
    expect((await verify({ json: { reference: created.doc.reference } }, admin)).body).toMatchObject({ reference: created.doc.reference, matches: false });
  });

  it('is for staff who read the waiver only, and names what is wrong with the request', async () => {
    const { doc } = await sign();
    expect((await server.api('/api/waiver-copy/verify', { method: 'POST', json: { reference: doc.reference }, as: 'public' })).status).toBe(403);
    expect((await verify({ json: { reference: doc.reference } }, await server.staffAs(['hr']))).status).toBe(404);
    const admin = await server.staffAs(['admin']);
    expect(await verify({ json: {} }, admin)).toMatchObject({ status: 400, body: { errors: [{ message: expect.stringContaining('reference') }] } });
    expect((await verify({ json: { reference: 'ZZZZ-ZZZZ-ZZ' } }, admin)).status).toBe(404);
    const notPdf = new FormData();
    notPdf.append('file', new Blob(['just text'], { type: 'application/pdf' }), 'fake.pdf');
    expect(await verify({ form: notPdf }, admin)).toMatchObject({ status: 400, body: { errors: [{ message: expect.stringContaining('file') }] } });
    const tooLarge = new FormData();
    tooLarge.append('file', new Blob([Buffer.alloc(6 * 1024 * 1024, 32)], { type: 'application/pdf' }), 'big.pdf');
    expect(await verify({ form: tooLarge }, admin)).toMatchObject({ status: 400, body: { errors: [{ message: expect.stringContaining('file') }] } });
  });
});

describe('the copy by email, when the guest gave an address', () => {
  it('is kept in the outbox when no mail server is configured', async () => {
    const { doc } = await sign({ email: 'noor@example.com' });
    const { rows } = await server.ctx.db.query(`SELECT recipient, state, attempts FROM outbox WHERE kind = 'waiver-copy' AND source_id = $1`, [doc.id]);
    expect(rows).toEqual([{ recipient: 'noor@example.com', state: 'queued', attempts: 0 }]);
    const without = await sign();
    expect((await server.ctx.db.query(`SELECT 1 FROM outbox WHERE kind = 'waiver-copy' AND source_id = $1`, [without.doc.id])).rows).toEqual([]);
  });

  it('reaches the guest through the mail server with the PDF attached, in the language they signed in', async () => {
    const { server: mailing, smtp } = await limitedMailingServer();
    const created = await mailing.api(`/api/${IFLY}?locale=ar`, { json: waiverAnswers({ email: 'lina@example.com' }) });
    expect(created.status).toBe(201);
    const mail = await smtp.mailTo('lina@example.com');
    expect(mail.subject).toBe('نسخة إقرارك الموقّع: نموذج إقرار iFly');
    expect(mail.text).toContain(created.body.doc.reference);
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file.filename).toBe(`waiver-${created.body.doc.reference}.pdf`);
    expect(file.contentType).toBe('application/pdf');
    expect(file.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.content.toString('latin1')).toContain(`(${created.body.doc.reference})`);
    await expect
      .poll(
        async () =>
          (await mailing.ctx.db.query(`SELECT state FROM outbox WHERE kind = 'waiver-copy' AND source_id = $1`, [created.body.doc.id])).rows[0]?.state,
      )
      .toBe('sent');
  });
});
