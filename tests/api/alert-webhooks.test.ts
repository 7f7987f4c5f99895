// Alert webhooks against a local receiver on the loopback (http allowed to it by
// ALERT_WEBHOOK_HTTP_LOOPBACK): the body's HMAC-SHA256 signature verifies with the rule's key, a
// 500 is retried until a 200, the receiver's code and time are in the delivery log, a confidential
// form's payload has no answer, and private-range or plain-http addresses are refused at save.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import type { AlertsConfig } from '../../src/server/features/alerts/index.ts';
import { startTestServer, type Json, type TestServer } from '../support/server.ts';
import { freePort } from '../support/main-process.ts';
import { DINING, diningAnswers, proofFor, WHISTLE } from './samples.ts';

interface Received {
  path: string;
  body: string;
  signature: string;
  delivery: string;
}

const SECRET = 'crm-signing-key-7f3a';
const received: Received[] = [];
/** The receiver's answers, in order; 200 once they run out. */
const answers: number[] = [];
let receiver: http.Server;
let receiverUrl: string;
let server: TestServer;

const alertsConfig = (overrides: Partial<AlertsConfig>): AlertsConfig => ({ ...loadConfig({}).alerts, retryBaseMs: 100, ...overrides });

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        body,
        signature: String(request.headers['x-venue-forms-signature']),
        delivery: String(request.headers['x-venue-forms-delivery']),
      });
      if (request.url === '/slow') return; // never answers
      if (request.url === '/moved') return response.writeHead(302, { location: '/elsewhere' }).end();
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ alerts: alertsConfig({ webhookHttpLoopback: true }) });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const rule = (overrides: Record<string, unknown>) => ({
  name: `Webhook ${Math.random()}`,
  enabled: true,
  form: 'dining-survey',
  when: 'every',
  language: 'en',
  webhook_secret: SECRET,
  subject: { en: 'Feedback {reference}' },
  body: { en: '{link}' },
  ...overrides,
});

