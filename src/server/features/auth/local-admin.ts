// With the embedded database one process owns DATA_DIR, so `npm run create-user` cannot open it
// while the server runs. The running server therefore answers a local admin call instead: it
// writes DATA_DIR/local-admin.json (its port and a fresh random secret, readable by its owner only)
// once it listens, and the script sends the secret back from the same machine.
import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { forbidden, routeNotFound } from '../../core/errors.ts';
import { serverHoldingDataDir } from '../../core/db/data-dir-lock.ts';
import type { StaffUser } from '../../core/access/staff-users.ts';
import type { Role } from '../../core/access/roles.ts';
import { pathnameOf } from '../../core/http/pathname.ts';

export const LOCAL_ADMIN_PATH = '/api/local-admin/staff-users';
export const LOCAL_ADMIN_SECRET_HEADER = 'x-local-admin-secret';

export interface LocalAdminFile {
  pid: number;
  port: number;
  secret: string;
}

export const localAdminFile = (dataDir: string) => path.join(dataDir, 'local-admin.json');

export function writeLocalAdminFile(dataDir: string, entry: LocalAdminFile): void {
  const file = localAdminFile(dataDir);
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify(entry), { mode: 0o600 });
  fs.renameSync(partial, file);
}

export function removeLocalAdminFile(dataDir: string): void {
  const file = localAdminFile(dataDir);
  try {
    if ((JSON.parse(fs.readFileSync(file, 'utf8')) as LocalAdminFile).pid === process.pid) fs.unlinkSync(file);
  } catch {
    // already gone
  }
}

function readLocalAdminFile(dataDir: string, pid: number): LocalAdminFile | null {
  try {
    const entry = JSON.parse(fs.readFileSync(localAdminFile(dataDir), 'utf8')) as LocalAdminFile;
    return entry.pid === pid ? entry : null;
  } catch {
    return null;
  }
}

/** The live server owning DATA_DIR's embedded database (its process id), or null when none runs. */
export const runningServer = (dataDir: string) => serverHoldingDataDir(dataDir);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The call came from this machine: over loopback, or to and from the same address. */
const fromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') ||
  (request.socket.remoteAddress !== undefined && request.socket.remoteAddress === request.socket.localAddress);

/** Throws unless the request is a local admin call: from this machine, not through a proxy, with this server's secret. */
export function checkLocalAdminCall(request: FastifyRequest, secret: string): void {
  // Through a proxy (X-Forwarded-For) or from elsewhere this address does not exist.
  if (!fromThisMachine(request) || request.headers['x-forwarded-for'] !== undefined) throw routeNotFound(pathnameOf(request));
  const sent = Buffer.from(String(request.headers[LOCAL_ADMIN_SECRET_HEADER] ?? ''));
  if (sent.length !== secret.length || !timingSafeEqual(sent, Buffer.from(secret))) throw forbidden();
}

/** The running server's secret for local admin calls (its DATA_DIR/local-admin.json), or null before it listens. */
export const localAdminSecret = (dataDir: string): string | null => readLocalAdminFile(dataDir, process.pid)?.secret ?? null;

/** Sends a local admin call to the server (process pid) running on DATA_DIR; a starting server is waited for. */
export async function callThroughServer(dataDir: string, pid: number, pathname: string, init: RequestInit, waitMs = 20_000): Promise<Response> {
  const deadline = Date.now() + waitMs;
  let entry = readLocalAdminFile(dataDir, pid);
  while (!entry && Date.now() < deadline && serverHoldingDataDir(dataDir) === pid) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    entry = readLocalAdminFile(dataDir, pid);
  }
  if (!entry) throw new Error(`The server (process ${pid}) holds ${dataDir} but does not answer local admin calls; stop it and try again.`);
  return fetch(`http://127.0.0.1:${entry.port}${pathname}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), [LOCAL_ADMIN_SECRET_HEADER]: entry.secret },
  });
}

/** Saves a staff user through the server running on DATA_DIR; a starting server is waited for. */
export async function saveStaffUserThroughServer(
  dataDir: string,
  pid: number,
  email: string,
  password: string,
  roles?: readonly Role[],
  venues: readonly string[] = [],
  waitMs = 20_000,
): Promise<StaffUser> {
  const response = await callThroughServer(
    dataDir,
    pid,
    LOCAL_ADMIN_PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, roles, venues }),
    },
    waitMs,
  );
  type Answer = { doc?: StaffUser; errors?: { message: string; data?: { errors?: { message: string }[] } }[] };
  const body = (await response.json().catch(() => ({}))) as Answer;
  const messages = (body.errors ?? []).flatMap((error) => error.data?.errors?.map((field) => field.message) ?? [error.message]);
  if (!response.ok || !body.doc) throw new Error(messages.join(' ') || `The server answered ${response.status}.`);
  return body.doc;
}
