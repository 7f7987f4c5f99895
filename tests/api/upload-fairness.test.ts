// One client sending crafted PDFs as fast as it may (RATE_LIMIT_PER_MINUTE of them at once) does
// not make another client's upload wait: each client has one file checked at a time, on one of at
// least two workers, a few more waiting behind it (then 429 with Retry-After), so the other
// client's receipt takes the free worker. The crafted file is the issue's: three object streams
// whose headers list the /Info object at 100,000 offsets (2.6 MB).
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_KEY, startTestServer, type TestServer } from '../support/server.ts';
import { tinyPdf } from '../support/files.ts';
import { packedInfoHeaders } from '../support/hostile-pdfs.ts';
import { LOYALTY_MEDIA } from './samples.ts';

const RATE = 30; // RATE_LIMIT_PER_MINUTE's default
const ATTACKER = '203.0.113.66';
const GUEST = '198.51.100.7';

interface Answer {
  status: number;
  retryAfter: string | null;
  message: string | undefined;
  ms: number;
}

/**
 * A client in a thread of its own (the test's thread serves the requests): sends `count` uploads of
 * `bytes` at once from `address`, says 'first' when the first answer arrives, then reports them all.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, address, key, bytes, count } = workerData;
let first = true;
const one = async () => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'receipt.pdf');
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { authorization: 'users API-Key ' + key, 'x-forwarded-for': address }, body: form });
  const body = await response.json();
  const ms = performance.now() - started;
  if (first) parentPort.postMessage('first');
  first = false;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body.errors?.[0]?.message, ms };
};
Promise.all(Array.from({ length: count }, one)).then((answers) => parentPort.postMessage(answers));
`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, rateLimitPerMinute: RATE });
});
afterAll(() => server?.close());

function client(address: string, bytes: Buffer, count: number) {
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: { url: `${server.url}/api/${LOYALTY_MEDIA}`, address, key: PUBLIC_KEY, bytes: new Uint8Array(bytes), count },
  });
  const first = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const answers = first.then(() => new Promise<Answer[]>((resolve) => worker.once('message', resolve)));
  return { first, answers, end: () => worker.terminate() };
}

describe('one client sending crafted PDFs at its full rate', () => {
  it("does not hold another client's receipt: answered 201 in under 2 s meanwhile", async () => {
    const crafted = packedInfoHeaders(100_000, 3);
    const attack = client(ATTACKER, crafted, RATE);
    try {
      await attack.first; // the attacker's files are being checked
      const guest = client(GUEST, tinyPdf(), 1);
      const [receipt] = await guest.answers;
      await guest.end();
      expect(receipt.status).toBe(201);
      expect(receipt.ms).toBeLessThan(2_000);

      // The attacker's own files: checked (201), or refused until its earlier ones are done, with when to try again.
      const answers = await attack.answers;
      for (const answer of answers) {
        if (answer.status === 201) continue;
        expect(answer.status).toBe(429);
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(answer.message).toMatch(/./);
      }
    } finally {
      await attack.end();
    }
  });
});
