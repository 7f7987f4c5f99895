// The rules a definition states hold on the server as the page states them: phones compared in
// one writing (E.164), the digits-only form old clients send, today's visit date when left out,
// and unique rules that follow the definitions (a removed rule's index is dropped; any unique
// violation is a 409 naming the answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUniqueIndexes } from '../../src/server/core/db/unique-indexes.ts';
import { loadCompiledForms } from '../../src/server/core/forms/compiled-forms.ts';
import { formsBuildDir, startTestServer, type TestServer } from '../support/server.ts';
import { loyaltyAnswers, LOYALTY, register } from './samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const stored = async (id: number) =>
  (await server.ctx.db.query<{ data: Record<string, unknown> }>('SELECT data FROM documents WHERE id = $1', [id])).rows[0].data;

describe('phones', () => {
  it('accepts the digits-only form (dial code and number) and stores it as E.164', async () => {
    const answer = await register(server, await loyaltyAnswers(server, { phone: '97455661234' }));
    expect(answer.status).toBe(201);
    expect(answer.body.doc.phone).toBe('+97455661234');
    expect((await stored(answer.body.doc.id)).phone).toBe('+97455661234');
  });

  it('counts +44 07911 123457 and +44 7911 123457 as one phone: the second registration is a 409 naming the phone', async () => {
    expect((await register(server, await loyaltyAnswers(server, { phone: '+447911123457' }))).status).toBe(201);
    const again = await register(server, await loyaltyAnswers(server, { phone: '+4407911123457' }));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].data.errors).toEqual([
      expect.objectContaining({ path: 'phone', message: 'This phone number is already registered in the loyalty club.' }),
    ]);
  });

  it('refuses a number no country has, naming the phone, in the page language', async () => {
    const answer = await server.api(`/api/${LOYALTY}?locale=ar`, {
      json: await loyaltyAnswers(server, { phone: '+97412345678' }),
      headers: { 'x-captcha-proof': 'unused' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].data.errors).toEqual([
      { label: 'الهاتف', path: 'phone', message: 'أدخل رقم هاتف صحيحًا: اختر رمز الدولة ثم الرقم (أرقام فقط).' },
    ]);
  });
});

describe('a registration without visit_date', () => {
  it('is from today (YYYY-MM-DD), as the spec says, rather than refused', async () => {
    const { visit_date: _omitted, ...answers } = await loyaltyAnswers(server);
    const answer = await register(server, answers);
    expect(answer.status).toBe(201);
    expect(answer.body.doc.visit_date).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('unique rules follow the definitions', () => {
  const indexes = async () =>
    (
      await server.ctx.db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'documents' AND indexname LIKE 'documents_unique_%'")
    ).rows.map((row) => row.indexname);

  it('answers a violation of an index this server has no rule for with a 409 naming the answer, never a 500', async () => {
    const db = server.ctx.db;
    await db.query(
      `CREATE UNIQUE INDEX documents_unique_from_elsewhere ON documents ((data->>'email')) WHERE collection = '${LOYALTY}' AND data->>'email' = 'once@example.com'`,
    );
    try {
      expect((await register(server, await loyaltyAnswers(server, { email: 'once@example.com' }))).status).toBe(201);
      const again = await register(server, await loyaltyAnswers(server, { email: 'once@example.com' }));
      expect(again.status).toBe(409);
      expect(again.body.errors[0].data.errors).toEqual([
        { label: 'Email', path: 'email', message: 'This answer has already been sent; it can be sent only once.' },
      ]);
    } finally {
      await db.query('DROP INDEX documents_unique_from_elsewhere');
    }
  });

  it('drops the index of a rule taken out of a definition, so the next "duplicate" is stored', async () => {
    const forms = await loadCompiledForms(formsBuildDir());
    const before = await indexes();
    const withoutPhoneRule = forms.map((form) => (form.compiled.collection === LOYALTY ? { ...form, compiled: { ...form.compiled, unique: [] } } : form));
    const rules = await ensureUniqueIndexes(server.ctx.db, withoutPhoneRule);
    const after = await indexes();
    expect(after.length).toBe(before.length - 1);
    expect([...rules.keys()].sort()).toEqual([...after].sort());
    server.ctx.uniqueRules = rules;
    const first = await loyaltyAnswers(server);
    expect((await register(server, first)).status).toBe(201);
    expect((await register(server, await loyaltyAnswers(server, { phone: first.phone }))).status).toBe(201);
  });
});
