// Content files: editors upload logos and PDFs to the media collection, a content document keeps
// each as the upload Payload populates ({id, url, ...}) so the public pages read its url, and
// everyone may fetch it; nobody else may upload, and every hostile file is a 4xx naming `file`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { fileForm, MB, pdfWithScript, pngOfSize, textFile, tinyPdf, tinyPng } from '../support/files.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import type { Role } from '../../src/server/core/access/roles.ts';
import { cleanupUnusedMedia } from '../../src/server/features/content/content-media.ts';

let server: TestServer;
const tokens: Partial<Record<Role, string>> = {};
const as = (role: Role) => ({ as: 'none' as const, headers: { authorization: `JWT ${tokens[role]}` } });

async function signIn(role: Role): Promise<string> {
  const email = `${role}-media@example.com`;
  await saveStaffUser(server.ctx.db, email, 'a long enough password', role);
  const login = await server.api('/api/users/login', { json: { email, password: 'a long enough password' }, as: 'none' });
  return login.body.token as string;
}

const upload = (form: FormData, role: Role = 'editor') => server.api('/api/media', { ...as(role), form });
const firstError = (answer: { body: { errors: { data?: { errors?: { path: string; message: string }[] } }[] } }) => answer.body.errors[0].data?.errors?.[0];

async function benefit(slug: string) {
  const found = await server.api(`/api/benefits?where[slug][equals]=${slug}&depth=0`, { as: 'staff' });
  return found.body.docs[0];
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['editor', 'viewer', 'employee'] as const) tokens[role] = await signIn(role);
});
afterAll(() => server?.close());

