// A confidential form's report (the whistle-blower's) is sealed before it reaches the database or
// the file store (src/server/features/sealed): read as an attacker with a dump would read it, the
// tables, the data directory's files, the object store and the backup hold none of its text, file
// bytes or email, nor of its case's thread (the reporter's words, compliance's question) or the
// internal notes about it; read as compliance and as the reporter, it opens. A backup restores into a report that opens with its
// key; a rotation leaves it open and the old key alone opening nothing; a key that does not match
// stops the start naming CONFIDENTIAL_KEY, and nothing is lost. Restored or rotated, the case opens
// with its code and secret and its thread reads as written.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir, ROOT, startTestServer, type TestServer } from '../support/server.ts';
import { startMainProcess } from '../support/main-process.ts';
import { startObjectStore } from '../support/object-store.ts';
import { fileForm, pdfWithMetadata } from '../support/files.ts';
import { proofFor, WHISTLE } from './samples.ts';
import { KEY_FILE, Keyring } from '../../src/server/features/sealed/index.ts';

const MEDIA = 'media-internal';
const servers: TestServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function started(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(overrides);
  servers.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  await server.close();
  servers.splice(servers.indexOf(server), 1);
}

function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Each report's own words, so a find anywhere is this report's. */
function aReport() {
  const tag = Math.random().toString(36).slice(2, 10);
  return {
    text: `The night manager ${tag} takes cash from the till every Friday`,
    email: `reporter.${tag}@example.com`,
    name: `Noor ${tag} Saleh`,
    // The words of the uploaded PDF's page (files.ts pdfContent) and its metadata removal leaves them.
    fileWords: '(Total 42.00) Tj',
    // The case's thread and notes, written after the report.
    added: `He counts it in the back office ${tag}`,
    question: `Which till is it, ${tag}?`,
    note: `Rota shows ${tag} on Fridays`,
  };
}

type Report = ReturnType<typeof aReport>;

const compliance = (server: TestServer) => server.staffAs(['admin', 'compliance']);

type Submitted = { id: number; reference: string; filename: string; secret: string };

