// Service recovery, the guest's photo with their answer (features/cases): uploaded through the
// uploads path (POST /api/case-photos: type sniffed, size, metadata stripped) and named by the
// answer with its claim (JSON), or posted by the case page itself as multipart without JavaScript.
// Refused (not an image, too big, another's upload, a second photo, an expired link): a 400 (or the
// page again) naming `photo` in the guest's language, the words kept, nothing stored. Staff open it
// through the uploads file route (the submission's read check); the guest on their own case's page
// only. Erasure takes the photo with the submission, the privacy export lists it.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, mailingAlerts, startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { fileForm, jpegWithMetadata, MB, PHOTO_SECRETS, pngOfSize, textFile, tinyPdf, tinyPng } from '../support/files.ts';
import { t } from '../../src/engine/text/messages.ts';
import { CASE_PHOTO_RULE } from '../../src/engine/contract/cases.ts';
import { expireSubmissions } from '../../src/server/features/retention/index.ts';
import { DINING, diningAnswers } from './samples.ts';

const PHOTOS = CASE_PHOTO_RULE.collection;
let smtp: SmtpStandIn;
let server: TestServer;
let counter = 0;
const unique = () => `${process.pid}-${++counter}`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    webDistDir: path.join(ROOT, 'dist'),
    alerts: mailingAlerts(smtp.url),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A Poor dining survey at Cova answered in `lang`, a manager's reply, and the token of the case link in its mail. */
async function repliedCase(lang: 'ar' | 'en' = 'ar') {
  const email = `guest-${unique()}@example.com`;
  const created = await server.api(`/api/${DINING}?locale=${lang}`, {
    json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: email }),
  });
  expect(created.status).toBe(201);
  const id: number = created.body.doc.id;
  const manager = await server.staffAs(['manager'], ['cova']);
  expect((await server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'نعتذر.' }, as: 'none', headers: manager })).status).toBe(201);
  const mail = await smtp.mailTo(email);
  const token = /\/reply\/([^\s?]+)\?lang=/.exec(mail.text)![1];
  return { id, email, manager, token };
}

const upload = (bytes: Buffer, name: string, type: string) => server.api(`/api/${PHOTOS}`, { form: fileForm(bytes, name, type) });
const answerJson = (token: string, json: unknown, claim?: string) =>
  // The test client would add every claim it was given: here only the one named (or none).
  server.api(`/api/case/${token}/messages`, { method: 'POST', json, headers: { 'x-upload-claim': claim ?? '' } });
/** The case page's own post without JavaScript (multipart, as a browser sends the form). */
const postPage = (token: string, form: FormData, origin = server.url) =>
  fetch(`${server.url}/reply/${token}?lang=ar`, { method: 'POST', body: form, redirect: 'manual', headers: { origin } });
const pageForm = (text: string, files: [Buffer, string, string][] = []) => {
  const form = new FormData();
  form.append('text', text);
  for (const [bytes, name, type] of files) form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};
const thread = async (id: number, as: Record<string, string>) =>
  (await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: as })).body.docs as {
    direction: string;
    text: string;
    photo?: { url: string; mimeType: string };
  }[];
const attached = async (uploadId: number) =>
  (await server.ctx.db.query<{ attached_to: number | null }>('SELECT attached_to FROM documents WHERE id = $1', [uploadId])).rows[0]?.attached_to ?? null;
