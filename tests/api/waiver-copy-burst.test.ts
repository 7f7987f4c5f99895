// A burst of downloads of one large waiver's copy (4 addresses, each at its full rate) does not
// hold another guest's copy: a copy is drawn once per link and kept with its submission (the
// burst then reads it), each client has one copy drawn at a time, on one of two workers, so the
// other guest's copy takes the free worker. The kept copy goes with its submission and with any
// change of its answers.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { IFLY, minor, waiverAnswers } from './samples.ts';

const RATE = 30; // RATE_LIMIT_PER_MINUTE's default: each address opens the link that many times
const BURST_ADDRESSES = ['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'];
const GUEST = '198.51.100.20';

/** The largest waiver a guest can sign: Arabic names at their longest, 10 dependents, a signature of 23,000 points (100 strokes). */
function maximalWaiver(): Record<string, unknown> {
  const arabic = (seed: number) => 'نور الهدى بنت عبد الرحمن آل ثاني '.repeat(4).slice(0, 119 - String(seed).length) + seed;
  const strokes = Array.from({ length: 100 }, (_, stroke) =>
    Array.from({ length: 230 }, (_, point) => [((point * 7 + stroke) % 10) / 10, ((point * 3 + stroke) % 10) / 10]),
  );
  return waiverAnswers({
    name: arabic(0),
    qid: 'A'.repeat(26),
    dependents: Array.from({ length: 10 }, (_, index) => minor(arabic(index + 1), { qid: `P${String(index).repeat(25)}` })),
    signature: { strokes, aspect: 3 },
  });
}

/**
 * A client in a thread of its own (the test's thread serves the requests): opens `url` `count`
 * times at once from `address`, says 'first' when the first answer arrives, then reports them all.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, address, count } = workerData;
let first = true;
const one = async () => {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-forwarded-for': address } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (first) parentPort.postMessage('first');
  first = false;
  return { status: response.status, type: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), pdf: body.subarray(0, 5).toString('latin1'), ms };
};
Promise.all(Array.from({ length: count }, one)).then((answers) => parentPort.postMessage(answers));
`;

interface Answer {
  status: number;
  type: string | null;
  retryAfter: string | null;
  pdf: string;
  ms: number;
}

function client(url: string, address: string, count: number) {
  const worker = new Worker(CLIENT, { eval: true, workerData: { url, address, count } });
  const first = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const answers = first.then(() => new Promise<Answer[]>((resolve) => worker.once('message', resolve)));
  return { first, answers, end: () => worker.terminate() };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, rateLimitPerMinute: RATE });
});
afterAll(() => server?.close());

const sign = async (answers: Record<string, unknown>, locale: string) => {
  const created = await server.api(`/api/${IFLY}?locale=${locale}`, { json: answers });
  expect(created.status).toBe(201);
  return created.body as { doc: { id: number }; waiverCopy: string };
};
const kept = async (id: number) =>
  (await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM waiver_copy_pdfs WHERE submission_id = $1', [id])).rows[0].n;

describe("a burst of one large waiver's copy", () => {
  it("does not hold another guest's copy: answered in under 3 s meanwhile, and the burst gets the copy or a refusal saying when to try again", async () => {
    const large = await sign(maximalWaiver(), 'ar');
    const other = await sign(waiverAnswers({ name: 'Noor Saleh' }), 'en');
    // A server already drawing copies (a worker's first start, tsx compiling it, takes seconds here).
    expect((await fetch(`${server.url}${(await sign(waiverAnswers(), 'en')).waiverCopy}`)).status).toBe(200);
    const burst = BURST_ADDRESSES.map((address) => client(`${server.url}${large.waiverCopy}`, address, RATE));
    try {
      await Promise.race(burst.map((one) => one.first)); // the burst is being answered
      const guest = client(`${server.url}${other.waiverCopy}`, GUEST, 1);
      const [copy] = await guest.answers;
      await guest.end();
      expect(copy.status).toBe(200);
      expect(copy.pdf).toBe('%PDF-');
      expect(copy.ms).toBeLessThan(3_000);

      for (const answer of (await Promise.all(burst.map((one) => one.answers))).flat()) {
        if (answer.status === 200) expect(answer.pdf).toBe('%PDF-');
        else {
          expect([429, 503]).toContain(answer.status);
          expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
        }
      }
      expect(await kept(large.doc.id)).toBe(1);
    } finally {
      await Promise.all(burst.map((one) => one.end()));
    }
  }, 180_000); // the burst takes seconds here, a minute and more before copies were kept
});

describe('the copy kept with its submission', () => {
  it('is the copy served again, and goes when an answer changes or the submission is erased', async () => {
    const { doc, waiverCopy } = await sign(waiverAnswers({ name: 'Lina Haddad' }), 'en');
    const first = Buffer.from(await (await fetch(`${server.url}${waiverCopy}`)).arrayBuffer());
    expect(await kept(doc.id)).toBe(1);
    expect(Buffer.from(await (await fetch(`${server.url}${waiverCopy}`)).arrayBuffer()).equals(first)).toBe(true);

    const { db } = server.ctx;
    await db.query(`UPDATE documents SET data = jsonb_set(data, '{name}', '"Lina H."') WHERE id = $1`, [doc.id]);
    expect(await kept(doc.id)).toBe(0);
    const redrawn = await fetch(`${server.url}${waiverCopy}`);
    expect(redrawn.status).toBe(200);
    expect(await kept(doc.id)).toBe(1);

    await db.query('DELETE FROM documents WHERE id = $1', [doc.id]);
    expect(await kept(doc.id)).toBe(0);
    expect((await fetch(`${server.url}${waiverCopy}`)).status).toBe(404);
  });
});
