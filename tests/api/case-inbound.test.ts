// Service recovery, the whole loop through real mail servers: a Poor dining survey with an email,
// a reply in Arabic from the template, the mail arriving right to left with the /reply/ link, its
// threading headers and a Reply-To of the case's own address; the guest answers on the page and,
// separately, by pressing Reply (nodemailer to the product's own SMTP receiver, quoted history and
// signature stripped); each answer is in the thread, the case in progress, the assignee alerted.
// The receiver refuses other recipients and unknown or expired tokens at RCPT and oversized
// messages, and never sends anything. Then the same loop in the server as operators run it: no
// text of a case (reply, answers) is in its log lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_KEY, ROOT, mailingAlerts, startTestServer, type TestServer } from '../support/server.ts';
import { freePort, startMainProcess } from '../support/main-process.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { caseReplyAddress } from '../../src/server/features/cases/case-link.ts';
import { DINING, diningAnswers } from './samples.ts';

const DOMAIN = 'replies.dohaoasis.example';
let smtp: SmtpStandIn;
let server: TestServer;
let counter = 0;
const unique = () => `${process.pid}-${++counter}`;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    alerts: mailingAlerts(smtp.url),
    cases: { inbound: { port: 0, domain: DOMAIN } },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The guest's own mail client, sending to the product's receiver. */
const guestMailer = (port: number) => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
const followUpState = async (id: number) =>
  (await server.ctx.db.query<{ state: string }>('SELECT state FROM followups WHERE document_id = $1', [id])).rows[0]?.state ?? 'new';
const guestWords = async (id: number) =>
  (
    await server.ctx.db.query<{ text: string }>("SELECT text FROM case_messages WHERE document_id = $1 AND direction = 'from-guest' ORDER BY id", [id])
  ).rows.map((row) => row.text);

async function arabicTemplate(): Promise<number> {
  const where = encodeURIComponent(JSON.stringify({ and: [{ form: { equals: 'dining-survey' } }, { language: { equals: 'ar' } }] }));
  return (await server.api(`/api/reply-templates?where=${where}`, { as: 'staff' })).body.docs[0].id;
}

