// The core outbox on its own, with a channel and a kind this test registers (core is not touched):
// an SMS provider's REST API, a local HTTP stand-in. On PGlite and, where the machine has it,
// PostgreSQL: a queued message is sent once its transaction commits (woken, not polled), two
// workers on one database claim each message once, a claim whose worker hangs is taken again after
// its lease with the same key, a failed try is retried with back-off, and a refusal for good is
// marked failed with the provider's words.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/core/db/db.ts';
import { migrate } from '../../src/server/core/db/migrations.ts';
import { openPgliteDb } from '../../src/server/core/db/pglite-db.ts';
import { openPostgresDb } from '../../src/server/core/db/postgres-db.ts';
import type { Channel } from '../../src/server/core/outbox/channel.ts';
import { ensureChannelCheck } from '../../src/server/core/outbox/channel-check.ts';
import { enqueue, type OutboxKind } from '../../src/server/core/outbox/outbox.ts';
import { IDLE_LOOK_MS } from '../../src/server/core/outbox/schedule.ts';
import { Outbox } from '../../src/server/core/outbox/worker.ts';
import { CHANNELS, loadConfig, MIGRATIONS } from '../../src/server/features/index.ts';
import { preparedDataDir } from '../support/server.ts';
import { postgresAvailable, startPostgres, type PostgresCluster } from './postgres-cluster.ts';

type Answer = { status: number; body?: string } | 'hang';

/** The provider's stand-in: records each message (its key and when it came) and answers as told. */
async function startProvider() {
  const received: { key: string; to: string; text: string; at: number }[] = [];
  const held: http.ServerResponse[] = [];
  let answer: (key: string, nth: number) => Answer = () => ({ status: 202 });
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { to: string; text: string; reference: string };
      received.push({ key: message.reference, to: message.to, text: message.text, at: performance.now() });
      const told = answer(message.reference, received.filter((entry) => entry.key === message.reference).length);
      if (told === 'hang') return void held.push(response);
      response.writeHead(told.status, { 'content-type': 'application/json' }).end(told.body ?? '{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    received,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    /** Answers the requests kept waiting, at last. */
    release(status = 202) {
      for (const response of held.splice(0)) response.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"Too late"}');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Provider = Awaited<ReturnType<typeof startProvider>>;

/** The README's example channel: a provider's REST API, its words kept when it refuses. */
function smsChannel(provider: Provider): Channel<'sms'> {
  return {
    name: 'sms',
    ready: () => true,
    open: () => ({
      async send(delivery) {
        const response = await fetch(provider.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: delivery.recipient, text: delivery.text, reference: delivery.key }),
        });
        if (response.ok) return { ok: true, status: response.status };
        const words = ((await response.json().catch(() => ({}))) as { message?: string }).message ?? `Answered ${response.status}.`;
        return { ok: false, permanent: response.status >= 400 && response.status < 500, status: response.status, error: words };
      },
    }),
  };
}

/** A kind of this test: a message's text is its source's number. */
const pingKind = (overrides: Partial<OutboxKind> = {}): OutboxKind => ({
  name: 'ping',
  retryBaseMs: 60_000,
  leaseMs: 60_000,
  maxInFlight: 5,
  build: async (row) => ({ recipient: row.recipient, key: row.message_id, subject: '', text: `hello ${row.source_id}` }),
  ...overrides,
});

const warnings: string[] = [];
const log = { warn: (line: string) => void warnings.push(line), error: (line: string) => void warnings.push(line) } as unknown as FastifyBaseLogger;

const databases: { name: string; open: () => Promise<{ db: Db; close: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    async open() {
      const dir = await preparedDataDir();
      const db = await openPgliteDb(dir, `${dir}/db`);
      return { db, close: async () => (await db.close(), fs.rmSync(dir, { recursive: true, force: true })) };
    },
  },
];
let cluster: PostgresCluster | null = null;
if (postgresAvailable) {
  databases.push({
    name: 'PostgreSQL',
    async open() {
      cluster ??= await startPostgres();
      const db = await openPostgresDb(cluster.url);
      return { db, close: () => db.close() };
    },
  });
}

