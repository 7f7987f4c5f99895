// Service recovery, the guest's side: the case page /reply/{token} as the server sends it (the
// built pages: rendered in the guest's language, no sign-in, every text as text), posted by the
// browser itself (no JavaScript), an expired or altered link a 404 page in the guest's language;
// the answer goes into the thread, the case back to in progress, and whoever is on it is alerted
// (the assignee, else those the submission's alerts went to) with the reference, the venue and a
// console link, never the guest's words. The staff's replies are audited without their words.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, mailingAlerts, startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { t } from '../../src/engine/text/messages.ts';
import { DINING, diningAnswers } from './samples.ts';

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

/** A Poor dining survey answered in `lang`, a manager's reply to it, and the token of the link in the reply's mail. */
async function repliedCase(lang: 'ar' | 'en', answers: Record<string, unknown> = {}, reply = 'نعتذر عن تجربتك.') {
  const email = `guest-${unique()}@example.com`;
  const created = await server.api(`/api/${DINING}?locale=${lang}`, {
    json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: email, ...answers }),
  });
  expect(created.status).toBe(201);
  const id: number = created.body.doc.id;
  const manager = await server.staffAs(['manager'], ['cova']);
  const sent = await server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: reply }, as: 'none', headers: manager });
  expect(sent.status).toBe(201);
  const mail = await smtp.mailTo(email);
  const link = /https:\/\/forms\.example\.com(\/reply\/([^\s?]+)\?lang=[a-z]{2})/.exec(mail.text);
  expect(link).not.toBeNull();
  return { id, email, manager, reference: created.body.doc.reference as string, path: link![1], token: link![2] };
}

const page = (pathname: string) => fetch(`${server.url}${pathname}`);
/** The browser's own post of the page's form: same origin unless told, no redirect followed. */
const postPage = (pathname: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const thread = async (id: number, as: Record<string, string>) =>
  (await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: as })).body.docs as { direction: string; text: string }[];
const followUpState = async (id: number) =>
  (await server.ctx.db.query<{ state: string }>('SELECT state FROM followups WHERE document_id = $1', [id])).rows[0]?.state ?? 'new';

