// A throwaway PostgreSQL server for the DATABASE_URL tests, when the machine has PostgreSQL's
// programs (Debian's postgresql package). PostgreSQL refuses to run as root, so as root the
// cluster runs as the postgres user.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];
const binDir = BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
const asRoot = process.getuid?.() === 0;

export const postgresAvailable = Boolean(binDir) && (!asRoot || fs.existsSync('/usr/sbin/runuser'));

function command(program: string, args: string[]): [string, string[]] {
  const file = path.join(binDir!, program);
  return asRoot ? ['/usr/sbin/runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresCluster> {
  if (!postgresAvailable) throw new Error('PostgreSQL programs not found: run scripts/ensure-test-tools.sh (apt-get install postgresql).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const [initdb, initArgs] = command('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'forms', '--no-sync']);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [postgres, args] = command('postgres', ['-D', path.join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']);
  const server: ChildProcess = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${log}`)), 30_000);
    server.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', () => reject(new Error(`PostgreSQL stopped:\n${log}`)));
  });
  return {
    url: `postgres://forms@127.0.0.1:${port}/postgres`,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      const [pgCtl, stopArgs] = command('pg_ctl', ['stop', '-D', path.join(dir, 'data'), '-m', 'fast', '-w']);
      execFileSync(pgCtl, stopArgs, { stdio: 'ignore' });
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
