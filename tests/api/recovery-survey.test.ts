// The recovery survey (features/recovery): a replied Poor dining survey resolved as recovered, under
// a policy whose recovery_survey_delay is one second, gets "Did we make it right?" once, in the
// guest's language, through a real SMTP server, after the delay (not before), with a signed link to
// the engine's form page /recovery/{token}. "No" (posted by the page without JavaScript) reopens the
// case, puts the answer in its thread and alerts the assignee; "yes" (the JSON API) confirms the
// outcome recovered. An altered link is a 404 page in its language; an answered one too, and a
// second answer is a 400 naming `case`. Reopening before the delay cancels the survey; resolving as
// "no action needed" sends none. the case measures (GET /api/insights/cases) count its yes and no per venue, in scope.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, mailingAlerts, startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import type { CaseMeasuresAnswer } from '../../src/engine/contract/case-measures.ts';
import { t } from '../../src/engine/text/messages.ts';
import { DINING, diningAnswers } from './samples.ts';

const RECOVERY = 'recovery-surveys';
let smtp: SmtpStandIn;
let server: TestServer;
let counter = 0;
const unique = () => `${process.pid}-${++counter}`;
/** The case answered "yes" and its answer's submission (erased last). */
let answeredYes: { id: number; answerId: number };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    webDistDir: path.join(ROOT, 'dist'),
    alerts: mailingAlerts(smtp.url),
  });
  // The seeded Poor dining policy, its survey one second after resolving (saved as an admin does, checked).
  const { rows } = await server.ctx.db.query<{ id: number }>(`SELECT id FROM documents WHERE collection = 'case-policies' AND data->>'form' = 'dining-survey'`);
  const bad = await server.api(`/api/case-policies/${rows[0].id}`, { method: 'PATCH', json: { recovery_survey_delay: 'P1M' }, as: 'staff' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('recovery_survey_delay');
  const saved = await server.api(`/api/case-policies/${rows[0].id}`, { method: 'PATCH', json: { recovery_survey_delay: 'PT1S' }, as: 'staff' });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const followUp = async (id: number, manager: Record<string, string>) =>
  (await server.api(`/api/${DINING}/${id}/followup`, { as: 'none', headers: manager })).body;
const change = (id: number, manager: Record<string, string>, json: unknown) =>
  server.api(`/api/${DINING}/${id}/followup`, { method: 'PATCH', json, as: 'none', headers: manager });
const surveyMails = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && mail.messageId.includes('recovery-'));

/** A Poor dining survey answered in `lang`, assigned to Cova's manager and replied to. */
async function repliedCase(lang: 'ar' | 'en') {
  const email = `guest-${unique()}@example.com`;
  const created = await server.api(`/api/${DINING}?locale=${lang}`, {
    json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: email }),
  });
  expect(created.status).toBe(201);
  const id: number = created.body.doc.id;
  const manager = await server.staffAs(['manager'], ['cova']);
  const { rows } = await server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'manager.cova@roles.example.com'`);
  expect((await change(id, manager, { assigneeId: rows[0].id })).status).toBe(200);
  const sent = await server.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'We are sorry.' }, as: 'none', headers: manager });
  expect(sent.status).toBe(201);
  await smtp.mailTo(email);
  return { id, email, manager, reference: created.body.doc.reference as string };
}

/** The survey's mail, once it came; its link's path and token. */
async function surveyMail(email: string) {
  await expect.poll(() => surveyMails(email).length, { timeout: 15_000 }).toBe(1);
  const mail = surveyMails(email)[0];
  const link = /https:\/\/forms\.example\.com(\/recovery\/([^\s?]+)\?lang=([a-z]{2}))/.exec(mail.text);
  expect(link).not.toBeNull();
  return { mail, path: link![1], token: link![2], lang: link![3] };
}

describe('the recovery survey', () => {
  it('comes once, after the delay, in Arabic; "no" without JavaScript reopens the case and alerts the assignee', async () => {
    const { id, email, manager, reference } = await repliedCase('ar');
    const resolvedAt = Date.now();
    expect((await change(id, manager, { state: 'resolved', outcome: 'recovered' })).status).toBe(200);
    const { mail, path: link, token, lang } = await surveyMail(email);
    expect(Date.now() - resolvedAt).toBeGreaterThanOrEqual(1000);
    expect(lang).toBe('ar');
    expect(mail.subject).toBe(t('recoverySurveySubject', 'ar', { venue: 'Cova' }));
    expect(mail.from).toBe('"Cova" <replies@dohaoasis.example>');
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.text).toContain(reference);
    // Threaded after the case's reply.
    expect(mail.inReplyTo).toMatch(/^<case-\d+-\d+@dohaoasis\.example>$/);
    // In the case's thread: sent, the email's subject, never the guest's link.
    await expect
      .poll(async () => (await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: manager })).body.docs.at(-1).delivery.state)
      .toBe('sent');
    const entries = (await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: manager })).body.docs;
    expect(entries.at(-1)).toEqual({
      id: expect.any(Number),
      kind: 'recovery-survey',
      direction: 'to-guest',
      text: t('recoverySurveySubject', 'ar', { venue: 'Cova' }),
      author: null,
      createdAt: expect.any(String),
      delivery: { state: 'sent' },
    });
    expect(JSON.stringify(entries)).not.toContain(token);

    // The engine's form page, at the signed link; an altered one is a 404 page in its language.
    const page = await fetch(`${server.url}${link}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('هل أصلحنا الأمر؟');
    expect(html).toContain(token);
    const altered = await fetch(`${server.url}/recovery/${token.slice(0, -2)}xx?lang=ar`);
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain(t('recoveryGoneTitle', 'ar'));

    // Posted by the page itself (no JavaScript).
    const comment = `ما زلت غير راضٍ ${unique()}`;
    const posted = await fetch(`${server.url}${link}`, {
      method: 'POST',
      body: new URLSearchParams({ root_case: token, root_made_right: 'no', root_comment: comment }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'sec-fetch-site': 'same-origin' },
      redirect: 'manual',
    });
    expect(posted.status, await posted.clone().text()).toBe(303);
    expect(posted.headers.get('location')).toMatch(/^\/recovery\/[^/]+\/thank-you\?/);
    await expect.poll(async () => (await followUp(id, manager)).state).toBe('in-progress');
    const after = await followUp(id, manager);
    expect(after.outcome).toBeNull();
    // The outcome stays in the history; the guest moved it.
    expect(
      after.history.map((event: { state: string | null; outcome: string | null; byGuest: boolean }) => [event.state, event.outcome, event.byGuest]),
    ).toEqual(
      expect.arrayContaining([
        ['resolved', 'recovered', false],
        ['in-progress', null, true],
      ]),
    );
    const thread = await server.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: manager });
    expect(thread.body.docs.at(-1)).toMatchObject({ direction: 'from-guest', text: `${t('recoveryThreadNo', 'ar')}\n\n${comment}` });

    const alert = await smtp.mailTo('manager.cova@roles.example.com');
    await expect.poll(() => smtp.mails.some((found) => found.subject === t('alertRecoveryNoSubject', 'en', { reference }))).toBe(true);
    expect(alert.text).not.toContain(comment);
    const inbox = await server.api('/api/alerts', { as: 'none', headers: manager });
    expect(
      inbox.body.docs.some((found: { submission: number; rule: string }) => found.submission === id && found.rule === t('alertRecoveryNoName', 'en')),
    ).toBe(true);

    // Answered: the page is gone, a second answer is refused naming `case`.
    expect((await fetch(`${server.url}${link}`)).status).toBe(404);
    const again = await server.api(`/api/${RECOVERY}?locale=ar`, { json: { case: token, made_right: 'yes' } });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('"path":"case"');
    expect(JSON.stringify(again.body)).toContain(t('recoveryLinkGone', 'ar'));

    // Resolved again: never a second survey.
    expect((await change(id, manager, { state: 'resolved', outcome: 'not-recovered' })).status).toBe(200);
    const { rows: steps } = await server.ctx.db.query<{ state: string }>(`SELECT state FROM timer_steps WHERE key = $1`, [`recovery-survey:${id}`]);
    expect(steps.map((step) => step.state)).toEqual(['done']);
    expect(surveyMails(email)).toHaveLength(1);
  });

  it('"yes" (the JSON API) confirms the outcome recovered', async () => {
    const { id, email, manager } = await repliedCase('en');
    expect((await change(id, manager, { state: 'resolved', outcome: 'not-recovered', outcomeNote: 'Offered a voucher' })).status).toBe(200);
    const { token, lang, mail } = await surveyMail(email);
    expect(lang).toBe('en');
    expect(mail.subject).toBe('Did we make it right? Cova');
    const answered = await server.api(`/api/${RECOVERY}?locale=en`, { json: { case: token, made_right: 'yes' } });
    expect(answered.status).toBe(201);
    const after = await followUp(id, manager);
    expect(after).toMatchObject({ state: 'resolved', outcome: 'recovered', outcomeNote: 'Offered a voucher' });
    const { rows } = await server.ctx.db.query<{ answer: string; answer_id: number }>('SELECT answer, answer_id FROM recovery_surveys WHERE document_id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ answer: 'yes', answer_id: answered.body.doc.id }]);
    answeredYes = { id, answerId: answered.body.doc.id };
  });

  it('is not sent when the case is reopened before the delay, nor for "no action needed"; an altered token is a 400 naming case', async () => {
    const reopened = await repliedCase('en');
    expect((await change(reopened.id, reopened.manager, { state: 'resolved', outcome: 'recovered' })).status).toBe(200);
    expect((await change(reopened.id, reopened.manager, { state: 'in-progress' })).status).toBe(200);
    const none = await repliedCase('en');
    expect((await change(none.id, none.manager, { state: 'resolved', outcome: 'no-action' })).status).toBe(200);
    const { rows } = await server.ctx.db.query(`SELECT key FROM timer_steps WHERE key = ANY($1::text[])`, [
      [`recovery-survey:${reopened.id}`, `recovery-survey:${none.id}`],
    ]);
    expect(rows).toEqual([]);
    const forged = await server.api(`/api/${RECOVERY}?locale=fr`, { json: { case: `${reopened.id}.9999999999.${'A'.repeat(43)}`, made_right: 'no' } });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain(t('recoveryLinkGone', 'fr'));
    expect((await followUp(reopened.id, reopened.manager)).state).toBe('in-progress');
  });

  it('the case measures count the answers yes and no per venue, within the caller’s venues', async () => {
    const surveyOf = async (headers: Record<string, string> | null) => {
      const answer = await server.api('/api/insights/cases?form=dining-survey', headers ? { as: 'none', headers } : { as: 'staff' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = answer.body as CaseMeasuresAnswer;
      const cova = body.totals.find((row) => row.venue === 'cova');
      return { cova: cova && { yes: cova.surveyYes, no: cova.surveyNo }, weeks: body.rows.filter((row) => row.venue === 'cova'), overall: body.overall };
    };
    const all = await surveyOf(null);
    expect(all.cova).toEqual({ yes: 1, no: 1 });
    expect(all.weeks.reduce((sum, row) => sum + row.surveyYes + row.surveyNo, 0)).toBe(2);
    expect(await surveyOf(await server.staffAs(['manager'], ['cova']))).toMatchObject({ cova: { yes: 1, no: 1 } });
    // Another venue's manager counts none of Cova's.
    const twiga = await surveyOf(await server.staffAs(['manager'], ['twiga']));
    expect(twiga.cova).toBeUndefined();
    expect(twiga.overall).toMatchObject({ surveyYes: 0, surveyNo: 0 });

    // The case erased (retention, erasure) takes the answer's submission, the guest's words, with it.
    await server.ctx.db.query('DELETE FROM documents WHERE id = $1', [answeredYes.id]);
    expect((await server.ctx.db.query('SELECT id FROM documents WHERE id = $1', [answeredYes.answerId])).rows).toEqual([]);
    expect((await surveyOf(null)).cova).toEqual({ yes: 0, no: 1 });
  });
});

describe('without a mail server', () => {
  it('the recovery survey stays queued on the outbox and the thread shows it so', async () => {
    const quiet = await startTestServer();
    try {
      expect(quiet.config.alerts.smtpUrl).toBeNull();
      const { rows } = await quiet.ctx.db.query<{ id: number }>(
        `SELECT id FROM documents WHERE collection = 'case-policies' AND data->>'form' = 'dining-survey'`,
      );
      expect((await quiet.api(`/api/case-policies/${rows[0].id}`, { method: 'PATCH', json: { recovery_survey_delay: 'PT1S' }, as: 'staff' })).status).toBe(200);
      const created = await quiet.api(`/api/${DINING}?locale=en`, {
        json: diningAnswers({ visited_restaurant: 'Cova', rating_food: 'poor', email_address: `guest-${unique()}@example.com` }),
      });
      const id: number = created.body.doc.id;
      const manager = await quiet.staffAs(['manager'], ['cova']);
      expect((await quiet.api(`/api/${DINING}/${id}/messages`, { method: 'POST', json: { text: 'We are sorry.' }, as: 'none', headers: manager })).status).toBe(
        201,
      );
      const resolved = await quiet.api(`/api/${DINING}/${id}/followup`, {
        method: 'PATCH',
        json: { state: 'resolved', outcome: 'recovered' },
        as: 'none',
        headers: manager,
      });
      expect(resolved.status).toBe(200);
      const thread = async () => (await quiet.api(`/api/${DINING}/${id}/messages`, { as: 'none', headers: manager })).body.docs;
      await expect.poll(async () => (await thread()).length, { timeout: 15_000 }).toBe(2);
      expect((await thread())[1]).toMatchObject({
        kind: 'recovery-survey',
        direction: 'to-guest',
        text: t('recoverySurveySubject', 'en', { venue: 'Cova' }),
        delivery: { state: 'queued' },
      });
      expect((await thread())[0]).not.toHaveProperty('kind');
    } finally {
      await quiet.close();
    }
  });
});
