// The signed copy on PostgreSQL (DATABASE_URL) with two instances sharing it and JWT_SECRET: a
// link made by one works on the other, verify reads the same row, and each guest's email is sent
// once although both instances send (claimed with FOR UPDATE SKIP LOCKED).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtp, type SmtpStandIn } from '../support/smtp.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { IFLY, waiverAnswers } from './samples.ts';

const GUESTS = 6;

describe('waiver copies with two instances on one PostgreSQL', () => {
  let cluster: PostgresCluster;
  let smtp: SmtpStandIn;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    [cluster, smtp] = await Promise.all([startPostgres(), startSmtp()]);
    const shared = {
      databaseUrl: cluster.url,
      jwtSecret: 'one-secret-for-both-instances',
      alerts: { ...loadConfig({}).alerts, smtpUrl: smtp.url, retryBaseMs: 100 },
    };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp?.close();
    await cluster?.stop();
  });

  it('a link from one instance opens on the other, verify agrees, and each email goes once', async () => {
    const created = await Promise.all(
      Array.from({ length: GUESTS }, async (_, n) => {
        const answer = await (n % 2 ? a : b).api(`/api/${IFLY}`, { json: waiverAnswers({ email: `guest${n}@example.com` }) });
        expect(answer.status).toBe(201);
        return answer.body as { doc: { id: number; reference: string }; waiverCopy: string };
      }),
    );
    const [first] = created;
    const onOther = await fetch(`${a.url}${first.waiverCopy}`);
    expect(onOther.status).toBe(200);
    expect(Buffer.from(await onOther.arrayBuffer()).toString('latin1')).toContain(`(${first.doc.reference})`);

    const verify = await fetch(`${a.url}/api/waiver-copy/verify`, {
      method: 'POST',
      headers: { ...(await a.staffAs(['admin'])), 'content-type': 'application/json' },
      body: JSON.stringify({ reference: first.doc.reference }),
    });
    expect(await verify.json()).toMatchObject({ reference: first.doc.reference, matches: true });

    await vi.waitFor(() => expect(smtp.mails.filter((mail) => mail.to[0]?.startsWith('guest'))).toHaveLength(GUESTS), { timeout: 90_000, interval: 200 });
    const recipients = smtp.mails.map((mail) => mail.to[0]).filter((to) => to.startsWith('guest'));
    expect(new Set(recipients).size).toBe(GUESTS);
    for (const mail of smtp.mails) expect(mail.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
    const { rows } = await a.ctx.db.query(`SELECT state, count(*)::int AS n FROM outbox WHERE kind = 'waiver-copy' GROUP BY state`);
    expect(rows).toEqual([{ state: 'sent', n: GUESTS }]);
  });
});