describe('the loop, through a real SMTP server and our own receiver', () => {
  it('reply in Arabic -> RTL mail with the /reply/ link, threading and Reply-To -> answers on the page and by Reply -> thread, in progress, assignee alerted -> resolved recovered', async () => {
    const email = `guest-${unique()}@example.com`;
    const created = await server.api(`/api/${DINING}?locale=ar`, {
      json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: email, name: 'ليلى حسن' }),
    });
    expect(created.status).toBe(201);
    const id: number = created.body.doc.id;
    const manager = await server.staffAs(['manager'], ['cova']);
    const { rows: users } = await server.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', ['manager.cova@roles.example.com']);
    const assigned = await server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json: { assigneeId: users[0].id }, as: 'none', headers: manager });
    expect(assigned.status).toBe(200);
    const first = await server.api(`/api/${DINING}/${id}/messages`, {
      method: 'POST',
      json: { text: '', template: await arabicTemplate() },
      as: 'none',
      headers: manager,
    });
    expect(first.status).toBe(201);

    const mail = await smtp.mailTo(email);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    const link = /https:\/\/forms\.example\.com(\/reply\/[^\s?]+\?lang=ar)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    expect(mail.messageId).toMatch(/^<case-\d+-\d+@dohaoasis\.example>$/);
    const replyTo = String((mail.headers.get('reply-to') as { text?: string } | undefined)?.text ?? '');
    expect(replyTo).toMatch(new RegExp(`^case\\+${id}\\.\\d+\\.[A-Za-z0-9_-]{22}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(replyTo.split('@')[0].length).toBeLessThanOrEqual(64);

    // On the page, without JavaScript.
    const posted = await fetch(`${server.url}${link}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ text: 'سأعود الأسبوع القادم.' }),
      headers: { origin: server.url },
    });
    expect(posted.status).toBe(303);
    // Resolved meanwhile: the guest's Reply opens it again.
    await server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json: { state: 'resolved', outcome: 'recovered' }, as: 'none', headers: manager });
    expect(await followUpState(id)).toBe('resolved');

    const port = server.app.inboundSmtpPort();
    expect(port).toEqual(expect.any(Number));
    await guestMailer(port!).sendMail({
      from: email,
      to: replyTo,
      subject: `Re: ${mail.subject}`,
      inReplyTo: mail.messageId,
      references: [mail.messageId],
      text: `شكرًا، الحساء كان باردًا فقط.\n\n-- \nليلى\n\nفي الثلاثاء، ٢ ديسمبر ٢٠٢٦، كتب Cova <replies@dohaoasis.example>:\n> ${first.body.text.split('\n')[0]}\n`,
    });
    await expect.poll(() => guestWords(id)).toEqual(['سأعود الأسبوع القادم.', 'شكرًا، الحساء كان باردًا فقط.']);
    expect(await followUpState(id)).toBe('in-progress');
    const thread = await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: manager });
    expect(thread.body.docs.map((message: { direction: string }) => message.direction)).toEqual(['to-guest', 'from-guest', 'from-guest']);
    // The assignee was told of each answer, never with the guest's words.
    await expect
      .poll(
        () =>
          smtp.mails.filter((received) => received.to.includes('manager.cova@roles.example.com') && received.subject.includes(created.body.doc.reference))
            .length,
      )
      .toBe(2);
    for (const alert of smtp.mails.filter((received) => received.to.includes('manager.cova@roles.example.com'))) expect(alert.text).not.toMatch(/الحساء|سأعود/);
    // The receiver sends nothing: the only mails to the guest are the reply itself.
    expect(smtp.mails.filter((received) => received.to.includes(email))).toHaveLength(1);

    // The manager answers again (threaded under the first mail) and resolves the case as recovered: it counts in the recovery rate.
    const second = await server.api(`/api/${DINING}/${id}/messages`, {
      method: 'POST',
      json: { text: 'شكرًا لك، ننتظرك الأسبوع القادم.' },
      as: 'none',
      headers: manager,
    });
    expect(second.status).toBe(201);
    await expect.poll(() => smtp.mails.filter((received) => received.to.includes(email)).length).toBe(2);
    const next = smtp.mails.filter((received) => received.to.includes(email))[1];
    expect(next.inReplyTo).toBe(mail.messageId);
    expect(next.references).toEqual([mail.messageId]);
    const resolved = await server.api(`/api/${DINING}/${id}/followup`, {
      method: 'PATCH',
      json: { state: 'resolved', outcome: 'recovered' },
      as: 'none',
      headers: manager,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'resolved', outcome: 'recovered' });
    const measured = await server.api('/api/insights/cases?form=dining-survey', { as: 'none', headers: manager });
    expect(measured.body.overall).toMatchObject({ recovered: 1, resolvedWithReply: 1, recoveryRate: 1 });
  });

  it('refuses at RCPT another recipient, an altered, an unknown and an expired token; refuses an oversized message', async () => {
    const email = `guest-${unique()}@example.com`;
    const created = await server.api(`/api/${DINING}?locale=en`, { json: diningAnswers({ rating_food: 'poor', email_address: email }) });
    const id: number = created.body.doc.id;
    const manager = await server.staffAs(['manager'], ['cova']);
    expect((await server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'We are sorry.' }, as: 'none', headers: manager })).status).toBe(
      201,
    );
    const mailer = guestMailer(server.app.inboundSmtpPort()!);
    const good = caseReplyAddress(server.ctx.jwtSecret, id, new Date(), DOMAIN);
    const refusedAtRcpt = async (to: string) => {
      const error = (await mailer.sendMail({ from: email, to, text: 'Hello' }).catch((caught: unknown) => caught)) as {
        responseCode?: number;
        rejected?: string[];
      };
      expect(error.responseCode).toBe(550);
      expect(error.rejected ?? [to]).toContain(to);
    };
    await refusedAtRcpt(`someone@${DOMAIN}`);
    await refusedAtRcpt(good.replace(/@.*/, '@elsewhere.example'));
    await refusedAtRcpt(`${good.slice(0, good.indexOf('@') - 2)}xx@${DOMAIN}`);
    await refusedAtRcpt(caseReplyAddress(server.ctx.jwtSecret, 999_999_999, new Date(), DOMAIN));
    await refusedAtRcpt(caseReplyAddress(server.ctx.jwtSecret, id, new Date(Date.now() - 31 * 86_400_000), DOMAIN));

    const big = (await mailer.sendMail({ from: email, to: good, text: 'x'.repeat(11 * 1024 * 1024) }).catch((caught: unknown) => caught)) as {
      responseCode?: number;
    };
    expect(big.responseCode).toBe(552);
    const quotedOnly = (await mailer.sendMail({ from: email, to: good, text: '> We are sorry.' }).catch((caught: unknown) => caught)) as {
      responseCode?: number;
    };
    expect(quotedOnly.responseCode).toBe(550);
    expect(await guestWords(id)).toEqual([]);
    // The right address, at last: taken.
    await mailer.sendMail({ from: email, to: good, text: 'Thanks, all good.' });
    expect(await guestWords(id)).toContain('Thanks, all good.');
  });
});

