// A form posted without JavaScript as multipart may hold no more texts than the form has controls
// (plus a margin) and about 256 KB of them (features/native-post/read-post.ts): a larger body is
// refused (413) as it arrives, never held in memory. The server is src/server/main.ts in its own
// process (its peak resident memory, VmHWM, read from /proc), the bodies streamed by the test.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedDataDir } from '../support/server.ts';
import { startMainProcess, type MainProcess } from '../support/main-process.ts';

const MB = 1024 * 1024;
const PADEL_PAGE = '/survey/padel';
let main: MainProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await preparedDataDir();
  main = await startMainProcess(dataDir, { RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  main?.child.kill('SIGTERM');
  await main?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's peak resident memory so far, in bytes. */
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${main.child.pid}/status`, 'utf8'))![1]) * 1024;

/**
 * A multipart post of `fields` texts of `size` bytes each, written as the socket takes them (the
 * test holds one text, not the body); resolves with the answer's status once the server answered.
 */
function postFields(
  fields: number,
  size: number,
  name = (index: number) => `root_share_experience_${index}`,
): Promise<{ status: number; sent: number; page: string }> {
  const boundary = '----hygiene-boundary';
  const value = 'a'.repeat(size);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let status = 0;
    let page = '';
    const request = http.request({
      host: '127.0.0.1',
      port: main.port,
      path: PADEL_PAGE,
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: `http://127.0.0.1:${main.port}`, 'sec-fetch-site': 'same-origin' },
    });
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (page += chunk));
      response.on('end', () => resolve({ status, sent, page }));
    });
    // The server may close the connection once it answered, before the body is all written.
    request.on('error', (error) => (status ? resolve({ status, sent, page }) : reject(error)));
    let index = 0;
    const write = () => {
      while (index < fields && !status) {
        const part = `--${boundary}\r\nContent-Disposition: form-data; name="${name(index)}"\r\n\r\n${value}\r\n`;
        index++;
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', write);
      }
      request.end(`--${boundary}--\r\n`);
    };
    write();
  });
}

describe('a multipart post without JavaScript', () => {
  it('of 64 MB of texts, 10 at once: each refused (413), the server never holding them (its peak memory grows by far less than one body)', async () => {
    // Warm up (the first post loads what every post needs), then the peak so far.
    expect((await postFields(3, 10)).status).toBeLessThan(500);
    const before = peakRss();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postFields(1000, 64 * 1024 - 100)));
    const ms = performance.now() - started;
    const grown = peakRss() - before;
    console.log(
      `10 posts of 64 MB of texts: ${answers.map((answer) => answer.status).join(', ')} in ${ms.toFixed(0)} ms; sent ${(answers.reduce((sum, answer) => sum + answer.sent, 0) / MB).toFixed(1)} MB; server peak RSS ${(before / MB).toFixed(0)} MB -> ${((before + grown) / MB).toFixed(0)} MB (+${(grown / MB).toFixed(1)} MB)`,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(413));
    // Each stopped being read once refused: the server read (and dropped) a few MB of each, not 64.
    expect(answers.every((answer) => answer.sent < 32 * MB)).toBe(true);
    expect(grown).toBeLessThan(64 * MB);
  });

  it('of more texts than the form has controls, each small: refused (413) with a page saying why, in its language', async () => {
    const answer = await postFields(400, 10);
    expect(answer.status).toBe(413);
    expect(answer.page).toContain('shorten the longest answers');
  });

  it("of the form's own answers: stored (303 to the thanks)", async () => {
    const answers: [string, string][] = [
      ['root_visit_frequency', 'weekly'],
      ['root_why_choose_us', 'facilities'],
      ['root_recommend_to_others_rating', '9'],
      ['root_satisfaction_booking_process', '8'],
      ['root_satisfaction_booking_process_time_slots', '7'],
    ];
    const form = new FormData();
    for (const [name, value] of answers) form.append(name, value);
    const response = await fetch(`http://127.0.0.1:${main.port}${PADEL_PAGE}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: `http://127.0.0.1:${main.port}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(303);
  });
});