describe('who may upload content files', () => {
  it('viewers, employees, the pages key and anonymous callers get 403, and nothing is stored', async () => {
    for (const init of [as('viewer'), as('employee'), { as: 'public' as const }, { as: 'none' as const }]) {
      const answer = await server.api('/api/media', { ...init, form: fileForm(tinyPng(), 'logo.png', 'image/png') });
      expect(answer.status).toBe(403);
    }
    const { rows } = await server.ctx.db.query(`SELECT count(*)::int AS n FROM documents WHERE collection = 'media'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('an editor uploads a logo', () => {
  it('is stored, audited, and served to anyone with its type, sandboxed and never sniffed', async () => {
    const answer = await upload(fileForm(tinyPng(), 'logo.png', 'image/png'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: 'Media successfully created.',
      doc: { id: expect.any(Number), mimeType: 'image/png', url: expect.stringMatching(/^\/api\/media\/file\/[\w-]+\.png$/) },
    });
    const file = await fetch(`${server.url}${answer.body.doc.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 8)).toEqual(tinyPng().subarray(0, 8));
    const { rows } = await server.ctx.db.query<{ user_email: string }>(`SELECT * FROM audit_log WHERE action = 'upload-media' AND document_id = $1`, [
      String(answer.body.doc.id),
    ]);
    expect(rows[0].user_email).toBe('editor-media@example.com');
  });

  it('a PDF is served to be shown in the page (Chrome shows no PDF in a sandbox), typed and never sniffed', async () => {
    const answer = await upload(fileForm(tinyPdf(), 'rules.pdf', 'application/pdf'));
    expect(answer.status).toBe(201);
    const file = await fetch(`${server.url}${answer.body.doc.url}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="[\w-]+\.pdf"$/);
    expect(file.headers.get('content-security-policy')).toBeNull();
  });

  it('a file that is not there is a 404', async () => {
    expect((await fetch(`${server.url}/api/media/file/nothing.png`)).status).toBe(404);
  });
});

describe('hostile content files', () => {
  it('a wrong type, an SVG with a script, a PDF running scripts, a file over the limit or no file: a 4xx naming the field, never stored', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    for (const [bytes, name, status] of [
      [textFile(), 'logo.png', 400],
      [svg, 'logo.svg', 400],
      [pdfWithScript(), 'rules.pdf', 400],
    ] as const) {
      const answer = await upload(fileForm(bytes, name, 'image/png'));
      expect(answer.status, name).toBe(status);
      expect(firstError(answer)?.path).toBe('file');
    }
    const large = await upload(fileForm(pngOfSize(11 * MB), 'huge.png', 'image/png'));
    expect(large.status).toBe(413);
    expect(large.body.errors[0].message).toMatch(/limit/);
    const none = await server.api('/api/media', { ...as('editor'), form: new FormData() });
    expect(none.status).toBe(400);
    const { rows } = await server.ctx.db.query<{ type: string }>(`SELECT data->>'mimeType' AS type FROM documents WHERE collection = 'media'`);
    expect(rows.every((row) => row.type !== 'image/svg+xml')).toBe(true);
  });
});

describe('a content document keeps its files as uploads', () => {
  it("a theme's logo: the global holds the upload, the pages read its url", async () => {
    const logo = (await upload(fileForm(tinyPng(), 'quest.png', 'image/png'))).body.doc;
    const saved = await server.api('/api/globals/page-content', { ...as('editor'), json: { quest: { logo_primary: { id: logo.id } } } });
    expect(saved.status).toBe(200);
    const read = await server.api('/api/globals/page-content', { as: 'public' });
    expect(read.body.quest.logo_primary).toEqual({
      id: logo.id,
      url: logo.url,
      filename: logo.filename,
      mimeType: 'image/png',
      filesize: logo.filesize,
      width: 1,
      height: 1,
    });
    // Sent back whole, as Payload answered it, it is the same upload.
    const again = await server.api('/api/globals/page-content', { ...as('editor'), json: { quest: read.body.quest } });
    expect(again.status).toBe(200);
    expect(again.body.result.quest.logo_primary.url).toBe(logo.url);
  });

  it('a PDF where a logo goes, an id that is no upload, or a text: 400 naming the path', async () => {
    const pdf = (await upload(fileForm(tinyPdf(), 'rules.pdf', 'application/pdf'))).body.doc;
    const wrongType = await server.api('/api/globals/page-content', { ...as('editor'), json: { store: { logo_primary: { id: pdf.id } } } });
    expect(wrongType.status).toBe(400);
    expect(firstError(wrongType)).toMatchObject({ path: 'store.logo_primary.id', message: 'This type of file is not accepted.' });
    const missing = await server.api('/api/globals/page-content?locale=ar', { ...as('editor'), json: { store: { logo_primary: { id: 999999 } } } });
    expect(missing.status).toBe(400);
    expect(firstError(missing)).toMatchObject({ path: 'store.logo_primary.id', message: 'هذا الملف لم يعد متاحًا. يرجى رفعه مرة أخرى.' });
    const text = await server.api('/api/globals/page-content', { ...as('editor'), json: { store: { logo_primary: { id: 'javascript:alert(1)' } } } });
    expect(text.status).toBe(400);
    expect(firstError(text)?.path).toBe('store.logo_primary.id');
  });

  it("a benefit's discounts and attachments (an uploaded PDF and an address) keep the shape the benefits page reads", async () => {
    const pdf = (await upload(fileForm(tinyPdf(), 'policy.pdf', 'application/pdf'))).body.doc;
    const gym = await benefit('gym-membership');
    const discounts = [{ brand: 'quest', text: { en: 'Half price at Doha Quest', ar: 'نصف السعر في دوحة كويست' } }];
    const attachments = [
      { label: { en: 'Gym rules', ar: 'قواعد النادي' }, id: pdf.id },
      { label: { en: 'Timetable' }, url: '/assets/docs/park-safety-rules.pdf' },
    ];
    const saved = await server.api(`/api/benefits/${gym.id}`, { ...as('editor'), method: 'PATCH', json: { discounts, attachments } });
    expect(saved.status).toBe(200);
    const read = await server.api(`/api/benefits/${gym.id}`, { as: 'public' });
    expect(read.body.discounts).toEqual(discounts);
    expect(read.body.attachments).toEqual([
      {
        label: { en: 'Gym rules', ar: 'قواعد النادي' },
        id: pdf.id,
        url: pdf.url,
        filename: pdf.filename,
        mimeType: 'application/pdf',
        filesize: pdf.filesize,
        width: null,
        height: null,
      },
      { label: { en: 'Timetable' }, url: '/assets/docs/park-safety-rules.pdf' },
    ]);
  });

  it('a wrong discount or attachment is named by its place in the list', async () => {
    const gym = await benefit('gym-membership');
    const answer = await server.api(`/api/benefits/${gym.id}`, {
      ...as('editor'),
      method: 'PATCH',
      json: {
        discounts: [{ brand: 'nowhere', text: { en: 'x' } }],
        attachments: [
          { label: { en: 'Bad' }, url: 'javascript:alert(1)' },
          { label: { en: 'Odd' }, colour: 'red' },
        ],
      },
    });
    expect(answer.status).toBe(400);
    const paths = answer.body.errors[0].data.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(['attachments.0.url', 'attachments.1.colour', 'discounts.0.brand']);
  });
});

describe('an older document edited for its PDF', () => {
  it('keeps its Slate body, as the same text now in Lexical', async () => {
    const found = await server.api('/api/documents?where[slug][equals]=park-safety-rules&depth=0', { as: 'staff' });
    const rules = found.body.docs[0];
    expect(Array.isArray(rules.body.en)).toBe(true);
    const pdf = (await upload(fileForm(tinyPdf(), 'rules.pdf', 'application/pdf'))).body.doc;
    const saved = await server.api(`/api/documents/${rules.id}`, { ...as('editor'), method: 'PATCH', json: { pdf: { id: pdf.id } } });
    expect(saved.status).toBe(200);
    expect(saved.body.doc.pdf).toMatchObject({ id: pdf.id, url: pdf.url, mimeType: 'application/pdf' });
    expect(JSON.stringify(saved.body.doc.body.en)).toContain('The full safety rules of every ride, as a printable document.');
    expect(saved.body.doc.body.en.root.type).toBe('root');
  });
});

describe('content files nothing refers to', () => {
  it('are removed with their stored file once older than UPLOAD_ORPHAN_MINUTES; those content shows stay', async () => {
    const used = (await upload(fileForm(tinyPng(), 'kept.png', 'image/png'))).body.doc;
    const unused = (await upload(fileForm(tinyPng(), 'dropped.png', 'image/png'))).body.doc;
    expect((await server.api('/api/globals/page-content', { ...as('editor'), json: { store: { logo_secondary: { id: used.id } } } })).status).toBe(200);
    const ctx = server.ctx;
    const contentSlugs = [...ctx.registry.collections.values()].filter((collection) => collection.kind === 'content').map((collection) => collection.slug);
    expect(await cleanupUnusedMedia(ctx.db, ctx.uploads, contentSlugs, new Date(), ctx.config.uploadOrphanMinutes)).toBe(0);
    const later = new Date(Date.now() + (ctx.config.uploadOrphanMinutes + 1) * 60_000);
    expect(await cleanupUnusedMedia(ctx.db, ctx.uploads, contentSlugs, later, ctx.config.uploadOrphanMinutes)).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${server.url}${unused.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${used.url}`)).status).toBe(200);
    const logo = (await server.api('/api/globals/page-content', { as: 'public' })).body.quest.logo_primary;
    expect((await fetch(`${server.url}${logo.url}`)).status).toBe(200);
  });
});