const verifies = (hook: Received) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(hook.body).digest('hex')}`);
  return expected.length === Buffer.byteLength(hook.signature) && timingSafeEqual(expected, Buffer.from(hook.signature));
};

/** The webhook delivery of a submission in the log, once in this state (as the default admin reads it, or with another account's headers). */
async function delivery(reference: string, state: string, recipient?: string, headers?: Record<string, string>): Promise<Json> {
  return vi.waitFor(
    async () => {
      const log = await server.api('/api/alert-deliveries', headers ? { as: 'none', headers } : { as: 'staff' });
      const found = log.body.docs.find(
        (entry: Json) => entry.reference === reference && entry.channel === 'webhook' && (!recipient || entry.recipient === recipient),
      );
      if (found?.state !== state) throw new Error(`webhook for ${reference}: ${found?.state ?? 'none'}`);
      return found;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('a rule with a webhook', () => {
  it('posts the alert signed with HMAC-SHA256; a 500 is tried again until the 200, logged with the answer and its time', async () => {
    const saved = await server.api('/api/alert-rules', {
      as: 'staff',
      json: rule({ webhook_url: `${receiverUrl}/crm`, when: 'condition', condition: JSON.stringify({ field: 'meal_period', equals: 'lunch' }) }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    answers.push(500);
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ meal_period: 'lunch', visited_restaurant: 'Cova' }) });
    expect(created.status).toBe(201);
    const { reference, id } = created.body.doc;

    const sent = await delivery(reference, 'sent');
    expect(sent).toMatchObject({ attempts: 2, responseStatus: 200, lastError: null });
    expect(sent.responseMs).toBeGreaterThanOrEqual(0);
    const hooks = received.filter((hook) => hook.path === '/crm' && JSON.parse(hook.body).reference === reference);
    expect(hooks).toHaveLength(2);
    for (const hook of hooks) {
      expect(verifies(hook)).toBe(true);
      expect(hook.delivery).toBe(sent.messageId);
    }
    expect(JSON.parse(hooks[1].body)).toMatchObject({ form: 'dining-survey', id, venue: 'Cova', answers: { meal_period: 'lunch' } });
    // A body changed on the way no longer verifies.
    expect(verifies({ ...hooks[1], body: hooks[1].body.replace('lunch', 'dinner') })).toBe(false);
  });

  it('a failing receiver shows as retrying with the last error', async () => {
    await server.api('/api/alert-rules', {
      as: 'staff',
      json: rule({ webhook_url: `${receiverUrl}/down`, when: 'condition', condition: JSON.stringify({ field: 'meal_period', equals: 'breakfast' }) }),
    });
    answers.push(503, 503, 503, 503, 503, 503, 503, 503);
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers({ meal_period: 'breakfast' }) });
    const retrying = await delivery(created.body.doc.reference, 'retrying');
    expect(retrying.lastError).toBe('Answered 503.');
    expect(retrying.responseStatus).toBe(503);
  });

  it('follows no redirect, and gives up on a receiver after 5 s', async () => {
    for (const path of ['moved', 'slow']) {
      await server.api('/api/alert-rules', {
        as: 'staff',
        json: rule({
          webhook_url: `${receiverUrl}/${path}`,
          when: 'condition',
          condition: JSON.stringify({ field: 'visit_frequency', equals: path === 'moved' ? 'weekly' : 'monthly' }),
        }),
      });
    }
    const moved = await server.api(`/api/${DINING}`, { json: diningAnswers({ visit_frequency: 'weekly' }) });
    const slow = await server.api(`/api/${DINING}`, { json: diningAnswers({ visit_frequency: 'monthly' }) });
    expect((await delivery(moved.body.doc.reference, 'retrying')).lastError).toBe('Answered 302 (redirects are not followed).');
    expect(received.some((hook) => hook.path === '/elsewhere')).toBe(false);
    const timedOut = await delivery(slow.body.doc.reference, 'retrying');
    expect(timedOut.lastError).toBe('No answer within 5 s.');
    expect(timedOut.responseMs).toBeGreaterThanOrEqual(5000);
  });

  it('a confidential form posts its reference, form and link only', async () => {
    // Written, and its log read, by an admin who is also compliance: the form's only readers.
    const compliance = await server.staffAs(['admin', 'compliance']);
    expect(
      (
        await server.api('/api/alert-rules', {
          as: 'none',
          headers: compliance,
          json: rule({ form: 'whistle-blower', webhook_url: `${receiverUrl}/compliance` }),
        })
      ).status,
    ).toBe(201);
    const created = await server.api(`/api/${WHISTLE}`, {
      json: { incident_or_concern: 'Invoices are split to avoid approval.', contact_name: 'Hamad', acknowledgement: true },
      headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') },
    });
    expect(created.status).toBe(201);
    await delivery(created.body.doc.reference, 'sent', undefined, compliance);
    const hook = received.find((entry) => entry.path === '/compliance')!;
    expect(verifies(hook)).toBe(true);
    expect(Object.keys(JSON.parse(hook.body)).sort()).toEqual(['delivery', 'event', 'form', 'link', 'reference', 'rule']);
    expect(hook.body).not.toMatch(/Invoices|Hamad/);
  });
});

describe('a webhook address', () => {
  const save = (url: string) => server.api('/api/alert-rules', { as: 'staff', json: rule({ webhook_url: url }) });
  const refusal = async (url: string) => {
    const answer = await save(url);
    expect(answer.status, url).toBe(400);
    return answer.body.errors[0].data.errors[0];
  };

  it('on a private network is refused at save, naming the field', async () => {
    for (const url of [
      'https://10.1.2.3/hook',
      'https://192.168.0.20/hook',
      'https://172.16.5.4/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/hook',
      'https://0.0.0.0/hook',
    ]) {
      expect(await refusal(url)).toMatchObject({
        path: 'webhook_url',
        message: 'This address is on a private or local network, which webhooks may not reach.',
      });
    }
  });

  it('in an IPv6 special range is refused at save: IPv4-compatible (::/96), NAT64, 6to4, Teredo, documentation, discard', async () => {
    for (const url of [
      'https://[::7f00:1]/hook',
      'https://[::a00:1]/hook',
      'https://[64:ff9b::a00:1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[2001::1]/hook',
      'https://[2001:db8::1]/hook',
      'https://[100::1]/hook',
      'https://[fec0::1]/hook',
    ]) {
      expect(await refusal(url)).toMatchObject({
        path: 'webhook_url',
        message: 'This address is on a private or local network, which webhooks may not reach.',
      });
    }
  });

  it('naming a host that does not resolve is refused at save, naming the field', async () => {
    expect(await refusal('https://no-such-host.invalid/hook')).toMatchObject({
      path: 'webhook_url',
      message: 'This host name does not resolve to any address. Check its spelling.',
    });
    // This machine's name is judged by the loopback setting, which this server's allows.
    expect((await save(`${receiverUrl.replace('127.0.0.1', 'localhost')}/ok`)).status).toBe(201);
  });

  it('that refuses the connection shows a short error in the log, without the address or port', async () => {
    const closed = await freePort();
    expect((await save(`http://127.0.0.1:${closed}/hook`)).status).toBe(201);
    const created = await server.api(`/api/${DINING}`, { json: diningAnswers() });
    const retrying = await delivery(created.body.doc.reference, 'retrying', `http://127.0.0.1:${closed}/hook`);
    expect(retrying.lastError).toBe('The connection was refused (ECONNREFUSED).');
  });

  it('over plain http is refused unless it is this machine and the setting allows it', async () => {
    expect(await refusal('http://crm.example.com/hook')).toMatchObject({
      path: 'webhook_url',
      message: 'Give an https:// address (without a user name or password).',
    });
    expect((await save(`${receiverUrl}/ok`)).status).toBe(201);
    const strict = await startTestServer({ alerts: alertsConfig({}) });
    try {
      const answer = await strict.api('/api/alert-rules', { as: 'staff', json: rule({ webhook_url: `${receiverUrl}/ok` }) });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].data.errors[0].path).toBe('webhook_url');
    } finally {
      await strict.close();
    }
  });
});
