// Service recovery, reaching the guest: a venue manager replies to a Poor dining survey from the
// Arabic reply template; the email reaches a real SMTP server in Arabic, right to left, from the
// venue, with the case link, and the next reply threads under it. A guest who left no email, said
// no, or a form without contact (a confidential one) gets no reply (409 naming why); bad words are
// a 400 in the console's language; another venue's manager learns nothing (404); without a mail
// server the reply waits on the outbox and the thread says "queued".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailingAlerts, startTestServer, type TestServer } from '../support/server.ts';
import { REFUSAL, startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { CASE_REPLY_MAX_LENGTH } from '../../src/engine/contract/cases.ts';
import { t } from '../../src/engine/text/messages.ts';
import { DINING, diningAnswers } from './samples.ts';

let smtp: SmtpStandIn;
let server: TestServer;
let guestCounter = 0;
const REFUSED = 'no-such-guest@example.com';

const guestEmail = () => `guest-${process.pid}-${++guestCounter}@example.com`;
/** A Poor dining survey of its own, answered in `lang`. */
async function survey(on: TestServer, answers: Record<string, unknown>, lang = 'ar'): Promise<number> {
  const created = await on.api(`/api/${DINING}?locale=${lang}`, { json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', ...answers }) });
  expect(created.status).toBe(201);
  return created.body.doc.id;
}
const post = async (on: TestServer, id: number, json: unknown, as: Record<string, string>, query = '') =>
  on.api(`/api/${DINING}/${id}/messages${query}`, { method: 'POST', json, as: 'none', headers: as });
const thread = async (on: TestServer, id: number, as: Record<string, string>) => on.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: as });
async function templateId(on: TestServer, lang: string): Promise<number> {
  const answer = await on.api(
    `/api/reply-templates?where=${encodeURIComponent(JSON.stringify({ and: [{ form: { equals: 'dining-survey' } }, { language: { equals: lang } }] }))}`,
    { as: 'staff' },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.docs).toHaveLength(1);
  return answer.body.docs[0].id;
}

beforeAll(async () => {
  smtp = await startSmtp({ refuse: [REFUSED] });
  server = await startTestServer({ alerts: mailingAlerts(smtp.url) });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('a reply reaches the guest', () => {
  it('an Arabic reply from the template arrives right to left, from the venue, with the case link; the next one threads under it', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const email = guestEmail();
    const id = await survey(server, { email_address: email, name: 'ليلى حسن' });
    const before = await thread(server, id, manager);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ docs: [], reply: { lang: 'ar', blocked: null } });

    const first = await post(server, id, { text: '', template: await templateId(server, 'ar') }, manager);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ direction: 'to-guest', delivery: { state: expect.stringMatching(/^(queued|sent)$/) } });
    expect(first.body.text).toContain('عزيزنا ليلى حسن،');
    expect(first.body.text).toContain('Cova');
    expect(first.body.text).not.toMatch(/\{[a-z_]+\}/);

    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe('بخصوص زيارتك إلى Cova');
    expect(mail.from).toBe('"Cova" <replies@dohaoasis.example>');
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.html).toContain('direction: rtl');
    expect(mail.html).toContain('عزيزنا ليلى حسن،');
    const link = /https:\/\/forms\.example\.com\/reply\/\d+\.\d+\.[A-Za-z0-9_-]{43}\?lang=ar/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.messageId).toMatch(/^<case-\d+-\d+@dohaoasis\.example>$/);
    expect(mail.inReplyTo).toBeNull();

    const second = await post(server, id, { text: 'نودّ دعوتك لزيارة أخرى على حسابنا، {guest_name}.' }, manager);
    expect(second.status).toBe(201);
    expect(second.body.text).toBe('نودّ دعوتك لزيارة أخرى على حسابنا، ليلى حسن.');
    await expect.poll(() => smtp.mails.filter((received) => received.to.includes(email)).length).toBe(2);
    const next = smtp.mails.filter((received) => received.to.includes(email))[1];
    expect(next.messageId).not.toBe(mail.messageId);
    expect(next.inReplyTo).toBe(mail.messageId);
    expect(next.references).toEqual([mail.messageId]);

    await expect
      .poll(async () => (await thread(server, id, manager)).body.docs.map((message: { delivery: { state: string } }) => message.delivery.state))
      .toEqual(['sent', 'sent']);
    const read = await thread(server, id, manager);
    expect(read.body.docs.map((message: { id: number; direction: string }) => [message.id, message.direction])).toEqual([
      [first.body.id, 'to-guest'],
      [second.body.id, 'to-guest'],
    ]);
    expect(read.body.docs[0].author).toMatch(/@/);
  });

  it("a mail server refusing the guest's address marks the reply failed with its words, in the thread", async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const id = await survey(server, { email_address: REFUSED });
    expect((await post(server, id, { text: 'Hello' }, manager)).status).toBe(201);
    await expect.poll(async () => (await thread(server, id, manager)).body.docs[0].delivery.state).toBe('failed');
    expect((await thread(server, id, manager)).body.docs[0].delivery.error).toContain(REFUSAL);
  });

  it('a preview shows the reply as the guest will read it, in their language, and sends nothing', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const id = await survey(server, { email_address: guestEmail(), name: 'Marie Dupont' }, 'en');
    const preview = await server.api(`/api/${DINING}/${id}/messages/preview`, {
      method: 'POST',
      json: { text: '', template: await templateId(server, 'en') },
      as: 'none',
      headers: manager,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.lang).toBe('en');
    expect(preview.body.subject).toBe('About your visit to Cova');
    expect(preview.body.text).toMatch(/^Dear Marie Dupont,/);
    expect(preview.body.text).toContain(`Your reference: ${(await server.api(`/api/${DINING}/${id}`, { as: 'none', headers: manager })).body.reference}`);
    const { rows } = await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = $1', [id]);
    expect(rows).toHaveLength(0);
    expect((await server.api(`/api/${DINING}/${id}/messages/preview`, { method: 'POST', json: { text: '{oops}' }, as: 'none', headers: manager })).status).toBe(
      400,
    );
  });

  it('a manager of another venue can neither read nor write the thread (404)', async () => {
    const other = await server.staffAs(['manager'], ['twiga']);
    const id = await survey(server, { email_address: guestEmail() });
    expect((await thread(server, id, other)).status).toBe(404);
    const written = await post(server, id, { text: 'Hello' }, other);
    expect(written.status).toBe(404);
    expect((await server.api(`/api/${DINING}/${id}/messages/preview`, { method: 'POST', json: { text: 'Hello' }, as: 'none', headers: other })).status).toBe(
      404,
    );
    const { rows } = await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });
});

