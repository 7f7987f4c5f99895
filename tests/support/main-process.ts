// The server as operators run it: src/server/main.ts in its own node process, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { openPgliteDb } from '../../src/server/core/db/pglite-db.ts';
import { formsBuildDir, PUBLIC_KEY, ROOT } from './server.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** DATA_DIR's embedded database, opened here while no server runs on it (it is the server's while one does). */
export async function withDatabase<T>(dataDir: string, use: (db: Awaited<ReturnType<typeof openPgliteDb>>) => Promise<T>): Promise<T> {
  const db = await openPgliteDb(dataDir, `${dataDir}/db`);
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

export interface MainProcess {
  child: ChildProcess;
  port: number;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once the output holds text. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** The exit code, once the process ended. */
  exited: Promise<number | null>;
}

export async function startMainProcess(dataDir: string, env: Record<string, string> = {}): Promise<MainProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      FORMS_BUILD_DIR: formsBuildDir(),
      WEB_DIST_DIR: path.join(dataDir, 'no-pages'),
      PUBLIC_API_KEY: PUBLIC_KEY,
      JWT_SECRET: 'main-process-secret',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = (text: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Not printed within ${timeoutMs} ms: ${text}\n${output}`)), timeoutMs);
      const check = () => {
        if (!output.includes(text)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
      void exited.then((code) => {
        // The exit code goes with the error: a test of a refused start checks it.
        if (waiters.has(check))
          reject(Object.assign(new Error(`The server stopped (exit code ${code}) before printing: ${text}\n${output}`), { exitCode: code }));
      });
    });
  const main: MainProcess = { child, port, output: () => output, printed, exited };
  await printed(`Serving pages and API on http://localhost:${port}`);
  return main;
}
