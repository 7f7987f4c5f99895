// npm run backup while the server runs, npm run restore into a new DATA_DIR, and a server started
// there answers the same submissions and the same file bytes. Backup and restore run as the
// operator runs them (the scripts, in their own processes).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create as createTar } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir, ROOT, startTestServer, type TestServer } from '../support/server.ts';
import { DINING, diningAnswers, LOYALTY, LOYALTY_MEDIA, loyaltyAnswers, register } from './samples.ts';
import { LOCAL_BACKUP_PATH } from '../../src/server/features/ops/index.ts';
import { LOCAL_ADMIN_SECRET_HEADER } from '../../src/server/features/auth/index.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-backups-'));
const servers: TestServer[] = [];
const dirs: string[] = [scratch];

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs an npm script's file as `npm run <name> -- args` would, on DATA_DIR. */
function script(name: 'backup' | 'restore', dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

async function fileBytes(server: TestServer, collection: string, filename: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/api/${collection}/file/${filename}`, { headers: { authorization: `JWT ${await server.staffToken()}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('backup and restore of the embedded database and its files', () => {
  it('round-trips submissions and an attached receipt, byte for byte, through a backup taken while the server runs', async () => {
    const firstDir = await preparedDataDir();
    dirs.push(firstDir);
    const first = await startTestServer({ dataDir: firstDir });
    servers.push(first);
    const registration = await register(first, await loyaltyAnswers(first));
    expect(registration.status).toBe(201);
    const survey = await first.api(`/api/${DINING}`, { json: diningAnswers({ customer_comments: 'Backed up, restored.' }) });
    expect(survey.status).toBe(201);
    const stored = await first.api(`/api/${LOYALTY}/${registration.body.doc.id}?depth=1`, { as: 'staff' });
    const receipt = stored.body.receipt as { filename: string };
    const receiptBytes = await fileBytes(first, LOYALTY_MEDIA, receipt.filename);

    const secret = (JSON.parse(fs.readFileSync(path.join(firstDir, 'local-admin.json'), 'utf8')) as { secret: string }).secret;
    const backupCall = (headers: Record<string, string>) => fetch(`${first.url}${LOCAL_BACKUP_PATH}`, { method: 'POST', headers });
    expect((await backupCall({})).status).toBe(403);
    expect((await backupCall({ [LOCAL_ADMIN_SECRET_HEADER]: 'x'.repeat(secret.length) })).status).toBe(403);
    expect((await backupCall({ [LOCAL_ADMIN_SECRET_HEADER]: secret, 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect(
      (await backupCall({ [LOCAL_ADMIN_SECRET_HEADER]: secret, authorization: `JWT ${await first.staffToken()}`, 'x-forwarded-for': '203.0.113.9' })).status,
    ).toBe(404);

    const archive = path.join(scratch, 'running.tar.gz');
    const backup = await script('backup', firstDir, archive);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('made by the running server');
    expect(fs.statSync(archive).mode & 0o077).toBe(0);

    const refused = await script('restore', firstDir, archive, '--force');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is running on .*: stop it first/);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-restored-'));
    dirs.push(secondDir);
    const restore = await script('restore', secondDir, archive);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('2 submissions, 1 files');
    const again = await script('restore', secondDir, archive);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds data (db, uploads');

    const second = await startTestServer({ dataDir: secondDir });
    servers.push(second);
    const restored = await second.api(`/api/${LOYALTY}/${registration.body.doc.id}?depth=1`, { as: 'staff' });
    expect(restored.status).toBe(200);
    expect(restored.body.reference).toBe(registration.body.doc.reference);
    expect(restored.body.phone).toBe(stored.body.phone);
    expect((await fileBytes(second, LOYALTY_MEDIA, receipt.filename)).equals(receiptBytes)).toBe(true);
    const surveys = await second.api(`/api/${DINING}?where[reference][equals]=${survey.body.doc.reference}`, { as: 'staff' });
    expect(surveys.body.docs.map((doc: { customer_comments: string }) => doc.customer_comments)).toEqual(['Backed up, restored.']);
  });

  it('backs up a stopped server itself, and refuses what is not a backup', async () => {
    const dataDir = await preparedDataDir();
    dirs.push(dataDir);
    const server = await startTestServer({ dataDir });
    expect((await server.api(`/api/${DINING}`, { json: diningAnswers() })).status).toBe(201);
    await server.close();

    const archive = path.join(scratch, 'stopped.tar.gz');
    const backup = await script('backup', dataDir, archive);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).not.toContain('running server');

    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-restored-'));
    dirs.push(target);
    const restore = await script('restore', target, archive);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('1 submissions');

    // A backup whose database copy is damaged: the restore fails and leaves what was there as it was.
    const damaged = path.join(scratch, 'damaged');
    fs.mkdirSync(damaged);
    fs.writeFileSync(
      path.join(damaged, 'backup.json'),
      JSON.stringify({ format: 'venue-forms-backup/1', createdAt: new Date().toISOString(), uploadsIncluded: true }),
    );
    fs.writeFileSync(path.join(damaged, 'pgdata.tar'), Buffer.alloc(4096, 7));
    await createTar({ gzip: true, cwd: damaged, file: path.join(scratch, 'damaged.tar.gz') }, ['backup.json', 'pgdata.tar']);
    const failed = await script('restore', target, path.join(scratch, 'damaged.tar.gz'), '--force');
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toContain(`is as it was before.`);
    const kept = await script('restore', target, archive);
    expect(kept.output).toContain('already holds data (db)');
    const reopened = new PGlite({ dataDir: path.join(target, 'db') });
    expect((await reopened.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE form_version IS NOT NULL')).rows[0].n).toBe(1);
    await reopened.close();

    const notBackup = path.join(scratch, 'notes.tar.gz');
    fs.writeFileSync(notBackup, 'not an archive');
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-restored-'));
    dirs.push(empty);
    const refused = await script('restore', empty, notBackup);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Not restored: ');
    expect(refused.output).toContain('is not a backup made by npm run backup');
    expect(fs.existsSync(path.join(empty, 'db'))).toBe(false);
  });
});