describe('the server as operators run it', () => {
  it("prints none of a case's texts (the reply, the answers by page and by mail) in its log lines", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-case-log-'));
    const inboundPort = await freePort();
    const main = await startMainProcess(dataDir, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Venue forms <replies@dohaoasis.example>',
      INBOUND_SMTP_PORT: String(inboundPort),
      INBOUND_MAIL_DOMAIN: DOMAIN,
      CONSOLE_URL: 'https://forms.example.com',
    });
    try {
      const base = `http://127.0.0.1:${main.port}`;
      const password = 'Case-log-test-1234';
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/create-user.ts', '--email', 'logs.manager@example.com', '--password', password, '--role', 'manager', '--venue', 'cova'],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      );
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'logs.manager@example.com', password }),
      });
      const { token } = (await login.json()) as { token: string };
      const staff = { authorization: `JWT ${token}`, 'content-type': 'application/json' };
      const email = `guest-${unique()}@example.com`;
      const created = await fetch(`${base}/api/${DINING}?locale=en`, {
        method: 'POST',
        headers: { authorization: `users API-Key ${PUBLIC_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(diningAnswers({ rating_food: 'poor', email_address: email, customer_comments: 'Comment-WORDS-of-the-guest' })),
      });
      expect(created.status).toBe(201);
      const { doc } = (await created.json()) as { doc: { id: number } };
      const reply = await fetch(`${base}/api/${DINING}/${doc.id}/messages`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({ text: 'Reply-WORDS-of-the-staff' }),
      });
      expect(reply.status).toBe(201);
      const mail = await smtp.mailTo(email);
      const link = /https:\/\/forms\.example\.com(\/reply\/[^\s]+)/.exec(mail.text)![1];
      const token2 = /\/reply\/([^?]+)/.exec(link)![1];
      const page = await fetch(`${base}/api/case/${token2}/messages`, {
        method: 'POST',
        headers: { authorization: `users API-Key ${PUBLIC_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Page-WORDS-of-the-guest' }),
      });
      expect(page.status).toBe(201);
      const replyTo = String((mail.headers.get('reply-to') as { text?: string }).text);
      await guestMailer(inboundPort).sendMail({ from: email, to: replyTo, text: 'Mail-WORDS-of-the-guest\n\nOn Tue, Cova wrote:\n> Reply-WORDS-of-the-staff' });
      await main.printed("a guest's answer stored on case");
      const output = main.output();
      expect(output).toContain('POST');
      for (const words of ['Comment-WORDS', 'Reply-WORDS', 'Page-WORDS', 'Mail-WORDS']) expect(output).not.toContain(words);
    } finally {
      main.child.kill('SIGTERM');
      await main.exited;
    }
  }, 240_000);
});
