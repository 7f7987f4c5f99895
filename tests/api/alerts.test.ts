// Alerts by email, against a real SMTP server (smtp-server on a local port): the seeded rules tell
// compliance of every whistle-blower report (its reference and link, never its text) and a
// restaurant's manager of a "Poor" dining rating; a mail server that is down, a refused recipient
// and bad rules are each handled as the issue says.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import type { AlertsConfig } from '../../src/server/features/alerts/index.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { startTestServer, type Json, type TestServer } from '../support/server.ts';
import { REFUSAL, startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { DINING, diningAnswers, proofFor, REFERENCE, WHISTLE } from './samples.ts';

const alertsConfig = (overrides: Partial<AlertsConfig>): AlertsConfig => ({
  ...loadConfig({}).alerts,
  retryBaseMs: 100,
  consoleUrl: 'https://forms.example.com',
  mailFrom: 'Alerts <alerts@dohaoasis.example>',
  ...overrides,
});

let smtp: SmtpStandIn;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp({ refuse: ['nobody@dohaoasis.example'] });
  server = await startTestServer({ alerts: alertsConfig({ smtpUrl: smtp.url }) });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const poorDining = (overrides: Record<string, unknown> = {}) =>
  diningAnswers({ rating_food: 'poor', customer_comments: 'The soup was cold and the waiter rude.', ...overrides });

/** The delivery log as an admin reads it (headers: another account's, e.g. an admin who is also compliance). */
async function deliveries(on: TestServer, headers?: Record<string, string>): Promise<Json[]> {
  const answer = await on.api('/api/alert-deliveries', headers ? { as: 'none', headers } : { as: 'staff' });
  expect(answer.status).toBe(200);
  return answer.body.docs;
}

async function deliveryTo(on: TestServer, recipient: string, reference: string, states: string[], headers?: Record<string, string>): Promise<Json> {
  return vi.waitFor(
    async () => {
      const found = (await deliveries(on, headers)).find((delivery) => delivery.recipient === recipient && delivery.reference === reference);
      if (!found || !states.includes(found.state)) throw new Error(`delivery to ${recipient}: ${found?.state ?? 'none'}`);
      return found;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('the whistle-blower alert', () => {
  it('reaches compliance with the reference and the console link, and nothing of the report', async () => {
    const report = {
      incident_or_concern: 'Cash is taken from the ticket desk every Friday night by the shift lead.',
      contact_name: 'Noor Al-Thani',
      contact_email: 'noor.reporter@example.com',
      acknowledgement: true,
    };
    const created = await server.api(`/api/${WHISTLE}`, { json: report, headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') } });
    expect(created.status).toBe(201);
    const { reference, id } = created.body.doc;
    expect(reference).toMatch(REFERENCE);

    const mail = await smtp.mailTo('compliance@dohaoasis.example');
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain(`https://forms.example.com/staff/forms/whistle-blower/${id}`);
    for (const secret of ['Cash is taken', 'Friday', 'Noor', 'noor.reporter']) expect(`${mail.subject}\n${mail.text}`).not.toContain(secret);
    // Nor is anything of it kept with the alert.
    const { rows } = await server.ctx.db.query(
      `SELECT a.*, d.* FROM alerts a JOIN outbox d ON d.kind = 'alert' AND d.source_id = a.id WHERE a.submission_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/Cash is taken|Noor|noor\.reporter/);
  });
});

describe('a dining survey', () => {
  it('with a "Poor" rating reaches that restaurant\'s manager; an "Excellent" one tells no one', async () => {
    const poor = await server.api(`/api/${DINING}`, { json: poorDining({ visited_restaurant: 'Twiga' }) });
    expect(poor.status).toBe(201);
    const mail = await smtp.mailTo('twiga.manager@dohaoasis.example');
    expect(mail.subject).toContain('Twiga');
    expect(mail.subject).toContain(poor.body.doc.reference);
    expect(mail.text).toContain(`/staff/forms/dining-survey/${poor.body.doc.id}`);
    expect(mail.messageId).toMatch(/^<alert-\d+-\d+-[0-9a-f]{16}@dohaoasis\.example>$/);

    const excellent = await server.api(`/api/${DINING}`, {
      json: diningAnswers({
        visited_restaurant: 'Twiga',
        rating_greeting: 'excellent',
        rating_service: 'excellent',
        rating_food: 'excellent',
        rating_beverage: 'excellent',
        rating_value_for_money: 'excellent',
        rating_cleanliness: 'excellent',
      }),
    });
    expect(excellent.status).toBe(201);
    // The alerts are written with the submission: none now means none ever.
    const { rows } = await server.ctx.db.query('SELECT 1 FROM alerts WHERE submission_id = $1', [excellent.body.doc.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('a rule naming several recipients', () => {
  it("marks the one the mail server refuses failed, in the server's words, and the others still get theirs", async () => {
    const rule = await server.api(`/api/alert-rules`, {
      as: 'staff',
      json: {
        name: 'Padel desk',
        enabled: true,
        form: 'dining-survey',
        when: 'condition',
        condition: JSON.stringify({ field: 'meal_period', equals: 'breakfast' }),
        emails: 'desk@dohaoasis.example, nobody@dohaoasis.example',
        language: 'en',
        subject: { en: 'Breakfast feedback {reference}' },
        body: { en: '{form} at {venue}, {time}: {link}' },
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ meal_period: 'breakfast', visited_restaurant: 'Cova' }) });
    expect(created.status).toBe(201);
    const { reference } = created.body.doc;

    const mail = await smtp.mailTo('desk@dohaoasis.example');
    expect(mail.subject).toBe(`Breakfast feedback ${reference}`);
    expect(mail.text).toMatch(/ at Cova, .+: https:\/\/forms\.example\.com\/staff\/forms\/dining-survey\/\d+/);
    const refused = await deliveryTo(server, 'nobody@dohaoasis.example', reference, ['failed']);
    expect(refused.lastError).toContain(REFUSAL);
    expect(refused.attempts).toBe(1);
    expect((await deliveryTo(server, 'desk@dohaoasis.example', reference, ['sent'])).lastError).toBeNull();
  });
});

describe('a mail server that is down when the survey is sent', () => {
  it('delivers the alert once it is up again, once', async () => {
    const port = await startSmtp().then(async (probe) => (await probe.close(), probe.port));
    const cut = await startTestServer({ alerts: alertsConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }) });
    let later: SmtpStandIn | null = null;
    try {
      const created = await cut.api(`/api/${DINING}`, { json: poorDining({ visited_restaurant: 'Cova' }) });
      expect(created.status).toBe(201);
      const { reference } = created.body.doc;
      const retrying = await deliveryTo(cut, 'cova.manager@dohaoasis.example', reference, ['retrying']);
      expect(retrying.lastError).toMatch(/ECONNREFUSED|connect/i);

      // One that has been trying for more than 24 hours (its clock moved back here) is marked failed, and stays so.
      const old = await cut.api(`/api/${DINING}`, { json: poorDining({ visited_restaurant: 'Twiga' }) });
      await deliveryTo(cut, 'twiga.manager@dohaoasis.example', old.body.doc.reference, ['retrying']);
      await cut.ctx.db.query(`UPDATE outbox SET queued_at = now() - interval '25 hours' WHERE recipient = 'twiga.manager@dohaoasis.example'`);
      const failed = await deliveryTo(cut, 'twiga.manager@dohaoasis.example', old.body.doc.reference, ['failed']);
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

      later = await startSmtp({ port });
      const mail = await later.mailTo('cova.manager@dohaoasis.example');
      expect(mail.subject).toContain(reference);
      const sent = await deliveryTo(cut, 'cova.manager@dohaoasis.example', reference, ['sent']);
      expect(sent.attempts).toBeGreaterThan(1);
      // Counted by the survey's reference, whatever Message-ID a second copy would carry.
      expect(later.mails.filter((received) => received.subject.includes(reference) || received.text.includes(reference))).toHaveLength(1);
      expect(later.mails.some((received) => received.to.includes('twiga.manager@dohaoasis.example'))).toBe(false);
    } finally {
      await cut.close();
      await later?.close();
    }
  });
});

describe('saving a rule', () => {
  const base = {
    name: 'Checked rule',
    enabled: true,
    form: 'dining-survey',
    when: 'every',
    emails: 'ops@dohaoasis.example',
    language: 'ar',
    subject: { en: 'New {reference}', ar: 'جديد {reference}' },
    body: { en: '{link}', ar: '{link}' },
  };
  const save = (rule: Record<string, unknown>) => server.api('/api/alert-rules?locale=ar', { as: 'staff', json: { ...base, ...rule } });
  const fieldErrors = (answer: Json) => answer.body.errors[0].data.errors;

  it("refuses a condition naming a question the form does not have, naming the field in the console's language", async () => {
    const answer = await save({ when: 'condition', condition: JSON.stringify({ field: 'rating_parking', equals: 'poor' }) });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([
      { path: 'condition', label: 'الشرط (JSON)', message: 'لا يحتوي النموذج dining-survey على سؤال باسم rating_parking.' },
    ]);
  });

  it('refuses a condition that is not the condition language', async () => {
    const answer = await save({ when: 'condition', condition: '{"field": "rating_food", "below": 2}' });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)[0].path).toBe('condition');
  });

  it('refuses an invalid address, naming it', async () => {
    const answer = await save({ emails: 'ops@dohaoasis.example\nnot-an-address' });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([{ path: 'emails', label: 'عناوين البريد الإلكتروني', message: 'ليس عنوان بريد إلكتروني صحيحًا: not-an-address.' }]);
  });

  it('refuses a placeholder that does not exist', async () => {
    const answer = await save({ subject: { ar: 'تقييم {venu}' } });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([{ path: 'subject.ar', label: 'الموضوع (بالعربية)', message: expect.stringContaining('{venu}') }]);
  });

  it('refuses a rule without words in the language of its emails', async () => {
    const answer = await save({ language: 'fr' });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer).map((error: Json) => error.path)).toEqual(['subject.fr', 'body.fr']);
  });

  it('refuses a rule that tells no one, and a venue manager for a form with no venue', async () => {
    expect(fieldErrors(await save({ emails: '' }))[0].path).toBe('emails');
    expect(fieldErrors(await save({ form: 'employee-survey', venue_manager: true }))[0].path).toBe('venue_manager');
  });

  it('keeps nothing of a refused rule, and stores a good one (audited)', async () => {
    const before = (await server.api('/api/alert-rules', { as: 'staff' })).body.totalDocs;
    await save({ emails: 'bad address' });
    expect((await server.api('/api/alert-rules', { as: 'staff' })).body.totalDocs).toBe(before);
    const saved = await save({ name: 'Stored rule' });
    expect(saved.status).toBe(201);
    const changed = await server.api(`/api/alert-rules/${saved.body.doc.id}?locale=en`, {
      as: 'staff',
      method: 'PATCH',
      json: { condition: '{"field": "nope", "equals": 1}', when: 'condition' },
    });
    expect(changed.status).toBe(400);
    expect(fieldErrors(changed)[0]).toMatchObject({ path: 'condition', message: 'The form dining-survey has no question named nope.' });
  });
});

/** A whistle-blower report, sent as the page sends it; its reference. */
async function fileReport(on: TestServer, contactEmail = 'noor.reporter@example.com'): Promise<string> {
  const report = { incident_or_concern: 'Cash is taken from the ticket desk.', contact_name: 'Noor', contact_email: contactEmail, acknowledgement: true };
  const created = await on.api(`/api/${WHISTLE}`, { json: report, headers: { 'x-captcha-proof': await proofFor(on, 'submit_form_whistle_blower') } });
  expect(created.status).toBe(201);
  return created.body.doc.reference;
}

describe('who sees rules and alerts', () => {
  let viewerToken: string;
  let editorToken: string;
  /** This describe's own alerts (each test passes alone): a whistle-blower report, and a "Poor" dining survey at Twiga and at Cova, each sent. */
  let twigaReference: string;
  beforeAll(async () => {
    await deliveryTo(server, 'compliance@dohaoasis.example', await fileReport(server), ['sent'], await server.staffAs(['admin', 'compliance']));
    for (const restaurant of ['Twiga', 'Cova']) {
      const poor = await server.api(`/api/${DINING}`, { json: poorDining({ visited_restaurant: restaurant }) });
      expect(poor.status).toBe(201);
      await deliveryTo(server, `${restaurant.toLowerCase()}.manager@dohaoasis.example`, poor.body.doc.reference, ['sent']);
      if (restaurant === 'Twiga') twigaReference = poor.body.doc.reference;
    }
    const db = server.ctx.db;
    await saveStaffUser(db, 'viewer.alerts@example.com', 'viewer password', 'viewer');
    await saveStaffUser(db, 'editor.alerts@example.com', 'editor password', 'editor');
    const login = async (email: string, password: string) =>
      (
        await (
          await fetch(`${server.url}/api/users/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          })
        ).json()
      ).token as string;
    viewerToken = await login('viewer.alerts@example.com', 'viewer password');
    editorToken = await login('editor.alerts@example.com', 'editor password');
  });
  const as = (token: string) => ({ authorization: `JWT ${token}` });

  it('rules are for admins only: editors and viewers can neither read nor write them', async () => {
    expect((await server.api('/api/alert-rules', { as: 'none', headers: as(editorToken) })).status).toBe(403);
    expect((await server.api('/api/alert-rules', { as: 'none', headers: as(viewerToken) })).status).toBe(403);
    expect((await server.api('/api/alert-rules', { as: 'none', headers: as(editorToken), json: { name: 'x' } })).status).toBe(403);
    expect((await server.api('/api/alert-deliveries', { as: 'none', headers: as(viewerToken) })).status).toBe(403);
    expect((await server.api('/api/alert-rules', { as: 'staff' })).body.totalDocs).toBeGreaterThanOrEqual(3);
  });

  it("a venue manager's address is for staff: the pages never get it", async () => {
    const publicRead = await server.api('/api/restaurants?where[slug][equals]=cova');
    expect(publicRead.body.docs[0].name).toBe('Cova');
    expect(publicRead.body.docs[0]).not.toHaveProperty('manager_email');
    expect((await server.api('/api/restaurants?where[slug][equals]=cova', { as: 'staff' })).body.docs[0].manager_email).toBe('cova.manager@dohaoasis.example');
  });

  it('each sees the alerts of the forms they read (whistle-blower: compliance only); reading one lowers the unread count', async () => {
    const mine = await server.api('/api/alerts', { as: 'none', headers: as(viewerToken) });
    expect(mine.status).toBe(200);
    expect(mine.body.docs.length).toBeGreaterThan(0);
    expect(mine.body.docs.every((alert: Json) => alert.form !== 'whistle-blower')).toBe(true);
    const admins = await server.api('/api/alerts', { as: 'staff' });
    expect(admins.body.docs.every((alert: Json) => alert.form !== 'whistle-blower')).toBe(true);
    // Compliance, the whistle-blower form's only reader, sees its alerts and nothing else.
    const compliance = await server.api('/api/alerts', { as: 'none', headers: await server.staffAs(['compliance']) });
    expect(compliance.body.docs.length).toBeGreaterThan(0);
    expect(compliance.body.docs.every((alert: Json) => alert.form === 'whistle-blower')).toBe(true);
    // A venue manager sees the alerts of its venues' submissions only.
    const dining = mine.body.docs.filter((alert: Json) => alert.form === 'dining-survey');
    expect(dining.length).toBeGreaterThan(0);
    const twigaManager = await server.api('/api/alerts', { as: 'none', headers: await server.staffAs(['manager'], ['twiga']) });
    expect(twigaManager.body.docs.length).toBeGreaterThan(0);
    // Which venue each alert's submission names, as stored (a rule's subject need not name it).
    const venuesOf = async (alerts: Json[]) =>
      new Set(
        (
          await server.ctx.db.query<{ venue: string }>('SELECT venue FROM documents WHERE id = ANY($1::int[])', [alerts.map((alert) => alert.submission)])
        ).rows.map((row) => row.venue),
      );
    expect(twigaManager.body.docs.every((alert: Json) => alert.form === 'dining-survey')).toBe(true);
    expect(await venuesOf(twigaManager.body.docs)).toEqual(new Set(['twiga']));
    const covaManager = await server.api('/api/alerts', { as: 'none', headers: await server.staffAs(['manager'], ['cova']) });
    const twigaIds = new Set(twigaManager.body.docs.map((alert: Json) => alert.id));
    expect(covaManager.body.docs.some((alert: Json) => twigaIds.has(alert.id))).toBe(false);
    expect(await venuesOf(covaManager.body.docs)).toEqual(new Set(['cova']));
    expect(covaManager.body.docs.length + twigaIds.size).toBeLessThanOrEqual(dining.length);

    const unread = (await server.api('/api/alerts/unread', { as: 'none', headers: as(viewerToken) })).body.unread;
    expect(unread).toBe(mine.body.unread);
    const first = mine.body.docs[0];
    expect(first.read).toBe(false);
    expect((await server.api(`/api/alerts/${first.id}/read`, { as: 'none', headers: as(viewerToken), method: 'POST' })).status).toBe(200);
    expect((await server.api('/api/alerts/unread', { as: 'none', headers: as(viewerToken) })).body.unread).toBe(unread - 1);
    // Another member's count is their own.
    expect((await server.api('/api/alerts/unread', { as: 'staff' })).body.unread).toBe(admins.body.unread);
    // A whistle-blower alert is not the viewer's to mark.
    const hidden = compliance.body.docs[0];
    expect((await server.api(`/api/alerts/${hidden.id}/read`, { as: 'none', headers: as(viewerToken), method: 'POST' })).status).toBe(404);
    expect((await server.api('/api/alerts', { as: 'public' })).status).toBe(403);
  });

  it('an admin resends a delivery (audited), and it is sent again with the same Message-ID', async () => {
    const sent = await deliveryTo(server, 'twiga.manager@dohaoasis.example', twigaReference, ['sent']);
    expect((await server.api(`/api/alert-deliveries/${sent.id}/resend`, { as: 'none', headers: as(viewerToken), method: 'POST' })).status).toBe(403);
    const before = smtp.mails.filter((mail) => mail.messageId.includes(sent.messageId)).length;
    expect((await server.api(`/api/alert-deliveries/${sent.id}/resend`, { as: 'staff', method: 'POST' })).status).toBe(200);
    await vi.waitFor(() => expect(smtp.mails.filter((mail) => mail.messageId.includes(sent.messageId))).toHaveLength(before + 1), {
      timeout: 30_000,
      interval: 50,
    });
    const audit = await server.api('/api/audit-log?limit=5', { as: 'staff' });
    expect(audit.body.docs.some((entry: Json) => entry.action === 'resend-alert' && entry.documentId === String(sent.id))).toBe(true);
  });
});

describe('a rule of a form its author may not read', () => {
  const rule = {
    name: 'Who filed it',
    enabled: true,
    form: 'whistle-blower',
    when: 'condition',
    condition: JSON.stringify({ field: 'contact_email', equals: 'noor.reporter@example.com' }),
    emails: 'probe@dohaoasis.example',
    language: 'en',
    subject: { en: 'Match {reference}' },
    body: { en: '{link}' },
  };
  const fieldErrors = (answer: Json) => answer.body.errors[0].data.errors;

  it('is refused for an admin who is not compliance, naming the form, with or without a condition; its stored rules are not theirs to change or delete', async () => {
    const probe = await server.api('/api/alert-rules', { as: 'staff', json: rule });
    expect(probe.status).toBe(400);
    expect(fieldErrors(probe)).toEqual([
      expect.objectContaining({ path: 'form', message: 'You do not read the submissions of this form, so you cannot write its alert rules.' }),
    ]);
    expect((await server.api('/api/alert-rules', { as: 'staff', json: { ...rule, when: 'every', condition: null } })).status).toBe(400);
    const seeded = (await server.api('/api/alert-rules?where[form][equals]=whistle-blower', { as: 'staff' })).body.docs[0];
    const moved = await server.api(`/api/alert-rules/${seeded.id}`, { as: 'staff', method: 'PATCH', json: { emails: 'probe@dohaoasis.example' } });
    expect(moved.status).toBe(400);
    expect(fieldErrors(moved)[0].path).toBe('form');
    expect((await server.api(`/api/alert-rules/${seeded.id}`, { as: 'staff', method: 'DELETE' })).status).toBe(403);
    // Nor may a rule of a form they read move to one they do not.
    const own = await server.api('/api/alert-rules', {
      as: 'staff',
      json: { ...rule, name: 'A dining rule', form: 'dining-survey', when: 'every', condition: null },
    });
    expect(own.status).toBe(201);
    expect((await server.api(`/api/alert-rules/${own.body.doc.id}`, { as: 'staff', method: 'PATCH', json: { form: 'whistle-blower' } })).status).toBe(400);
  });

  it('of a confidential form may not depend on its answers, even for compliance: 400 naming the condition', async () => {
    const compliance = await server.staffAs(['admin', 'compliance']);
    const refused = await server.api('/api/alert-rules', { as: 'none', headers: compliance, json: { ...rule, name: 'Compliance asks who' } });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual([
      expect.objectContaining({
        path: 'condition',
        message: 'The form whistle-blower is confidential: its alerts cannot depend on its answers. Choose "Every submission".',
      }),
    ]);
    expect(
      (
        await server.api('/api/alert-rules', {
          as: 'none',
          headers: compliance,
          json: { ...rule, name: 'Every report to compliance', when: 'every', condition: null },
        })
      ).status,
    ).toBe(201);
  });

  it('of a confidential form saved with a condition before this check tells of every report, never of the matching ones only', async () => {
    const db = server.ctx.db;
    const { rows } = await db.query<{ id: number }>(`INSERT INTO documents (collection, data) VALUES ('alert-rules', $1) RETURNING id`, [
      JSON.stringify({ ...rule, name: 'Saved before the check', emails: 'old.probe@dohaoasis.example' }),
    ]);
    try {
      const other = await fileReport(server, 'someone.else@example.com');
      expect((await smtp.mailTo('old.probe@dohaoasis.example', 10_000)).subject).toContain(other);
    } finally {
      await db.query('DELETE FROM documents WHERE id = $1', [rows[0].id]);
    }
  });

  it('the delivery log and resend show an admin only the deliveries of forms they read', async () => {
    const reference = await fileReport(server);
    const delivered = await deliveryTo(server, 'compliance@dohaoasis.example', reference, ['sent'], await server.staffAs(['admin', 'compliance']));
    const poor = await server.api(`/api/${DINING}`, { json: poorDining({ visited_restaurant: 'Cova' }) });
    await deliveryTo(server, 'cova.manager@dohaoasis.example', poor.body.doc.reference, ['sent']);
    const admins = await deliveries(server);
    expect(admins.some((delivery) => delivery.form === 'whistle-blower' || delivery.reference === reference)).toBe(false);
    expect(admins.some((delivery) => delivery.reference === poor.body.doc.reference)).toBe(true);
    expect((await server.api(`/api/alert-deliveries/${delivered.id}/resend`, { as: 'staff', method: 'POST' })).status).toBe(404);
  });
});
