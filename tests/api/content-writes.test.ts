// Staff change content through the API with the same compiled schemas the console's forms use:
// editors and admins may, viewers, employees and the pages' key may not; every change is audited,
// and a restaurant's new inline script is allowed by the next page's security policy.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import type { Role } from '../../src/server/core/access/roles.ts';

let server: TestServer;
const tokens: Partial<Record<Role, string>> = {};
const as = (role: Role) => ({ as: 'none' as const, headers: { authorization: `JWT ${tokens[role]}` } });

async function signIn(role: Role): Promise<string> {
  const email = `${role}-content@example.com`;
  await saveStaffUser(server.ctx.db, email, 'a long enough password', role);
  const login = await server.api('/api/users/login', { json: { email, password: 'a long enough password' }, as: 'none' });
  return login.body.token as string;
}

async function restaurant(slug: string) {
  const found = await server.api(`/api/restaurants?where[slug][equals]=${slug}`, { as: 'staff' });
  return found.body.docs[0];
}

async function auditRows(action: string, target: string) {
  const { rows } = await server.ctx.db.query<{ user_email: string; document_id: string; detail: { fields?: string[] } }>(
    'SELECT * FROM audit_log WHERE action = $1 AND target = $2 ORDER BY id',
    [action, target],
  );
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['editor', 'viewer', 'employee'] as const) tokens[role] = await signIn(role);
});
afterAll(() => server?.close());

describe('who may change content', () => {
  it('viewers, employees, the public key and anonymous callers get 403 and nothing changes', async () => {
    const twiga = await restaurant('twiga');
    for (const init of [as('viewer'), as('employee'), { as: 'public' as const }, { as: 'none' as const }]) {
      expect((await server.api(`/api/restaurants/${twiga.id}`, { ...init, method: 'PATCH', json: { name: 'Hacked' } })).status).toBe(403);
      expect((await server.api('/api/restaurants', { ...init, json: { name: 'New', slug: 'new-place' } })).status).toBe(403);
      expect((await server.api(`/api/restaurants/${twiga.id}`, { ...init, method: 'DELETE' })).status).toBe(403);
      expect((await server.api('/api/globals/club-launch', { ...init, json: { android_url: 'https://example.com/x' } })).status).toBe(403);
    }
    expect((await restaurant('twiga')).name).toBe('Twiga');
  });
});

