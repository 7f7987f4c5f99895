// A throwaway PostgreSQL server for the DATABASE_URL tests, when the machine has PostgreSQL's
// programs (Debian's postgresql package). PostgreSQL refuses to run as root, so as root the
// cluster runs as the postgres user.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../../src/server/core/config.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

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
  const [postgres, args] = command('postgres', [
    '-D',
    path.join(dir, 'data'),
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
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

export interface ServersOnPostgres {
  cluster: PostgresCluster;
  /** Our server's instances, each with DATABASE_URL set to the cluster. */
  servers: TestServer[];
  /** Stops the instances, then the cluster. */
  close(): Promise<void>;
}

/**
 * A throwaway cluster and `count` instances of our server sharing it (DATABASE_URL), started at
 * once as a deployment of stateless instances does (migrations and unique indexes must not trip
 * over each other), or one after the other (`oneByOne`). `config` is what every instance gets besides the database.
 */
export async function startServersOnPostgres(count: number, config: Partial<ServerConfig> = {}, { oneByOne = false } = {}): Promise<ServersOnPostgres> {
  const cluster = await startPostgres();
  const start = () => startTestServer({ ...config, databaseUrl: cluster.url });
  const started: PromiseSettledResult<TestServer>[] = [];
  if (oneByOne) for (let n = 0; n < count; n += 1) started.push(...(await Promise.allSettled([start()])));
  else started.push(...(await Promise.allSettled(Array.from({ length: count }, start))));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    await cluster.stop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { cluster, servers, close };
}