async function submit(server: TestServer, report: Report): Promise<Submitted> {
  const upload = await server.api(`/api/${MEDIA}`, { form: fileForm(pdfWithMetadata(), 'evidence.pdf', 'application/pdf') });
  expect(upload.status).toBe(201);
  const created = await server.api(`/api/${WHISTLE}`, {
    json: {
      incident_or_concern: report.text,
      contact_name: report.name,
      contact_email: report.email,
      supporting_docs: [upload.body.doc.id],
      acknowledgement: true,
    },
    headers: { 'x-captcha-proof': await proofFor(server, 'submit_form_whistle_blower') },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // The reporter's answer is the report as received, opened (nothing of it is lost by sealing).
  expect(created.body.doc.incident_or_concern).toBe(report.text);
  const submitted = {
    id: created.body.doc.id,
    reference: created.body.doc.reference,
    filename: upload.body.doc.filename,
    secret: created.body.reporter.secret,
  };
  // The case's thread and an internal note: the reporter adds information, compliance asks and notes.
  const added = await server.api('/api/reporter/messages', { json: { code: submitted.reference, secret: submitted.secret, text: report.added } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const as = { as: 'none' as const, headers: await compliance(server) };
  const asked = await server.api(`/api/${WHISTLE}/${submitted.id}/reporter/messages`, { ...as, json: { kind: 'question', text: report.question } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const noted = await server.api(`/api/${WHISTLE}/${submitted.id}/followup`, { ...as, method: 'PATCH', json: { note: report.note } });
  expect(noted.status, JSON.stringify(noted.body)).toBe(200);
  return submitted;
}

/** The case as its reporter opens it with code and secret: the thread reads as written. */
async function expectCaseOpens(server: TestServer, submitted: Submitted, report: Report) {
  const opened = await server.api('/api/reporter/open', { json: { code: submitted.reference, secret: submitted.secret } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  expect(opened.body.messages.map((message: { from: string; text: string }) => [message.from, message.text])).toEqual([
    ['reporter', report.added],
    ['compliance', report.question],
  ]);
  expect(opened.body.report).toEqual(expect.arrayContaining([expect.objectContaining({ text: report.text })]));
}

/** The report as compliance reads it in the console: its answers and its file's bytes. */
async function consoleRead(server: TestServer, id: number) {
  const headers = await compliance(server);
  const doc = await server.api(`/api/${WHISTLE}/${id}?depth=1`, { as: 'none', headers });
  const file = doc.status === 200 ? await fetch(`${server.url}${doc.body.supporting_docs[0].url}`, { headers }) : null;
  return { status: doc.status, doc: doc.body, fileStatus: file?.status, file: file ? Buffer.from(await file.arrayBuffer()) : null };
}

async function expectOpens(server: TestServer, id: number, report: Report) {
  const read = await consoleRead(server, id);
  expect(read.status).toBe(200);
  expect(read.doc).toMatchObject({ incident_or_concern: report.text, contact_email: report.email, contact_name: report.name });
  expect(read.fileStatus).toBe(200);
  expect(read.file!.subarray(0, 5).toString()).toBe('%PDF-');
  expect(read.file!.includes(Buffer.from(report.fileWords, 'latin1'))).toBe(true);
  const headers = await compliance(server);
  const followUp = await server.api(`/api/${WHISTLE}/${id}/followup`, { as: 'none', headers });
  expect(followUp.body.notes.map((note: { text: string }) => note.text)).toEqual([report.note]);
  const thread = await server.api(`/api/${WHISTLE}/${id}/reporter`, { as: 'none', headers });
  expect(thread.body.messages.map((message: { text: string }) => message.text)).toEqual([report.added, report.question]);
}

/** Every text the report must not leave in the clear. */
const secretsOf = (report: Report) => [report.text, report.email, report.name, report.fileWords, report.added, report.question, report.note];

function findIn(haystack: Buffer, report: Report): string[] {
  return secretsOf(report).filter((secret) => haystack.includes(Buffer.from(secret, 'utf8')) || haystack.includes(Buffer.from(secret, 'utf16le')));
}

/** Every row of every table of the server's database, as text. */
async function everyRow(server: TestServer): Promise<Buffer> {
  const { rows: tables } = await server.ctx.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
  const texts: string[] = [];
  for (const { table_name } of tables) texts.push(JSON.stringify((await server.ctx.db.query(`SELECT t::text AS row FROM "${table_name}" t`)).rows));
  return Buffer.from(texts.join('\n'));
}

/** Every file under a directory (the data directory: the database's own files, its write-ahead log, the uploads). */
function everyFile(dir: string): { file: string; bytes: Buffer }[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, bytes: fs.readFileSync(file) }));
}

function script(name: string, dataDir: string, env: Record<string, string> = {}, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

const keyFileOf = (dataDir: string) => Buffer.from(fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8'), 'base64');

describe('a confidential report at rest', () => {
  it('reaches the tables and the data directory sealed (text, file bytes, email), and opens for compliance in the console and the privacy tools', async () => {
    const server = await started();
    const report = aReport();
    const submitted = await submit(server, report);
    const { id, reference, filename } = submitted;

    // The plain facts the server needs stay readable: reference, form version, created time.
    const { rows } = await server.ctx.db.query<Record<string, unknown>>('SELECT * FROM documents WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({ reference, form_version: 1 });
    expect(Object.keys(rows[0].data as object)).toEqual(['$sealed']);
    expect(rows[0].data_key_id).toBe(server.ctx.sealed.keyring.current.id);
    expect(findIn(await everyRow(server), report)).toEqual([]);
    // The database's own files too (a copy of the data directory, its write-ahead log), once PostgreSQL wrote everything out.
    await server.ctx.db.query('CHECKPOINT');
    for (const { file, bytes } of everyFile(server.config.dataDir)) expect(findIn(bytes, report), file).toEqual([]);
    const stored = fs.readFileSync(path.join(server.config.dataDir, 'uploads', MEDIA, filename));
    expect(stored.subarray(0, 5).toString()).not.toBe('%PDF-');

    await expectOpens(server, id, report);
    await expectCaseOpens(server, submitted, report);
    const list = await server.api(`/api/${WHISTLE}?where[reference][equals]=${reference}`, { as: 'none', headers: await compliance(server) });
    expect(list.body.docs.map((doc: { incident_or_concern: string }) => doc.incident_or_concern)).toEqual([report.text]);

    // The privacy tools find it by the reporter's email (its keyed hash), export it opened, and erase it with its file.
    const headers = await compliance(server);
    const found = await server.api(`/api/privacy/search?email=${encodeURIComponent(report.email.toUpperCase())}`, { as: 'none', headers });
    expect(found.body.docs.map((doc: { id: number }) => doc.id)).toEqual([id]);
    const exported = await server.api(`/api/privacy/export?email=${encodeURIComponent(report.email)}`, { as: 'none', headers });
    expect(exported.body.submissions[0].answers).toMatchObject({ incident_or_concern: report.text, contact_email: report.email });
    expect(exported.body.submissions[0].notes.map((note: { text: string }) => note.text)).toEqual([report.note]);
    expect(exported.body.submissions[0].messages.map((message: { text: string }) => message.text)).toEqual([report.added, report.question]);
    const erased = await server.api('/api/privacy/erase', { as: 'none', headers, json: { email: report.email, reason: 'The reporter asked.', confirm: true } });
    expect(erased.status).toBe(200);
    expect((await consoleRead(server, id)).status).toBe(404);
    expect(fs.existsSync(path.join(server.config.dataDir, 'uploads', MEDIA, filename))).toBe(false);
  }, 180_000);

  it('is not covered by answer filters, the CSV export or the insights (each a 400 naming what), and is found by its reference', async () => {
    const server = await started();
    const report = aReport();
    const { id, reference } = await submit(server, report);
    const as = { as: 'none' as const, headers: await compliance(server) };
    const byEmail = await server.api(`/api/${WHISTLE}?where[contact_email][equals]=${encodeURIComponent(report.email)}`, as);
    expect(byEmail.status).toBe(400);
    expect(byEmail.body.errors[0]).toMatchObject({ name: 'QueryError', message: 'The following path cannot be queried: contact_email' });
    const sorted = await server.api(`/api/${WHISTLE}?sort=incident_where`, as);
    expect(sorted.status).toBe(400);
    expect(sorted.body.errors[0].message).toContain('incident_where');
    const byReference = await server.api(`/api/${WHISTLE}?where[reference][equals]=${reference}`, as);
    expect(byReference.body.docs.map((doc: { id: number }) => doc.id)).toEqual([id]);
    const csv = await server.api(`/api/${WHISTLE}/export.csv`, as);
    expect(csv.status).toBe(400);
    expect(csv.body.errors[0].message).toContain('confidential form');
    const day = new Date().toISOString().slice(0, 10);
    for (const pathname of [`/api/insights/whistle-blower?from=${day}&to=${day}`, `/api/insights/whistle-blower/comments?from=${day}&to=${day}`]) {
      const insights = await server.api(pathname, { ...as, headers: { ...as.headers, 'accept-language': 'fr' } });
      expect(insights.status, pathname).toBe(400);
      expect(insights.body.errors[0].data.errors[0]).toMatchObject({ path: 'formId' });
      expect(insights.body.errors[0].data.errors[0].message).toContain('formulaire confidentiel');
    }
    await stop(server);
  });

  it('reaches the object store sealed', async () => {
    const store = await startObjectStore();
    try {
      const server = await started({ objectStorage: store.config });
      const report = aReport();
      const { id, filename } = await submit(server, report);
      const client = new S3Client({
        endpoint: store.config.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const object = await client.send(new GetObjectCommand({ Bucket: store.config.bucket, Key: `${MEDIA}/${filename}` }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      client.destroy();
      expect(bytes.length).toBeGreaterThan(100);
      expect(findIn(bytes, report)).toEqual([]);
      expect(bytes.subarray(0, 5).toString()).not.toBe('%PDF-');
      await expectOpens(server, id, report);
      await stop(server);
    } finally {
      await store.close();
    }
  });

  it('is in a backup sealed and without its key; restored, it opens once the key is given, and the start refuses without it, naming CONFIDENTIAL_KEY', async () => {
    const firstDir = await preparedDataDir();
    dirs.push(firstDir);
    const first = await started({ dataDir: firstDir });
    const report = aReport();
    const submitted = await submit(first, report);
    const { id } = submitted;
    const key = keyFileOf(firstDir);

    const archive = path.join(scratchDir('sealed-backup-'), 'backup.tar.gz');
    const backup = await script('backup', firstDir, {}, archive);
    expect(backup.code, backup.output).toBe(0);
    const unpacked = zlib.gunzipSync(fs.readFileSync(archive));
    expect(findIn(unpacked, report)).toEqual([]);
    expect(unpacked.includes(Buffer.from(key.toString('base64')))).toBe(false);
    await stop(first);

    const secondDir = scratchDir('sealed-restored-');
    const restore = await script('restore', secondDir, {}, archive);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('CONFIDENTIAL_KEY');
    // Without the key the start is refused, and no new key is made over the sealed data.
    await expect(startTestServer({ dataDir: secondDir })).rejects.toThrow(/CONFIDENTIAL_KEY is not set .* holds 2 sealed confidential document/);
    expect(fs.existsSync(path.join(secondDir, KEY_FILE))).toBe(false);
    const second = await started({ dataDir: secondDir, sealed: { key, previous: null } });
    await expectOpens(second, id, report);
    await expectCaseOpens(second, submitted, report);
  }, 240_000);

  it('stays open through a rotation while the server runs, and the old key alone then opens nothing', async () => {
    const dataDir = await preparedDataDir();
    dirs.push(dataDir);
    const server = await started({ dataDir });
    const report = aReport();
    const submitted = await submit(server, report);
    const { id } = submitted;
    const oldKey = keyFileOf(dataDir);
    const before = await server.ctx.db.query<{ data_key_id: string }>('SELECT data_key_id FROM documents WHERE data_key_id IS NOT NULL');
    expect(before.rows.length).toBeGreaterThanOrEqual(2); // the report and its file

    const rotation = await script('rotate-confidential-key', dataDir);
    expect(rotation.code, rotation.output).toBe(0);
    expect(rotation.output).toMatch(/Rewrapped \d+ data key\(s\) under the master key [0-9a-f]{16} \(from [0-9a-f]{16}\), by the running server/);
    const newKey = keyFileOf(dataDir);
    expect(newKey.equals(oldKey)).toBe(false);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(KEY_FILE))).toEqual([KEY_FILE]);

    await expectOpens(server, id, report);
    await expectCaseOpens(server, submitted, report);
    const { rows } = await server.ctx.db.query<{ data_key_id: string; data_key: string }>(
      'SELECT data_key_id, data_key FROM documents WHERE data_key_id IS NOT NULL',
    );
    const old = new Keyring(oldKey);
    for (const row of rows) {
      expect(row.data_key_id).toBe(new Keyring(newKey).current.id);
      expect(() => old.unwrap(row.data_key_id, row.data_key)).toThrow();
      // Even told the key id, the old key does not unwrap what the new one wrapped.
      expect(() => old.unwrap(old.current.id, row.data_key)).toThrow();
    }
    // A new report after the rotation is under the new key too; the privacy lookup still finds the old one.
    const headers = await compliance(server);
    const found = await server.api(`/api/privacy/search?email=${encodeURIComponent(report.email)}`, { as: 'none', headers });
    expect(found.body.docs.map((doc: { id: number }) => doc.id)).toEqual([id]);
    await stop(server);

    // Restarted on the rotated key file it opens; given only the old key, the start is refused.
    const again = await started({ dataDir });
    await expectOpens(again, id, report);
    await expectCaseOpens(again, submitted, report);
    await stop(again);
    await expect(startTestServer({ dataDir, sealed: { key: oldKey, previous: null } })).rejects.toThrow(/CONFIDENTIAL_KEY does not match the stored data/);
  }, 240_000);

  it('with CONFIDENTIAL_KEY: rotated by the script with the old key as CONFIDENTIAL_KEY_PREVIOUS, then opened with the new key alone', async () => {
    const dataDir = await preparedDataDir();
    dirs.push(dataDir);
    const oldKey = Buffer.alloc(32, 1);
    const newKey = Buffer.alloc(32, 2);
    const server = await started({ dataDir, sealed: { key: oldKey, previous: null } });
    const report = aReport();
    const { id } = await submit(server, report);
    await stop(server);

    const env = { CONFIDENTIAL_KEY: newKey.toString('base64'), CONFIDENTIAL_KEY_PREVIOUS: oldKey.toString('base64') };
    const rotation = await script('rotate-confidential-key', dataDir, env);
    expect(rotation.code, rotation.output).toBe(0);
    expect(rotation.output).toContain('by this script');
    expect(rotation.output).toContain('remove CONFIDENTIAL_KEY_PREVIOUS');
    const rotated = await started({ dataDir, sealed: { key: newKey, previous: null } });
    await expectOpens(rotated, id, report);
  }, 240_000);
});

describe('a master key that does not match the stored data', () => {
  it('stops the server at start with a message naming CONFIDENTIAL_KEY, and loses nothing: the right key opens the report after', async () => {
    const dataDir = await preparedDataDir();
    dirs.push(dataDir);
    const key = Buffer.alloc(32, 7);
    const server = await started({ dataDir, sealed: { key, previous: null } });
    const report = aReport();
    const { id } = await submit(server, report);
    await stop(server);
    const documents = async () => {
      const opened = await startTestServer({ dataDir, sealed: { key, previous: null } });
      const { rows } = await opened.ctx.db.query('SELECT id, data, data_key_id, data_key FROM documents ORDER BY id');
      await opened.close();
      return rows;
    };
    const before = await documents();

    const refused = await startMainProcess(dataDir, { CONFIDENTIAL_KEY: Buffer.alloc(32, 8).toString('base64') }).then(
      (main) => {
        main.child.kill('SIGKILL');
        return null;
      },
      (reason: Error & { exitCode?: number | null }) => reason,
    );
    expect(refused, 'the server started').not.toBeNull();
    expect(refused!.exitCode).toBe(1);
    expect(refused!.message).toContain('The server could not start: CONFIDENTIAL_KEY does not match the stored data');
    expect(refused!.message).not.toMatch(/^\s+at /m);
    expect(refused!.message).not.toContain(Buffer.alloc(32, 8).toString('base64'));

    const malformed = await startMainProcess(dataDir, { CONFIDENTIAL_KEY: 'c2hvcnQ=' }).then(
      (main) => {
        main.child.kill('SIGKILL');
        return null;
      },
      (reason: Error) => reason,
    );
    expect(malformed!.message).toContain('CONFIDENTIAL_KEY must be 32 bytes written in base64');

    expect(await documents()).toEqual(before);
    const right = await started({ dataDir, sealed: { key, previous: null } });
    await expectOpens(right, id, report);
  }, 240_000);
});