describe('an editor changes content', () => {
  it('updates a restaurant partially, and the audit log says who changed which fields', async () => {
    const cova = await restaurant('cova');
    const answer = await server.api(`/api/restaurants/${cova.id}`, { ...as('editor'), method: 'PATCH', json: { name: 'Cova Doha' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Updated successfully.', doc: { id: cova.id, name: 'Cova Doha', slug: 'cova', scripts: cova.scripts } });
    const rows = await auditRows('update-content', 'restaurants');
    expect(rows.at(-1)).toMatchObject({ user_email: 'editor-content@example.com', document_id: String(cova.id), detail: { fields: ['name'] } });
  });

  it('is told which field is wrong, in the language asked for, with a 400', async () => {
    const cova = await restaurant('cova');
    const bad = await server.api(`/api/restaurants/${cova.id}?locale=ar`, {
      ...as('editor'),
      method: 'PATCH',
      json: { slug: 'Not A Slug', scripts: [{ type: 'external', src: 'javascript:alert(1)' }] },
    });
    expect(bad.status).toBe(400);
    const errors = bad.body.errors[0].data.errors;
    expect(errors.map((error: { path: string }) => error.path).sort()).toEqual(['scripts.0.src', 'slug']);
    expect(errors.find((error: { path: string }) => error.path === 'slug').message).toMatch(/[\u0600-\u06FF]/);
    const unknown = await server.api(`/api/restaurants/${cova.id}`, { ...as('editor'), method: 'PATCH', json: { price: 3, name: 'X' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe('The following field is invalid: price');
    const notObject = await server.api(`/api/restaurants/${cova.id}`, { ...as('editor'), method: 'PATCH', json: [1, 2] });
    expect(notObject.status).toBe(400);
    expect((await restaurant('cova')).slug).toBe('cova');
  });

  it('creates a restaurant, refuses a second one at the same address, and deletes it', async () => {
    const created = await server.api('/api/restaurants', { ...as('editor'), json: { name: 'Nobu', slug: 'nobu', scripts: [] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Restaurant successfully created.', doc: { name: 'Nobu', slug: 'nobu' } });
    const again = await server.api('/api/restaurants', { ...as('editor'), json: { name: 'Nobu 2', slug: 'nobu' } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].data.errors[0].path).toBe('slug');
    const gone = await server.api(`/api/restaurants/${created.body.doc.id}`, { ...as('editor'), method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ message: 'Deleted successfully.', doc: { slug: 'nobu' } });
    expect(await restaurant('nobu')).toBeUndefined();
    expect((await auditRows('create-content', 'restaurants')).length).toBe(1);
    expect((await auditRows('delete-content', 'restaurants')).length).toBe(1);
  });

  it('writes localized titles and rich text by their document paths', async () => {
    const docs = await server.api('/api/documents?where[slug][equals]=guest-code-of-conduct', { as: 'staff' });
    const doc = docs.body.docs[0];
    const answer = await server.api(`/api/documents/${doc.id}`, {
      ...as('editor'),
      method: 'PATCH',
      json: {
        title: { en: 'Code of Conduct', ar: 'مدونة السلوك' },
        body: { en: '## Rules\n\n- Be **kind**\n- No [running](https://example.com)', ar: 'كن لطيفًا' },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.doc.title).toEqual({ en: 'Code of Conduct', ar: 'مدونة السلوك' });
    const root = answer.body.doc.body.en.root;
    expect(root.children.map((node: { type: string }) => node.type)).toEqual(['heading', 'list']);
    expect(root.children[1].children[0].children[1]).toMatchObject({ text: 'kind', format: 1 });
    const bad = await server.api(`/api/documents/${doc.id}`, { ...as('editor'), method: 'PATCH', json: { title: { en: 'x', de: 'y' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].data.errors[0].path).toBe('title.de');
  });

  it('saves a global with POST /api/globals/{slug}', async () => {
    const saved = await server.api('/api/globals/club-launch', { ...as('editor'), json: { android_url: 'https://play.example.com/app' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Updated successfully.', result: { android_url: 'https://play.example.com/app', globalType: 'club-launch' } });
    expect((await server.api('/api/globals/club-launch')).body.android_url).toBe('https://play.example.com/app');
    const bad = await server.api('/api/globals/club-launch', { ...as('editor'), json: { ios_url: 'ftp://x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].data.errors[0].path).toBe('ios_url');
    expect((await auditRows('update-global', 'club-launch')).at(-1)?.detail).toEqual({ fields: ['android_url'] });
  });
});

describe('the pages allow a script added in the console without a restart', () => {
  it("runs a new inline script in its page's sandboxed frame from the next load, never in the page itself", async () => {
    const code = "document.title = 'tagged';";
    const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    const frame = () => server.api('/page-scripts/survey/fnb/russos', { as: 'none' });
    expect((await frame()).headers.get('content-security-policy')).not.toContain(hash);
    const russos = await restaurant('russos');
    const saved = await server.api(`/api/restaurants/${russos.id}`, {
      ...as('editor'),
      method: 'PATCH',
      json: { scripts: [{ type: 'inline', content: code }] },
    });
    expect(saved.status).toBe(200);
    const after = await frame();
    expect(after.headers.get('content-security-policy')).toMatch(new RegExp(`^sandbox allow-scripts; .*${hash.replace(/[+/]/g, '\\$&')}`));
    expect(after.body).toContain(`<script>${code}</script>`);
    expect((await server.api('/survey/fnb/russos', { as: 'none' })).headers.get('content-security-policy')).not.toContain(hash);
  });
});
