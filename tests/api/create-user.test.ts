// `npm run create-user` against the embedded database while a real server process runs on it
// (the server saves the user), and once it has stopped (the script opens the database itself).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsBuildDir, preparedDataDir, ROOT } from '../support/server.ts';
import { localAdminFile, LOCAL_ADMIN_PATH, LOCAL_ADMIN_SECRET_HEADER, type LocalAdminFile } from '../../src/server/features/auth/local-admin.ts';

const run = promisify(execFile);
let dataDir: string;
let server: ChildProcess;
let admin: LocalAdminFile;

const env = () => ({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  FORMS_BUILD_DIR: formsBuildDir(),
  CONTENT_DIR: path.join(ROOT, 'content'),
  WEB_DIST_DIR: path.join(dataDir, 'dist'),
  JWT_SECRET: 'create-user-test-secret',
  DATABASE_URL: '',
});

async function createUser(email: string, password: string, ...flags: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/create-user.ts', '--email', email, '--password', password, ...flags], {
      cwd: ROOT,
      env: env(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const login = (email: string, password: string) =>
  fetch(`http://127.0.0.1:${admin.port}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: env(), stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(localAdminFile(dataDir))) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('The server did not start.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  admin = JSON.parse(fs.readFileSync(localAdminFile(dataDir), 'utf8')) as LocalAdminFile;
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run create-user', () => {
  it('while the server runs, saves the account through it, and the new staff member can sign in at once', async () => {
    expect(admin.pid).toBe(server.pid);
    expect(fs.statSync(localAdminFile(dataDir)).mode & 0o077).toBe(0);
    const created = await createUser('Night.Manager@example.com', 'a long enough password');
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain(`night.manager@example.com (admin) can now log in (saved by the running server, process ${server.pid}).`);
    expect(created.code).toBe(0);
    expect((await login('night.manager@example.com', 'a long enough password')).status).toBe(200);
  }, 60_000);

  it('gives several roles and venues with repeated --role and --venue', async () => {
    const created = await createUser(
      'cova.manager@example.com',
      'a long enough password',
      '--role',
      'manager',
      '--role',
      'viewer',
      '--venue',
      'cova',
      '--venue',
      'twiga',
    );
    expect(created.stdout).toContain('cova.manager@example.com (manager, viewer; venues cova, twiga) can now log in');
    const signedIn = await login('cova.manager@example.com', 'a long enough password');
    expect(((await signedIn.json()) as { user: unknown }).user).toMatchObject({ roles: ['manager', 'viewer'], venues: ['cova', 'twiga'] });
    // The grant is in the audit log, as one made on the users page is.
    const { token } = (await (await login('night.manager@example.com', 'a long enough password')).json()) as { token: string };
    const log = (await (await fetch(`http://127.0.0.1:${admin.port}/api/audit-log?limit=50`, { headers: { authorization: `JWT ${token}` } })).json()) as {
      docs: { action: string; detail: unknown }[];
    };
    expect(log.docs.find((entry) => entry.action === 'change-roles' && JSON.stringify(entry.detail).includes('cova'))?.detail).toEqual({
      granted: ['manager', 'viewer'],
      removed: [],
      venuesAdded: ['cova', 'twiga'],
      venuesRemoved: [],
      via: 'create-user',
    });
    const refused = await createUser('desk@example.com', 'a long enough password', '--role', 'viewer', '--venue', 'cova');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Venues are given only with a venue role (manager, desk).');
    // A desk's venues are the attractions whose waivers it finds.
    const desk = await createUser('ifly.desk@example.com', 'a long enough password', '--role', 'desk', '--venue', 'ifly');
    expect(desk.stdout).toContain('ifly.desk@example.com (desk; venues ifly) can now log in');
    const unknown = await createUser('desk@example.com', 'a long enough password', '--role', 'owner');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"owner" is not a role');
    expect((await login('desk@example.com', 'a long enough password')).status).toBe(401);
  }, 90_000);

  it('says what is wrong with the password, and saves nothing', async () => {
    const refused = await createUser('short@example.com', 'short');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Could not save the staff user: Enter a password of at least 12 characters.');
    expect((await login('short@example.com', 'short')).status).toBe(401);
  }, 60_000);

  it('the local admin call needs the secret of the data directory', async () => {
    const call = (secret?: string) =>
      fetch(`http://127.0.0.1:${admin.port}${LOCAL_ADMIN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret === undefined ? {} : { [LOCAL_ADMIN_SECRET_HEADER]: secret }) },
        body: JSON.stringify({ email: 'intruder@example.com', password: 'a long enough password' }),
      });
    expect((await call()).status).toBe(403);
    expect((await call('x'.repeat(admin.secret.length))).status).toBe(403);
    const proxied = await fetch(`http://127.0.0.1:${admin.port}${LOCAL_ADMIN_PATH}`, {
      method: 'POST',
      headers: { [LOCAL_ADMIN_SECRET_HEADER]: admin.secret, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(404);
    expect((await login('intruder@example.com', 'a long enough password')).status).toBe(401);
  });

  it('once the server has stopped, opens the database itself', async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(fs.existsSync(localAdminFile(dataDir))).toBe(false);
    const created = await createUser('day.manager@example.com', 'another long password');
    expect(created.stdout).toContain('day.manager@example.com (admin) can now log in.');
    expect(created.code).toBe(0);
  }, 60_000);
});
