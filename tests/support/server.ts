// The real server on a random port with a real PGlite database in a temporary DATA_DIR, the real
// compiled forms (build/forms, or FORMS_BUILD_DIR) and the local siteverify stand-in. The human
// check is reCAPTCHA (keys configured, siteverify stand-in) unless a test asks for the self-hosted
// ALTCHA check with ALTCHA_MODE.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../src/server/app.ts';
import { CHANNELS, loadConfig, MIGRATIONS } from '../../src/server/features/index.ts';
import { prepareDatabase } from '../../src/server/core/db/database-plugin.ts';
import { loadCompiledForms } from '../../src/server/core/forms/compiled-forms.ts';
import { loadContentConfig } from '../../src/server/core/content-config.ts';
import type { ServerConfig } from '../../src/server/core/config.ts';
import type { ServerContext } from '../../src/server/core/context.ts';
import { saveStaffUser } from '../../src/server/core/access/staff-users.ts';
import type { Role } from '../../src/server/core/access/roles.ts';
import { signStaffToken } from '../../src/server/core/access/jwt.ts';
import { startSiteverify, type SiteverifyStandIn } from './siteverify.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PUBLIC_KEY = 'test-public-key';
export const STAFF = { email: 'staff@example.com', password: 'correct horse battery staple' };

export type As = 'public' | 'staff' | 'none';

/**
 * A parsed JSON answer as the tests read it: each test reaches into the fields it checks, and its
 * expect() calls are the check, so the body is deliberately left untyped (in this one place).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the comment above
export type Json = any;

export interface ApiAnswer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  /** What the server's plugins were given: its database, registry, secrets (buildApp's ctx). */
  ctx: ServerContext;
  config: ServerConfig;
  siteverify: SiteverifyStandIn;
  /** Calls the API as the pages (public key), as logged-in staff, or with no credential. */
  api<T = Json>(
    pathname: string,
    init?: { method?: string; json?: unknown; form?: FormData; as?: As; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  staffToken(): Promise<string>;
  /** The Authorization header of an account holding these roles (and venues), created on first use. */
  staffAs(roles: readonly Role[], venues?: readonly string[]): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** Overrides for a server whose human check is ALTCHA (no reCAPTCHA keys), with little work per check so tests solve fast. */
export const ALTCHA_MODE: Partial<ServerConfig> = { recaptchaSiteKey: null, recaptchaSecret: null, altchaCost: 10, altchaMaxAttempts: 200 };

/**
 * The alerts' settings of a test whose server mails guests (replies, case links, recovery surveys):
 * through `smtpUrl` (a real SMTP server of the test's), retries after 100 ms, the console's and the
 * sender's addresses the mails carry.
 */
export const mailingAlerts = (smtpUrl: string | null, overrides: Partial<ServerConfig['alerts']> = {}): ServerConfig['alerts'] => ({
  ...loadConfig({}).alerts,
  smtpUrl,
  retryBaseMs: 100,
  consoleUrl: 'https://forms.example.com',
  mailFrom: 'Venue forms <replies@dohaoasis.example>',
  ...overrides,
});

export const formsBuildDir = () => path.resolve(ROOT, process.env.FORMS_BUILD_DIR ?? 'build/forms');

/** Built pages stand-in: an index.html and one hashed asset, so page headers can be checked. */
function pagesFixture(dir: string): string {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Pages</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log("app");');
  return dir;
}

/**
 * PGlite's first open of an empty directory runs initdb (about 6 s here). Tests copy an
 * initialised, still empty cluster instead (newDataDir: the server's own migrations then run on it).
 */
async function emptyClusterTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), 'venue-forms-pglite-template-0.5');
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.tmp`;
  const pglite = new PGlite({ dataDir: building });
  await pglite.waitReady;
  await pglite.close();
  fs.rmSync(path.join(building, 'postmaster.pid'), { force: true });
  try {
    fs.renameSync(building, template);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another worker won the race
  }
  return template;
}

export async function newDataDir(parent = os.tmpdir()): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(parent, 'venue-forms-api-'));
  fs.cpSync(await emptyClusterTemplate(), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** Every file under `dir` (name and bytes) into `hash`, in a stable order. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .toSorted()) {
    hash.update(path.relative(dir, entry)).update(fs.readFileSync(entry));
  }
}

const PREPARED = 'venue-forms-pglite-prepared-';

/** Prepared clusters of other code or content (40 MB each) that no run has copied for a day. */
function dropUnusedTemplates(): void {
  for (const name of fs.readdirSync(os.tmpdir()).filter((entry) => entry.startsWith(PREPARED) && !entry.includes('.tmp-'))) {
    const dir = path.join(os.tmpdir(), name);
    if (Date.now() - fs.statSync(dir).mtimeMs > 24 * 3600_000) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the server's first start does to an empty cluster (migrations, the forms' unique indexes, the
 * content seed: about 2 s of every start here) done once, then copied. The copy is what that start
 * would have made: the template's name hashes all that goes into it (the migrations, the code that
 * prepares the database, the compiled forms, the content), so a change to any of them makes a new one.
 */
async function preparedClusterTemplate(config: ServerConfig): Promise<string> {
  const channels = CHANNELS.map((channel) => channel.name);
  const hash = createHash('sha256').update(JSON.stringify([MIGRATIONS.map((m) => [m.id, m.name, m.statements, m.backfill?.toString()]), channels]));
  for (const dir of ['src/server/core/db', 'src/server/core/forms']) hashTree(hash, path.join(ROOT, dir));
  hashTree(hash, config.formsBuildDir);
  hashTree(hash, config.contentDir);
  const template = path.join(os.tmpdir(), `${PREPARED}${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) {
    const now = new Date();
    fs.utimesSync(template, now, now); // in use: see dropUnusedTemplates
    return template;
  }
  dropUnusedTemplates();
  const building = fs.mkdtempSync(`${template}.tmp-`);
  fs.cpSync(await emptyClusterTemplate(), path.join(building, 'db'), { recursive: true });
  const { db } = await prepareDatabase(
    { ...config, dataDir: building },
    await loadCompiledForms(config.formsBuildDir),
    loadContentConfig(config.contentDir),
    MIGRATIONS,
    channels,
  );
  await db.close();
  fs.rmSync(path.join(building, 'db', 'postmaster.pid'), { force: true });
  try {
    fs.renameSync(path.join(building, 'db'), template);
  } catch {
    // another worker won the race
  }
  fs.rmSync(building, { recursive: true, force: true });
  return template;
}