afterAll(async () => {
  await cluster?.stop();
});

describe.each(databases)('the core outbox on $name', ({ open }) => {
  let db: Db;
  let closeDb: () => Promise<void>;
  let provider: Provider;
  let sms: Channel<'sms'>;
  const workers: Outbox[] = [];
  let sequence = 0;

  const worker = (kind: OutboxKind) => {
    const outbox = new Outbox(db, [...CHANNELS, sms], loadConfig({}), log);
    outbox.register(kind);
    workers.push(outbox);
    return outbox;
  };
  const queue = (recipient = '+97450000000') => {
    const id = ++sequence;
    return db.transaction((tx) => enqueue(tx, { kind: 'ping', channel: 'sms', recipient, key: `ping-${id}`, sourceId: id })).then(() => `ping-${id}`);
  };
  const rowOf = async (key: string) =>
    (
      await db.query<{ state: string; attempts: number; last_error: string | null }>('SELECT state, attempts, last_error FROM outbox WHERE message_id = $1', [
        key,
      ])
    ).rows[0];

  beforeAll(async () => {
    ({ db, close: closeDb } = await open());
    await migrate(db, MIGRATIONS);
    provider = await startProvider();
    sms = smsChannel(provider);
    // The channel joins the database's CHECK as a feature's channel would at start.
    await ensureChannelCheck(
      db,
      [...CHANNELS, sms].map((channel) => channel.name),
    );
  });

  // Each test's workers stop with it, a failed test's too, so none claims the next test's rows.
  afterEach(async () => {
    provider.release();
    for (const outbox of workers.splice(0)) await outbox.stop();
    provider.answerWith(() => ({ status: 202 }));
  });

  afterAll(async () => {
    await provider?.close();
    await closeDb?.();
  });

  it('refuses a row of a channel the table does not have', async () => {
    await expect(db.transaction((tx) => enqueue(tx, { kind: 'ping', channel: 'pigeon', recipient: 'loft 3', key: 'pigeon-1', sourceId: 1 }))).rejects.toThrow(
      /outbox_channel_check/,
    );
  });

  it('sends a message once its transaction commits, woken at once (a retry would be a minute away), and none of a rolled-back one', async () => {
    const outbox = worker(pingKind());
    await outbox.start();
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'ping', channel: 'sms', recipient: '+97411111111', key: 'rolled-back', sourceId: 0 });
        throw new Error('the submission was refused');
      }),
    ).rejects.toThrow('refused');
    const started = performance.now();
    const key = await queue('+97422222222');
    await expect.poll(() => provider.received.filter((entry) => entry.key === key), { timeout: 5000, interval: 20 }).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(IDLE_LOOK_MS / 2);
    expect(provider.received.find((entry) => entry.key === key)).toMatchObject({ to: '+97422222222', text: expect.stringMatching(/^hello \d+$/) });
    await expect.poll(async () => (await rowOf(key))?.state).toBe('sent');
    expect(await rowOf(key)).toMatchObject({ attempts: 1, last_error: null });
    expect(provider.received.some((entry) => entry.key === 'rolled-back')).toBe(false);
    expect((await db.query(`SELECT 1 FROM outbox WHERE message_id = 'rolled-back'`)).rows).toEqual([]);
    await outbox.stop();
  });

  it('has two workers on one database claim each message once', async () => {
    const first = worker(pingKind());
    const second = worker(pingKind());
    await Promise.all([first.start(), second.start()]);
    const keys = await Promise.all(Array.from({ length: 30 }, () => queue()));
    await expect
      .poll(
        async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE message_id = ANY($1) AND state = 'sent'`, [keys])).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(30);
    const sent = provider.received.filter((entry) => keys.includes(entry.key)).map((entry) => entry.key);
    expect(sent.toSorted()).toEqual(keys.toSorted());
    const { rows } = await db.query<{ attempts: number }>('SELECT DISTINCT attempts FROM outbox WHERE message_id = ANY($1)', [keys]);
    expect(rows).toEqual([{ attempts: 1 }]);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('takes a claim again after its lease when its worker hangs, with the same key, and the late answer changes nothing', async () => {
    const key = `ping-${sequence + 1}`;
    provider.answerWith((received, nth) => (received === key && nth === 1 ? 'hang' : { status: 202 }));
    const hanging = worker(pingKind({ leaseMs: 300, maxInFlight: 1 }));
    await hanging.start();
    await queue();
    await expect.poll(() => provider.received.filter((entry) => entry.key === key)).toHaveLength(1);
    // The lease runs from the claim (a little before the first try reached the provider; on a busy machine much before).
    const { rows: leased } = await db.query<{ until: number }>(
      'SELECT (extract(epoch FROM next_attempt_at) * 1000)::float8 AS until FROM outbox WHERE message_id = $1',
      [key],
    );
    // Another instance takes it once the lease is over, not before.
    const taking = worker(pingKind({ leaseMs: 300 }));
    await taking.start();
    await expect.poll(async () => (await rowOf(key))?.state, { timeout: 10_000 }).toBe('sent');
    const tries = provider.received.filter((entry) => entry.key === key);
    expect(tries).toHaveLength(2);
    expect(performance.timeOrigin + tries[1].at).toBeGreaterThanOrEqual(Math.floor(leased[0].until));
    expect(await rowOf(key)).toMatchObject({ attempts: 2 });
    // The first try's answer comes at last, a failure: the row stays as the second try left it (not retrying).
    provider.release(503);
    await hanging.stop();
    expect(await rowOf(key)).toMatchObject({ state: 'sent', attempts: 2 });
    await taking.stop();
  });

  it('retries a failed try after the base, then twice the base, until it is sent', async () => {
    const key = `ping-${sequence + 1}`;
    provider.answerWith((received, nth) => (received === key && nth < 3 ? { status: 503, body: '{"message":"Try later"}' } : { status: 202 }));
    const outbox = worker(pingKind({ retryBaseMs: 300 }));
    await outbox.start();
    await queue();
    await expect.poll(async () => (await rowOf(key))?.state, { timeout: 10_000 }).toBe('sent');
    const times = provider.received.filter((entry) => entry.key === key).map((entry) => entry.at);
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(300 - 5);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(600 - 5);
    expect(await rowOf(key)).toMatchObject({ attempts: 3, last_error: null });
    // The log names the row and its channel, never the recipient or the words.
    expect(warnings.filter((line) => line.includes('not sent'))).not.toEqual([]);
    expect(warnings.join('\n')).not.toMatch(/\+974|hello/);
    await outbox.stop();
  });

  it("marks a message the provider refuses for good failed, in the provider's words, and tries it no more", async () => {
    const key = `ping-${sequence + 1}`;
    provider.answerWith((received) => (received === key ? { status: 422, body: '{"message":"The number +974 5 is not a mobile number."}' } : { status: 202 }));
    const outbox = worker(pingKind({ retryBaseMs: 50 }));
    await outbox.start();
    await queue('+9745');
    await expect.poll(async () => (await rowOf(key))?.state, { timeout: 10_000 }).toBe('failed');
    expect(await rowOf(key)).toMatchObject({ attempts: 1, last_error: 'The number +974 5 is not a mobile number.' });
    // A later message still goes, and the failed one was not tried again meanwhile.
    const next = await queue();
    await expect.poll(async () => (await rowOf(next))?.state).toBe('sent');
    expect(provider.received.filter((entry) => entry.key === key)).toHaveLength(1);
    await outbox.stop();
  });
});
