// SIGTERM as an orchestrator sends it during a rollout: new connections are refused at once, a
// guest's upload already under way still gets its 201, one that stalls is cut after
// SHUTDOWN_GRACE_MS, the process exits 0, and the data directory is left ready for the next start.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir, PUBLIC_KEY } from '../support/server.ts';
import { startMainProcess, type MainProcess } from '../support/main-process.ts';
import { tinyPng } from '../support/files.ts';
import { LOYALTY_MEDIA } from './samples.ts';

const GRACE_MS = 4_000;
const started: MainProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const main of started) if (main.child.exitCode === null) main.child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface SlowUpload {
  /** Resolves once the server has read the request's head (its 100 Continue). */
  accepted: Promise<void>;
  finish(): void;
  answer: Promise<{ status: number; body: string }>;
}

/** A receipt upload sent in two halves: the second only when finish() is called. */
function slowUpload(port: number): SlowUpload {
  const boundary = 'shutdown-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`),
    tinyPng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/${LOYALTY_MEDIA}`,
    headers: {
      authorization: `users API-Key ${PUBLIC_KEY}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((resolve) => request.once('continue', () => request.write(body.subarray(0, half), () => resolve())));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
  });
  answer.catch(() => undefined); // a cut request's error is what the test awaits, not an unhandled rejection
  return { accepted, answer, finish: () => request.end(body.subarray(half)) };
}

/** A new TCP connection (not one of fetch's kept-alive ones) is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM', () => {
  it('refuses new connections, finishes the request in flight, cuts a stalled one after the grace, exits 0 and leaves the data directory clean', async () => {
    const dataDir = await preparedDataDir();
    dirs.push(dataDir);
    const main = await startMainProcess(dataDir, { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    started.push(main);
    expect((await fetch(`http://127.0.0.1:${main.port}/readyz`)).status).toBe(200);

    const finishing = slowUpload(main.port);
    const stalled = slowUpload(main.port);
    await Promise.all([finishing.accepted, stalled.accepted]);
    const signalled = Date.now();
    main.child.kill('SIGTERM');
    await main.printed('SIGTERM: stopping');
    await main.printed('No new connections are accepted.');
    expect(await refused(main.port)).toBe(true);

    finishing.finish();
    const answer = await finishing.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).doc.filename).toMatch(/\.png$/);
    await expect(stalled.answer).rejects.toThrow(/socket hang up|ECONNRESET/);

    expect(await main.exited).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(GRACE_MS);
    expect(took).toBeLessThan(GRACE_MS + 10_000);
    expect(main.output()).toContain('Stopped.');
    expect(main.output()).toContain(`POST /api/${LOYALTY_MEDIA} 201`); // the request log reached stdout before the exit
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db', 'postmaster.pid'))).toBe(false);

    const restarted = await startMainProcess(dataDir);
    started.push(restarted);
    expect((await fetch(`http://127.0.0.1:${restarted.port}/readyz`)).status).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
