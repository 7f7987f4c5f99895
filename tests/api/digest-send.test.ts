// The weekly digest sent (features/digest) by the real server through a real SMTP server: the weekly
// step, moved to a second from now, queues one digest per account that reads submissions (an
// admin's with the venue-by-venue table, a manager's naming its venues only, in Arabic right to
// left when its profile says so), none to an account that turned it off or reads nothing, at most
// one per account and ISO week however often it is queued, and the next week's step; the account's
// own preferences (only its own, audited, 400s naming the field); "Preview my digest"; and, with
// the mail server down, the digests wait in the outbox and go out once each when it is back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import { startTestServer, STAFF, type TestServer } from '../support/server.ts';
import { startSmtp, type ReceivedMail, type SmtpStandIn } from '../support/smtp.ts';
import { freePort } from '../support/main-process.ts';
import { DINING, diningAnswers } from './samples.ts';
import { digestWeek } from '../../src/server/features/digest/week.ts';
import { digestStepKey, nextDigestAt, scheduleDigestStep } from '../../src/server/features/digest/schedule.ts';
import { queueDigests } from '../../src/server/features/digest/send.ts';

const week = digestWeek(new Date());
const COVA = 'manager.cova@roles.example.com';
const PIZZA = 'manager.crazy-pizza@roles.example.com';
const VIEWER = 'viewer@roles.example.com';
const EMPLOYEE = 'employee@roles.example.com';
const EDITOR = 'editor@roles.example.com';

const digestsIn = (smtp: SmtpStandIn) => smtp.mails.filter((mail) => mail.messageId.includes('digest-'));
const digestTo = (smtp: SmtpStandIn, address: string) => digestsIn(smtp).filter((mail) => mail.to.includes(address));

async function submit(server: TestServer, answers: Record<string, unknown>, day: string): Promise<void> {
  const created = await server.api(`/api/${DINING}`, { json: diningAnswers(answers) });
  expect(created.status).toBe(201);
  await server.ctx.db.query('UPDATE documents SET created_at = $1 WHERE id = $2', [`${day}T10:00:00+03:00`, created.body.doc.id]);
}

/** The weekly step of this week, due in a second (what DIGEST_DAY and DIGEST_HOUR would make it). */
async function stepInASecond(server: TestServer): Promise<string> {
  const dueAt = new Date(Date.now() + 1000);
  await server.ctx.db.transaction((tx) => scheduleDigestStep(tx, dueAt));
  return digestStepKey(dueAt);
}

const stepState = async (server: TestServer, key: string) =>
  (await server.ctx.db.query<{ state: string }>('SELECT state FROM timer_steps WHERE key = $1', [key])).rows[0]?.state;