describe('the case page', () => {
  it("is rendered by the server in the guest's language, the thread as text, staff by first name; ?lang switches", async () => {
    const { path: link, token } = await repliedCase('ar', { customer_comments: 'The <b>soup</b> was cold & salty' });
    expect(link).toBe(`/reply/${token}?lang=ar`);
    const answer = await page(`/reply/${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const html = await answer.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain(t('casePageTitle', 'ar', { venue: 'Cova' }));
    expect(html).toContain('The &lt;b&gt;soup&lt;/b&gt; was cold &amp; salty');
    expect(html).not.toContain('<b>soup</b>');
    expect(html).toContain('نعتذر عن تجربتك.');
    // The manager's account has no name: the reply is the venue's, and no address shows.
    expect(html).toContain(t('casePageFromVenue', 'ar', { venue: 'Cova' }));
    expect(html).not.toMatch(/roles\.example\.com/);
    expect(html).toContain(`action="/reply/${token}"`);
    // Posted by the browser itself, with the photo when one is chosen.
    expect(html).toMatch(/<form class="case-answer"[^>]* enctype="multipart\/form-data"[^>]* method="post"/i);
    const english = await (await page(`/reply/${token}?lang=en`)).text();
    expect(english).toMatch(/<html lang="en" dir="ltr"/);
    expect(english).toContain('Your conversation with Cova');
  });

  it("an altered or expired link is a 404 page in the guest's language", async () => {
    const { token, id } = await repliedCase('ar');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const [address, lang] of [
      [`/reply/${altered}?lang=fr`, 'fr'],
      [`/reply/${id}.1000000000.${'A'.repeat(43)}?lang=ar`, 'ar'],
    ] as const) {
      const answer = await page(address);
      expect(answer.status).toBe(404);
      const html = await answer.text();
      expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
      expect(html).toContain(t('notFound', lang));
      expect(html).not.toContain('نعتذر');
    }
  });
});

describe("the guest's answer", () => {
  it('posted by the page without JavaScript: stored as text, the case in progress again, the assignee alerted without the words', async () => {
    const { id, manager, reference, token } = await repliedCase('ar');
    const { rows: users } = await server.ctx.db.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE email = $1', [
      'manager.cova@roles.example.com',
    ]);
    const assigned = await server.api(`/api/${DINING}/${id}/followup`, {
      method: 'PATCH',
      json: { state: 'resolved', outcome: 'no-action', assigneeId: users[0].id },
      as: 'none',
      headers: manager,
    });
    expect(assigned.status).toBe(200);
    const words = `<script>alert(1)</script> شكرًا ${unique()}`;
    const posted = await postPage(`/reply/${token}?lang=ar`, new URLSearchParams({ text: `  ${words}  ` }).toString());
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/reply/${token}?lang=ar#answer-sent`);
    expect((await thread(id, manager)).map((message) => [message.direction, message.text])).toEqual([
      ['to-guest', 'نعتذر عن تجربتك.'],
      ['from-guest', words],
    ]);
    expect(await followUpState(id)).toBe('in-progress');
    const shown = await (await page(`/reply/${token}`)).text();
    expect(shown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown).not.toContain('<script>alert(1)</script>');

    const alert = await smtp.mailTo(users[0].email);
    expect(alert.subject).toContain(reference);
    expect(alert.text).toContain('Cova');
    expect(alert.text).toContain(`https://forms.example.com/staff/forms/dining-survey/${id}`);
    expect(alert.text).not.toContain('شكرًا');
    const inbox = await server.api('/api/alerts', { as: 'none', headers: manager });
    expect(
      inbox.body.docs.some((found: { submission: number; rule: string }) => found.submission === id && found.rule === t('alertCaseAnswerName', 'en')),
    ).toBe(true);
    // The follow-up's history: the guest (no staff member) moved it; the words stay out of the log.
    const { rows: audit } = await server.ctx.db.query<{ action: string; user_email: string | null; detail: Record<string, unknown> }>(
      'SELECT action, user_email, detail FROM audit_log WHERE document_id = $1 ORDER BY id',
      [String(id)],
    );
    // The reply took the case up (in progress), the manager resolved it, the guest's answer reopened it.
    expect(audit.map((entry) => [entry.action, entry.user_email])).toEqual([
      ['reply-to-guest', 'manager.cova@roles.example.com'],
      ['update-followup', 'manager.cova@roles.example.com'],
      ['update-followup', 'manager.cova@roles.example.com'],
      ['update-followup', null],
    ]);
    expect(audit[1].detail).toMatchObject({ state: 'in-progress', from: 'new' });
    expect(audit[3].detail).toEqual({ state: 'in-progress', from: 'resolved', by: 'guest' });
    expect(JSON.stringify(audit)).not.toMatch(/نعتذر|شكرًا/);
  });

  it('unassigned: those the submission was alerted to by email are told (the JSON API answer)', async () => {
    const desk = `desk-${unique()}@dohaoasis.example`;
    const rule = await server.api('/api/alert-rules', {
      as: 'staff',
      json: {
        name: `Poor food ${unique()}`,
        enabled: true,
        form: 'dining-survey',
        when: 'condition',
        condition: JSON.stringify({ field: 'rating_food', equals: 'poor' }),
        emails: desk,
        language: 'en',
        subject: { en: 'Poor food {reference}' },
        body: { en: '{answers} {link}' },
      },
    });
    expect(rule.status).toBe(201);
    try {
      const { id, reference, token } = await repliedCase('en', {}, 'We are sorry.');
      await smtp.mailTo(desk);
      const answered = await server.api(`/api/case/${token}/messages`, { method: 'POST', json: { text: 'Secret words of the guest' } });
      expect(answered.status).toBe(201);
      await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(desk)).length).toBe(2);
      const told = smtp.mails.filter((mail) => mail.to.includes(desk))[1];
      expect(told.subject).toBe(t('alertCaseAnswerSubject', 'en', { reference }));
      expect(told.text).not.toContain('Secret words');
      expect(await followUpState(id)).toBe('in-progress');
    } finally {
      await server.api(`/api/alert-rules/${rule.body.doc.id}`, { as: 'staff', method: 'PATCH', json: { enabled: false } });
    }
  });

  it('refused without JavaScript: empty words come back as the page with the reason, another site may not post, an altered link is a 404 page', async () => {
    const { id, manager, token } = await repliedCase('ar');
    const empty = await postPage(`/reply/${token}?lang=ar`, 'text=%20%20');
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain(t('caseAnswerEmpty', 'ar'));
    expect(html).toMatch(/aria-invalid="true"/);
    const crossSite = await postPage(`/reply/${token}`, 'text=Hello', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const altered = await postPage(`/reply/${token.slice(0, -2)}xx?lang=fr`, 'text=Hello');
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain(t('notFound', 'fr'));
    expect((await thread(id, manager)).map((message) => message.direction)).toEqual(['to-guest']);
  });
});