const photoCount = async () => (await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE collection = $1', [PHOTOS])).rows[0].n;

describe('with JavaScript: the uploads path, then the answer naming the photo', () => {
  it('stores the photo cleaned, shows it to staff by the submission check and to the guest on their own page only', async () => {
    const { id, manager, token } = await repliedCase();
    const uploaded = await upload(jpegWithMetadata(), 'IMG_2044.JPG', 'image/jpeg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ doc: { mimeType: 'image/jpeg' }, claim: expect.any(String) });
    const answered = await answerJson(token, { text: 'هذه صورة الطبق', photo: uploaded.body.doc.id }, uploaded.body.claim);
    expect(answered.status).toBe(201);
    expect(answered.body.photo).toEqual({ url: expect.stringMatching(new RegExp(`^/reply/${token}/photos/[^/]+$`)), mimeType: 'image/jpeg' });
    expect(await attached(uploaded.body.doc.id)).toBe(id);

    const staffThread = await thread(id, manager);
    const photo = staffThread.at(-1)!.photo!;
    expect(photo.url).toMatch(new RegExp(`^/api/${PHOTOS}/file/[^/]+$`));
    const download = await fetch(`${server.url}${photo.url}`, { headers: manager });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    for (const secret of PHOTO_SECRETS) expect(bytes.includes(secret)).toBe(false);
    // A manager of another venue reads neither the thread nor the file.
    const elsewhere = await server.staffAs(['manager'], ['ritz']);
    expect((await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: elsewhere })).status).toBe(404);
    expect((await server.api(photo.url, { as: 'none', headers: elsewhere })).status).toBe(404);

    // The guest: on their case's page (the token its only key), never through another case's.
    const own = await fetch(`${server.url}${answered.body.photo.url}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    const guestCase = await server.api(`/api/case/${token}`);
    expect(guestCase.body.docs.at(-1)).toMatchObject({ direction: 'from-guest', photo: answered.body.photo });
    const other = await repliedCase();
    const file = answered.body.photo.url.split('/').at(-1);
    expect((await fetch(`${server.url}/reply/${other.token}/photos/${file}`)).status).toBe(404);
    expect((await fetch(`${server.url}/reply/${token.slice(0, -2)}xx/photos/${file}`)).status).toBe(404);
    const html = await (await fetch(`${server.url}/reply/${token}`)).text();
    expect(html).toContain(`src="${answered.body.photo.url}"`);
    expect(html).toContain(`alt="${t('casePagePhotoAlt', 'ar')}"`);
  });

  it('refuses what is no photo of the guest: not an image, too big, a claim of another upload, two photos, an expired link', async () => {
    const { id, manager, token } = await repliedCase();
    // Checked like every upload: a text or a PDF is no image, 6 MB is over the limit.
    expect((await upload(textFile(), 'dish.jpg', 'image/jpeg')).status).toBe(400);
    expect((await upload(tinyPdf(), 'dish.pdf', 'application/pdf')).status).toBe(400);
    expect((await upload(pngOfSize(6 * MB), 'dish.png', 'image/png')).status).toBe(413);

    const mine = await upload(tinyPng(), 'mine.png', 'image/png');
    const theirs = await upload(tinyPng(), 'theirs.png', 'image/png');
    // Another upload's claim, no claim, an id that is no upload of this collection, two photos: 400 at `photo`, nothing stored.
    for (const [json, claim] of [
      [{ text: 'Hello', photo: mine.body.doc.id }, theirs.body.claim],
      [{ text: 'Hello', photo: mine.body.doc.id }, undefined],
      [{ text: 'Hello', photo: id }, mine.body.claim],
      [{ text: 'Hello', photo: [mine.body.doc.id, theirs.body.doc.id] }, `${mine.body.claim},${theirs.body.claim}`],
      [{ text: 'Hello', photo: 'one' }, mine.body.claim],
    ] as const) {
      const refused = await answerJson(token, json, claim);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.errors[0].data.errors[0].path).toBe('photo');
    }
    const twice = await answerJson(token, { text: 'Hello', photo: [mine.body.doc.id, theirs.body.doc.id] }, mine.body.claim);
    expect(twice.body.errors[0].data.errors[0].message).toBe(t('casePhotoOnlyOne', 'ar'));
    expect(await attached(mine.body.doc.id)).toBeNull();
    expect((await thread(id, manager)).map((message) => message.direction)).toEqual(['to-guest']);

    // An altered (or expired) link: 404, the photo not attached to anything.
    expect((await answerJson(`${token.slice(0, -2)}xx`, { text: 'Hello', photo: mine.body.doc.id }, mine.body.claim)).status).toBe(404);
    expect(await attached(mine.body.doc.id)).toBeNull();
    // Its own claim: taken once; the same photo again is refused.
    expect((await answerJson(token, { text: 'Hello', photo: mine.body.doc.id }, mine.body.claim)).status).toBe(201);
    expect((await answerJson(token, { text: 'Again', photo: mine.body.doc.id }, mine.body.claim)).status).toBe(400);
  });
});

describe('without JavaScript: the page posts multipart with the file', () => {
  it('stores the words and the photo, then 303 to #answer-sent', async () => {
    const { id, manager, token } = await repliedCase();
    const posted = await postPage(token, pageForm('الصورة مرفقة', [[jpegWithMetadata(), 'IMG_1.JPG', 'image/jpeg']]));
    expect(posted.status, await posted.clone().text()).toBe(303);
    expect(posted.headers.get('location')).toBe(`/reply/${token}?lang=ar#answer-sent`);
    const last = (await thread(id, manager)).at(-1)!;
    expect(last).toMatchObject({ direction: 'from-guest', text: 'الصورة مرفقة', photo: { mimeType: 'image/jpeg' } });
    // An empty file input (no photo chosen) is only the words.
    expect((await postPage(token, pageForm('بلا صورة', [[Buffer.alloc(0), '', 'application/octet-stream']]))).status).toBe(303);
    expect((await thread(id, manager)).at(-1)).not.toHaveProperty('photo');
  });

  it('refused: the page again in Arabic with the reason at the photo and the words kept; an expired link stores no file', async () => {
    const { id, manager, token } = await repliedCase();
    const words = `كلماتي ${unique()}`;
    for (const [files, reason, status] of [
      [[[textFile(), 'dish.jpg', 'image/jpeg']], t('fileType', 'ar'), 400],
      [[[pngOfSize(6 * MB), 'dish.png', 'image/png']], t('fileTooLarge', 'ar', { mb: '5' }), 400],
      [
        [
          [tinyPng(), 'one.png', 'image/png'],
          [tinyPng(), 'two.png', 'image/png'],
        ],
        t('casePhotoOnlyOne', 'ar'),
        400,
      ],
    ] as const) {
      const refused = await postPage(token, pageForm(words, files as never));
      expect(refused.status, `${reason}: ${(await refused.clone().text()).slice(0, 300)}`).toBe(status);
      const html = await refused.text();
      expect(html).toContain(reason);
      expect(html).toMatch(/id="case-photo"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="case-photo"/);
      if (files.length === 1) expect(html).toContain(words);
    }
    expect((await thread(id, manager)).map((message) => message.direction)).toEqual(['to-guest']);
    const before = await photoCount();
    const gone = await postPage(`${token.slice(0, -2)}xx`, pageForm(words, [[tinyPng(), 'one.png', 'image/png']]));
    expect(gone.status).toBe(404);
    expect(await photoCount()).toBe(before);
    expect((await postPage(token, pageForm(words, [[tinyPng(), 'one.png', 'image/png']]), 'https://evil.example')).status).toBe(403);
  });
});

describe("the guest's data", () => {
  it('the privacy export lists the photo with the messages; erasure takes messages and photo with the submission', async () => {
    const { id, email, token } = await repliedCase();
    const uploaded = await upload(tinyPng(), 'dish.png', 'image/png');
    expect((await answerJson(token, { text: 'With a photo', photo: uploaded.body.doc.id }, uploaded.body.claim)).status).toBe(201);
    const admin = await server.staffAs(['admin']);
    const exported = await server.api(`/api/privacy/export?email=${encodeURIComponent(email)}`, { as: 'none', headers: admin });
    const submission = exported.body.submissions.find((found: { id: number }) => found.id === id);
    expect(submission.messages.map((message: { direction: string; text: string }) => [message.direction, message.text])).toEqual([
      ['to-guest', 'نعتذر.'],
      ['from-guest', 'With a photo'],
    ]);
    expect(submission.files).toEqual([{ name: expect.any(String), type: 'image/png' }]);
    const erased = await server.api('/api/privacy/erase', {
      method: 'POST',
      json: { email, reason: 'The guest asked.', confirm: true },
      as: 'none',
      headers: admin,
    });
    expect(erased.status).toBe(200);
    expect((await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = $1', [id])).rows).toHaveLength(0);
    expect((await server.ctx.db.query('SELECT 1 FROM documents WHERE id = $1', [uploaded.body.doc.id])).rows).toHaveLength(0);
  });
});

describe('retention', () => {
  it("a case past its form's retention goes with its messages, its photo (row and stored file) and its emails", async () => {
    const { id, token } = await repliedCase();
    const uploaded = await upload(tinyPng(), 'dish.png', 'image/png');
    const answered = await answerJson(token, { text: 'Old words', photo: uploaded.body.doc.id }, uploaded.body.claim);
    expect(answered.status).toBe(201);
    const stored = answered.body.photo.url.split('/').at(-1);
    expect(await server.ctx.uploads.get(PHOTOS, stored)).toBeTruthy();
    // Older than the dining survey's P2Y.
    await server.ctx.db.query(`UPDATE documents SET created_at = now() - interval '3 years' WHERE id = $1`, [id]);
    const counts = await expireSubmissions(
      server.ctx.db,
      server.ctx.uploads,
      server.ctx.registry.forms.map((form) => form.compiled),
    );
    expect(counts.find((count) => count.form === 'dining-survey')).toMatchObject({ submissions: 1, files: 1 });
    expect((await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = $1', [id])).rows).toHaveLength(0);
    expect((await server.ctx.db.query('SELECT 1 FROM outbox WHERE document_id = $1', [id])).rows).toHaveLength(0);
    expect((await server.ctx.db.query('SELECT 1 FROM documents WHERE id = $1', [uploaded.body.doc.id])).rows).toHaveLength(0);
    expect(await server.ctx.uploads.get(PHOTOS, stored)).toBeFalsy();
  });
});
