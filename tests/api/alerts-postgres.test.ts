// Alerts on PostgreSQL (DATABASE_URL) with two instances sharing it, both sending: every alert of
// twenty "Poor" surveys sent through either reaches the SMTP server exactly once (deliveries are
// claimed with FOR UPDATE SKIP LOCKED), and the delivery log agrees.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import type { TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { startServersOnPostgres, type ServersOnPostgres } from './postgres-cluster.ts';
import { DINING, diningAnswers } from './samples.ts';

const SURVEYS = 20;

describe('two instances on one PostgreSQL', () => {
  let deployment: ServersOnPostgres;
  let smtp: SmtpStandIn;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    deployment = await startServersOnPostgres(2, { alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100 } }, { oneByOne: true });
    [a, b] = deployment.servers;
  });
  afterAll(async () => {
    await deployment?.close();
    await smtp?.close();
  });

  it('send each alert once', async () => {
    const references: string[] = [];
    await Promise.all(
      Array.from({ length: SURVEYS }, async (_, n) => {
        const created = await (n % 2 ? a : b).api(`/api/${DINING}`, {
          json: diningAnswers({ visited_restaurant: 'Cova', rating_cleanliness: 'poor', customer_comments: `visit ${n}` }),
        });
        expect(created.status).toBe(201);
        references.push(created.body.doc.reference);
      }),
    );
    const toManager = () => smtp.mails.filter((mail) => mail.to.includes('cova.manager@dohaoasis.example'));
    await vi.waitFor(() => expect(toManager()).toHaveLength(SURVEYS), { timeout: 60_000, interval: 100 });
    // Each reference once, and the log says sent on the first try for all of them.
    expect(new Set(toManager().map((mail) => mail.messageId)).size).toBe(SURVEYS);
    for (const reference of references) expect(toManager().filter((mail) => mail.subject.includes(reference))).toHaveLength(1);
    const log = (await a.api('/api/alert-deliveries', { as: 'staff' })).body.docs;
    expect(log.filter((entry: { state: string; attempts: number }) => entry.state === 'sent' && entry.attempts === 1)).toHaveLength(SURVEYS);
  });
});