describe("the guest's link", () => {
  it('opens only its own case, in the guest language; the guest answers into the thread; an altered link is a 404', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const email = guestEmail();
    const id = await survey(server, { email_address: email });
    const other = await survey(server, { email_address: guestEmail() });
    expect((await post(server, id, { text: 'نعتذر عن تجربتك.' }, manager)).status).toBe(201);
    expect((await post(server, other, { text: 'Another guest.' }, manager)).status).toBe(201);
    const token = /\/reply\/([^\s?]+)/.exec((await smtp.mailTo(email)).text)![1];

    const opened = await server.api(`/api/case/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ lang: 'ar', venue: 'Cova', docs: [{ direction: 'to-guest', text: 'نعتذر عن تجربتك.', author: null }] });
    expect(opened.body.docs).toHaveLength(1);
    expect(JSON.stringify(opened.body)).not.toContain('@');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await server.api(`/api/case/${altered}`)).status).toBe(404);
    expect((await server.api(`/api/case/${id}.9999999999.${'A'.repeat(43)}`)).status).toBe(404);
    expect((await server.api(`/api/case/${token}`, { as: 'none' })).status).toBe(403);

    const answered = await server.api(`/api/case/${token}/messages`, { method: 'POST', json: { text: '  شكرًا، سأعود الأسبوع القادم.  ' } });
    expect(answered.status).toBe(201);
    const tooLong = await server.api(`/api/case/${token}/messages`, { method: 'POST', json: { text: 'x'.repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].data.errors[0]).toEqual({ path: 'text', message: t('caseAnswerTooLong', 'ar', { max: 2000 }) });
    const read = await thread(server, id, manager);
    expect(
      read.body.docs.map((message: { direction: string; text: string; delivery: unknown }) => [message.direction, message.text, message.delivery]),
    ).toEqual([
      ['to-guest', 'نعتذر عن تجربتك.', expect.any(Object)],
      ['from-guest', 'شكرًا، سأعود الأسبوع القادم.', null],
    ]);
    expect((await thread(server, other, manager)).body.docs.map((message: { direction: string }) => message.direction)).toEqual(['to-guest']);
  });
});

describe('when no reply is possible: 409 naming why', () => {
  it('no email, said no, a confidential form, a form without contact', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const noEmail = await survey(server, {});
    const saidNo = await survey(server, { email_address: guestEmail(), contact_consent: 'no' });
    const refused = async (id: number, as: Record<string, string>, collection = DINING, query = '') =>
      server.api(`/api/${collection}/${id}/messages${query}`, { method: 'POST', json: { text: 'Hello' }, as: 'none', headers: as });

    const a = await refused(noEmail, manager);
    expect(a.status).toBe(409);
    expect(a.body.errors[0].message).toBe('The guest left no email address: no reply can be sent.');
    expect(a.body.errors[0].data.errors[0]).toMatchObject({ path: 'contact', code: 'no-email' });
    expect((await thread(server, noEmail, manager)).body.reply.blocked).toBe('no-email');

    const b = await refused(saidNo, manager, DINING, '?locale=fr');
    expect(b.status).toBe(409);
    expect(b.body.errors[0].message).toBe(t('staffCaseSaidNo', 'fr'));
    expect(b.body.errors[0].message).toMatch(/^Le client a demandé/);
    expect(b.body.errors[0].data.errors[0].code).toBe('said-no');

    // Stored as the forms would have stored them (their own tests cover creating them).
    const insert = async (collection: string, data: Record<string, unknown>) =>
      (
        await server.ctx.db.query<{ id: number }>('INSERT INTO documents (collection, data, reference) VALUES ($1, $2::jsonb, $3) RETURNING id', [
          collection,
          JSON.stringify(data),
          `T-${process.pid}-${++guestCounter}`,
        ])
      ).rows[0].id;
    const report = await insert('employee-whistle-blower', { email: guestEmail() });
    const c = await refused(report, await server.staffAs(['compliance']), 'employee-whistle-blower');
    expect(c.status).toBe(409);
    expect(c.body.errors[0].data.errors[0].code).toBe('no-contact');
    const employee = await insert('employee-responses', {});
    const d = await refused(employee, await server.staffAs(['admin']), 'employee-responses', '?locale=ar');
    expect(d.status).toBe(409);
    expect(d.body.errors[0].message).toBe('لا يحدد هذا النموذج طريقة للتواصل مع ضيوفه، أو أنه سري: لا يمكن إرسال رد.');
    const { rows } = await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = ANY($1::int[])', [[noEmail, saidNo, report, employee]]);
    expect(rows).toHaveLength(0);
  });
});

describe('bad words: 400 naming the field, in the console language', () => {
  it('too long, empty, unknown template, a template of another language, an unknown placeholder', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const id = await survey(server, { email_address: guestEmail() });
    const problem = async (json: unknown, query = '') => {
      const answer = await post(server, id, json, manager, query);
      expect(answer.status).toBe(400);
      return answer.body.errors[0].data.errors[0];
    };
    expect(await problem({ text: 'x'.repeat(CASE_REPLY_MAX_LENGTH + 1) })).toEqual({
      path: 'text',
      message: `Keep the reply to ${CASE_REPLY_MAX_LENGTH} characters or fewer.`,
    });
    expect(await problem({ text: '   ' }, '?locale=fr')).toEqual({ path: 'text', message: t('staffCaseReplyEmpty', 'fr') });
    expect(await problem({ text: 'Hello', template: 999999 })).toEqual({
      path: 'template',
      message: "There is no such reply template for this form in the guest's language.",
    });
    expect(await problem({ text: 'Hello', template: await templateId(server, 'en') })).toMatchObject({ path: 'template' });
    expect(await problem({ text: 'Dear {guest_name}, your {voucher} is ready.' })).toEqual({
      path: 'text',
      message: 'Unknown placeholder {voucher}: use only {guest_name}, {venue}, {reference}, {staff_name}, {visit_date}.',
    });
    expect((await post(server, id, { text: 'x'.repeat(CASE_REPLY_MAX_LENGTH) }, manager)).status).toBe(201);
  });
});

describe('reply templates are content', () => {
  it('an editor saves one; an unknown placeholder is refused at save naming it; a manager may not write them', async () => {
    const editor = await server.staffAs(['editor']);
    const template = {
      name: `Thanks ${process.pid}`,
      form: 'dining-survey',
      language: 'en',
      body: 'Thank you {guest_name}, your {coupon} and {gift} wait at {venue}.',
    };
    const bad = await server.api('/api/reply-templates', { method: 'POST', json: template, as: 'none', headers: editor });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].data.errors).toEqual([
      {
        path: 'body',
        label: 'Text',
        message: 'Unknown placeholder {coupon}, {gift}: use only {guest_name}, {venue}, {reference}, {staff_name}, {visit_date}.',
      },
    ]);
    const good = await server.api('/api/reply-templates', {
      method: 'POST',
      json: { ...template, body: 'Thank you {guest_name}.' },
      as: 'none',
      headers: editor,
    });
    expect(good.status).toBe(201);
    const renamed = await server.api(`/api/reply-templates/${good.body.doc.id}`, {
      method: 'PATCH',
      json: { subject: 'Hello {nobody}' },
      as: 'none',
      headers: editor,
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors[0].data.errors[0]).toMatchObject({ path: 'subject' });
    const manager = await server.staffAs(['manager'], ['cova']);
    expect((await server.api('/api/reply-templates', { method: 'POST', json: template, as: 'none', headers: manager })).status).toBe(403);
  });
});

describe("the guest's data", () => {
  it('the privacy export carries the messages with the guest', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const email = guestEmail();
    const id = await survey(server, { email_address: email });
    expect((await post(server, id, { text: 'We would love to welcome you again.' }, manager)).status).toBe(201);
    const exported = await server.api(`/api/privacy/export?email=${encodeURIComponent(email)}`, { as: 'none', headers: await server.staffAs(['admin']) });
    expect(exported.status).toBe(200);
    const submission = exported.body.submissions.find((found: { id: number }) => found.id === id);
    expect(submission.messages).toEqual([{ at: expect.any(String), direction: 'to-guest', text: 'We would love to welcome you again.' }]);
    const html = await server.api(`/api/privacy/export?email=${encodeURIComponent(email)}&format=html`, {
      as: 'none',
      headers: await server.staffAs(['admin']),
    });
    expect(html.body).toContain('Messages with the guest');
    expect(html.body).toContain('To the guest: We would love to welcome you again.');
  });
});

describe('a submission erased takes its thread', () => {
  it('deleting the submission deletes its messages and their emails', async () => {
    const manager = await server.staffAs(['manager'], ['cova']);
    const id = await survey(server, { email_address: guestEmail() });
    expect((await post(server, id, { text: 'Hello' }, manager)).status).toBe(201);
    await server.ctx.db.query('DELETE FROM documents WHERE id = $1', [id]);
    expect((await server.ctx.db.query('SELECT 1 FROM case_messages WHERE document_id = $1', [id])).rows).toHaveLength(0);
    expect((await server.ctx.db.query("SELECT 1 FROM outbox WHERE kind = 'case-reply' AND document_id = $1", [id])).rows).toHaveLength(0);
  });
});

describe('without a mail server', () => {
  it('the reply stays queued on the outbox and the thread says so', async () => {
    const quiet = await startTestServer();
    try {
      expect(quiet.config.alerts.smtpUrl).toBeNull();
      const manager = await quiet.staffAs(['manager'], ['cova']);
      const id = await survey(quiet, { email_address: guestEmail() }, 'en');
      const sent = await post(quiet, id, { text: 'We are sorry, {guest_name}.' }, manager);
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ text: 'We are sorry, guest.', delivery: { state: 'queued' } });
      const read = await thread(quiet, id, manager);
      expect(read.body.reply.lang).toBe('en');
      expect(read.body.docs.map((message: { delivery: unknown }) => message.delivery)).toEqual([{ state: 'queued' }]);
      const { rows } = await quiet.ctx.db.query<{ state: string; attempts: number }>(
        "SELECT state, attempts FROM outbox WHERE kind = 'case-reply' AND document_id = $1",
        [id],
      );
      expect(rows).toEqual([{ state: 'queued', attempts: 0 }]);
    } finally {
      await quiet.close();
    }
  });
});
