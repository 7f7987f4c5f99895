// Returning guests, with the real server, database and a real SMTP server: a guest who signed an
// iFly waiver asks for a code by their email (or phone: the code goes to the waiver's email), gets
// it by mail, trades it once for their details and minors, and signs again (a new waiver, the old
// one kept). Without the code nothing is shown; a wrong code says only "code not recognised" and the
// 5th ends the code; asks are limited per phone/email; the database never holds the code.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type ReceivedMail, type SmtpStandIn } from '../support/smtp.ts';
import { loadConfig } from '../../src/server/features/index.ts';
import { freshPhone, IFLY, minor, SIGNATURE, waiverAnswers } from './samples.ts';

let server: TestServer;
let smtp: SmtpStandIn;
let guestCounter = 0;
const guestEmail = () => `returning-${process.pid}-${++guestCounter}@example.com`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100, consoleUrl: 'https://forms.example.com' } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The code mail to `address` (the waiver's signed copy goes there too), once it arrived. */
const codeMail = (address: string, count = 1): Promise<ReceivedMail> =>
  vi.waitFor(
    () => {
      const mails = smtp.mails.filter((mail) => mail.to.includes(address) && /code|رمز/i.test(mail.subject) && /\b\d{6}\b/.test(mail.text));
      if (mails.length < count) throw new Error(`no code mail ${count} yet`);
      return mails[count - 1];
    },
    { timeout: 15_000, interval: 50 },
  );
const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)![1];

const askCode = (contact: string, lang = 'en') => server.api('/api/returning/code', { json: { form: 'ifly-waiver', contact, lang } });
const prefill = (contact: string, code: string, locale = 'en') =>
  server.api(`/api/returning/prefill?locale=${locale}`, { json: { form: 'ifly-waiver', contact, code } });
const messageAt = (body: { errors: { data: { errors: { path: string; message: string }[] } }[] }, path: string) =>
  body.errors[0].data.errors.find((error) => error.path === path)?.message;

async function signed(email: string, phone = freshPhone()) {
  const answers = waiverAnswers({ email, phone, name: 'Mariam Khalil', dependents: [minor('Yousef Khalil', { qid: 'P9988776' }), minor('Dana Khalil')] });
  const created = await server.api(`/api/${IFLY}`, { json: answers });
  expect(created.status).toBe(201);
  return { id: created.body.doc.id as number, phone, answers };
}

describe('a returning guest', () => {
  it('gets a code by email, their details and minors filled in, and signs again (the old waiver kept)', async () => {
    const email = guestEmail();
    const first = await signed(email);
    // Without the code nothing is shown, by phone or email alone.
    const before = await prefill(email, '000000');
    expect(before.status).toBe(400);
    expect(messageAt(before.body, 'code')).toBe('Code not recognised.');
    expect(JSON.stringify(before.body)).not.toContain('Mariam');

    const asked = await askCode(email.toUpperCase());
    expect(asked.status).toBe(202);
    const mail = await codeMail(email);
    const code = codeIn(mail);
    expect(mail.subject).toContain('iFly');
    // The database holds no code and no contact: only keyed hashes and the salt.
    const { rows } = await server.ctx.db.query<Record<string, unknown>>('SELECT * FROM returning_codes WHERE document_id = $1', [first.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(email);

    const filled = await prefill(email, code);
    expect(filled.status).toBe(200);
    const answers = filled.body.answers;
    expect(answers.name).toBe('Mariam Khalil');
    expect(answers.qid).toBe(first.answers.qid);
    expect(answers.phone).toBe(first.phone);
    expect(answers.email).toBe(email);
    expect(answers.dependents).toEqual([
      { name: 'Yousef Khalil', birth_date: expect.any(String), qid: 'P9988776', weight_kg: 30 },
      { name: 'Dana Khalil', birth_date: expect.any(String), weight_kg: 30 },
    ]);
    // Never the signature, the consents or the visit date: those are given anew.
    for (const asked of ['signature', 'acknowledgement', 'guardian', 'visit_date']) expect(answers).not.toHaveProperty(asked);
    // Once: the same code again is not recognised.
    expect((await prefill(email, code)).status).toBe(400);

    // The guest changes a minor's weight and signs again: a new waiver, the first one kept.
    const again = await server.api(`/api/${IFLY}`, {
      json: {
        ...answers,
        visit_date: first.answers.visit_date,
        dependents: [{ ...answers.dependents[0], weight_kg: 33 }, answers.dependents[1]],
        signature: SIGNATURE,
        acknowledgement: true,
        guardian: true,
      },
    });
    expect(again.status).toBe(201);
    expect(again.body.doc.id).not.toBe(first.id);
    const { rows: kept } = await server.ctx.db.query<{ id: number }>(`SELECT id FROM documents WHERE id = ANY($1::int[])`, [[first.id, again.body.doc.id]]);
    expect(kept).toHaveLength(2);
  });

  it('asks by phone: the code goes to the email of the waiver found, in the guest’s language', async () => {
    const email = guestEmail();
    const { phone } = await signed(email);
    // As typed locally: Qatar's code is the waiver's preselected one.
    expect((await askCode(phone.replace('+974', ''), 'ar')).status).toBe(202);
    const mail = await codeMail(email);
    expect(mail.text).toContain('رمزك هو');
    expect((await prefill(phone, codeIn(mail), 'ar')).body.answers.name).toBe('Mariam Khalil');
  });

  it('says the same for an unknown phone or email, and sends nothing', async () => {
    const nobody = guestEmail();
    const asked = await askCode(nobody);
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe((await askCode(guestEmail())).body.message);
    expect((await prefill(nobody, '123456')).body.errors[0].data.errors[0].message).toBe('Code not recognised.');
    const bad = await askCode('not a phone', 'ar');
    expect(bad.status).toBe(400);
    expect(messageAt(bad.body, 'contact')).toBe('أدخل رقم الهاتف أو البريد الإلكتروني الذي ذكرته في آخر إقرار لك.');
    expect((await server.api('/api/returning/code', { json: { form: 'ifly-waiver', contact: nobody }, as: 'none' })).status).toBe(403);
  });

  it('refuses the code after 5 wrong tries, each answered only "code not recognised" in the page’s language', async () => {
    const email = guestEmail();
    await signed(email);
    await askCode(email);
    const code = codeIn(await codeMail(email));
    const wrong = code === '999999' ? '999998' : '999999';
    const words: string[] = [];
    for (const locale of ['en', 'ar', 'en', 'ar']) {
      const answer = await prefill(email, wrong, locale);
      expect(answer.status).toBe(400);
      words.push(messageAt(answer.body, 'code')!);
    }
    expect(words).toEqual(['Code not recognised.', 'الرمز غير معروف.', 'Code not recognised.', 'الرمز غير معروف.']);
    const fifth = await prefill(email, wrong);
    expect(messageAt(fifth.body, 'code')).toBe('Code not recognised. Please ask for a new code.');
    // The right code now: refused, and nothing shown.
    const right = await prefill(email, code);
    expect(right.status).toBe(400);
    expect(JSON.stringify(right.body)).not.toContain('Mariam');

    // A new code works again; the third ask in 10 minutes for this email is the last one taken.
    await askCode(email);
    const second = codeIn(await codeMail(email, 2));
    expect((await prefill(email, second)).status).toBe(200);
    expect((await askCode(email)).status).toBe(202);
    const limited = await askCode(email);
    expect(limited.status).toBe(429);
    expect(messageAt(limited.body, 'contact')).toBe('Too many tries. Please wait a few minutes and try again.');
  });
});