/**
 * A data directory whose database is what a server's first start makes of an empty one (the prepared
 * cluster above: migrated, the forms' indexes, the content seed): for a server in a process of its own
 * (startMainProcess), a script, or a test that opens the database itself, when that first start is
 * not what the test checks (newDataDir's empty cluster is). Migrating an empty cluster costs 1-3 s of
 * CPU, and 5 s of waiting on a loaded machine; the copy, a tenth of a second.
 */
export async function preparedDataDir({ parent = os.tmpdir(), forms = formsBuildDir() }: { parent?: string; forms?: string } = {}): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(parent, 'venue-forms-api-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, FORMS_BUILD_DIR: forms, CONTENT_DIR: path.join(ROOT, 'content') });
  fs.cpSync(await preparedClusterTemplate(config), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * The helper carries the claims of its uploads to its creates (a page sends those of its form's own
 * uploads, src/web/form/useFormDraft.ts): one client for every server of the test file, as a browser
 * behind a load balancer.
 */
const uploadClaims: string[] = [];

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const siteverify = await startSiteverify();
  // A data directory of its own starts from the prepared cluster (below), once the configuration says which forms and content.
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-api-'));
  const config: ServerConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      FORMS_BUILD_DIR: formsBuildDir(),
      CONTENT_DIR: path.join(ROOT, 'content'),
      WEB_DIST_DIR: pagesFixture(path.join(dataDir, 'dist')),
      PUBLIC_API_KEY: PUBLIC_KEY,
      JWT_SECRET: 'test-jwt-secret',
      RECAPTCHA_SITE_KEY: 'test-site-key',
      RECAPTCHA_SECRET: siteverify.secret,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      RATE_LIMIT_PER_MINUTE: '1000',
      UPLOAD_ORPHANS_PER_CLIENT: '1000',
    }),
    ...overrides,
  };
  if (!overrides.dataDir)
    fs.cpSync(config.databaseUrl ? await emptyClusterTemplate() : await preparedClusterTemplate(config), path.join(dataDir, 'db'), { recursive: true });
  const { app, ctx } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const staffUser = await saveStaffUser(ctx.db, STAFF.email, STAFF.password);

  let token: string | undefined;
  const tokens = new Map<string, string>();
  const server: TestServer = {
    url,
    app,
    ctx,
    config,
    siteverify,
    async api(pathname, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const as = init.as ?? 'public';
      if (as === 'public') headers.authorization = `users API-Key ${PUBLIC_KEY}`;
      if (as === 'staff') headers.authorization = `JWT ${await server.staffToken()}`;
      let body: string | FormData | undefined = init.form;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
        if (uploadClaims.length && !('x-upload-claim' in headers)) headers['x-upload-claim'] = uploadClaims.join(',');
      }
      const response = await fetch(`${url}${pathname}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // pages and files are not JSON
      }
      const claim = (parsed as { claim?: unknown } | null)?.claim;
      if (typeof claim === 'string') uploadClaims.unshift(claim);
      uploadClaims.splice(50);
      return { status: response.status, body: parsed as Json, headers: response.headers };
    },
    async staffToken() {
      // Signed as the login signs it, without spending one of the login's attempts per address and
      // minute, which the sign-in tests need for themselves.
      token ??= signStaffToken(staffUser, ctx.jwtSecret).token;
      return token;
    },
    async staffAs(roles, venues = []) {
      const email = `${[...roles, ...venues].join('.')}@roles.example.com`;
      if (!tokens.has(email)) {
        const user = await saveStaffUser(ctx.db, email, STAFF.password, roles, venues);
        // Signed as the login signs it, without the login's per-address limit (tests make many accounts).
        tokens.set(email, signStaffToken(user, ctx.jwtSecret).token);
      }
      return { authorization: `JWT ${tokens.get(email)}` };
    },
    async close() {
      await app.close();
      await siteverify.close();
      if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