const outboxStates = async (server: TestServer) =>
  (await server.ctx.db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'digest' ORDER BY id`)).rows.map((row) => row.state);

describe('the weekly digest, sent', () => {
  let server: TestServer;
  let smtp: SmtpStandIn;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100 }, publicUrl: 'https://forms.example.com' });
    headers.cova = await server.staffAs(['manager'], ['cova']);
    headers.pizza = await server.staffAs(['manager'], ['crazy-pizza']);
    headers.viewer = await server.staffAs(['viewer']);
    headers.employee = await server.staffAs(['employee']);
    headers.editor = await server.staffAs(['editor']);
    for (let n = 0; n < 5; n++) await submit(server, { rating_food: 'excellent' }, week.from);
    for (let n = 0; n < 2; n++) await submit(server, { visited_restaurant: 'Crazy Pizza', rating_food: 'good' }, week.to);
    for (let n = 0; n < 5; n++) await submit(server, { rating_food: 'good' }, week.beforeFrom);
    // The reach feature's counters for Cova last week: 12 views of the form, 8 of them from a QR scan.
    await server.ctx.db.query(
      `INSERT INTO funnel_counts (form, venue, source, point, day, step, n) VALUES ('dining-survey', 'cova', 'table', 0, $1, 'view', 12), ('dining-survey', 'cova', 'table', 0, $1, 'scan', 8)`,
      [week.from],
    );
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("keeps each account's own preferences: English and on by default, changed by the account only, audited, 400 naming the field", async () => {
    const mine = await server.api('/api/users/me/preferences', { headers: headers.cova, as: 'none' });
    expect(mine).toMatchObject({ status: 200, body: { lang: 'en', digest: true } });
    const bad = await server.api('/api/users/me/preferences', {
      method: 'PATCH',
      json: { lang: 'de', digest: 'yes' },
      headers: { ...headers.cova, 'accept-language': 'fr' },
      as: 'none',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual(['lang', 'digest']);
    expect(bad.body.errors[0].data.errors[0].message).toBe("Choisissez l'anglais, l'arabe ou le français.");
    const changed = await server.api('/api/users/me/preferences', { method: 'PATCH', json: { lang: 'ar' }, headers: headers.cova, as: 'none' });
    expect(changed).toMatchObject({ status: 200, body: { doc: { lang: 'ar', digest: true } } });
    const off = await server.api('/api/users/me/preferences', { method: 'PATCH', json: { digest: false }, headers: headers.viewer, as: 'none' });
    expect(off).toMatchObject({ status: 200, body: { doc: { lang: 'en', digest: false } } });
    // Another's settings are no one's to change: the admin's own stay as they were.
    expect((await server.api('/api/users/me/preferences', { as: 'staff' })).body).toEqual({ lang: 'en', digest: true });
    expect((await server.api('/api/users/me/preferences', { as: 'public' })).status).toBe(403);
    const audit = await server.ctx.db.query<{ user_email: string; detail: Record<string, unknown> }>(
      `SELECT user_email, detail FROM audit_log WHERE action = 'save-preferences' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { user_email: COVA, detail: { changed: ['lang'], lang: 'ar', digest: true } },
      { user_email: VIEWER, detail: { changed: ['digest'], lang: 'en', digest: false } },
    ]);
  });

  it("previews the caller's digest: its own venues, its language; nothing for an account that reads no submissions", async () => {
    const preview = await server.api('/api/digest/preview', { headers: headers.cova, as: 'none' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ lang: 'ar', sent: true });
    expect(preview.body.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(preview.body.html).not.toContain('Crazy Pizza');
    expect((await server.api('/api/digest/preview?lang=en', { headers: headers.viewer, as: 'none' })).body).toMatchObject({ lang: 'en', sent: false });
    expect((await server.api('/api/digest/preview', { headers: headers.editor, as: 'none' })).status).toBe(403);
    expect((await server.api('/api/digest/preview?lang=de', { headers: headers.cova, as: 'none' })).status).toBe(400);
  });

  it('sends at the weekly step one digest to each account that reads submissions, once per ISO week, and schedules the next week', async () => {
    const key = await stepInASecond(server);
    await expect.poll(() => stepState(server, key), { timeout: 20_000, interval: 100 }).toBe('done');
    await expect.poll(() => outboxStates(server), { timeout: 30_000, interval: 100 }).toEqual(['sent', 'sent', 'sent']);
    expect(
      digestsIn(smtp)
        .flatMap((mail) => mail.to)
        .toSorted(),
    ).toEqual([COVA, PIZZA, STAFF.email].toSorted());
    expect(digestTo(smtp, VIEWER)).toEqual([]);
    expect(digestTo(smtp, EMPLOYEE)).toEqual([]);
    expect(digestTo(smtp, EDITOR)).toEqual([]);

    const [admin] = digestTo(smtp, STAFF.email);
    expect(admin.subject).toMatch(/^Your weekly digest, /);
    // Every number in a table, in the plain text too: the venue-by-venue table, the funnel, the busiest source.
    expect(admin.text).toContain('Dining survey | 7 | 5 | +2');
    expect(admin.text).toMatch(/Cova \| 5 \| 5/);
    expect(admin.text).toMatch(/Crazy Pizza \| 2 \| 0/);
    expect(admin.text).toContain('Busiest source\nSource | Submissions\ndirect | 7');
    expect(admin.text).toContain('Dining survey | 8 | 12 | 7 | 58%');
    expect(admin.html).toContain('<caption style="text-align:start;font-weight:bold">Response funnel');
    expect(admin.headers.get('auto-submitted')).toBe('auto-generated');

    const [cova] = digestTo(smtp, COVA);
    expect(cova.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(cova.subject).toContain('ملخصك الأسبوعي');
    expect(cova.text).toContain('الأسبوع الماضي');
    expect(`${cova.text}${cova.html}`).not.toContain('Crazy Pizza');
    // Cova's 5 answers: averages; Crazy Pizza's 2: counts only.
    expect(cova.text).toMatch(/\| 5 \| 3 \| \S?\+2/);
    const [pizza] = digestTo(smtp, PIZZA);
    expect(pizza.text).toContain('Fewer than 5 answers: counts only, no averages.');
    expect(`${pizza.text}${pizza.html}`).not.toMatch(/\bCova\b/);

    // Queued again this week (another instance's step, npm run digest -- --now): nothing more.
    const again = await server.ctx.db.transaction((tx) =>
      queueDigests(
        tx,
        server.ctx.registry.forms.map((form) => form.compiled),
        week,
      ),
    );
    expect(again).toEqual({ queued: 0, already: 3, accounts: 3, keys: [] });
    await server.ctx.db.transaction((tx) => scheduleDigestStep(tx, new Date(Date.now() + 200)));
    const next = nextDigestAt(new Date(), server.config.digest);
    await expect
      .poll(async () => (await server.ctx.db.query(`SELECT key FROM timer_steps WHERE kind = 'digest' AND state = 'pending'`)).rows, { timeout: 10_000 })
      .toEqual([{ key: digestStepKey(next) }]);
    expect(await outboxStates(server)).toHaveLength(3);
    expect(digestsIn(smtp)).toHaveLength(3);
  });
});

describe('the weekly digest with the mail server down', () => {
  let server: TestServer;
  let smtp: SmtpStandIn | null = null;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({ alerts: { ...loadConfig({}).alerts, smtpUrl: `smtp://127.0.0.1:${port}`, retryBaseMs: 100 } });
    await server.staffAs(['manager'], ['cova']);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('waits in the outbox, then sends each digest once when it is back', async () => {
    const key = await stepInASecond(server);
    await expect.poll(() => stepState(server, key), { timeout: 20_000, interval: 100 }).toBe('done');
    await expect.poll(() => outboxStates(server), { timeout: 20_000, interval: 50 }).toEqual(['retrying', 'retrying']);
    smtp = await startSmtp({ port });
    await expect.poll(() => outboxStates(server), { timeout: 30_000, interval: 100 }).toEqual(['sent', 'sent']);
    const received: ReceivedMail[] = digestsIn(smtp);
    expect(received.map((mail) => mail.to.join()).toSorted()).toEqual([COVA, STAFF.email].toSorted());
    await vi.waitFor(async () => expect((await server.ctx.db.query(`SELECT 1 FROM outbox WHERE kind = 'digest' AND state <> 'sent'`)).rows).toEqual([]));
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(2);
  });
});
