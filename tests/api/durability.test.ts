// The server as operators run it (a separate node process), killed with -9 right after it
// acknowledged submissions, and killed with -9 while 20 clients are sending: after a restart on
// the same DATA_DIR every acknowledged one is there, and nothing is half-written.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import { startMainProcess, withDatabase, type MainProcess } from '../support/main-process.ts';
import { preparedDataDir, PUBLIC_KEY, STAFF, type Json } from '../support/server.ts';
import { DINING, diningAnswers } from './samples.ts';
import { acknowledgedUnderLoad, checkNothingHalfWritten } from './durability-load.ts';

let dataDir: string;
const started: ChildProcess[] = [];

const SETTINGS = {
  JWT_SECRET: 'durability-secret',
  // 20 clients, each from an address of its own behind one proxy; the limits per address are not what this test is about.
  TRUST_PROXY: '1',
  RATE_LIMIT_PER_MINUTE: '100000',
  UPLOAD_ORPHANS_PER_CLIENT: '100000',
};

/** main.ts on DATA_DIR (tests/support/main-process.ts), killed at the end if a test left it running. */
async function startServer(): Promise<MainProcess> {
  const main = await startMainProcess(dataDir, SETTINGS);
  started.push(main.child);
  return main;
}

async function call(port: number, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, init);
  return { status: response.status, body: (await response.json()) as Json };
}

beforeAll(async () => {
  dataDir = await preparedDataDir();
  // The staff account the checks read with (create-user.test.ts runs the script that makes one).
  await withDatabase(dataDir, (db) => saveStaffUser(db, STAFF.email, STAFF.password));
});

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash right after submissions were acknowledged', () => {
  it('loses none of them, and the restart does not hang on the stale lock', async () => {
    const first = await startServer();
    const port = first.port;

    const refused = await startServer().then(
      () => null,
      (error: Error & { exitCode?: number | null }) => error,
    );
    expect(refused, 'a second server started on the same DATA_DIR').not.toBeNull();
    expect(refused!.exitCode).not.toBe(0);
    expect(refused!.message).toMatch(/in use by another server \(process \d+\)/);

    const acknowledged: number[] = [];
    for (let n = 0; n < 10; n++) {
      const created = await call(port, `/api/${DINING}`, {
        method: 'POST',
        headers: { authorization: `users API-Key ${PUBLIC_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(diningAnswers({ customer_comments: `visit ${n}` })),
      });
      expect(created.status).toBe(201);
      acknowledged.push(created.body.doc.id);
    }
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    // What a hard kill leaves behind: our lock (dead pid) and PGlite's postmaster.pid.
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db', 'postmaster.pid'))).toBe(true);

    const restarted = await startServer();
    const restartPort = restarted.port;
    const login = await call(restartPort, '/api/users/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
    expect(login.status).toBe(200);
    for (const [n, id] of acknowledged.entries()) {
      const read = await call(restartPort, `/api/${DINING}/${id}`, { headers: { authorization: `JWT ${login.body.token}` } });
      expect(read.status).toBe(200);
      expect(read.body.customer_comments).toBe(`visit ${n}`);
    }
    restarted.child.kill('SIGTERM');
    await new Promise((resolve) => restarted.child.once('exit', resolve));
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});

describe('a crash while 20 clients are sending', () => {
  it('every creation answered 201 is found after the restart, and none is half-written', async () => {
    const running = await startServer();
    const port = running.port;
    const kill = () => running.child.kill('SIGKILL');
    const load = await acknowledgedUnderLoad(port, { clients: 20, killAfter: 60, kill });
    // Killed by a signal, a process has a signalCode and no exitCode: either says it is gone already.
    const gone = () => running.child.exitCode !== null || running.child.signalCode !== null;
    await new Promise((resolve) => (gone() ? resolve(null) : running.child.once('exit', resolve)));
    // The kill came while requests were being sent: some were never answered.
    expect(load.acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(load.unanswered).toBeGreaterThan(0);

    const restarted = await startServer();
    const restartPort = restarted.port;
    const login = await call(restartPort, '/api/users/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
    const staff = { authorization: `JWT ${login.body.token}` };
    for (const created of load.acknowledged) {
      const read = await call(restartPort, `/api/${created.collection}/${created.id}?depth=0`, { headers: staff });
      expect(read.status, `${created.collection} ${created.id}`).toBe(200);
      expect(read.body.reference).toBe(created.reference);
      expect(read.body[created.marker.field]).toBe(created.marker.value);
      if (created.cv !== undefined) {
        expect(read.body.cv).toBe(created.cv);
        expect((await call(restartPort, `/api/careers-application-cvs/${created.cv}`, { headers: staff })).status).toBe(200);
      }
    }
    restarted.child.kill('SIGTERM');
    await new Promise((resolve) => restarted.child.once('exit', resolve));
    // Read by the database itself once the server is gone: every stored submission whole, every attached file's submission there.
    expect(await checkNothingHalfWritten(path.join(dataDir, 'db'))).toEqual({ withoutReference: 0, attachedToMissing: 0, applicationsWithoutTheirFile: 0 });
  }, 180_000);
});
