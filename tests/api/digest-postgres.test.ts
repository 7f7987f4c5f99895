// The weekly digest on PostgreSQL (DATABASE_URL) with two instances sharing it, both running the
// core timers and the outbox: the weekly step scheduled by both (one row) runs once, each account's
// digest reaches the SMTP server once, and both instances queuing the same week at the same moment
// (a step and `npm run digest -- --now`, say) queue each account's digest once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import { STAFF, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { postgresAvailable, startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';
import { digestStepKey, scheduleDigestStep } from '../../src/server/features/digest/schedule.ts';
import { queueDigests } from '../../src/server/features/digest/send.ts';
import { digestWeek } from '../../src/server/features/digest/week.ts';

const COVA = 'manager.cova@roles.example.com';

describe.skipIf(!postgresAvailable)('the weekly digest on two instances sharing one PostgreSQL', () => {
  let deployment: ServersOnPostgres;
  let smtp: SmtpStandIn;
  let a: TestServer;
  let b: TestServer;
  const digests = () => smtp.mails.filter((mail) => mail.messageId.includes('digest-'));

  beforeAll(async () => {
    smtp = await startSmtp();
    deployment = await startServersOnPostgres(2, { alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100 } }, { oneByOne: true });
    [a, b] = deployment.servers;
    await a.staffAs(['manager'], ['cova']);
  });
  afterAll(async () => {
    await deployment?.close();
    await smtp?.close();
  });

  it('runs the step once and sends each account its digest once', async () => {
    // Both instances scheduled the next weekly step at start: one row.
    const pending = await a.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM timer_steps WHERE kind = 'digest' AND state = 'pending'`);
    expect(pending.rows[0].n).toBe(1);
    const dueAt = new Date(Date.now() + 1000);
    await a.ctx.db.transaction((tx) => scheduleDigestStep(tx, dueAt));
    await expect
      .poll(async () => (await b.ctx.db.query<{ state: string }>('SELECT state FROM timer_steps WHERE key = $1', [digestStepKey(dueAt)])).rows[0]?.state, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('done');
    await expect
      .poll(async () => (await a.ctx.db.query<{ state: string }>(`SELECT state FROM outbox WHERE kind = 'digest'`)).rows.map((row) => row.state), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual(['sent', 'sent']);
    expect(
      digests()
        .map((mail) => mail.to.join())
        .toSorted(),
    ).toEqual([COVA, STAFF.email].toSorted());
    expect(digests()).toHaveLength(2);
  });

  it('queues each account once when both instances queue the same week at once', async () => {
    const week = { ...digestWeek(new Date()), isoWeek: '2031-W02' };
    const forms = a.ctx.registry.forms.map((form) => form.compiled);
    const [first, second] = await Promise.all([a, b].map((server) => server.ctx.db.transaction((tx) => queueDigests(tx, forms, week))));
    expect(first.queued + second.queued).toBe(2);
    expect(first.already + second.already).toBe(2);
    const rows = await a.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM digests WHERE iso_week = '2031-W02'`);
    expect(rows.rows[0].n).toBe(2);
  });
});
