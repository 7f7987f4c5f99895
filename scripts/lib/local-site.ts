// What the bench, the screenshots and the accessibility gate share: the whole product on a free
// local port (real server, fresh data directory with the demo content) and every route of
// routes.json as a real address, in each language its page offers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RoutesTable } from '../../src/engine/definition/routes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface LocalSite {
  base: string;
  /** The server's process id (the bench reads its CPU time). */
  pid: number;
  close(): void;
}

/** `npm run serve` on a free port with a fresh data directory (or one prepared by the caller, removed at close); resolves once it serves. */
export async function startLocalSite(env: Record<string, string> = {}, existingDataDir?: string): Promise<LocalSite> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'forms-site-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Serving') && ready());
    child.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real value for each route parameter, from the demo content (content/seed). */
export function samplePath(path: string): string {
  const position: Record<string, string> = { printemps: 'sales-associate-beauty', dohaoasis: 'guest-experience-host', dohaquest: 'ride-operator' };
  return path
    .replace(':restaurantName', 'cova')
    .replace(':slug', 'guest-code-of-conduct')
    .replace(/\/careers\/([^/]+)\/:position/, (_, brand: string) => `/careers/${brand}/${position[brand]}`);
}

type PageEntry = RoutesTable['routes'][number]['page'];

/** The languages a route's page offers: its form's, its own, or English and Arabic. */
export function pageLanguages(page: PageEntry): string[] {
  if (page.kind === 'form' && typeof page.form === 'string')
    return (JSON.parse(readFileSync(resolve(ROOT, 'forms', `${page.form}.json`), 'utf8')) as { languages: string[] }).languages;
  const { languages } = page as { languages?: unknown };
  return Array.isArray(languages) ? (languages as string[]) : ['en', 'ar'];
}

export interface RouteCase {
  /** The route as routes.json writes it. */
  route: string;
  /** A real address for it. */
  path: string;
  lang: string;
  form: boolean;
  /** A staff page (the console, the chat): shown to a signed-in staff member only. */
  staff: boolean;
}

/** Page kinds that only a signed-in staff member sees (signed out, they show the sign-in page). */
const isStaffPage = (kind: string) => kind.startsWith('staff-') || kind === 'chat';

/** Every route of routes.json in every language it offers. */
export function routeCases(): RouteCase[] {
  const table = JSON.parse(readFileSync(resolve(ROOT, 'routes.json'), 'utf8')) as RoutesTable;
  return table.routes.flatMap((route) =>
    pageLanguages(route.page).map((lang) => ({
      route: route.path,
      path: samplePath(route.path),
      lang,
      form: route.page.kind === 'form',
      staff: isStaffPage(route.page.kind),
    })),
  );
}
